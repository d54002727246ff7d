/// What `PageLinkChecker` found on each page in the last build, with what the
/// finding depends on: the page's bytes, the set of files the build wrote (by
/// an order-independent hash of their paths), and the bytes of each other page
/// whose ids it looked at for a `#fragment`. Not thread-safe: one build uses it
/// at a time (`BuildCache` serialises builds).
final class PageLinkCache {
    struct Entry: Sendable {
        var bytes: [UInt8]
        var found: [(PageLinkChecker.Broken, target: String)]
        var fragmentTargets: [String: [UInt8]]
    }

    var entries: [String: Entry] = [:]
    var outputSet: Int?
}
