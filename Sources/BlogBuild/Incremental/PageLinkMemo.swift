/// What `PageLinkChecker` found on each page in the last build: a page is
/// checked again only when its bytes changed, a site path it links to now
/// resolves to another file (or to none; checked only when the set of files the
/// build writes changed, known by an order-independent hash of their paths), or
/// a page it links into by `#fragment` changed since.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class PageLinkMemo {
    private var entries: [String: PageLinkChecker.PageFindings] = [:]
    private var outputSet: Int?
    /// Verdicts on page-independent URLs (`/x/`, absolute ones), made with the last build's output paths.
    private var verdicts: [String: PageLinkChecker.Known] = [:]

    /// `checker.check(writtenByDocuments:)`, checking again only the pages that
    /// may have changed; remembers exactly this call's findings.
    func check(with checker: PageLinkChecker, writtenByDocuments written: () -> Set<String>) -> [Diagnostic] {
        let outputs = checker.outputs
        let pages = checker.pages
        var outputSet = outputs.count
        for path in outputs.keys { outputSet &+= path.hashValue }
        let sameOutputs = self.outputSet == outputSet
        let previous = entries
        let reused = pages.parallelMap { path -> PageLinkChecker.PageFindings? in
            guard case .bytes(let bytes)? = outputs[path]?.contents, let hit = previous[path], hit.bytes == bytes,
                  hit.fragmentTargets.allSatisfy({ target, seen in
                      if case .bytes(let now)? = outputs[target]?.contents { return now == seen }
                      return false
                  }),
                  // With other output files, still the same: every site path the page links
                  // to resolves to the same file (or to none) as before.
                  sameOutputs || hit.probes.allSatisfy({ LinkChecker.resolveOutput($0.key, in: outputs) == $0.value })
            else { return nil }
            return hit
        }
        let stale = pages.indices.filter { reused[$0] == nil }
        // The archive lists every post: a title edit checks its 10,000 links again, each
        // already judged in an earlier build while the output paths stay the same.
        let (rechecked, verdicts) = checker.findings(for: stale.map { pages[$0] }, knowing: sameOutputs ? self.verdicts : [:],
                                                     keepVerdicts: true)
        self.verdicts = verdicts
        var findings = reused
        for (i, found) in zip(stale, rechecked) { findings[i] = found }
        var fresh: [String: PageLinkChecker.PageFindings] = [:]
        fresh.reserveCapacity(pages.count)
        for (path, entry) in zip(pages, findings) { if let entry { fresh[path] = entry } }
        entries = fresh
        self.outputSet = outputSet
        return checker.report(pages, findings, writtenByDocuments: written)
    }
}
