import Markdown
import Support
import Site

/// Rendered Markdown from the last build, by source file, so a rebuild renders
/// again only the bodies that changed. A hit needs the same body and the same
/// options; comparing a body the loader reused is one pointer comparison.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class MarkdownMemo {
    private struct Entry {
        var body: String
        var options: MarkdownOptions
        var rendered: RenderedMarkdown
    }

    private var entries: [String: Entry] = [:]
    private var summaries: [String: String] = [:]
    private var summaryOptions: MarkdownOptions?

    /// `work` rendered (bodies, then summaries as `SiteResolver.summaryHTML`), reusing
    /// the last call's result for a body or summary text it had; remembers exactly this call's.
    func render(_ work: MarkdownWork) -> (bodies: [RenderedMarkdown], summaries: [String?]) {
        let options = work.options
        // `previous` is let go before the table is updated, so the update does not copy it.
        let results = { (previous: [String: Entry]) in
            work.bodies.parallelMap { document -> (rendered: RenderedMarkdown, reused: Bool) in
                if let hit = previous[document.path], hit.options == options, hit.body == document.body { return (hit.rendered, true) }
                return (MarkdownRenderer.render(document.body, options: options), false)
            }
        }(entries)
        // Updated in place: an edit costs the bodies it changed, not a new table of every body.
        for (document, result) in zip(work.bodies, results) where !result.reused {
            entries[document.path] = Entry(body: document.body, options: options, rendered: result.rendered)
        }
        // The table holds every body of this call; more entries means some are no longer built.
        if entries.count != work.bodies.count {
            let current = Set(work.bodies.map(\.path))
            entries = entries.filter { current.contains($0.key) }
        }
        let rendered = results.map(\.rendered)

        let previousSummaries = summaryOptions == options ? summaries : [:]
        var freshSummaries: [String: String] = [:]
        let summaryHTML = work.summaries.map { text -> String? in
            guard let text else { return nil }
            let html = freshSummaries[text] ?? previousSummaries[text] ?? SiteResolver.summaryHTML(text, options: options)
            freshSummaries[text] = html
            return html
        }
        summaries = freshSummaries
        summaryOptions = options
        return (rendered, summaryHTML)
    }
}
