extension PageKind {
    /// A `redirects:` entry of site.yml, written by the engine. One whose target is
    /// one of the site's feeds is written as that feed instead (`FeedRedirects`).
    static let siteRedirect: PageKind = PageKind(
        name: "redirect",
        templates: { [] },
        routes: { site, _ in
            let feedRedirects = FeedRedirects.targets(in: site)
            return site.config.redirects.indices.compactMap { i in
                feedRedirects[i] != nil ? nil
                    : Route(url: site.config.redirects[i].from, kind: .siteRedirect, item: i, source: ConfigLoader.path,
                            location: site.config.redirects[i].location)
            }
        },
        // Made from site.yml alone, which every page depends on.
        inputs: { _, _ in RouteInputs(templates: []) },
        sitemap: { _, _ in .unlisted },
        redirect: { route, site in (site.config.redirects[route.item].to, site.config.redirects[route.item].to) })
}
