/// Where the feeds live and what they are called: one definition for the feeds
/// themselves and for the `<link rel="alternate">` autodiscovery tags on pages.
struct FeedLink: Sendable, Hashable {
    /// For people: `Low Tide Software (RSS)`, `Series: Building Tidemark – Low Tide Software`.
    var title: String
    /// Site path: `/feed.xml`, `/series/tidemark/atom.xml`.
    var path: String
    /// MIME type: `application/rss+xml`, `application/atom+xml`, `application/feed+json`.
    var type: String

    static let rssType = "application/rss+xml"
    static let atomType = "application/atom+xml"
    static let jsonType = "application/feed+json"

    static let rssPath = "/feed.xml"
    static let atomPath = "/atom.xml"
    static let jsonPath = "/feed.json"
    static let sitemapPath = "/sitemap.xml"
    static let robotsPath = "/robots.txt"

    /// The three site feeds, in the order pages list them.
    static func siteFeeds(siteTitle: String) -> [FeedLink] {
        [FeedLink(title: "\(siteTitle) (RSS)", path: rssPath, type: rssType),
         FeedLink(title: "\(siteTitle) (Atom)", path: atomPath, type: atomType),
         FeedLink(title: "\(siteTitle) (JSON Feed)", path: jsonPath, type: jsonType)]
    }

    /// The Atom feed of one series, tag or app, next to its page: `/tags/swiftui/atom.xml`.
    static func collectionFeed(_ collection: FeedCollection, siteTitle: String) -> FeedLink {
        FeedLink(title: "\(collection.label): \(collection.title) – \(siteTitle)",
                 path: collection.pageURL + "atom.xml", type: atomType)
    }
}
