import Support
import Output
import Feeds

/// Feeds from the last build with the key each was made for, by output path: a
/// feed whose key is unchanged is not rendered again (the sitemap and robots.txt
/// are cheap and always made). Once written (`wrote()`), a feed is kept by its
/// digest and comes out of the next build as `.written`, as pages do: at 10,000
/// posts the tag, series and app feeds with full content are 45 MB.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class FeedMemo {
    private struct Entry {
        var key: Int
        var file: FeedFile
        /// Of `file.bytes`, for the writer (`heldDigest`), made once per feed made.
        var digest: FileDigest
    }

    private var entries: [String: Entry] = [:]

    /// `renderer.render(sitemap:)`, rendering only the feeds whose key (`FeedKeys`)
    /// changed; remembers exactly this call's feeds. Nil when `yield` was raised
    /// first: then it remembers what it did before.
    func render(sitemap pages: [Sitemap.Page], with renderer: FeedRenderer, version: (String) -> Int,
                yield: YieldSignal = .never) -> [FeedFile]? {
        if yield.isRaised { return nil }
        let plan = renderer.plan()
        guard let keys = FeedKeys(site: renderer.site, plan: plan, version: version, yield: yield) else { return nil }
        let previous = entries
        func reused(_ path: String) -> Entry? {
            guard let hit = previous[path], hit.key == keys.key(of: path) else { return nil }
            return hit
        }
        let siteFeeds = plan.siteFeedPaths.map(reused)
        let collections = plan.collectionPaths.map(reused)
        guard let made = renderer.feeds(plan, siteFeeds: siteFeeds.contains { $0 == nil }, collections: collections.map { $0 == nil },
                                        yield: yield) else { return nil }
        var madeByPath: [String: Entry] = [:]
        for (file, digest) in zip(made, made.parallelMap { FileDigest($0.bytes) }) {
            madeByPath[file.path] = Entry(key: 0, file: file, digest: digest)
        }

        var files: [FeedFile] = []
        var fresh: [String: Entry] = [:]
        for (path, hit) in zip(plan.siteFeedPaths + plan.collectionPaths, siteFeeds + collections) {
            guard var entry = madeByPath[path] ?? hit, let key = keys.key(of: path) else { continue }
            entry.key = key
            files.append(entry.file)
            fresh[path] = entry
        }
        entries = fresh
        if yield.isRaised { return nil }
        return renderer.withCopies(files, plan: plan) + renderer.sitemapAndRobots(pages)
    }

    /// The digest made when the feed at `path` was made, when `bytes` are that feed's
    /// (the same buffer): the writer compares files by digest and need not hash it again.
    func heldDigest(of path: String, bytes: [UInt8]) -> FileDigest? {
        guard let entry = entries[path], entry.file.written == nil, entry.file.bytes.sharesBuffer(with: bytes) else { return nil }
        return entry.digest
    }

    /// The last build's feeds were written: their bytes are let go.
    func wrote() {
        for path in Array(entries.keys) {
            guard var entry = entries[path], entry.file.written == nil else { continue }
            entry.file.bytes = []
            entry.file.written = entry.digest
            entries[path] = entry
        }
    }

    /// The output folder may no longer hold what was written: the feeds only it held are made again.
    func forgetWritten() {
        entries = entries.filter { $0.value.file.written == nil }
    }
}
