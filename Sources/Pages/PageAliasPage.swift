import Load
import Site

extension PageKind {
    /// A redirect from a page's old URL (`aliases:`) to the page, written by the engine.
    static let pageAlias: PageKind = PageKind(
        name: "page-alias",
        templates: { [] },
        routes: { site, diagnostics in
            site.pages.indices.flatMap { i -> [Route] in
                let page = site.pages[i].page
                guard !page.aliases.isEmpty else { return [] }
                return PageKinds.aliasRoutes(page.aliases, at: page.aliasLocations, fallback: nil, of: "page",
                                             url: site.pages[i].url, source: page.sourcePath,
                                             kind: .pageAlias, item: i, diagnostics: &diagnostics)
            }
        },
        inputs: { route, _ in
            // The redirect shows the page's title and URL: it is redone with the page.
            var r = RouteInputs(templates: [])
            r.own = .page(route.item)
            return r
        },
        sitemap: { _, _ in .unlisted },
        redirect: { route, site in (site.pages[route.item].page.title, site.pages[route.item].url) })
}
