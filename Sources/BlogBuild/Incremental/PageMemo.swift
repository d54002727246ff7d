import Support
import Diagnostics
import Output
import Pages

/// Pages from the last build with the key they were rendered for (`RenderKeys`),
/// by output path: a page whose key is unchanged is not rendered again.
///
/// A page's bytes are held only until they are written (`wrote()`); then only
/// their digest is kept, and the page comes out of the next build as
/// `.written(digest)`: at 10,000 posts, 130 MB of HTML that is already on disk.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class PageMemo {
    fileprivate struct Entry {
        var key: Int
        var digest: FileDigest
        /// Nil once written: the output folder holds them.
        var bytes: [UInt8]?

        var contents: OutputFile.Contents { bytes.map { .bytes($0) } ?? .written(digest) }
    }

    private var entries: [String: Entry] = [:]
    /// Pages written as made go out this many at a time (about 12 MB at 10,000 posts).
    static let writtenRun = 1024
    /// Otherwise this many, between two looks at the yield signal (a few milliseconds
    /// of post pages on two cores, more with a list of thousands of posts).
    static let yieldRun = 32
    /// Pages rendered (not reused) by the last build, for tests and `--verbose`.
    private(set) var renderedLastTime = 0
    /// Their output paths.
    private(set) var renderedPaths: Set<String> = []
    /// How many of them were written as they were made (`render(writingAsMade:)`), for tests.
    private(set) var writtenAsMadeLastTime = 0

    /// The last `render`'s plan (`SitePlan.number`), its routes, and each one's key (nil: no
    /// page): a plan patched from it finds its pages' last keys by index (`SitePlan.Lineage`).
    private var renderedFor: (plan: Int, routes: [Route], keys: [Int?])?

    /// The routes (indices) whose page `render` would make again: no page was kept
    /// for their path, or it was made for another key.
    func stale(_ routes: [Route], keys: [Int], lineage: SitePlan.Lineage? = nil) -> [Int] {
        if let last = lastRender(lineage) {
            // Patched from the plan last rendered: 11,000 integers compared, not 11,000 paths looked up.
            if let lastIndex = lineage?.lastIndex {
                return routes.indices.filter { r in lastIndex[r].flatMap { last.keys[$0] } != keys[r] }
            }
            return routes.indices.filter { last.keys[$0] != keys[$0] }
        }
        return routes.indices.filter { entries[routes[$0].outputPath]?.key != keys[$0] }
    }

    /// Paths of pages the last build made that no route makes now (`routeIndex`: the
    /// routes by output path). Most rebuilds keep every page: when each route's path
    /// has a page and there are as many pages as routes, none is gone, found without
    /// walking the pages.
    func gone(keeping routes: [Route], routeIndex: [String: Int], lineage: SitePlan.Lineage? = nil) -> [String] {
        if let last = lastRender(lineage) {
            guard let lastIndex = lineage?.lastIndex else { return [] }
            var kept = [Bool](repeating: false, count: last.routes.count)
            for case let r? in lastIndex { kept[r] = true }
            return last.routes.indices.filter { !kept[$0] && last.keys[$0] != nil }.map { last.routes[$0].outputPath }.sorted()
        }
        if entries.count == routes.count, routes.allSatisfy({ entries[$0.outputPath] != nil }) { return [] }
        return entries.keys.filter { routeIndex[$0] == nil }.sorted()
    }

    /// The digest of `file`'s bytes: made when the page was rendered when it is one
    /// of the last build's pages (the same buffer), else made now; nil for a copy.
    func digest(of file: OutputFile) -> FileDigest? {
        switch file.contents {
        case .written(let digest): return digest
        case .copy: return nil
        case .bytes(let bytes): return heldDigest(of: file.path, bytes: bytes) ?? FileDigest(bytes)
        }
    }

    /// The digest made when the page at `path` was rendered, when `bytes` are that page's (the same buffer).
    func heldDigest(of path: String, bytes: [UInt8]) -> FileDigest? {
        guard let entry = entries[path], let held = entry.bytes, held.sharesBuffer(with: bytes) else { return nil }
        return entry.digest
    }

    /// The memo as it is, for `restore`: a build that renders pages and then stops
    /// before writing them (`YieldSignal`) must leave the memo saying what the output
    /// folder holds, or the next edit would take those pages for written.
    struct Checkpoint {
        fileprivate let entries: [String: Entry]
        fileprivate let renderedFor: (plan: Int, routes: [Route], keys: [Int?])?
        fileprivate let counts: (rendered: Int, writtenAsMade: Int)
        fileprivate let renderedPaths: Set<String>
    }

    func checkpoint() -> Checkpoint {
        Checkpoint(entries: entries, renderedFor: renderedFor, counts: (renderedLastTime, writtenAsMadeLastTime),
                   renderedPaths: renderedPaths)
    }

    func restore(_ checkpoint: Checkpoint) {
        entries = checkpoint.entries
        renderedFor = checkpoint.renderedFor
        (renderedLastTime, writtenAsMadeLastTime) = checkpoint.counts
        renderedPaths = checkpoint.renderedPaths
    }

    /// A write that gave way after writing the pages at `written` (`IncrementalBuilder`'s
    /// runs): those are kept as this build made them; every other page this build
    /// rendered or dropped is as it was at `checkpoint` (taken before the build), which
    /// is what the output folder still holds for it, so the next announcement calls it
    /// out of date (or gone). The last render's keys no longer say one plan's pages: the next build
    /// finds pages by path.
    func keepOnlyWritten(_ written: Set<String>, before checkpoint: Checkpoint) {
        for path in renderedPaths {
            if written.contains(path) {
                entries[path]?.bytes = nil  // on disk now
            } else {
                entries[path] = checkpoint.entries[path]
            }
        }
        // Pages this build has no route for are removed by the write's last run only:
        // still on disk, so still here (the next announcement finds them gone).
        for (path, entry) in checkpoint.entries where entries[path] == nil {
            entries[path] = entry
        }
        renderedFor = nil
    }

    /// The last build's pages were written: their bytes are let go.
    func wrote() {
        for path in entries.keys { entries[path]?.bytes = nil }
    }

    /// The output folder may no longer hold what was written (a write failed, or the
    /// next one goes elsewhere): the pages only it held are made again.
    func forgetWritten() {
        entries = entries.filter { $0.value.bytes != nil }
        // The last render's keys would call the forgotten pages fresh: find them by path.
        renderedFor = nil
    }

    /// The last render, when `lineage` says the plan was patched from its plan.
    private func lastRender(_ lineage: SitePlan.Lineage?) -> (plan: Int, routes: [Route], keys: [Int?])? {
        guard let lineage, let last = renderedFor, last.plan == lineage.from, last.routes.count == lineage.lastCount else { return nil }
        return last
    }

    /// `renderer.render(routes)`, rendering only the routes whose key (`keys`, by
    /// route) differs from the one their last page was made for; remembers exactly
    /// this call's pages. A page reused after it was written comes as `.written`.
    /// `plan`: the plan the routes are (`SitePlan.number`, `lineage`), or nil.
    /// `write`: when given, the pages are written as they are made, a run at a time
    /// (it returns the write's problems), and come out as `.written`: no more than
    /// one run's bytes are held. After a failed write the rest are held as usual.
    /// Nil when `yield` was raised before the last run: the memo is then as it was.
    func render(_ routes: [Route], keys: [Int], of plan: SitePlan? = nil, with renderer: PageRenderer,
                writingAsMade write: (([OutputFile]) -> [Diagnostic])? = nil,
                yield: YieldSignal = .never) -> ([OutputFile], [Diagnostic])? {
        let previous = entries
        let stale = stale(routes, keys: keys, lineage: plan?.lineage)
        var made: [String: Entry] = [:]
        made.reserveCapacity(stale.count)
        var problems: [Diagnostic] = []
        var writing = write
        var writtenAsMade = 0
        let run = write != nil ? Self.writtenRun : Self.yieldRun
        let finished = renderer.render(stale.map { routes[$0] }, inRunsOf: run, yield: yield) { rendered, renderProblems in
            problems += renderProblems
            // Digested on all cores, once: the writer and the page link check compare by it.
            let digests = rendered.parallelMap { file -> FileDigest? in
                if case .bytes(let bytes) = file.contents { return FileDigest(bytes) }
                return nil
            }
            var written = false
            if let write = writing {
                let failed = write(rendered)
                problems += failed
                written = failed.isEmpty
                if written { writtenAsMade += rendered.count } else { writing = nil }
            }
            for (file, digest) in zip(rendered, digests) {
                if case .bytes(let bytes) = file.contents, let digest {
                    made[file.path] = Entry(key: 0, digest: digest, bytes: written ? nil : bytes)
                }
            }
        }

        guard finished else { return nil }

        var files: [OutputFile] = []
        files.reserveCapacity(routes.count)
        var fresh: [String: Entry] = [:]
        fresh.reserveCapacity(routes.count)
        var keptKeys = [Int?](repeating: nil, count: routes.count)
        for (r, (route, key)) in zip(routes, keys).enumerated() {
            let path = route.outputPath
            guard var entry = made[path] ?? previous[path].flatMap({ $0.key == key ? $0 : nil }) else { continue }
            entry.key = key
            files.append(OutputFile(path: path, contents: entry.contents))
            fresh[path] = entry
            keptKeys[r] = key
        }
        entries = fresh
        renderedFor = plan.map { ($0.number, routes, keptKeys) }
        renderedLastTime = stale.count
        writtenAsMadeLastTime = writtenAsMade
        renderedPaths = Set(stale.map { routes[$0].outputPath })
        return (files, problems)
    }
}
