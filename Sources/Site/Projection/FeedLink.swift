import Load

/// Where the feeds live and what they are called: one definition for the feeds
/// themselves and for the `<link rel="alternate">` autodiscovery tags on pages.
public struct FeedLink: Sendable, Hashable {
    /// For people: `Low Tide Software (RSS)`, `Series: Building Tidemark – Low Tide Software`.
    public var title: String
    /// Site path: `/feed.xml`, `/series/tidemark/atom.xml`.
    public var path: String
    /// MIME type: `application/rss+xml`, `application/atom+xml`, `application/feed+json`.
    public var type: String

    public static let rssType = "application/rss+xml"
    public static let atomType = "application/atom+xml"
    static let jsonType = "application/feed+json"

    public static let rssPath = SiteURLs.rssFeed
    public static let atomPath = SiteURLs.atomFeed
    public static let jsonPath = SiteURLs.jsonFeed

    /// The three site feeds, in the order pages list them, titled in the site's language.
    public static func siteFeeds(siteTitle: String, strings: ThemeStrings) -> [FeedLink] {
        [FeedLink(title: "\(siteTitle) (\(strings[.feedRSS]))", path: rssPath, type: rssType),
         FeedLink(title: "\(siteTitle) (\(strings[.feedAtom]))", path: atomPath, type: atomType),
         FeedLink(title: "\(siteTitle) (\(strings[.feedJSON]))", path: jsonPath, type: jsonType)]
    }

    /// The Atom feed of one series, tag or app, next to its page: `/tags/swiftui/atom.xml`,
    /// titled "Tag: SwiftUI – Low Tide Software" in the site's language.
    public static func collectionFeed(_ collection: FeedCollection, siteTitle: String, strings: ThemeStrings) -> FeedLink {
        let title = switch collection.kind {
        case .series: strings.format(.seriesFeed, ["title": collection.title, "site": siteTitle])
        case .tag: strings.format(.tagFeed, ["tag": collection.title, "site": siteTitle])
        case .app: strings.format(.appFeed, ["app": collection.title, "site": siteTitle])
        }
        return FeedLink(title: title, path: collectionFeedPath(collection.pageURL), type: atomType)
    }

    /// Site path of the feed of the collection whose page is `pageURL`: `/tags/swiftui/atom.xml`.
    public static func collectionFeedPath(_ pageURL: String) -> String { SiteURLs.collectionFeed(pageURL: pageURL) }

    /// A short name for a feed link's text: `RSS`, `Atom`, `JSON Feed`.
    public static func label(ofType type: String, strings: ThemeStrings) -> String {
        switch type {
        case rssType: strings[.feedRSS]
        case atomType: strings[.feedAtom]
        default: strings[.feedJSON]
        }
    }
}
