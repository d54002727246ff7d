import Support
import Load
import Site

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
        let newSignatures = posts.indices.map { Self.signature(of: $0, in: posts, appSlugs: appSlugs, tagSlugs: tagSlugs) }
        defer {
            paths = newPaths
            signatures = newSignatures
        }
        // Where each post of the last build is now: the same place unless posts were added, removed or reordered.
        let newIndex: [Int?]
        if newPaths == paths {
            newIndex = paths.indices.map { $0 }
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
        Self.addBeaten(by: changed, to: &again, kept: { kept[$0] }, posts: posts, apps: apps, tags: tags)
        let chosen = again.sorted()
        var all = kept.map { $0 ?? [] }
        for (k, choice) in RelatedPosts.choose(chosen, posts: posts, apps: apps, tags: tags).enumerated() {
            all[chosen[k]] = choice
        }
        related = all
        return all
    }

    /// `choose` for a patched plan (`PlanPatch`), which knows what changed: `posts` are in
    /// their new order, each post now at `k` was at `origin[k]` among the last build's
    /// `lastCount` posts (nil: new), only the posts at `edited` (new ones among them) may
    /// differ from the last build, and each post's `relatedIndices` still holds its last
    /// choice, in the last order's indices. Updates those lists in place: a kept choice
    /// has its indices moved to the new order, the rest are chosen again by the same
    /// rules as `choose`. Returns the posts whose related posts are other posts now
    /// (`EditReach.related`).
    func update(_ posts: inout [SitePost], apps: [SiteApp], tags: [SiteTag], origin: [Int?], lastCount: Int,
                edited: Set<Int>) -> Set<Int> {
        // The posts' lists are changed in place: the memo lets go of its second reference to them first.
        related = []
        defer { related = posts.indices.map { posts[$0].relatedIndices } }
        var newIndex = [Int?](repeating: nil, count: lastCount)
        for (k, old) in origin.enumerated() { if let old, old < lastCount { newIndex[old] = k } }
        /// A last choice in this order's indices, a post that is gone as -1.
        func now(_ list: [Int]) -> [Int] { list.map { $0 < lastCount ? newIndex[$0] ?? -1 : -1 } }
        /// Chooses for every post; the posts whose choice differs from their last.
        func chooseAll() -> Set<Int> {
            var differ = Set<Int>()
            for (i, choice) in RelatedPosts.choose(posts: posts, apps: apps, tags: tags).enumerated() {
                if origin[i] != nil, now(posts[i].relatedIndices) != choice { differ.insert(i) }
                posts[i].relatedIndices = choice
            }
            return differ
        }
        let appSlugs = apps.map(\.app.slug), tagSlugs = tags.map(\.slug)
        // No last build to follow (the memo holds another): every signature, every choice made again.
        guard lastCount > 0, paths.count == lastCount, signatures.count == lastCount else {
            paths = posts.indices.map { posts[$0].post.sourcePath }
            signatures = posts.indices.map { Self.signature(of: $0, in: posts, appSlugs: appSlugs, tagSlugs: tagSlugs) }
            return chooseAll()
        }

        // The memo's own lists follow the posts into the new order; only edited posts' signatures are made.
        let placeholder = Signature(inSeries: false, app: nil, tags: [], instant: 0, permalink: "")
        InPlaceOrder.rearrange(&paths, origin: origin, filler: "")
        InPlaceOrder.rearrange(&signatures, origin: origin, filler: placeholder)
        // Last build's posts that changed or went away.
        var gone = [Bool](repeating: false, count: lastCount)
        for old in 0..<lastCount where newIndex[old] == nil { gone[old] = true }
        var changed: [Int] = []
        for i in edited.sorted() {
            let signature = Self.signature(of: i, in: posts, appSlugs: appSlugs, tagSlugs: tagSlugs)
            paths[i] = posts[i].post.sourcePath
            guard origin[i] == nil || signatures[i] != signature else { continue }
            changed.append(i)
            signatures[i] = signature
            if let old = origin[i] { gone[old] = true }
        }
        // Most of the site changed: choosing for all is as quick.
        let goneCount = gone.lazy.filter { $0 }.count + origin.lazy.filter { $0 == nil }.count
        guard goneCount * 8 <= posts.count else { return chooseAll() }

        // A kept choice names the same posts; its indices follow them (in place: the lists are the posts' own).
        var again = Set(changed)
        var moved = [Bool](repeating: false, count: posts.count)
        for i in posts.indices where !again.contains(i) {
            if posts[i].relatedIndices.contains(where: { $0 >= lastCount || gone[$0] }) {
                again.insert(i)
                continue
            }
            moved[i] = true
            for j in posts[i].relatedIndices.indices {
                posts[i].relatedIndices[j] = newIndex[posts[i].relatedIndices[j]] ?? -1
            }
        }
        // `kept` is asked only for posts not chosen again: their lists are in this order now.
        Self.addBeaten(by: changed, to: &again, kept: { posts[$0].relatedIndices }, posts: posts, apps: apps, tags: tags)
        let chosen = again.sorted()
        let choices = RelatedPosts.choose(chosen, posts: posts, apps: apps, tags: tags)
        var differ = Set<Int>()
        for (k, choice) in choices.enumerated() {
            let i = chosen[k]
            if origin[i] != nil, (moved[i] ? posts[i].relatedIndices : now(posts[i].relatedIndices)) != choice { differ.insert(i) }
            posts[i].relatedIndices = choice
        }
        return differ
    }

    /// What `choose` compares a post by.
    private static func signature(of i: Int, in posts: [SitePost], appSlugs: [String], tagSlugs: [String]) -> Signature {
        // Field by field, by index: copying whole posts costs more than the work here.
        Signature(inSeries: posts[i].seriesIndex != nil, app: posts[i].appIndex.map { appSlugs[$0] },
                  tags: posts[i].tagIndices.map { tagSlugs[$0] },
                  instant: posts[i].post.date.instant.timeIntervalSinceReferenceDate, permalink: posts[i].permalink)
    }

    /// Adds to `again` each post that shares a tag or the app with a changed post and
    /// whose kept choice (`kept`: nil when it is chosen again anyway) that post may now
    /// beat: it has fewer than the limit, or the changed post scores better than its last.
    private static func addBeaten(by changed: [Int], to again: inout Set<Int>, kept: (Int) -> [Int]?,
                                  posts: [SitePost], apps: [SiteApp], tags: [SiteTag]) {
        let order = RelatedPosts.Order(posts)
        for x in changed {
            var neighbours: [Int] = posts[x].appIndex.map { apps[$0].postIndices } ?? []
            for t in posts[x].tagIndices { neighbours += tags[t].postIndices }
            for p in neighbours where p != x && !again.contains(p) && posts[p].seriesIndex == nil {
                guard let last = kept(p), last.count == RelatedPosts.limit, let worst = last.last else {
                    again.insert(p)
                    continue
                }
                if order.better(x, RelatedPosts.score(p, x, in: posts), than: worst, RelatedPosts.score(p, worst, in: posts)) {
                    again.insert(p)
                }
            }
        }
    }
}
