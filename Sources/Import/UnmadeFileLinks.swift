import Foundation
import Load
import Markdown

/// Links in the imported bodies to a file the old site made with a template the
/// import cannot run (`/llms.txt` from a Liquid `llms.txt` that lists every post):
/// blogbuild does not make it, so `check` reports each such link as broken; IMPORT.md
/// names each at the written file's line, with what made the file.
enum UnmadeFileLinks {
    /// `made`: each file's old URL (`/llms.txt`) → the source file that made it.
    static func list(_ documents: [ImportedSite.Document], made: [String: String], baseURL: String?, report: inout ImportReport) {
        guard !made.isEmpty else { return }
        let host = baseURL.flatMap { URL(string: $0)?.host?.lowercased() }
        var options = MarkdownOptions()
        options.highlight = false
        for document in documents where document.kind != .series {
            let body = String(document.body.drop { $0 == "\n" })
            guard made.keys.contains(where: { body.contains($0) }) else { continue }
            let bodyLine = ImportAssembler.bodyLine(document)
            let rendered = MarkdownRenderer.render(body, options: options)
            for (link, position) in zip(rendered.links, rendered.linkPositions) {
                var path = link
                if let url = URL(string: link), let scheme = url.scheme {
                    guard scheme == "http" || scheme == "https", let host, url.host?.lowercased() == host else { continue }
                    path = url.path
                }
                guard let source = made[path] else { continue }
                report.leave(document.path, line: bodyLine + position.line - 1, link,
                             "links to a file the old site made with its template \(source), which blogbuild does not make: write the file into content/, or remove the link")
            }
        }
    }
}
