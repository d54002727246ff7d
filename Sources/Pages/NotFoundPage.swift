import Load
import Support
import Template
import Site
import Render

extension PageKind {
    /// The theme's "not found" page, `/404.html` (`404.mustache`), when no content page is `404`.
    static let notFound: PageKind = PageKind(
        name: "404",
        templates: { [("404", [])] },
        routes: { site, _ in
            site.pages.contains(where: { SiteURLs.outputPath($0.url) == "404.html" }) ? []
                : [Route(url: SiteURLs.notFound, kind: .notFound, source: "(404 page)")]
        },
        inputs: { _, _ in RouteInputs(templates: ["404"]) },
        context: { route, c in
            c.setPage(kind: "404", title: c.strings[.pageNotFound], path: route.url, description: nil)
            c.page["has_content"] = .bool(false)
        },
        sitemap: { _, _ in .unlisted })
}
