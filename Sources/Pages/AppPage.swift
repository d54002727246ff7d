import Load
import Template
import Site
import Render

extension PageKind {
    /// One app: its card, description, screenshots, links, child pages and the
    /// posts about it, `/apps/kettle/` (`app.mustache`).
    public static let app: PageKind = PageKind(
        name: "app",
        templates: { [("app", [("app", ContextShapes.app)])] },
        routes: { site, _ in
            site.apps.indices.map { i in Route(url: site.apps[i].url, kind: .app, item: i, source: site.apps[i].app.sourcePath) }
        },
        inputs: { route, site in
            let i = route.item
            var r = RouteInputs(templates: ["app"])
            r.own = .app(i)
            r.appCard = i
            r.appPagesOf = i
            r.listed = .indices(site.apps[i].postIndices)
            return r
        },
        context: { route, c in
            let i = route.item
            let a = c.site.app(i)
            c.setPage(kind: "app", title: a.app.title, path: a.url, description: a.app.tagline,
                      params: a.app.params, ownFeed: c.site.feed(app: i))
            if let icon = c.appIcon(i) { c.page["image"] = .string(icon) }
            if let id = a.app.appStoreID { c.page["app_store_id"] = .string(id) }
            c.root["app"] = c.app(i, c.root.record(for: "app"))
        },
        sitemap: { route, site in .listed(PageKinds.newest(site.apps[route.item].postIndices, in: site)) })
}
