import Load
import Site

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
        redirect: { route, site in
            let target = site.config.redirects[route.item].to
            return (site.title(at: target) ?? target, target)
        })
}

extension Site {
    /// The title of the page at site path `url` (a post, page, app, series or tag),
    /// so a redirect to it reads "moved to <its title>"; nil for anything else.
    func title(at url: String) -> String? {
        posts.first { $0.permalink == url }?.post.title
            ?? pages.first { $0.url == url }?.page.title
            ?? apps.first { $0.url == url }?.app.title
            ?? series.first { $0.url == url }?.series.title
            ?? tags.first { $0.url == url }.map { "#" + $0.name }
    }
}
