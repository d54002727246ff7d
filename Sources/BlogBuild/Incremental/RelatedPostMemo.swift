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

    /// The last build's posts (source paths, newest first), their signatures, and
    /// their related posts (indices into `paths`).
    private var paths: [String] = []
    private var signatures: [Signature] = []
    private var related: [[Int]] = []

    /// `RelatedPosts.choose`, equal to it, choosing again only:
    /// - for a post that is new or whose signature changed;
    /// - for a post whose related posts include one that changed or went away;
    /// - for a post a changed post now shares a tag or the app with, when it beats
    ///   the last of that post's related posts (or that post has fewer than the limit).
    /// Every other post's choice is the same posts as before, so it is kept.
    func choose(posts: [SitePost], apps: [SiteApp], tags: [SiteTag]) -> [[Int]] {
        // Field by field, by index: copying whole posts (or apps, or tags) costs more than the work here.
        let appSlugs = apps.map(\.app.slug), tagSlugs = tags.map(\.slug)
        let newPaths = posts.indices.map { posts[$0].post.sourcePath }
        let newSignatures = posts.indices.map { i in
            Signature(inSeries: posts[i].seriesIndex != nil, app: posts[i].appIndex.map { appSlugs[$0] },
                      tags: posts[i].tagIndices.map { tagSlugs[$0] },
                      instant: posts[i].post.date.instant.timeIntervalSinceReferenceDate, permalink: posts[i].permalink)
        }
        defer {
            paths = newPaths
            signatures = newSignatures
        }
        // Where each post of the last build is now: the same place unless posts were added, removed or reordered.
        let newIndex: [Int?]
        if newPaths == paths {
            newIndex = Array(paths.indices)
        } else {
            var index: [String: Int] = [:]
            index.reserveCapacity(newPaths.count)
            for (i, path) in newPaths.enumerated() { index[path] = i }
            newIndex = paths.map { index[$0] }
        }
        var oldIndex = [Int?](repeating: nil, count: posts.count)
        for (old, new) in newIndex.enumerated() { if let new { oldIndex[new] = old } }
        // Last build's posts that changed or went away.
        var gone = [Bool](repeating: false, count: paths.count)
        var changed: [Int] = []
        for i in posts.indices {
            guard let old = oldIndex[i] else { changed.append(i); continue }
            if signatures[old] != newSignatures[i] {
                changed.append(i)
                gone[old] = true
            }
        }
        var goneCount = changed.count
        for old in paths.indices where newIndex[old] == nil {
            gone[old] = true
            goneCount += 1
        }

        // With no last build, or most of the site changed, choosing for all is as quick.
        guard !paths.isEmpty, goneCount * 8 <= posts.count else {
            related = RelatedPosts.choose(posts: posts, apps: apps, tags: tags)
            return related
        }
        var again = Set(changed)
        var kept = [[Int]?](repeating: nil, count: posts.count)
        for i in posts.indices where !again.contains(i) {
            guard let old = oldIndex[i] else { again.insert(i); continue }
            let last = related[old]
            if last.contains(where: { gone[$0] }) {
                again.insert(i)
            } else {
                kept[i] = last.compactMap { newIndex[$0] }
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
        for (k, choice) in RelatedPosts.choose(chosen, posts: posts, apps: apps, tags: tags).enumerated() {
            all[chosen[k]] = choice
        }
        related = all
        return all
    }
}
