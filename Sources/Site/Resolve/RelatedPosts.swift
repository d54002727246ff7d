import Load
import Support

/// The related posts at the end of a post outside a series (a series' posts have
/// their previous and next part instead): up to `limit` other posts that share its
/// app or at least one of its tags, chosen by shared app first, then the number of
/// shared tags, then date (newest first), then URL, so the choice never depends on
/// the order of work. A post that shares nothing gets none: no unrelated filler.
///
/// Only the posts of the post's own app and tags are looked at (`SiteApp.postIndices`,
/// `SiteTag.postIndices`), never every pair of posts, and each worker counts into one
/// array of its own, cleared entry by entry, not a dictionary: 10,000 posts cost a
/// few tens of milliseconds, not the hundred million pairs a pass over all pairs would.
public enum RelatedPosts {
    /// At most this many related posts.
    public static let limit = 3

    /// A shared app outweighs any number of shared tags (a post has at most
    /// `SiteResolver.maximumTagsPerPost`).
    private static let appWeight: UInt32 = 1 << 16

    /// Posts per unit of parallel work: each unit has its own counts array.
    private static let postsPerChunk = 256

    /// By post index, the indices of its related posts, best first; empty for a post
    /// in a series. `posts` newest first, with their app and tag indices set.
    public static func choose(posts: [SitePost], apps: [SiteApp], tags: [SiteTag]) -> [[Int]] {
        choose(Array(posts.indices), posts: posts, apps: apps, tags: tags)
    }

    /// The related posts of the posts at `indices` only, in that order (`RelatedPostMemo`
    /// asks for those whose choice may have changed).
    public static func choose(_ indices: [Int], posts: [SitePost], apps: [SiteApp], tags: [SiteTag]) -> [[Int]] {
        let n = posts.count
        guard n > 1 else { return indices.map { _ in [] } }
        // Read for every candidate: kept apart from the posts, in flat arrays.
        let order = Order(posts)
        let appLists = apps.map(\.postIndices)
        let tagLists = tags.map(\.postIndices)
        let starts = Array(stride(from: 0, to: indices.count, by: postsPerChunk))
        let chunks = starts.parallelMap { start -> [[Int]] in
            var counts = [UInt32](repeating: 0, count: n)
            var touched: [Int] = []
            var out: [[Int]] = []
            for i in indices[start..<min(start + postsPerChunk, indices.count)] {
                // Read in place, never copied (`posts[i]` whole would retain each of its strings).
                if posts[i].seriesIndex != nil {
                    out.append([])
                    continue
                }
                touched.removeAll(keepingCapacity: true)
                if let a = posts[i].appIndex {
                    for p in appLists[a] {
                        if counts[p] == 0 { touched.append(p) }
                        counts[p] += appWeight
                    }
                }
                for t in posts[i].tagIndices {
                    for p in tagLists[t] {
                        if counts[p] == 0 { touched.append(p) }
                        counts[p] += 1
                    }
                }
                // The best `limit`, kept sorted: one pass, a few comparisons per candidate.
                var best: [Int] = []
                best.reserveCapacity(limit + 1)
                for p in touched where p != i {
                    if best.count == limit, !order.better(p, counts[p], than: best[limit - 1], counts[best[limit - 1]]) { continue }
                    var at = best.count
                    while at > 0, order.better(p, counts[p], than: best[at - 1], counts[best[at - 1]]) { at -= 1 }
                    best.insert(p, at: at)
                    if best.count > limit { best.removeLast() }
                }
                for p in touched { counts[p] = 0 }
                out.append(best)
            }
            return out
        }
        return chunks.flatMap { $0 }
    }

    /// How much post `q` has in common with post `p` (indices into `posts`): a shared app, then shared tags
    /// (the weight `choose` counts).
    public static func score(_ p: Int, _ q: Int, in posts: [SitePost]) -> UInt32 {
        // Read in place: a copy of two posts per candidate costs more than the count.
        var score: UInt32 = 0
        if let a = posts[p].appIndex, a == posts[q].appIndex { score += appWeight }
        for t in posts[p].tagIndices where posts[q].tagIndices.contains(t) { score += 1 }
        return score
    }

    /// The order candidates are chosen in: score, then date (newest first), then URL.
    public struct Order: Sendable {
        let instants: [Double]
        let permalinks: [String]

        public init(_ posts: [SitePost]) {
            instants = posts.indices.map { posts[$0].post.date.instant.timeIntervalSinceReferenceDate }
            permalinks = posts.indices.map { posts[$0].permalink }  // by index: a key path's map copies each post
        }

        /// Is candidate `p` with `score` a better choice than `q` with `other`?
        public func better(_ p: Int, _ score: UInt32, than q: Int, _ other: UInt32) -> Bool {
            if score != other { return score > other }
            if instants[p] != instants[q] { return instants[p] > instants[q] }
            return permalinks[p] < permalinks[q]
        }
    }
}
