import Load
import Template
import Site
import Render

extension PageKind {
    /// The home page's list of posts, newest first, `posts_per_page` to a page:
    /// `/`, `/page/2/`, … (`home.mustache`).
    static let home: PageKind = PageKind(
        name: "home",
        templates: {
            [("home", [("posts", ContextShapes.list(ContextShapes.entry)), ("has_posts", .scalar),
                       ("pagination", ContextShapes.object(ContextShapes.scalars(
                           "number", "count", "label", "is_first", "has_pages", "newer_url", "older_url")))])]
        },
        routes: { site, _ in
            let paging = HomePaging(site)
            return (1...paging.count).map { n in Route(url: SiteURLs.home(page: n), kind: .home, item: n, source: "(home page)") }
        },
        inputs: { route, site in
            let paging = HomePaging(site)
            var r = RouteInputs(templates: ["home"])
            r.pageCount = paging.count
            r.listed = .range(paging.posts(onPage: route.item))
            return r
        },
        context: { route, c in
            let n = route.item
            let paging = c.site.homePaging
            let range = paging.posts(onPage: n)
            var pagination = c.root.record(for: "pagination")
            pagination["number"] = .int(n)
            pagination["count"] = .int(paging.count)
            pagination["is_first"] = .bool(n == 1)
            pagination["has_pages"] = .bool(paging.count > 1)
            let label = c.strings.format(.pageOf, ["n": String(n), "total": String(paging.count)])
            pagination["label"] = .string(label)
            if n > 1 { pagination["newer_url"] = .string(c.urls.url(SiteURLs.home(page: n - 1))) }
            if n < paging.count { pagination["older_url"] = .string(c.urls.url(SiteURLs.home(page: n + 1))) }
            c.setPage(kind: "home", title: n == 1 ? c.site.config.title : label, path: route.url, description: nil)
            c.root["posts"] = c.entries(range, c.root.elementRecord(for: "posts"))
            c.root["has_posts"] = .bool(!range.isEmpty)
            c.root["pagination"] = pagination.value
        },
        sitemap: { route, site in .listed(PageKinds.newest(HomePaging(site).posts(onPage: route.item), in: site)) })
}

/// How the home page's list is cut into pages: the one place that says it.
struct HomePaging {
    let perPage: Int
    let postCount: Int

    init(_ site: Site) {
        perPage = max(1, site.config.postsPerPage)
        postCount = site.posts.count
    }

    /// How many home pages there are: at least one, empty on a site without posts.
    var count: Int { max(1, (postCount + perPage - 1) / perPage) }

    /// The posts (indices into `Site.posts`) page `n` (1-based) lists.
    func posts(onPage n: Int) -> Range<Int> {
        min(postCount, (n - 1) * perPage)..<min(postCount, n * perPage)
    }
}
