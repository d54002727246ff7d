/// Pages from the last build with the key they were rendered for (`RenderKeys`),
/// by output path: a page whose key is unchanged is not rendered again.
/// Not thread-safe: one build uses it at a time (`BuildCache` serialises builds).
final class PageCache {
    struct Entry: Sendable {
        var key: Int
        var bytes: [UInt8]
    }

    var entries: [String: Entry] = [:]
    /// Pages rendered (not reused) by the last build, for tests and `--verbose`.
    private(set) var renderedLastTime = 0

    func remember(_ fresh: [String: Entry], rendered: Int) {
        entries = fresh
        renderedLastTime = rendered
    }
}
