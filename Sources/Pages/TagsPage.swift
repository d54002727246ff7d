import Load
import Template
import Site
import Render

extension PageKind {
    /// Every tag with its count: `/tags/` (`tags.mustache`).
    static let tags: PageKind = PageKind(
        name: "tags",
        templates: { [("tags", [("tags", ContextShapes.list(ContextShapes.tagLink)), ("has_tags", .scalar)])] },
        routes: { _, _ in [Route(url: SiteURLs.tags, kind: .tags, source: "(tags index)")] },
        inputs: { _, _ in
            var r = RouteInputs(templates: ["tags"])
            r.allTags = true
            return r
        },
        context: { route, c in
            c.setPage(kind: "tags", title: c.strings[.tags], path: route.url, description: nil)
            let link = c.root.elementRecord(for: "tags")
            c.root["tags"] = .list(c.site.tagIndices.map { c.tagLink($0, link).value })
            c.root["has_tags"] = .bool(!c.site.tagIndices.isEmpty)
        },
        sitemap: { _, site in .listed(PageKinds.newest(site.tags.lazy.flatMap(\.postIndices), in: site)) })
}
