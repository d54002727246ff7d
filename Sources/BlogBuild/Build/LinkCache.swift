/// Link-check findings from the last build, by source path, with the key they were found for.
/// Not thread-safe: one build uses it at a time (`BuildCache` serialises builds).
final class LinkCache {
    struct Entry: Sendable {
        var key: Int
        var diagnostics: [Diagnostic]
    }

    var entries: [String: Entry] = [:]
    /// Every document's findings in the last build, by source path (`BodyEditRebuild` swaps one).
    var findings: [String: [Diagnostic]] = [:]
}
