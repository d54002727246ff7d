/// `/sitemap.xml` (sitemaps.org 0.9) and the `/robots.txt` that points at it.
enum Sitemap {
    static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    /// One page of the sitemap.
    struct Page: Sendable, Hashable {
        /// Site path: `/2021/01/x/`.
        var path: String
        /// When the page last changed: a post's `updated:` or `date:`; for a list
        /// page, the newest change among its posts; nil for standalone pages.
        var lastModified: PostDate?
    }

    /// Every HTML page a reader or a search engine should find: posts, the home
    /// pages, series, apps, tags, the archive and standalone pages. Alias
    /// redirects and the 404 page are not pages to index and are left out.
    static func pages(for routes: [Route], site: Site) -> [Page] {
        func newest(_ indices: some Sequence<Int>) -> PostDate? {
            FeedDates.latest(indices.lazy.map { site.posts[$0].post.updated ?? site.posts[$0].post.date })
        }
        let perPage = max(1, site.config.postsPerPage)
        var pages: [Page] = []
        pages.reserveCapacity(routes.count)
        for route in routes {
            let lastModified: PostDate?
            switch route.kind {
            case .post(let i): lastModified = site.posts[i].post.updated ?? site.posts[i].post.date
            case .home(let n, _):
                lastModified = newest(min(site.posts.count, (n - 1) * perPage)..<min(site.posts.count, n * perPage))
            case .archive: lastModified = newest(site.posts.indices)
            case .seriesIndex: lastModified = newest(site.series.lazy.flatMap(\.postIndices))
            case .series(let i): lastModified = newest(site.series[i].postIndices)
            case .apps: lastModified = newest(site.apps.lazy.flatMap(\.postIndices))
            case .app(let i): lastModified = newest(site.apps[i].postIndices)
            case .tags: lastModified = newest(site.tags.lazy.flatMap(\.postIndices))
            case .tag(let i): lastModified = newest(site.tags[i].postIndices)
            case .page:
                if route.outputPath == "404.html" { continue }
                lastModified = nil
            case .notFound, .alias: continue
            }
            pages.append(Page(path: route.url, lastModified: lastModified))
        }
        return pages
    }

    static func document(_ pages: [Page], urls: AbsoluteURLs) -> [UInt8] {
        var x = XMLBuilder(capacity: pages.count * 120 + 256)
        x.raw("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
        x.raw("<urlset xmlns=\"\(namespace)\">\n")
        for page in pages {
            x.raw("<url>")
            x.raw("<loc>")
            x.text(urls.absolute(page.path))
            x.raw("</loc>")
            if let d = page.lastModified {
                x.raw("<lastmod>")
                x.text(FeedDates.rfc3339(d))
                x.raw("</lastmod>")
            }
            x.raw("</url>\n")
        }
        x.raw("</urlset>\n")
        return x.bytes
    }

    /// Allows everything and names the sitemap.
    static func robots(urls: AbsoluteURLs) -> [UInt8] {
        Array("User-agent: *\nAllow: /\n\nSitemap: \(urls.absolute(FeedLink.sitemapPath))\n".utf8)
    }
}
