/// Feeds from the last build with the key each was made for, by output path: a
/// feed whose key is unchanged is not rendered again (the sitemap and robots.txt
/// are cheap and always made). Not thread-safe: one build uses it at a time (`BuildMemo`).
final class FeedMemo {
    private struct Entry {
        var key: Int
        var file: FeedFile
    }

    private var entries: [String: Entry] = [:]

    /// `renderer.render(sitemap:)`, rendering only the feeds whose key (`FeedKeys`)
    /// changed; remembers exactly this call's feeds.
    func render(sitemap pages: [Sitemap.Page], with renderer: FeedRenderer, version: (String) -> Int) -> [FeedFile] {
        let plan = renderer.plan()
        let keys = FeedKeys(site: renderer.site, plan: plan, version: version)
        let previous = entries
        func reused(_ path: String) -> FeedFile? {
            guard let hit = previous[path], hit.key == keys.key(of: path) else { return nil }
            return hit.file
        }
        let siteFeeds = plan.siteFeedPaths.map(reused)
        let collections = plan.collectionPaths.map(reused)
        let made = renderer.feeds(plan, siteFeeds: siteFeeds.contains(nil), collections: collections.map { $0 == nil })
        var madeByPath: [String: FeedFile] = [:]
        for file in made { madeByPath[file.path] = file }

        var files: [FeedFile] = []
        var fresh: [String: Entry] = [:]
        for (path, hit) in zip(plan.siteFeedPaths + plan.collectionPaths, siteFeeds + collections) {
            guard let file = madeByPath[path] ?? hit, let key = keys.key(of: path) else { continue }
            files.append(file)
            fresh[path] = Entry(key: key, file: file)
        }
        entries = fresh
        return renderer.withCopies(files, plan: plan) + renderer.sitemapAndRobots(pages)
    }
}
