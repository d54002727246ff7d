import Load
import Markdown
import Support
import Diagnostics
import Site

/// Link-check findings from the last build, by source path, with the key they
/// were found for: a document is checked again only when its file (by load
/// version), its resolved links, its URL or the site's `base_url` changed, or a site path it links to
/// resolves to another output file (or to none) than then, known at once when
/// the set of output paths is the same. A document with a `#fragment` link
/// depends on other pages' ids and is always checked.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class LinkMemo {
    /// Documents looked at between two looks at the yield signal.
    static let yieldRun = 1024

    private struct Entry {
        var key: Int
        var diagnostics: [Diagnostic]
        /// Each site path the document links to, with the output file it resolved to (nil: none).
        var probes: [String: String?]
    }

    /// The order-independent hash of the last build's output paths.
    private var pathsKey: Int?
    private var entries: [String: Entry] = [:]

    /// `checker.check(docs)`, checking again only what may have changed; remembers exactly this call's findings.
    /// Nil when `yield` was raised first (documents are checked a run at a time): the memo is then as it was.
    func check(_ docs: [SourceDocument], with checker: LinkChecker, version: (String) -> Int,
               yield: YieldSignal = .never) -> [Diagnostic]? {
        var pathsKey = 0
        for path in checker.outputs.keys { pathsKey = pathsKey &+ path.hashValue }
        // What every document's key shares, hashed once: links written with the site's own
        // address are checked as internal ones; a link to a page whose file has errors is not
        // reported (which pages those are).
        var shared = Hasher()
        shared.combine(checker.baseURL)
        shared.combine(checker.unbuilt)
        let sharedKey = shared.finalize()
        let versions = docs.map { version($0.sourcePath) }
        // On all cores, a run at a time: at 10,000 posts hashing every document's links takes a while.
        var keys: [Int?] = []
        keys.reserveCapacity(docs.count)
        for run in stride(from: 0, to: docs.count, by: Self.yieldRun) {
            if yield.isRaised { return nil }
            keys += Array(run..<min(run + Self.yieldRun, docs.count)).parallelMap { i -> Int? in
                let doc = docs[i]
                func hasFragment(_ ref: String) -> Bool { ref.utf8.contains(UInt8(ascii: "#")) }
                if doc.rendered.links.contains(where: hasFragment) || doc.rendered.images.contains(where: hasFragment)
                    || doc.frontMatterImages.contains(where: { hasFragment($0.image.src) }) { return nil }
                var h = Hasher()
                h.combine(versions[i])
                // Links to other Markdown files, as resolved (a target's new slug changes them, not the file).
                h.combine(doc.rendered.links)
                h.combine(doc.url)
                h.combine(sharedKey)
                return h.finalize()
            }
        }
        let previous = entries, docKeys = keys
        let samePaths = self.pathsKey == pathsKey
        var checked: [(diagnostics: [Diagnostic], probes: [String: String?])] = []
        checked.reserveCapacity(docs.count)
        for run in stride(from: 0, to: docs.count, by: Self.yieldRun) {
            if yield.isRaised { return nil }
            checked += Array(run..<min(run + Self.yieldRun, docs.count)).parallelMap { i -> (diagnostics: [Diagnostic], probes: [String: String?]) in
                if let key = docKeys[i], let hit = previous[docs[i].sourcePath], hit.key == key,
                   samePaths || hit.probes.allSatisfy({ checker.resolveOutput($0.key) == $0.value }) {
                    return (hit.diagnostics, hit.probes)
                }
                var probes: [String: String?] = [:]
                return (checker.check(docs[i], probes: &probes), probes)
            }
        }
        let results = checked.map(\.diagnostics)
        var fresh: [String: Entry] = [:]
        fresh.reserveCapacity(docs.count)
        for i in docs.indices {
            if let key = docKeys[i] {
                fresh[docs[i].sourcePath] = Entry(key: key, diagnostics: results[i], probes: checked[i].probes)
            }
        }
        entries = fresh
        self.pathsKey = pathsKey
        return results.flatMap { $0 }
    }
}
