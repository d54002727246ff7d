import Foundation

/// Renders routes to bytes with the theme's templates. Pure and thread-safe:
/// routes are rendered on all cores.
struct PageRenderer: Sendable {
    let site: Site
    let theme: Theme
    let urls: URLMaker
    /// What pages show of posts, tags, series and apps (made from `site` when not given).
    var projections: SiteProjections? = nil

    /// Renders `routes`, on all cores, in order; a route that cannot be rendered is a diagnostic.
    func render(_ routes: [Route]) -> ([OutputFile], [Diagnostic]) {
        var templateValues = TemplateValues(site: site, urls: urls, projections: projections)
        // Many pages list each post; the handful a live edit re-renders are cheaper made as asked.
        if routes.count > 64 { templateValues = templateValues.withEntryTexts() }
        let values = RouteValues(site: site, urls: urls, values: templateValues, pages: theme.pages.values)
        let results = routes.parallelMap { render($0, values: values) }
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        files.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let f): files.append(f)
            case .failure(let d): diagnostics.append(d)
            }
        }
        return (files, diagnostics)
    }

    private func render(_ route: Route, values: RouteValues) -> Result<OutputFile, Diagnostic> {
        guard let name = RouteValues.template(for: route, in: site) else {
            let target: (title: String, url: String)
            switch route.kind {
            case .alias(let i, _): target = (site.posts[i].post.title, site.posts[i].permalink)
            case .pageAlias(let i, _): target = (site.pages[i].page.title, site.pages[i].url)
            case .redirect(let i): target = (site.config.redirects[i].to, site.config.redirects[i].to)
            default: return .failure(Diagnostic(file: route.outputPath, message: "no template"))
            }
            return .success(OutputFile(path: route.outputPath, contents: .bytes(Array(aliasPage(title: target.title, url: target.url).utf8))))
        }
        guard let page = theme.pages[name] else {
            return .failure(Diagnostic(file: "templates/\(name).mustache", message: "template: missing template '\(name)'"))
        }
        var buffer: [UInt8] = []
        // Most pages are 10–40 KB: one allocation instead of a dozen doublings, then a copy
        // of exactly the page's size, since every page is held until the write (11,000
        // pages with 32 KB of room each cost 300 MB more at 10,000 posts).
        buffer.reserveCapacity(32 * 1024)
        page.template.render(values.root(for: route, shape: page.root, reads: page.reads), into: &buffer)
        let bytes = [UInt8](unsafeUninitializedCapacity: buffer.count) { out, count in
            count = buffer.withUnsafeBufferPointer { out.initialize(fromContentsOf: $0) }
        }
        return .success(OutputFile(path: route.outputPath, contents: .bytes(bytes)))
    }

    /// A small page that sends readers (and search engines) from an old URL to a post or page.
    private func aliasPage(title: String, url: String) -> String {
        let target = HTMLEscape.text(urls.url(url))
        let canonical = HTMLEscape.text(urls.absoluteURL(url))
        let title = HTMLEscape.text(title)
        let moved = site.config.strings.around("title", in: .moved, [:])
        return """
        <!DOCTYPE html>
        <html lang="\(HTMLEscape.text(site.config.language))">
        <head>
        <meta charset="utf-8">
        <title>\(title)</title>
        <link rel="canonical" href="\(canonical)">
        <meta name="robots" content="noindex">
        <meta http-equiv="refresh" content="0; url=\(target)">
        </head>
        <body>
        <p>\(HTMLEscape.text(moved.before))<a href="\(target)">\(title)</a>\(HTMLEscape.text(moved.after))</p>
        </body>
        </html>

        """
    }

    /// The text of an HTML fragment, as a reader sees it: what `HTMLScanner` reads
    /// as text (not tags, comments, or the content of `<script>`, `<style>` and
    /// the other raw-text elements a page does not show; see
    /// `HTMLRawTextElement.isShownAsText`), with character references decoded and
    /// every run of white space (Unicode's, so `&nbsp;` too) made one space,
    /// none at either end. Linear: a summary can be a whole 10 MB paragraph.
    static func plainText(_ html: String) -> String {
        let text = HTMLShownText.bytes(of: html)
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var space = false
        text.withUnsafeBufferPointer { t in
            var i = 0
            while i < t.count {
                let b = t[i]
                let length = b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                let end = min(i + length, t.count)
                if Self.isWhiteSpace(t, i..<end) {
                    space = !out.isEmpty
                } else {
                    if space {
                        out.append(0x20)
                        space = false
                    }
                    if length == 1 {
                        out.append(b)
                    } else {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: t[i..<end]))
                    }
                }
                i = end
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the character in `t[range]` (UTF-8) is white space in Unicode's
    /// sense (White_Space: also VT, NEL, NBSP and the typographic spaces). Above ASCII only U+0085, U+00A0, U+1680, U+2000–U+205F and U+3000
    /// are, whose lead bytes are C2 and E1–E3: only those are decoded.
    private static func isWhiteSpace(_ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let b = t[range.lowerBound]
        if b < 0x80 { return HTMLScanner.isWhitespace(b) || b == 0x0B }
        guard b == 0xC2 || (b >= 0xE1 && b <= 0xE3) else { return false }
        let scalar = String(decoding: UnsafeBufferPointer(rebasing: t[range]), as: UTF8.self).unicodeScalars.first
        return scalar?.properties.isWhitespace ?? false
    }
}
