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
            guard case .alias(let i, _) = route.kind else { return .failure(Diagnostic(file: route.outputPath, message: "no template")) }
            return .success(OutputFile(path: route.outputPath, contents: .bytes(Array(aliasPage(to: i).utf8))))
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

    /// A small page that sends readers (and search engines) from an old URL to the post.
    private func aliasPage(to i: Int) -> String {
        let p = site.posts[i]
        let target = HTMLEscape.text(urls.url(p.permalink))
        let canonical = HTMLEscape.text(urls.absoluteURL(p.permalink))
        let title = HTMLEscape.text(p.post.title)
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
        <p>This post has moved to <a href="\(target)">\(title)</a>.</p>
        </body>
        </html>

        """
    }

    /// The text of an HTML fragment: tags dropped, character references decoded,
    /// runs of white space made one space. Over bytes, in one pass: a summary can be
    /// a whole 10 MB paragraph.
    static func plainText(_ html: String) -> String {
        var text: [UInt8] = []
        var inTag = false
        var space = false
        var hasEntity = false
        for b in html.utf8 {
            if inTag {
                if b == UInt8(ascii: ">") { inTag = false }
                continue
            }
            switch b {
            case UInt8(ascii: "<"):
                inTag = true
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                space = !text.isEmpty
            default:
                if space {
                    text.append(0x20)
                    space = false
                }
                if b == UInt8(ascii: "&") { hasEntity = true }
                text.append(b)
            }
        }
        let plain = String(decoding: text, as: UTF8.self)
        guard hasEntity else { return plain }
        let decoded = HTMLBytes.decodeEntities(plain)
        // A decoded reference may be white space itself (`&nbsp;`, `&#10;`, `&#32;`).
        var previousSpace = true
        var collapsed = true
        for scalar in decoded.unicodeScalars {
            let isSpace = scalar == " "
            if (isSpace && previousSpace) || scalar.value < 0x20 || (scalar.value >= 0x80 && scalar.properties.isWhitespace) {
                collapsed = false
                break
            }
            previousSpace = isSpace
        }
        if collapsed && !previousSpace { return decoded }
        return decoded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
