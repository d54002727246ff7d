/// What each feed is made from, hashed: the site's settings, and per entry what
/// the post's page takes from its own file (`RenderKeys.combine`: the file, its
/// resolved links, its images' sizes) and what lists show of it (its
/// `PostListEntry`: title, URL, dates, tags...), in feed order.
struct FeedKeys: Sendable {
    private var keys: [String: Int] = [:]

    init(site: Site, plan: FeedRenderer.Plan, entries: [PostListEntry], version: (String) -> Int) {
        var settings = Hasher()
        settings.combine(site.config)
        let settingsKey = settings.finalize()
        var entryKeys: [Int: Int] = [:]
        func entryKey(_ i: Int) -> Int {
            if let k = entryKeys[i] { return k }
            var h = Hasher()
            RenderKeys.combine(.post(i), of: site, version: version, into: &h)
            h.combine(entries[i])
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
