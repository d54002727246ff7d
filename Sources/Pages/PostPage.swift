import HTML
import Load
import Markdown
import Template
import Site
import Render

extension PageKind {
    /// A post's own page: `post.mustache`, at its permalink.
    public static let post: PageKind = PageKind(
        name: "post",
        templates: { [("post", [("post", ContextShapes.post)])] },
        postRoutes: { site, i, _ in
            // By index, field by field: copying whole posts costs more than the work here.
            let keys = site.posts[i].post.keyLocations
            return [Route(url: site.posts[i].permalink, kind: .post, item: i, source: site.posts[i].post.sourcePath,
                          location: keys["slug"] ?? keys["date"] ?? keys["title"])]
        },
        inputs: { route, site in
            let i = route.item
            var r = RouteInputs(templates: ["post"])
            r.own = .post(i)
            r.listed = .range(i..<(i + 1))
            r.related = site.posts[i].relatedIndices
            if site.posts[i].seriesIndex != nil { r.seriesBoxOf = i }
            r.appCard = site.posts[i].appIndex
            return r
        },
        context: { route, c in
            let i = route.item
            let p = c.site.post(i)
            // The summary's text (a front-matter `summary:` is Markdown too: no backticks in the description).
            c.setPage(kind: "post", title: p.post.title, path: p.permalink,
                      description: PlainText.of(p.rendered.summaryHTML), params: p.post.params)
            if let img = p.post.image {
                // A processed hero is shared as its largest fallback variant (never the original with its metadata).
                c.page["image"] = .string(c.sharedImage(img.src, from: p.post.sourcePath))
                if let alt = img.alt { c.page["image_alt"] = .string(alt) }
                c.page["twitter_card"] = .string("summary_large_image")
            }
            if let social = p.post.socialImage { c.page["image"] = .string(c.sharedImage(social, from: p.post.sourcePath)) }
            c.root["post"] = c.post(i, c.root.record(for: "post"))
        },
        sitemap: { route, site in .listed(site.posts[route.item].post.updated ?? site.posts[route.item].post.date) })
}
