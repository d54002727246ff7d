/// Rendered Markdown from the last build, by source file, so a rebuild renders
/// again only the bodies that changed. A hit needs the same body and the same
/// options; comparing a body the loader reused is one pointer comparison.
/// Not thread-safe: one build uses it at a time (`BuildCache` serialises builds).
final class MarkdownCache {
    struct Entry: Sendable {
        var body: String
        var options: MarkdownOptions
        var rendered: RenderedMarkdown
    }

    private var entries: [String: Entry] = [:]

    /// Renders each `(source path, body)`, reusing last build's result for a body
    /// that did not change; remembers exactly this build's documents.
    func render(_ documents: [(path: String, body: String)], options: MarkdownOptions) -> [RenderedMarkdown] {
        let previous = entries
        let rendered = documents.parallelMap { document -> RenderedMarkdown in
            if let hit = previous[document.path], hit.options == options, hit.body == document.body { return hit.rendered }
            return MarkdownRenderer.render(document.body, options: options)
        }
        var fresh: [String: Entry] = [:]
        fresh.reserveCapacity(documents.count)
        for (document, result) in zip(documents, rendered) {
            fresh[document.path] = Entry(body: document.body, options: options, rendered: result)
        }
        entries = fresh
        return rendered
    }

    private var summaries: [String: String] = [:]
    private var summaryOptions: MarkdownOptions?

    /// Front-matter `summary:` texts as HTML (`SiteResolver.summaryHTML`), reusing
    /// last build's for a text it had; remembers exactly this build's texts.
    func renderSummaries(_ texts: [String?], options: MarkdownOptions) -> [String?] {
        let previous = summaryOptions == options ? summaries : [:]
        var fresh: [String: String] = [:]
        let out = texts.map { text -> String? in
            guard let text else { return nil }
            let html = fresh[text] ?? previous[text] ?? SiteResolver.summaryHTML(text, options: options)
            fresh[text] = html
            return html
        }
        summaries = fresh
        summaryOptions = options
        return out
    }
}
