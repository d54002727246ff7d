import Load
import Markdown
import Support
import Diagnostics
import HTML

/// Links to another Markdown file of the site (`[see](2021-01-05-other.md)`,
/// `[about](../pages/about.md#team)`) become that page's URL, as Hugo's `relref`
/// and Zola's `@/` links do: authors link the files they see in their editor, and
/// the link survives a change of permalink. A path is relative to the file the
/// link is written in (a leading `/` starts at content/).
///
/// A link to a Markdown file that is not a page of the site is an error at the
/// link; one to a post this build leaves out (a draft, a future post) is a warning;
/// one to a file left out for its own errors is not reported again.
public struct MarkdownFileLinks {
    /// Content-relative source path (`posts/2021-01-05-x.md`) → the page's site path.
    let pages: [String: String]
    /// Content-relative source paths of the posts this build leaves out.
    let leftOut: Set<String>
    /// Content-relative source paths of the Markdown files left out for their errors.
    var failed: Set<String> = []

    /// Whether `link` (as written) names a `.md` file (`MarkdownFileLink`).
    static func isMarkdownFileLink(_ link: String) -> Bool { MarkdownFileLink.test(link) }

    /// `rendered` with its Markdown-file links made page URLs (nil when it has none,
    /// the common case), and the problems with those links.
    public func rewrite(_ rendered: RenderedMarkdown, sourcePath: String, bodyLine: Int) -> (RenderedMarkdown?, [Diagnostic]) {
        guard rendered.linksMarkdownFiles else { return (nil, []) }
        var content = Substring(sourcePath)
        if content.hasPrefix("content/") { content = content.dropFirst("content/".count) }
        let folder = SitePaths.folder(of: "/" + content)
        var diagnostics: [Diagnostic] = []
        var out = rendered
        // Written link → page URL (with its #fragment), for the HTML.
        var replacements: [String: String] = [:]
        for (i, link) in rendered.links.enumerated() where Self.isMarkdownFileLink(link) {
            let (rawPath, fragment) = SitePaths.split(link)
            let position = i < rendered.linkPositions.count ? rendered.linkPositions[i] : SourceLocation(line: 1, column: 1)
            let line = bodyLine + position.line - 1
            guard let resolved = SitePaths.resolve(SitePaths.percentDecoded(rawPath), against: folder) else {
                diagnostics.append(Diagnostic(file: sourcePath, line: line, column: position.column,
                                              message: "link to '\(link)': it points above content/"))
                continue
            }
            let target = String(resolved.dropFirst())
            if let url = pages[target] {
                let replacement = url + (fragment.map { "#" + $0 } ?? "")
                replacements[SitePaths.percentDecoded(link)] = replacement
                out.links[i] = replacement
            } else if failed.contains(target) {
                // The file's own error is reported: this link is not a second problem.
                continue
            } else if leftOut.contains(target) {
                diagnostics.append(Diagnostic(file: sourcePath, line: line, column: position.column,
                                              message: "link to '\(link)': content/\(target) is a draft or future post this build leaves out",
                                              severity: .warning))
            } else {
                diagnostics.append(Diagnostic(file: sourcePath, line: line, column: position.column,
                                              message: "link to '\(link)': content/\(target) is not a page of the site "
                                                + "(posts, pages, series and apps are)"))
            }
        }
        if !replacements.isEmpty {
            out.html = Self.replacingHrefs(in: rendered.html, replacements)
            out.summaryHTML = Self.replacingHrefs(in: rendered.summaryHTML, replacements)
        }
        return (out, diagnostics)
    }

    /// `html` with each `<a href>` whose value (entities and percent-escapes decoded)
    /// is a key of `replacements` given that value instead.
    static func replacingHrefs(in html: String, _ replacements: [String: String]) -> String {
        var copy = html
        return copy.withUTF8 { p -> String in
            var out: [UInt8] = []
            var copied = 0
            var scanner = HTMLScanner(p)
            while let token = scanner.next() {
                guard case .startTag(let tag) = token, HTMLScanner.equals(p, tag.name, "a") else { continue }
                for attribute in scanner.attributes where !attribute.isDuplicate && HTMLScanner.equals(p, attribute.name, "href") {
                    let value = SitePaths.percentDecoded(HTMLEntities.decode(p, attribute.value, inAttribute: true))
                    guard let url = replacements[value] else { continue }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<attribute.value.lowerBound]))
                    // An unquoted value is written quoted: the new URL may hold what ends one.
                    if attribute.quote == 0 { out.append(UInt8(ascii: "\"")) }
                    out.append(contentsOf: HTMLEscape.text(url).utf8)
                    if attribute.quote == 0 { out.append(UInt8(ascii: "\"")) }
                    copied = attribute.value.upperBound
                }
            }
            guard copied > 0 else { return html }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<p.count]))
            return String(decoding: out, as: UTF8.self)
        }
    }
}
