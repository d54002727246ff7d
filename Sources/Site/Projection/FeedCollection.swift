import Load

/// A series, tag or app seen as the source of a feed: `/series/SLUG/atom.xml`,
/// `/tags/SLUG/atom.xml`, `/apps/SLUG/atom.xml`.
public struct FeedCollection: Sendable {
    /// What kind of collection: its feed's title says it (`ThemeStrings`' `series_feed`, ...).
    public var kind: Kind
    /// The series or app title, the tag name.
    public var title: String
    /// Site path of the collection's page, ending in `/`: `/tags/swiftui/`.
    public var pageURL: String
    /// Indices into `Site.posts` of the posts in the collection, newest first.
    public var newestFirst: [Int]

    public enum Kind: Hashable, Sendable {
        case series, tag, app
    }

    /// Every collection of the site that gets a feed: series, then tags, then apps.
    public static func all(in site: Site) -> [FeedCollection] {
        site.series.indices.map { series($0, in: site) }
            + site.tags.indices.map { tag($0, in: site) }
            + site.apps.indices.map { app($0, in: site) }
    }

    // `Site.posts` is newest first, so ascending indices are newest first. A series
    // lists its posts in reading order, so its indices are sorted.

    public static func series(_ i: Int, in site: Site) -> FeedCollection {
        let s = site.series[i]
        return FeedCollection(kind: .series, title: s.series.title, pageURL: s.url, newestFirst: s.postIndices.sorted())
    }

    public static func tag(_ i: Int, in site: Site) -> FeedCollection {
        let t = site.tags[i]
        return FeedCollection(kind: .tag, title: t.name, pageURL: t.url, newestFirst: t.postIndices.sorted())
    }

    public static func app(_ i: Int, in site: Site) -> FeedCollection {
        let a = site.apps[i]
        return FeedCollection(kind: .app, title: a.app.title, pageURL: a.url, newestFirst: a.postIndices.sorted())
    }
}
