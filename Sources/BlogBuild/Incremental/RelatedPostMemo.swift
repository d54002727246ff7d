/// The related posts (`RelatedPosts`) of the last build, by source path: a
/// rebuild chooses again only for the posts whose choice the edit can change,
/// so a changed post costs the posts that share its tags or app, not the site.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class RelatedPostMemo {
    /// What a post's own choice, and its place in other posts' choices, is made from.
    private struct Signature: Equatable {
        var inSeries: Bool
        var app: String?
        var tags: [String]
        var instant: Double
        var permalink: String
    }

    private struct Entry {
        var signature: Signature
        /// Source paths of its related posts, best first.
        var related: [String]
    }

    private var entries: [String: Entry] = [:]

    /// `RelatedPosts.choose`, equal to it, choosing again only:
    /// - for a post that is new or whose signature changed;
    /// - for a post whose related posts include one that changed or went away;
    /// - for a post a changed post now shares a tag or the app with, when it beats
    ///   the last of that post's related posts (or that post has fewer than the limit).
    /// Every other post's choice is the same posts as before, so it is kept.
    func choose(posts: [SitePost], apps: [SiteApp], tags: [SiteTag]) -> [[Int]] {
        // Field by field, by index: copying whole posts (or apps, or tags) costs more than the work here.
        let appSlugs = apps.map(\.app.slug), tagSlugs = tags.map(\.slug)
        let paths = posts.map(\.post.sourcePath)
        let signatures = posts.indices.map { i in
            Signature(inSeries: posts[i].seriesIndex != nil, app: posts[i].appIndex.map { appSlugs[$0] },
                      tags: posts[i].tagIndices.map { tagSlugs[$0] },
                      instant: posts[i].post.date.instant.timeIntervalSinceReferenceDate, permalink: posts[i].permalink)
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(posts.count)
        for (i, path) in paths.enumerated() { index[path] = i }
        var changed: [Int] = []
        for i in posts.indices where entries[paths[i]]?.signature != signatures[i] { changed.append(i) }
        let removed = entries.keys.filter { index[$0] == nil }

        let result: [[Int]]
        // With no last build, or most of the site changed, choosing for all is as quick.
        if entries.isEmpty || (changed.count + removed.count) * 8 > posts.count {
            result = RelatedPosts.choose(posts: posts, apps: apps, tags: tags)
        } else {
            var changedPaths = Set(removed)
            for i in changed { changedPaths.insert(paths[i]) }
            var again = Set(changed)
            var kept = [[Int]?](repeating: nil, count: posts.count)
            for i in posts.indices where !again.contains(i) {
                guard let last = entries[paths[i]] else { again.insert(i); continue }
                if last.related.contains(where: changedPaths.contains) {
                    again.insert(i)
                } else {
                    kept[i] = last.related.compactMap { index[$0] }
                }
            }
            let order = RelatedPosts.Order(posts)
            for x in changed {
                var neighbours: [Int] = posts[x].appIndex.map { apps[$0].postIndices } ?? []
                for t in posts[x].tagIndices { neighbours += tags[t].postIndices }
                for p in neighbours where p != x && !again.contains(p) && posts[p].seriesIndex == nil {
                    guard let last = kept[p], last.count == RelatedPosts.limit, let worst = last.last else {
                        again.insert(p)
                        continue
                    }
                    if order.better(x, RelatedPosts.score(posts[p], posts[x]), than: worst, RelatedPosts.score(posts[p], posts[worst])) {
                        again.insert(p)
                    }
                }
            }
            let chosen = again.sorted()
            var all = kept.map { $0 ?? [] }
            for (k, related) in RelatedPosts.choose(chosen, posts: posts, apps: apps, tags: tags).enumerated() {
                all[chosen[k]] = related
            }
            result = all
        }
        var fresh: [String: Entry] = [:]
        fresh.reserveCapacity(posts.count)
        for (i, path) in paths.enumerated() {
            fresh[path] = Entry(signature: signatures[i], related: result[i].map { paths[$0] })
        }
        entries = fresh
        return result
    }
}
