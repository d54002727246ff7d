import Load
import Support
import Site
import Feeds
import Pages

/// What each feed is made from, hashed: the site's settings, and per entry what
/// the post's page takes from its own file (`RenderKeys.combine`: the file, its
/// resolved links, its images' sizes), its URL and its tags' names, in feed
/// order. Not the post's `PostListEntry`: that carries each tag's post count,
/// which feeds do not show, and a tag edit would make every feed again.
struct FeedKeys: Sendable {
    private var keys: [String: Int] = [:]

    /// Nil when `yield` was raised first (posts are hashed a run at a time).
    init?(site: Site, plan: FeedRenderer.Plan, version: (String) -> Int, yield: YieldSignal = .never) {
        var settings = Hasher()
        settings.combine(site.config)
        let settingsKey = settings.finalize()
        // Each post in some feed hashed once, on all cores (thousands at 10,000 posts).
        var wanted = Set(plan.sitePosts)
        for c in plan.collections { wanted.formUnion(c.newestFirst) }
        let order = wanted.sorted()
        let versions = order.map { version(site.posts[$0].post.sourcePath) }
        var hashed: [Int] = []
        hashed.reserveCapacity(order.count)
        for run in stride(from: 0, to: order.count, by: 1024) {
            if yield.isRaised { return nil }
            hashed += Array(run..<min(run + 1024, order.count)).parallelMap { n -> Int in
                let loaded = versions[n]
                var h = Hasher()
                RenderKeys.combine(.post(order[n]), of: site, version: { _ in loaded }, into: &h)
                let post = site.posts[order[n]]
                h.combine(post.permalink)
                for t in post.tagIndices { h.combine(site.tags[t].name) }
                return h.finalize()
            }
        }
        let entryKeys = Dictionary(uniqueKeysWithValues: zip(order, hashed))
        func entryKey(_ i: Int) -> Int { entryKeys[i] ?? 0 }
        var siteHasher = Hasher()
        siteHasher.combine(settingsKey)
        for i in plan.sitePosts { siteHasher.combine(entryKey(i)) }
        let siteKey = siteHasher.finalize()
        for path in plan.siteFeedPaths { keys[path] = siteKey }
        for (c, path) in zip(plan.collections, plan.collectionPaths) {
            var h = Hasher()
            h.combine(settingsKey)
            h.combine(c.kind)
            h.combine(c.title)
            h.combine(c.pageURL)
            for i in c.newestFirst { h.combine(entryKey(i)) }
            keys[path] = h.finalize()
        }
    }

    func key(of path: String) -> Int? { keys[path] }
}
