/// What `PageLinkChecker` found on each page in the last build, with what the
/// finding depends on: the page's bytes, the output file each site path it
/// links to resolved to (checked only when the set of files the build writes
/// changed, known by an order-independent hash of their paths), and the bytes of
/// each other page whose ids it looked at for a `#fragment`. Not thread-safe: one build uses it
/// at a time (`BuildCache` serialises builds).
final class PageLinkCache {
    struct Entry: Sendable {
        var bytes: [UInt8]
        var found: [(PageLinkChecker.Broken, target: String)]
        var fragmentTargets: [String: [UInt8]]
        /// Every site path the page links to, with the output file it resolved to (nil: none).
        var probes: [String: String?]
    }

    var entries: [String: Entry] = [:]
    var outputSet: Int?
}
