import Load
import Markdown

/// Names in IMPORT.md each place where another generator's template syntax is
/// left in a written body (`{% info %}`, `{{ page.x }}`, `{{< ads >}}`), at the
/// line of the written file where `check` reports it ("template syntax of another
/// generator reaches the page as text", or a broken link for one in a link's
/// URL), so every such warning can be found in IMPORT.md. An importer lists what
/// it left at the source file's line; that item gets the written file's line
/// beside it, so one place is listed once, at both.
enum TemplateSyntaxListing {
    static func list(_ documents: [ImportedSite.Document], report: inout ImportReport) {
        var options = MarkdownOptions()
        options.highlight = false
        // Items an importer left at a source line, by source file, in order.
        var bySource: [String: [Int]] = [:]
        for (index, item) in report.untranslated.enumerated() where item.line != nil {
            bySource[item.source, default: []].append(index)
        }
        for key in bySource.keys { bySource[key]!.sort { report.untranslated[$0] < report.untranslated[$1] } }
        var placed = Set<Int>()
        var added: [ImportReport.Item] = []
        for document in documents {
            let body = String(document.body.drop { $0 == "\n" })
            guard body.contains("{%") || body.contains("{{") else { continue }
            let bodyLine = ImportAssembler.bodyLine(document)
            let rendered = MarkdownRenderer.render(body, options: options)
            // In prose, and in a link's or image's URL (`<a href="{% link a.md %}">`), which check reports as a broken link.
            let shownAsText = "template syntax of another generator, shown on the page as text: write it as Markdown (or in `code` if it is meant to show)"
            var places = rendered.templateSyntax.map { (line: bodyLine + $0.line - 1, snippet: $0.snippet, note: shownAsText) }
            for (url, position) in zip(rendered.links + rendered.images, rendered.linkPositions + rendered.imagePositions) {
                let written = url.replacingOccurrences(of: "%20", with: " ")
                guard written.contains("{%") || written.contains("{{") else { continue }
                places.append((line: bodyLine + position.line - 1, snippet: written,
                               note: "template syntax of another generator in a link's URL: the link is broken; write the URL"))
            }
            for found in places {
                let line = found.line
                let shown = found.snippet.hasSuffix("…") ? String(found.snippet.dropLast()) : found.snippet
                let candidates = bySource[document.source] ?? []
                if let index = candidates.first(where: { !placed.contains($0) && Self.same(report.untranslated[$0].construct, shown) }) {
                    placed.insert(index)
                    report.untranslated[index].note += " (written at `\(document.path):\(line)`)"
                } else {
                    added.append(ImportReport.Item(source: document.path, line: line, construct: found.snippet, note: found.note))
                }
            }
        }
        report.untranslated += added
    }

    /// Whether an importer's listed construct is the one `check` shows (at most
    /// its first line, shortened).
    private static func same(_ construct: String, _ shown: String) -> Bool {
        let first = construct.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return !shown.isEmpty && (first.hasPrefix(shown) || shown.hasPrefix(first) && !first.isEmpty)
    }
}
