import Load
import Site
import Render

extension PageKind {
    /// One tag's posts: `/tags/swiftui/` (`tag.mustache`).
    static let tag: PageKind = PageKind(
        name: "tag",
        templates: { [("tag", [("tag", ContextShapes.object(ContextShapes.tagLinkFields + [("posts", ContextShapes.list(ContextShapes.entry))]))])] },
        routes: { site, _ in
            site.tags.indices.map { i in Route(url: site.tags[i].url, kind: .tag, item: i, source: "(tag '\(site.tags[i].name)')") }
        },
        inputs: { route, site in
            var r = RouteInputs(templates: ["tag"])
            r.tagLink = route.item
            r.listed = .indices(site.tags[route.item].postIndices)
            return r
        },
        context: { route, c in
            let i = route.item
            let t = c.site.tag(i)
            var tag = c.tagLink(i, c.root.record(for: "tag"))
            tag["posts"] = c.entries(t.postIndices, tag.elementRecord(for: "posts"))
            c.setPage(kind: "tag", title: c.strings.format(.postsTagged, ["tag": t.name]), path: t.url, description: nil,
                      ownFeed: c.site.feed(tag: i))
            c.root["tag"] = tag.value
        },
        sitemap: { route, site in .listed(PageKinds.newest(site.tags[route.item].postIndices, in: site)) })
}
