import Support
import Diagnostics
import Output
import Site

/// What `PageLinkChecker` found on each page in the last build: a page is
/// checked again only when its bytes changed, a site path it links to now
/// resolves to another file (or to none), or a page it links into by
/// `#fragment` changed since. When the set of files the build writes changed
/// (known by an order-independent hash of their paths), every site path any
/// page linked to is resolved again once, and only pages that link to one that
/// now resolves differently are checked again.
/// Pages are compared by digest (`FileDigest`), so no page's bytes are held here.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class PageLinkMemo {
    /// Pages checked again between two looks at the yield signal (about 10 ms on two cores).
    static let yieldRun = 256

    private struct Entry {
        var findings: PageLinkChecker.PageFindings
        /// The page's digest when it was checked.
        var digest: FileDigest
        /// Its fragment targets' digests then (`PageFindings.fragmentTargets`).
        var targets: [String: FileDigest]
    }

    private var entries: [String: Entry] = [:]
    private var outputSet: Int?
    /// Verdicts on page-independent URLs (`/x/`, absolute ones), made with the last build's output paths.
    private var verdicts: [String: PageLinkChecker.Known] = [:]
    /// Every site path a page linked to, with the output file it resolved to then (nil: none);
    /// the entries' findings name them by their ids here.
    private var probes = LinkProbes()

    /// `checker.check(writtenByDocuments:)`, checking again only the pages that
    /// may have changed (`digest`: of an output file's bytes, nil for a copy);
    /// remembers exactly this call's findings. Nil when `yield` was raised first
    /// (pages are checked a run at a time): the memo is then as it was.
    func check(with checker: PageLinkChecker, digest: (OutputFile) -> FileDigest?,
               writtenByDocuments written: () -> Set<String>, yield: YieldSignal = .never) -> [Diagnostic]? {
        let before = (entries, outputSet, verdicts, probes)
        guard let found = checkPages(with: checker, digest: digest, writtenByDocuments: written, yield: yield) else {
            (entries, outputSet, verdicts, probes) = before
            return nil
        }
        return found
    }

    private func checkPages(with checker: PageLinkChecker, digest: (OutputFile) -> FileDigest?,
                            writtenByDocuments written: () -> Set<String>, yield: YieldSignal) -> [Diagnostic]? {
        let outputs = checker.outputs
        let pages = checker.pages
        var digests: [String: FileDigest] = [:]
        digests.reserveCapacity(pages.count)
        for path in pages { if let file = outputs[path], let d = digest(file) { digests[path] = d } }
        var outputSet = outputs.count
        for path in outputs.keys { outputSet &+= path.hashValue }
        let sameOutputs = self.outputSet == outputSet
        // The site paths that resolve differently now (none while the output paths are the same), by id.
        var moved = [Bool](repeating: false, count: probes.count)
        var anyMoved = false
        if !sameOutputs {
            let now = probes.sitePaths.parallelMap { LinkChecker.resolveOutput($0, in: outputs) }
            for (id, now) in now.enumerated() where probes.outputs[id] != now {
                moved[id] = true
                anyMoved = true
                probes.update(id, to: now)
            }
        }
        let changed = moved, someChanged = anyMoved, known = digests, previous = entries
        // The findings not reused go before the new ones are made: after a template edit,
        // every page's (tens of MB at 10,000 posts) would be held twice.
        entries = [:]
        let reused = pages.parallelMap { path -> PageLinkChecker.PageFindings? in
            guard let now = known[path], let hit = previous[path], hit.digest == now,
                  hit.targets.allSatisfy({ known[$0.key] == $0.value }),
                  // With other output files, still the same: every site path the page links
                  // to resolves to the same file (or to none) as before.
                  !someChanged || !hit.findings.probes.contains(where: { changed[Int($0)] })
            else { return nil }
            return hit.findings
        }
        let stale = pages.indices.filter { reused[$0] == nil }
        // The archive lists every post: a title edit checks its 10,000 links again, each
        // already judged in an earlier build while the output paths stay the same.
        // A verdict stands while its site path resolves as it did.
        let movedPaths = Set(moved.indices.lazy.filter { moved[$0] }.map { self.probes.sitePaths[$0] })
        let standing = movedPaths.isEmpty ? self.verdicts
            : self.verdicts.filter { $0.value.probe.map { !movedPaths.contains($0.sitePath) } ?? true }
        var rechecked: [PageLinkChecker.PageFindings?] = []
        rechecked.reserveCapacity(stale.count)
        var verdicts = standing
        for run in stride(from: 0, to: stale.count, by: Self.yieldRun) {
            if yield.isRaised { return nil }
            let found = checker.findings(for: stale[run..<min(run + Self.yieldRun, stale.count)].map { pages[$0] },
                                         knowing: verdicts, keepVerdicts: true, probes: &probes)
            rechecked += found.findings
            verdicts = found.verdicts
        }
        self.verdicts = verdicts
        var findings = reused
        for (i, found) in zip(stale, rechecked) { findings[i] = found }
        var fresh: [String: Entry] = [:]
        fresh.reserveCapacity(pages.count)
        for (path, found) in zip(pages, findings) {
            guard let found, let digest = digests[path] else { continue }
            let targets = Dictionary(uniqueKeysWithValues: found.fragmentTargets.compactMap { t in digests[t].map { (t, $0) } })
            fresh[path] = Entry(findings: found, digest: digest, targets: targets)
        }
        entries = fresh
        self.outputSet = outputSet
        return checker.report(pages, findings, writtenByDocuments: written)
    }
}
