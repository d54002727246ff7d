/// What each feed is made from, hashed: the site's settings, and per entry the
/// post's file (by load version), permalink, resolved links and tag names, in
/// feed order. Every value a `FeedEntry` and a feed head take from the site is covered here.
struct FeedKeys: Sendable {
    private var keys: [String: Int] = [:]

    init(site: Site, plan: FeedRenderer.Plan, version: (String) -> Int) {
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
        for i in plan.sitePosts { siteHasher.combine(entryKey(i)) }
        let siteKey = siteHasher.finalize()
        for path in plan.siteFeedPaths { keys[path] = siteKey }
        for (c, path) in zip(plan.collections, plan.collectionPaths) {
            var h = Hasher()
            h.combine(settingsKey)
            h.combine(c.label)
            h.combine(c.title)
            h.combine(c.pageURL)
            for i in c.newestFirst { h.combine(entryKey(i)) }
            keys[path] = h.finalize()
        }
    }

    func key(of path: String) -> Int? { keys[path] }
}
