import Load
import Template
import Site
import Render

extension PageKind {
    /// A standalone page (`content/pages/about.md`): `/about/` (`page.mustache`);
    /// `404.md` is the site's "not found" page, `/404.html` (`404.mustache`).
    public static let page: PageKind = PageKind(
        name: "page",
        templates: { [("page", []), ("404", [])] },
        routes: { site, _ in
            site.pages.indices.compactMap { i in
                site.pages[i].appIndex != nil ? nil
                    : Route(url: site.pages[i].url, kind: .page, item: i, source: site.pages[i].page.sourcePath)
            }
        },
        template: { route, _ in route.outputPath == "404.html" ? "404" : "page" },
        inputs: { route, _ in
            var r = RouteInputs(templates: ["page", "404"])
            r.own = .page(route.item)
            return r
        },
        context: { route, c in
            c.fillContentPage(c.site.page(route.item), kind: route.outputPath == "404.html" ? "404" : "page")
        },
        sitemap: { route, _ in route.outputPath == "404.html" ? .unlisted : .listed(nil) })
}
