import Load
import Template
import Site
import Render

extension PageKind {
    /// Every app's card: `/apps/` (`apps.mustache`).
    public static let apps: PageKind = PageKind(
        name: "apps",
        templates: { [("apps", [("apps", ContextShapes.list(ContextShapes.appCard)), ("has_apps", .scalar)])] },
        routes: { _, _ in [Route(url: SiteURLs.apps, kind: .apps, source: "(apps index)")] },
        inputs: { _, _ in
            var r = RouteInputs(templates: ["apps"])
            r.allApps = true
            return r
        },
        context: { route, c in
            c.setPage(kind: "apps", title: c.strings[.apps], path: route.url, description: nil)
            let card = c.root.elementRecord(for: "apps")
            c.root["apps"] = .list(c.site.appIndices.map { c.appCard($0, card).value })
            c.root["has_apps"] = .bool(!c.site.appIndices.isEmpty)
        },
        sitemap: { _, site in .listed(PageKinds.newest(site.apps.lazy.flatMap(\.postIndices), in: site)) })
}
