/// Feeds from the last build with the key each was made for, by output path.
/// Not thread-safe: one build uses it at a time (`BuildCache` serialises builds).
final class FeedCache {
    struct Entry: Sendable {
        var key: Int
        var file: FeedFile
    }

    private(set) var entries: [String: Entry] = [:]

    /// Keeps this build's feeds (the sitemap and robots.txt are not cached: they are cheap).
    func remember(_ files: [FeedFile], keys: FeedKeys) {
        var fresh: [String: Entry] = [:]
        for file in files {
            guard let key = keys.key(of: file.path) else { continue }
            fresh[file.path] = Entry(key: key, file: file)
        }
        entries = fresh
    }
}

/// What each feed is made from, hashed: the site's settings, and per entry the
/// post's file (by load version), permalink and tag names, in feed order. Every
/// value a `FeedEntry` and a feed head take from the site is covered here.
struct FeedKeys: Sendable {
    private var keys: [String: Int] = [:]
    private let previous: [String: FeedCache.Entry]
    let siteFeedPaths: [String]
    /// True when the site-wide RSS, JSON and Atom feeds must be rendered again.
    let siteFeedsChanged: Bool
    /// Per collection (in `FeedCollection.all` order): must it be rendered again?
    let collectionChanged: [Bool]

    init(site: Site, sitePosts: [Int], collections: [FeedCollection], version: (String) -> Int,
         previous: [String: FeedCache.Entry], siteFeedPaths: [String], collectionPaths: [String]) {
        self.previous = previous
        self.siteFeedPaths = siteFeedPaths
        var settings = Hasher()
        settings.combine(site.config)
        let settingsKey = settings.finalize()
        var entryKeys: [Int: Int] = [:]
        func entryKey(_ i: Int) -> Int {
            if let k = entryKeys[i] { return k }
            let p = site.posts[i]
            var h = Hasher()
            h.combine(version(p.post.sourcePath))
            h.combine(p.permalink)
            // Links to other Markdown files, as resolved (the content carries their URLs).
            h.combine(p.rendered.links)
            for t in p.tagIndices { h.combine(site.tags[t].name) }
            let k = h.finalize()
            entryKeys[i] = k
            return k
        }
        var siteHasher = Hasher()
        siteHasher.combine(settingsKey)
        for i in sitePosts { siteHasher.combine(entryKey(i)) }
        let siteKey = siteHasher.finalize()
        for path in siteFeedPaths { keys[path] = siteKey }
        siteFeedsChanged = siteFeedPaths.contains { previous[$0]?.key != siteKey }

        var changed: [Bool] = []
        for (c, path) in zip(collections, collectionPaths) {
            var h = Hasher()
            h.combine(settingsKey)
            h.combine(c.label)
            h.combine(c.title)
            h.combine(c.pageURL)
            for i in c.newestFirst { h.combine(entryKey(i)) }
            let key = h.finalize()
            keys[path] = key
            changed.append(previous[path]?.key != key)
        }
        collectionChanged = changed
    }

    func key(of path: String) -> Int? { keys[path] }

    /// Last build's feed at `path`, when its key is unchanged.
    func reused(_ path: String) -> FeedFile? {
        guard let hit = previous[path], hit.key == keys[path] else { return nil }
        return hit.file
    }

    /// Last build's RSS, JSON and Atom feeds of the whole site.
    var reusedSiteFeeds: [FeedFile] { siteFeedPaths.compactMap(reused) }
}
