import Load
import Site

/// `/sitemap.xml` (sitemaps.org 0.9) and the `/robots.txt` that points at it.
public enum Sitemap {
    static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    /// One page of the sitemap.
    public struct Page: Sendable, Hashable {
        /// Site path: `/2021/01/x/`.
        public var path: String
        /// When the page last changed: a post's `updated:` or `date:`; for a list
        /// page, the newest change among its posts; nil for standalone pages.
        public var lastModified: PostDate?

        /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
        public init(path: String, lastModified: PostDate? = nil) {
            self.path = path
            self.lastModified = lastModified
        }
    }

    /// The most URLs one sitemap file may list (sitemaps.org).
    static let urlLimit = 50_000

    /// `/sitemap.xml`, or, for a site with more pages than one sitemap may list, a
    /// sitemap index there naming `/sitemap-1.xml`, `/sitemap-2.xml`, … of at most
    /// `limit` pages each. Paths are site paths.
    static func files(_ pages: [Page], urls: AbsoluteURLs, limit: Int = urlLimit) -> [(path: String, kind: FeedFile.Kind, bytes: [UInt8])] {
        guard pages.count > limit, limit > 0 else { return [(SiteURLs.sitemap, .sitemap, document(pages, urls: urls))] }
        var parts: [(path: String, kind: FeedFile.Kind, bytes: [UInt8])] = []
        var index = XMLBuilder(capacity: 256 + pages.count / limit * 160)
        index.raw("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
        index.raw("<sitemapindex xmlns=\"\(namespace)\">\n")
        for (n, start) in stride(from: 0, to: pages.count, by: limit).enumerated() {
            let chunk = Array(pages[start..<min(pages.count, start + limit)])
            let path = SiteURLs.sitemapPart(n + 1)
            parts.append((path, .sitemap, document(chunk, urls: urls)))
            index.raw("<sitemap><loc>")
            index.text(urls.absolute(path))
            index.raw("</loc>")
            if let newest = FeedDates.latest(chunk.lazy.compactMap(\.lastModified)) {
                index.raw("<lastmod>")
                index.text(FeedDates.rfc3339(newest))
                index.raw("</lastmod>")
            }
            index.raw("</sitemap>\n")
        }
        index.raw("</sitemapindex>\n")
        return [(SiteURLs.sitemap, .sitemapIndex, index.bytes)] + parts
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
        Array("User-agent: *\nAllow: /\n\nSitemap: \(urls.absolute(SiteURLs.sitemap))\n".utf8)
    }
}
