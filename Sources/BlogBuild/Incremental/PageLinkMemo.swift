/// What `PageLinkChecker` found on each page in the last build: a page is
/// checked again only when its bytes changed, a site path it links to now
/// resolves to another file (or to none), or a page it links into by
/// `#fragment` changed since. When the set of files the build writes changed
/// (known by an order-independent hash of their paths), every site path any
/// page linked to is resolved again once, and only pages that link to one that
/// now resolves differently are checked again.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class PageLinkMemo {
    private var entries: [String: PageLinkChecker.PageFindings] = [:]
    private var outputSet: Int?
    /// Verdicts on page-independent URLs (`/x/`, absolute ones), made with the last build's output paths.
    private var verdicts: [String: PageLinkChecker.Known] = [:]
    /// Every site path a page linked to, with the output file it resolved to then (nil: none).
    private var resolutions: [String: String?] = [:]

    /// `checker.check(writtenByDocuments:)`, checking again only the pages that
    /// may have changed; remembers exactly this call's findings.
    func check(with checker: PageLinkChecker, writtenByDocuments written: () -> Set<String>) -> [Diagnostic] {
        let outputs = checker.outputs
        let pages = checker.pages
        var outputSet = outputs.count
        for path in outputs.keys { outputSet &+= path.hashValue }
        let sameOutputs = self.outputSet == outputSet
        let previous = entries
        // The site paths that resolve differently now (none while the output paths are the same).
        var moved = Set<String>()
        if !sameOutputs {
            let known = Array(resolutions)
            let now = known.parallelMap { LinkChecker.resolveOutput($0.key, in: outputs) }
            for ((path, then), now) in zip(known, now) where then != now {
                moved.insert(path)
                resolutions[path] = .some(now)
            }
        }
        let changed = moved
        let reused = pages.parallelMap { path -> PageLinkChecker.PageFindings? in
            guard case .bytes(let bytes)? = outputs[path]?.contents, let hit = previous[path], hit.bytes == bytes,
                  hit.fragmentTargets.allSatisfy({ target, seen in
                      if case .bytes(let now)? = outputs[target]?.contents { return now == seen }
                      return false
                  }),
                  // With other output files, still the same: every site path the page links
                  // to resolves to the same file (or to none) as before.
                  changed.isEmpty || !hit.probes.keys.contains(where: changed.contains)
            else { return nil }
            return hit
        }
        let stale = pages.indices.filter { reused[$0] == nil }
        // The archive lists every post: a title edit checks its 10,000 links again, each
        // already judged in an earlier build while the output paths stay the same.
        // A verdict stands while its site path resolves as it did.
        let standing = moved.isEmpty ? self.verdicts : self.verdicts.filter { $0.value.probe.map { !moved.contains($0.sitePath) } ?? true }
        let (rechecked, verdicts) = checker.findings(for: stale.map { pages[$0] }, knowing: standing, keepVerdicts: true)
        self.verdicts = verdicts
        for found in rechecked { if let found { resolutions.merge(found.probes) { _, new in new } } }
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
