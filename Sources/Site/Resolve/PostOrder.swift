import Foundation
import Load
import Support

/// The site's post order: newest first, ties by source path so the order never
/// depends on the file system. The whole-site step orders the shown posts
/// (`order(of:)`); a rebuild puts its posts in order again after some came, went
/// or moved (`reorder`), moving each, never copying it.
public enum PostOrder {
    /// Whether a post dated `dateA` from `pathA` comes before one dated `dateB` from `pathB`.
    @inline(__always)
    static func precedes(_ dateA: Date, _ pathA: String, _ dateB: Date, _ pathB: String) -> Bool {
        dateA != dateB ? dateA > dateB : pathA < pathB
    }

    /// The indices of `posts` in the site's order. Found over indices: moving whole posts while sorting costs more.
    public static func order(of posts: [Post]) -> [Int] {
        posts.indices.sorted { a, b in
            precedes(posts[a].date.instant, posts[a].sourcePath, posts[b].date.instant, posts[b].sourcePath)
        }
    }

    /// `posts` (in the last order, some of them edited) without those at `gone`, with
    /// `added`, in the site's order again. Returns where each post now was before
    /// (`origin`, nil for an added one) and the reverse (`position`, nil for a gone one).
    public static func reorder(_ posts: inout [SitePost], removing gone: Set<Int>, adding added: [SitePost])
        -> (origin: [Int?], position: [Int?]) {
        let lastCount = posts.count
        // Made as optionals directly: `Array(indices)` as `[Int?]` casts each element at run time.
        var origins: [Int?] = posts.indices.map { $0 }
        for g in gone.sorted(by: >) {
            posts.remove(at: g)
            origins.remove(at: g)
        }
        posts += added
        origins += added.map { _ in nil }
        let order = posts.indices.sorted { a, b in
            precedes(posts[a].post.date.instant, posts[a].post.sourcePath, posts[b].post.date.instant, posts[b].post.sourcePath)
        }
        InPlaceOrder.permute(&posts, by: order)
        let origin = order.map { origins[$0] }
        var position = [Int?](repeating: nil, count: lastCount)
        for (now, was) in origin.enumerated() { if let was { position[was] = now } }
        return (origin, position)
    }
}
