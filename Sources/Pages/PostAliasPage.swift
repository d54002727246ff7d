import Load
import Site

extension PageKind {
    /// A redirect from a post's old URL (`aliases:`) to the post, written by the engine.
    static let alias: PageKind = PageKind(
        name: "alias",
        templates: { [] },
        postRoutes: { site, i, diagnostics in
            guard !site.posts[i].post.aliases.isEmpty else { return [] }
            let post = site.posts[i].post
            return PageKinds.aliasRoutes(post.aliases, at: post.aliasLocations, fallback: post.keyLocations["aliases"],
                                         of: "post", url: site.posts[i].permalink, source: post.sourcePath,
                                         kind: .alias, item: i, diagnostics: &diagnostics)
        },
        inputs: { route, _ in
            var r = RouteInputs(templates: [])
            r.redirectTo = route.item
            return r
        },
        sitemap: { _, _ in .unlisted },
        redirect: { route, site in (site.posts[route.item].post.title, site.posts[route.item].permalink) })
}
