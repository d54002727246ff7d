import Foundation
import Load
import Support
import Diagnostics
import Template
import Output
import Site
import Render

/// Renders routes to bytes with the theme's templates. Pure and thread-safe:
/// routes are rendered on all cores.
public struct PageRenderer: Sendable {
    public let site: Site
    public let theme: Theme
    public let urls: URLMaker
    /// What pages show of posts, tags, series and apps (made from `site` when not given).
    public var projections: SiteProjections? = nil

    /// Renders `routes`, on all cores, in order; a route that cannot be rendered is a diagnostic.
    public func render(_ routes: [Route]) -> ([OutputFile], [Diagnostic]) {
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        render(routes, inRunsOf: max(routes.count, 1)) { made, problems in
            files = made
            diagnostics = problems
        }
        return (files, diagnostics)
    }

    /// `render(routes)` in runs of `run` routes, each run handed to `body` as soon as it
    /// is made (what every page reads is made once), so a caller that writes each run
    /// never holds every page at once. Stops before a run when `yield` is raised;
    /// false then.
    @discardableResult
    public func render(_ routes: [Route], inRunsOf run: Int, yield: YieldSignal = .never,
                       _ body: ([OutputFile], [Diagnostic]) -> Void) -> Bool {
        var templateValues = TemplateValues(site: site, urls: urls, projections: projections)
        // Many pages list each post; the handful a live edit re-renders are cheaper made as asked.
        if routes.count > 64 { templateValues = templateValues.withEntryTexts() }
        let values = RouteValues(site: site, urls: urls, values: templateValues, pages: theme.pages.values)
        for start in stride(from: 0, to: routes.count, by: max(run, 1)) {
            if yield.isRaised { return false }
            let results = Array(routes[start..<min(start + max(run, 1), routes.count)]).parallelMap { render($0, values: values) }
            var files: [OutputFile] = []
            var diagnostics: [Diagnostic] = []
            files.reserveCapacity(results.count)
            for result in results {
                switch result {
                case .success(let f): files.append(f)
                case .failure(let d): diagnostics.append(d)
                }
            }
            body(files, diagnostics)
        }
        return true
    }

    private func render(_ route: Route, values: RouteValues) -> Result<OutputFile, Diagnostic> {
        guard let name = route.template(in: site) else {
            guard let target = route.kind.redirect?(route, site) else {
                return .failure(Diagnostic(file: route.outputPath, message: "no template"))
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
        let (root, undeclared) = values.root(for: route, shape: page.root, reads: page.reads)
        if !undeclared.isEmpty {
            // A kind that reads what it does not declare makes pages serve leaves stale (debug builds check it).
            return .failure(Diagnostic(file: route.source, message: "page kind '\(route.kind.name)' (\(route.url)) read "
                + undeclared.joined(separator: ", ") + ", which its inputs (RouteInputs) do not declare: "
                + "a rebuild would not render it again when that changes"))
        }
        page.template.render(root, into: &buffer)
        let bytes = [UInt8](unsafeUninitializedCapacity: buffer.count) { out, count in
            count = buffer.withUnsafeBufferPointer { out.initialize(fromContentsOf: $0) }
        }
        return .success(OutputFile(path: route.outputPath, contents: .bytes(bytes)))
    }

    /// A small page that sends readers (and search engines) from an old URL to a post or page.
    private func aliasPage(title: String, url: String) -> String {
        let target = HTMLEscape.text(urls.url(url))
        let canonical = HTMLEscape.text(urls.absoluteURL(url))
        let moved = site.config.strings.around("title", in: .moved, [:])
        // A tab, a history entry or a search result shows this while the page moves on:
        // the sentence the body says ("This page has moved to Hello, world."), not a bare path.
        let sentence = HTMLEscape.text(moved.before + title + moved.after)
        let title = HTMLEscape.text(title)
        return """
        <!DOCTYPE html>
        <html lang="\(HTMLEscape.text(site.config.language))">
        <head>
        <meta charset="utf-8">
        <title>\(sentence)</title>
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

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(site: Site, theme: Theme, urls: URLMaker, projections: SiteProjections? = nil) {
        self.site = site
        self.theme = theme
        self.urls = urls
        self.projections = projections
    }
}
