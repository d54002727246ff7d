import Load
import Template
import Site
import Render

extension PageKind {
    /// A child page of an app (`content/apps/kettle/privacy.md`): its text under
    /// its app's head, `/apps/kettle/privacy/` (`app-page.mustache`).
    public static let appPage: PageKind = PageKind(
        name: "app-page",
        // `page` as on any page, and the card of the app it belongs to.
        templates: { [("app-page", [("app", ContextShapes.appCard)])] },
        routes: { site, _ in
            site.pages.indices.compactMap { i in
                site.pages[i].appIndex == nil ? nil
                    : Route(url: site.pages[i].url, kind: .appPage, item: i, source: site.pages[i].page.sourcePath)
            }
        },
        inputs: { route, site in
            // It shows its app's head (icon, name, link back, banner id).
            var r = RouteInputs(templates: ["app-page"])
            r.own = .page(route.item)
            r.appCard = site.pages[route.item].appIndex
            return r
        },
        context: { route, c in
            let p = c.site.page(route.item)
            c.fillContentPage(p, kind: "app-page")
            if let ai = p.appIndex {
                // The app's head on its child page, and its Smart App Banner.
                c.root["app"] = c.appCard(ai, c.root.record(for: "app")).value
                // Shared, it shows its app's icon, as the app's own page does.
                if let icon = c.appIcon(ai) { c.page["image"] = .string(icon) }
                if let id = c.appStoreID(ai) { c.page["app_store_id"] = .string(id) }
            }
        },
        sitemap: { _, _ in .listed(nil) })
}
