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
    func check(_ docs: [SourceDocument], with checker: LinkChecker, version: (String) -> Int) -> [Diagnostic] {
        var pathsKey = 0
        for path in checker.outputs.keys { pathsKey = pathsKey &+ path.hashValue }
        func hasFragment(_ ref: String) -> Bool { ref.utf8.contains(UInt8(ascii: "#")) }
        let keys = docs.map { doc -> Int? in
            if doc.rendered.links.contains(where: hasFragment) || doc.rendered.images.contains(where: hasFragment)
                || doc.frontMatterImages.contains(where: { hasFragment($0.image.src) }) { return nil }
            var h = Hasher()
            h.combine(version(doc.sourcePath))
            // Links to other Markdown files, as resolved (a target's new slug changes them, not the file).
            h.combine(doc.rendered.links)
            h.combine(doc.url)
            // Links written with the site's own address are checked as internal ones.
            h.combine(checker.baseURL)
            // A link to a page whose file has errors is not reported: which pages those are.
            h.combine(checker.unbuilt)
            return h.finalize()
        }
        let previous = entries
        let samePaths = self.pathsKey == pathsKey
        let checked = Array(docs.indices).parallelMap { i -> (diagnostics: [Diagnostic], probes: [String: String?]) in
            if let key = keys[i], let hit = previous[docs[i].sourcePath], hit.key == key,
               samePaths || hit.probes.allSatisfy({ checker.resolveOutput($0.key) == $0.value }) {
                return (hit.diagnostics, hit.probes)
            }
            var probes: [String: String?] = [:]
            return (checker.check(docs[i], probes: &probes), probes)
        }
        let results = checked.map(\.diagnostics)
        var fresh: [String: Entry] = [:]
        fresh.reserveCapacity(docs.count)
        for i in docs.indices {
            if let key = keys[i] {
                fresh[docs[i].sourcePath] = Entry(key: key, diagnostics: results[i], probes: checked[i].probes)
            }
        }
        entries = fresh
        self.pathsKey = pathsKey
        return results.flatMap { $0 }
    }
}
