/// Link-check findings from the last build, by source path, with the key they were found for.
/// Not thread-safe: one build uses it at a time (`BuildCache` serialises builds).
final class LinkCache {
    struct Entry: Sendable {
        var key: Int
        var diagnostics: [Diagnostic]
        /// Each site path the document links to, with the output file it resolved to (nil: none).
        var probes: [String: String?]
    }

    /// The order-independent hash of the last build's output paths.
    var pathsKey: Int?

    var entries: [String: Entry] = [:]
    /// Every document's findings in the last build, by source path (`BodyEditRebuild` swaps one).
    var findings: [String: [Diagnostic]] = [:]
}
