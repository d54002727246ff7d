/// Lists every page the site has, one route per output file, and reports two
/// sources that would write the same file.
enum Router {
    static func routes(for site: Site) -> ([Route], [Diagnostic]) {
        var routes: [Route] = []
        routes.reserveCapacity(site.posts.count * 2 + site.tags.count + 64)
        // By index, field by field: copying whole posts costs more than the work here.
        for i in site.posts.indices {
            let keys = site.posts[i].post.keyLocations
            let at = keys["slug"] ?? keys["date"] ?? keys["title"]
            routes.append(Route(url: site.posts[i].permalink, kind: .post(i), source: site.posts[i].post.sourcePath, location: at))
        }
        let perPage = max(1, site.config.postsPerPage)
        let pageCount = max(1, (site.posts.count + perPage - 1) / perPage)
        for n in 1...pageCount {
            routes.append(Route(url: homeURL(n), kind: .home(number: n, count: pageCount), source: "(home page)"))
        }
        routes.append(Route(url: "/series/", kind: .seriesIndex, source: "(series index)"))
        for (i, s) in site.series.enumerated() { routes.append(Route(url: s.url, kind: .series(i), source: s.series.sourcePath)) }
        routes.append(Route(url: "/apps/", kind: .apps, source: "(apps index)"))
        for (i, a) in site.apps.enumerated() { routes.append(Route(url: a.url, kind: .app(i), source: a.app.sourcePath)) }
        routes.append(Route(url: "/tags/", kind: .tags, source: "(tags index)"))
        for (i, t) in site.tags.enumerated() { routes.append(Route(url: t.url, kind: .tag(i), source: "(tag '\(t.name)')")) }
        routes.append(Route(url: "/archive/", kind: .archive, source: "(archive)"))
        for (i, p) in site.pages.enumerated() { routes.append(Route(url: p.url, kind: .page(i), source: p.page.sourcePath)) }
        if site.config.search {
            routes.append(Route(url: searchURL, kind: .search, source: "(search page)"))
        }
        if !site.pages.contains(where: { Route.outputPath(forSitePath: $0.url) == "404.html" }) {
            routes.append(Route(url: "/404.html", kind: .notFound, source: "(404 page)"))
        }
        var diagnostics: [Diagnostic] = []
        for i in site.posts.indices where !site.posts[i].post.aliases.isEmpty {
            let post = site.posts[i].post
            routes += aliasRoutes(post.aliases, at: post.aliasLocations, fallback: post.keyLocations["aliases"], of: "post",
                                  url: site.posts[i].permalink, source: post.sourcePath, diagnostics: &diagnostics) {
                .alias(post: i, from: $0)
            }
        }
        for i in site.pages.indices where !site.pages[i].page.aliases.isEmpty {
            let page = site.pages[i].page
            routes += aliasRoutes(page.aliases, at: page.aliasLocations, fallback: nil, of: "page",
                                  url: site.pages[i].url, source: page.sourcePath, diagnostics: &diagnostics) {
                .pageAlias(page: i, from: $0)
            }
        }

        // A redirect to one of the site's feeds is written as that feed (`FeedRedirects`), not as a page.
        let feedRedirects = FeedRedirects.targets(in: site)
        for (i, redirect) in site.config.redirects.enumerated() where feedRedirects[i] == nil {
            routes.append(Route(url: redirect.from, kind: .redirect(i), source: ConfigLoader.path, location: redirect.location))
        }

        var owner: [String: Route] = [:]
        var unique: [Route] = []
        for route in routes {
            let segments = route.url.split(separator: "/", omittingEmptySubsequences: false)
            if segments.contains(where: { $0 == ".." || $0 == "." }) || route.url.contains("\0") {
                diagnostics.append(Diagnostic(file: route.source, line: route.location?.line, column: route.location?.column,
                                              message: "URL \(route.url): '.' and '..' are not allowed in a permalink or alias"))
                continue
            }
            let path = route.outputPath
            if let first = owner[path] {
                // Point at a file the author can change: the later source unless it is generated.
                let blamed = route.source.hasPrefix("(") ? first : route
                diagnostics.append(Diagnostic(
                    file: blamed.source, line: blamed.location?.line, column: blamed.location?.column,
                    message: "duplicate output path \(route.url): written by both \(first.source) and \(route.source)"))
                continue
            }
            owner[path] = route
            unique.append(route)
        }
        return (unique, diagnostics)
    }

    /// A redirect route for each of a post's or page's `aliases`, but for one that is
    /// its own URL: a redirect to itself would replace it, so it is left out with a hint.
    private static func aliasRoutes(_ aliases: [String], at locations: [SourceLocation], fallback: SourceLocation?,
                                    of noun: String, url: String, source: String, diagnostics: inout [Diagnostic],
                                    kind: (String) -> Route.Kind) -> [Route] {
        let own = Route.outputPath(forSitePath: url)
        var routes: [Route] = []
        for (n, alias) in aliases.enumerated() {
            let at = n < locations.count ? locations[n] : fallback
            if Route.outputPath(forSitePath: alias) == own {
                diagnostics.append(Diagnostic(file: source, line: at?.line, column: at?.column,
                                              message: "front matter: alias \(alias) is the \(noun)'s own URL; no redirect is written for it",
                                              severity: .hint))
                continue
            }
            routes.append(Route(url: alias, kind: kind(alias), source: source, location: at))
        }
        return routes
    }

    static func homeURL(_ n: Int) -> String { n <= 1 ? "/" : "/page/\(n)/" }

    /// The search page's site path; its index is written below it.
    static let searchURL = "/search/"
}
