import Foundation
import Load
import Synchronization
import Support
import Site
import Diagnostics
import Output
import Images
import Render
import Pages

/// Builds one site again and again (the dev server): each build does again only
/// the work whose inputs changed (`BuildMemo`) and writes only the files whose
/// bytes changed since the last build it wrote. The output always equals what a
/// clean `SiteBuilder.build` of the same files writes.
///
/// Builds are serialised; a failed build writes nothing and the next one starts
/// from the last good output.
public final class IncrementalBuilder: Sendable {
    /// What a rebuild did.
    public struct Outcome: Sendable {
        public var report: BuildReport
        /// Output files written or removed by this build, as site paths (`/posts/x/index.html`), sorted.
        public var changedPaths: [String]
        /// Pages rendered with their templates (the rest were reused).
        public var pagesRendered: Int
        /// True when the build's plan was patched from the last one (`PlanPatch`), with
        /// no pass over the whole site, instead of made whole.
        public var patched = false
    }

    /// How a file in the output was made, to tell whether it must be written again.
    private enum WrittenFile: Equatable {
        /// Made bytes, by their digest: neither pages nor feeds nor the search index
        /// are held for this (pages and feeds made when their memo made them).
        case digest(FileDigest)
        /// A copy, with its source's stamp: a static file edited in place keeps its path.
        case copy(String, FileStamp?)

        init(_ file: OutputFile, memo: BuildMemo) {
            switch file.contents {
            case .bytes(let bytes):
                self = .digest(memo.pages.heldDigest(of: file.path, bytes: bytes) ?? memo.feeds.heldDigest(of: file.path, bytes: bytes)
                    ?? FileDigest(bytes))
            case .written(let digest): self = .digest(digest)
            case .copy(let source): self = .copy(source, FileStamp.of(source))
            }
        }
    }

    private struct State {
        var memo = BuildMemo()
        /// What the output folder holds, from the last write; nil: unknown (write everything).
        var written: [String: WrittenFile]?
        var outputDirectory: URL?
        /// The plan `announce` made and `finish` has not yet turned into files.
        var plan: SitePlan?
    }

    private let state = Mutex(State())

    /// Each processed image's first use as the last plan decided it (what a problem
    /// found while processing it points at), for the tests that compare a patched
    /// plan with a clean one; nil before the first build.
    var lastImageUses: [String: ImagePlanner.Use]? { state.withLock { $0.memo.plan?.imageUses } }

    /// How many pages the last build wrote as it made them (`BuildRequest.writesPagesAsMade`), for tests.
    var lastPagesWrittenAsMade: Int { state.withLock { $0.memo.pages.writtenAsMadeLastTime } }

    /// The pages of an announced edit that are not written yet, for the server
    /// (`page(atOutputPath:)`): rendered when asked for, before `finish` writes them.
    private struct Unwritten: Sendable {
        var renderer: PageRenderer
        /// The plan's routes, by output path (`SitePlan.routeIndex`), and those whose file is
        /// out of date (by index): the plan's own arrays, not a table of copies made per edit.
        var routes: [Route]
        var routeIndex: [String: Int]
        var stale: [Bool]
        /// Output paths of pages the edit removed.
        var gone: Set<String>
        /// Files copied as they are (the theme's assets, static files of content/) that
        /// the edit changed: output path → where the bytes are now.
        var copies: [String: UnwrittenCopy] = [:]
        /// Pages rendered on request, by output path.
        var rendered: [String: [UInt8]] = [:]
        var generation: Int
        /// The plan's number and each route's key (`SitePlan.number`, `keys`): what the open pages were told.
        var plan: Int
        var keys: [Int]

        /// The key of each route the announcement told the open pages about (nil: not told), by route.
        var told: (plan: Int, keys: [Int?]) {
            (plan, stale.indices.map { stale[$0] ? keys[$0] : nil })
        }
    }

    /// Where a changed copied file's bytes are before `finish` writes it.
    private enum UnwrittenCopy: Sendable {
        case bytes([UInt8])
        case file(String)
    }

    private let unwritten = Mutex<Unwritten?>(nil)
    private let generation = Atomic<Int>(0)

    /// An edit as soon as it is known what it changes (`announce`).
    public struct Announcement: Sendable {
        /// Output files that change, as site paths (`/posts/x/index.html`), each once: the
        /// pages whose render key changed (in the order of the site's routes: a template
        /// edit announces 10,000 pages, not sorted on the way to the reload event), then the
        /// pages removed and the static files and theme assets that were edited, sorted.
        public var changedPaths: [String]
        /// Warnings found so far (the rest come with `finish`).
        public var warnings: [Diagnostic]
        /// Set when the edit was built and written at once (the first build, or a
        /// build with errors): then there is nothing to `finish`.
        public var finished: Outcome?
        /// How long each stage of the plan took, then what changed ("stale"), for `--verbose`.
        public var stageSeconds: [(stage: String, seconds: Double)] = []
    }

    public init() {
        writeRun = 256
    }

    /// `writeRun`: files serve writes between two looks at the yield signal (tests make it small).
    init(writeRun: Int) {
        self.writeRun = max(1, writeRun)
    }

    /// Builds the site; unless the mode is `check`, writes what changed.
    ///
    /// `changedFiles`: the files (absolute paths) that changed since the last
    /// build, when the caller knows them exactly (the dev server's watcher); an
    /// edit of existing posts then patches the last plan (`PlanPatch`).
    public func build(_ request: BuildRequest, changedFiles: Set<String>? = nil) throws(BuildFailure) -> Outcome {
        try state.withLock { state throws(BuildFailure) -> Outcome in
            try build(request, changedFiles: changedFiles, in: &state)
        }
    }

    private func build(_ request: BuildRequest, changedFiles: Set<String>?, in state: inout State) throws(BuildFailure) -> Outcome {
        // Whatever was announced and not finished is made again from the files as they are now.
        state.plan = nil
        unwritten.withLock { $0 = nil }
        if request.mode != .check,
           let problem = OutputWriter.validateOutputDirectory(request.outputDirectory, siteDirectory: request.siteDirectory) {
            throw BuildFailure([problem])
        }
        if !Self.updatesInPlace(state, request) { state.memo.forgetWritten() }
        var request = request
        // Into nothing (no folder, or an empty one: serve's first build), pages are written as they
        // are made: there is no site to keep for a reader, and a failure takes them away again (`write`).
        request.writesPagesAsMade = request.mode != .check && state.written == nil ? OutputWriter.holdsNothing(request.outputDirectory) : nil
        let rendered = SiteBuilder.render(request, memo: state.memo, changed: changedFiles)
        let patched = state.memo.plan?.patched ?? false
        let memo = state.memo
        let again = request
        var outcome = try write(rendered, request, &state, again: { SiteBuilder.render(again, memo: memo, changed: nil) })
        outcome.patched = patched
        return outcome
    }

    /// Writes what changed in `rendered` since the last write (everything when that is unknown).
    /// `again`: the build made again from a new walk of content/, for when a file it
    /// copies from there is gone: content/ changed while it was built. An editor's save
    /// (a hidden temporary file beside the one it saves, renamed over it) can be walked
    /// and gone a moment later; its rename is a change the watcher tells next.
    private func write(_ rendered: RenderedSite, _ request: BuildRequest, _ state: inout State,
                       again: (() -> RenderedSite)? = nil) throws(BuildFailure) -> Outcome {
        guard let outcome = try write(rendered, request, &state, again: again, givingWay: nil) else {
            // Not reached: only a write given a yield signal gives way.
            throw BuildFailure([Diagnostic(file: request.siteDirectory.path, message: "internal: a write that cannot give way gave way")])
        }
        return outcome
    }

    /// `write`, and with `givingWay`, in runs of files with a look at its signal
    /// between two: nil when it was raised first (`keepOnlyWritten`).
    private func write(_ rendered: RenderedSite, _ request: BuildRequest, _ state: inout State,
                       again: (() -> RenderedSite)?, givingWay: GivingWay?) throws(BuildFailure) -> Outcome? {
        // Pages written as they were made (`BuildRequest.writesPagesAsMade`, into a folder that held
        // nothing) go again when the build fails, so the folder is as it was.
        let writtenAsMade = request.writesPagesAsMade == nil ? [] : rendered.files.filter(\.isWritten).map(\.path)
        do throws(BuildFailure) {
            return try write(rendered, request, &state, writtenAsMade: !writtenAsMade.isEmpty, again: again, givingWay: givingWay)
        } catch {
            if let before = request.writesPagesAsMade, !writtenAsMade.isEmpty {
                state.memo.forgetWritten()
                let left = OutputWriter.removeWritten(writtenAsMade, from: request.outputDirectory, before: before,
                                                      siteDirectory: request.siteDirectory)
                if !left.isEmpty { throw BuildFailure(error.diagnostics + left) }
            }
            throw error
        }
    }

    private func write(_ rendered: RenderedSite, _ request: BuildRequest, _ state: inout State, writtenAsMade: Bool,
                       again: (() -> RenderedSite)?, givingWay: GivingWay?) throws(BuildFailure) -> Outcome? {
        guard rendered.isWritable(in: request.mode) else { throw BuildFailure(rendered.diagnostics) }
        var report = rendered.report
        let pagesRendered = state.memo.pages.renderedLastTime
        guard request.mode != .check else { return Outcome(report: report, changedPaths: [], pagesRendered: pagesRendered) }

        var clock = StageClock()
        var current: [String: WrittenFile] = [:]
        current.reserveCapacity(rendered.files.count)
        for file in rendered.files { current[file.path] = WrittenFile(file, memo: state.memo) }
        let changedPaths: [String]
        if let previous = state.written, Self.updatesInPlace(state, request) {
            let changed = rendered.files.filter { previous[$0.path] != current[$0.path] }
            if let again, changed.contains(where: Self.copiesAFileThatIsGone) {
                return try write(again(), request, &state)
            }
            if let again, changed.contains(where: \.isWritten) {
                // Kept by its digest at a path the last write did not give it (a feed's copy at a
                // new address): the output folder does not hold it there, so it is made again.
                state.memo.forgetWritten()
                return try write(again(), request, &state)
            }
            let removed = previous.keys.filter { current[$0] == nil }.sorted()
            if let givingWay {
                guard let summary = try writeInRuns(changed, removing: removed, request, &state, current: current, givingWay)
                else { return nil }
                report.written = summary
            } else {
                state.written = nil  // unknown until the update succeeds
                report.written = try Self.forgettingWrittenIfFailed(state.memo) { () throws(BuildFailure) in
                    try OutputWriter.update(writing: changed, removing: removed, in: request.outputDirectory,
                                            siteDirectory: request.siteDirectory)
                }
            }
            changedPaths = (changed.map { "/" + $0.path } + removed.map { "/" + $0 }).sorted()
        } else {
            state.written = nil
            if !writtenAsMade {
                state.memo.forgetWritten()
                // Pages the output folder was to hold as they are (it went away meanwhile): made again.
                if let again, rendered.files.contains(where: \.isWritten) {
                    return try write(again(), request, &state)
                }
            }
            var summary = try Self.forgettingWrittenIfFailed(state.memo) { () throws(BuildFailure) in
                try OutputWriter.write(rendered.files, to: request.outputDirectory, siteDirectory: request.siteDirectory)
            }
            if writtenAsMade {
                // The pages written as made were found in place by this write: they are this build's too.
                let early = rendered.files.count { $0.isWritten }
                summary.written += early
                summary.unchanged -= early
            }
            report.written = summary
            changedPaths = rendered.files.map { "/" + $0.path }
        }
        // Every page and feed is in the output folder now: only its digest is kept.
        state.memo.wrote()
        state.written = current
        state.outputDirectory = request.outputDirectory
        clock.lap("write")
        report.stageSeconds += clock.laps
        return Outcome(report: report, changedPaths: changedPaths, pagesRendered: pagesRendered)
    }

    /// What a write that gives way to the next save needs: the signal, and the page
    /// memo as it was before this rebuild rendered (`PageMemo.keepOnlyWritten`).
    private struct GivingWay {
        var yield: YieldSignal
        var pagesBefore: PageMemo.Checkpoint
    }

    /// Serve's write of an update in place, `writeRun` files at a time (a few
    /// milliseconds each), looking at the yield signal between two runs: at 10,000
    /// posts a new post changes 2,500 files, 70 ms of writing that the next save
    /// would wait behind. Nil when it gave way: the output folder then holds the runs
    /// written, and `state.written` and the page memo say exactly that (the pages not
    /// written are as before this rebuild, so the next announcement calls them out of
    /// date and serves them rendered); nothing is removed yet. The next rebuild plans
    /// from this one and writes the rest.
    private func writeInRuns(_ changed: [OutputFile], removing removed: [String], _ request: BuildRequest, _ state: inout State,
                             current: [String: WrittenFile], _ givingWay: GivingWay) throws(BuildFailure) -> WriteSummary? {
        var written = state.written ?? [:]
        var summary = WriteSummary(written: 0, unchanged: 0, removed: 0)
        var start = 0
        repeat {
            let end = min(start + writeRun, changed.count)
            let run = Array(changed[start..<end])
            state.written = nil  // unknown until the run is written
            let done = try Self.forgettingWrittenIfFailed(state.memo) { () throws(BuildFailure) in
                try OutputWriter.update(writing: run, removing: end == changed.count ? removed : [],
                                        in: request.outputDirectory, siteDirectory: request.siteDirectory)
            }
            summary.written += done.written
            summary.unchanged += done.unchanged
            summary.removed += done.removed
            for file in run { written[file.path] = current[file.path] }
            state.written = written
            start = end
            if start < changed.count, givingWay.yield.isRaised {
                state.memo.pages.keepOnlyWritten(Set(changed[..<start].map(\.path)), before: givingWay.pagesBefore)
                return nil
            }
        } while start < changed.count
        return summary
    }

    /// Files written between two looks at the yield signal (256: a few milliseconds).
    private let writeRun: Int

    /// Serve's first half of a rebuild: plans the site (`SiteBuilder.plan`) and says
    /// which output files change, without rendering them; the server then answers
    /// requests for those pages by rendering them (`page(atOutputPath:)`), and
    /// `finish` makes and writes the rest. The first build, and a build with errors,
    /// are done at once (`Announcement.finished`).
    public func announce(_ request: BuildRequest, changedFiles: Set<String>? = nil) throws(BuildFailure) -> Announcement {
        try state.withLock { state throws(BuildFailure) -> Announcement in
            // An announcement left unfinished (serve saw the next save coming) is written
            // with this one. If this one fails, nothing is written: the output folder stays
            // as it was last written, and the next good save writes both. (Keeping the
            // unfinished plan to write it alone would hold a second reference to the arrays
            // the plan patch changes in place, and copy them on every save at a writer's pace.)
            try announce(request, changedFiles: changedFiles, in: &state)
        }
    }

    private func announce(_ request: BuildRequest, changedFiles: Set<String>?, in state: inout State) throws(BuildFailure) -> Announcement {
        // What an unfinished announcement told the open pages (they show it, rendered on request).
        let toldBefore = state.plan == nil ? nil : unwritten.withLock { $0?.told }
        state.plan = nil
        unwritten.withLock { $0 = nil }
        guard request.mode != .check, state.written != nil, state.outputDirectory == request.outputDirectory,
              FileManager.default.fileExists(atPath: request.outputDirectory.path),
              OutputWriter.validateOutputDirectory(request.outputDirectory, siteDirectory: request.siteDirectory) == nil else {
            let outcome = try build(request, changedFiles: changedFiles, in: &state)
            return Announcement(changedPaths: outcome.changedPaths, warnings: outcome.report.warnings, finished: outcome)
        }
        let plan: SitePlan
        switch SiteBuilder.plan(request, memo: state.memo, changed: changedFiles) {
        case .failure(let unplanned): throw BuildFailure(unplanned.site.diagnostics)
        case .success(let planned): plan = planned
        }
        guard let theme = plan.theme, let projections = plan.projections, let keys = plan.keys,
              !plan.diagnostics.contains(where: { $0.severity == .error }) else {
            // A build with errors is written whole or not at all: its problems come complete.
            // Its pages, rendered and not written, must not stay in the memo: a page of an
            // unfinished edit before it would pass for written, and be served from disk without it.
            let pagesBefore = state.memo.pages.checkpoint()
            do throws(BuildFailure) {
                let outcome = try finish(plan, request, &state)
                return Announcement(changedPaths: outcome.changedPaths, warnings: outcome.report.warnings, finished: outcome)
            } catch {
                state.memo.pages.restore(pagesBefore)
                throw error
            }
        }
        let staleRoutes = state.memo.pages.stale(plan.routes, keys: keys, lineage: plan.lineage)
        let gone = state.memo.pages.gone(keeping: plan.routes, routeIndex: plan.routeIndex, lineage: plan.lineage)
        // Read through locals: `plan` named in a closure is copied whole on each call (a
        // retain and a release of each of its parts), 10,000 times for a template edit.
        let routes = plan.routes, routeIndex = plan.routeIndex
        var changed: [String] = []
        changed.reserveCapacity(staleRoutes.count)
        // A page the unfinished announcement told about, with the key it has now, is shown
        // already: told again, the open page would reload for nothing (a stylesheet saved
        // after a post would reload the page instead of swapping its styles).
        let toldAlready = Self.toldAlready(toldBefore, lineage: plan.lineage, keys: keys)
        for r in staleRoutes where !toldAlready(r) { changed.append("/" + routes[r].outputPath) }
        // By route, not a set: a template edit makes 10,000 pages stale.
        var staleMarks = [Bool](repeating: false, count: plan.routes.count)
        for r in staleRoutes { staleMarks[r] = true }
        for r in Self.toldOtherwise(toldBefore, lineage: plan.lineage, keys: keys, stale: staleMarks) {
            changed.append("/" + routes[r].outputPath)
        }
        var others = Set(gone.map { "/" + $0 })
        var copies: [String: UnwrittenCopy] = [:]
        if let changedFiles {
            // A file that is gone and was never written (an editor's temporary save file) changes nothing.
            let copied = Self.copiedOutputs(of: changedFiles, request).filter { output in
                state.written?[output.path] != nil || FileManager.default.fileExists(atPath: output.source)
            }
            others.formUnion(copied.map { "/" + $0.path })
            // The theme's assets are served as they are now until `finish` writes them (a
            // stylesheet as the theme has it, without its comments). Content's static files
            // are left to `finish`: an image may be processed, not copied.
            let assetsFolder = SiteURLs.assetOutputPath("")
            for output in copied where output.path.hasPrefix(assetsFolder) {
                switch theme.assets[String(output.path.dropFirst(assetsFolder.count))] {
                case .bytes(let bytes)?: copies[output.path] = .bytes(bytes)
                case .file(let source)?: copies[output.path] = .file(source)
                case nil: break
                }
            }
        }
        changed += others.filter { path in routeIndex[String(path.dropFirst())].map { !staleMarks[$0] } ?? true }.sorted()
        let next = generation.add(1, ordering: .relaxed).newValue
        unwritten.withLock {
            $0 = Unwritten(renderer: PageRenderer(site: plan.site, theme: theme, urls: plan.urls, projections: projections),
                           routes: plan.routes, routeIndex: plan.routeIndex, stale: staleMarks,
                           gone: Set(gone), copies: copies, generation: next, plan: plan.number, keys: keys)
        }
        state.plan = plan
        var clock = plan.clock
        clock.lap("stale")
        return Announcement(changedPaths: changed, warnings: plan.diagnostics.filter { $0.severity == .warning },
                            stageSeconds: clock.laps)
    }

    /// Serve's second half of a rebuild: renders what `announce` planned (pages,
    /// feeds, images, link checks) and writes what changed. With nothing announced
    /// (the announcement was `finished`), writes nothing.
    public func finish() throws(BuildFailure) -> Outcome {
        try state.withLock { state throws(BuildFailure) -> Outcome in
            guard let plan = state.plan else { return Self.nothingAnnounced }
            state.plan = nil
            return try finish(plan, plan.request, &state)
        }
    }

    /// `finish()`, giving way to newer work: `newerWork` is asked between pieces of
    /// work a few milliseconds long, and once it says the next save came, the rebuild
    /// stops before writing anything and returns nil. The announced pages are still
    /// served as announced (`page(atOutputPath:)`), and the next `announce` plans
    /// from this one and writes both.
    public func finish(yieldingWhen newerWork: @escaping @Sendable () -> Bool) throws(BuildFailure) -> Outcome? {
        try state.withLock { state throws(BuildFailure) -> Outcome? in
            guard let plan = state.plan else { return Self.nothingAnnounced }
            let yield = YieldSignal(newerWork)
            let pagesBefore = state.memo.pages.checkpoint()
            guard let rendered = SiteBuilder.output(plan, memo: state.memo, yield: yield) else { return nil }
            let memo = state.memo, request = plan.request
            let written: Outcome?
            do throws(BuildFailure) {
                written = try write(rendered, request, &state, again: { SiteBuilder.render(request, memo: memo, changed: nil) },
                                    givingWay: GivingWay(yield: yield, pagesBefore: pagesBefore))
            } catch {
                state.plan = nil
                unwritten.withLock { $0 = nil }
                throw error
            }
            // Given way part-written: the announced pages are still served as announced.
            guard var outcome = written else { return nil }
            state.plan = nil
            unwritten.withLock { $0 = nil }
            outcome.patched = plan.patched
            return outcome
        }
    }

    private static var nothingAnnounced: Outcome {
        let report = BuildReport(pages: 0, files: 0, posts: 0, series: 0, apps: 0, skippedDrafts: [], skippedFuture: [],
                                 warnings: [], hints: [])
        return Outcome(report: report, changedPaths: [], pagesRendered: 0)
    }

    /// The page at `path` (an output path: `2024/05/x/index.html`) while an edit is
    /// announced and not yet written: rendered now if its file is out of date.
    public func page(atOutputPath path: String) -> UnwrittenPage {
        guard let snapshot = unwritten.withLock({ $0 }) else { return .onDisk }
        if snapshot.gone.contains(path) { return .gone }
        switch snapshot.copies[path] {
        case .bytes(let bytes)?: return .page(bytes)
        case .file(let source)?:
            if let data = FileManager.default.contents(atPath: source) { return .page([UInt8](data)) }
        case nil: break
        }
        guard let r = snapshot.routeIndex[path], snapshot.stale[r] else { return .onDisk }
        let route = snapshot.routes[r]
        if let bytes = snapshot.rendered[path] { return .page(bytes) }
        let (files, _) = snapshot.renderer.render([route])
        guard let file = files.first, case .bytes(let bytes) = file.contents else { return .onDisk }
        unwritten.withLock { current in
            if current?.generation == snapshot.generation { current?.rendered[path] = bytes }
        }
        return .page(bytes)
    }

    /// Whether route `r` of a plan patched from the unfinished one (`lineage`) was told
    /// about by that one's announcement (`told`) with the key it has now (`keys`).
    private static func toldAlready(_ told: (plan: Int, keys: [Int?])?, lineage: SitePlan.Lineage?,
                                    keys: [Int]) -> (Int) -> Bool {
        guard let told, let lineage, lineage.from == told.plan, lineage.lastCount == told.keys.count else { return { _ in false } }
        let lastIndex = lineage.lastIndex
        return { r in
            guard let last = lastIndex.map({ $0[r] }) ?? r, let key = told.keys[last] else { return false }
            return key == keys[r]
        }
    }

    /// Routes of a plan patched from the unfinished one (`lineage`) that are not out of
    /// date (`stale`: the output folder holds them as they are now) but that its
    /// announcement told the open pages about with another key: the edit was taken
    /// back (a post put into a series and out again, with no write between). The open
    /// page shows what it was told, so it is told again, and gets the page from disk.
    private static func toldOtherwise(_ told: (plan: Int, keys: [Int?])?, lineage: SitePlan.Lineage?,
                                      keys: [Int], stale: [Bool]) -> [Int] {
        guard let told, let lineage, lineage.from == told.plan, lineage.lastCount == told.keys.count else { return [] }
        let lastIndex = lineage.lastIndex
        return keys.indices.filter { r in
            guard !stale[r], let last = lastIndex.map({ $0[r] }) ?? r, let key = told.keys[last] else { return false }
            return key != keys[r]
        }
    }

    /// Output paths of the changed files that are copied into the output as they
    /// are: static files under content/ and the theme's assets.
    private static func copiedOutputs(of files: Set<String>, _ request: BuildRequest) -> [(path: String, source: String)] {
        let content = request.siteDirectory.appendingPathComponent("content").standardizedFileURL.path + "/"
        let assets = request.siteDirectory.appendingPathComponent("templates/assets").standardizedFileURL.path + "/"
        return files.compactMap { path in
            if path.hasPrefix(assets) { return (SiteURLs.assetOutputPath(String(path.dropFirst(assets.count))), path) }
            guard path.hasPrefix(content), !ContentPaths.isMarkdown(path), !path.hasSuffix(".yml") else { return nil }
            return (String(path.dropFirst(content.count)), path)
        }
    }

    /// Makes the files of `plan` and writes what changed; the unwritten pages are then on disk.
    private func finish(_ plan: SitePlan, _ request: BuildRequest, _ state: inout State) throws(BuildFailure) -> Outcome {
        try finish(plan, SiteBuilder.output(plan, memo: state.memo), &state)
    }

    /// Writes `rendered`, the files made of `plan`.
    private func finish(_ plan: SitePlan, _ rendered: RenderedSite, _ state: inout State) throws(BuildFailure) -> Outcome {
        defer { unwritten.withLock { $0 = nil } }
        let memo = state.memo, request = plan.request
        var outcome = try write(rendered, request, &state, again: { SiteBuilder.render(request, memo: memo, changed: nil) })
        outcome.patched = plan.patched
        return outcome
    }

    /// Whether the next write updates the output folder the last one wrote (else it writes everything).
    private static func updatesInPlace(_ state: State, _ request: BuildRequest) -> Bool {
        state.written != nil && state.outputDirectory == request.outputDirectory
            && FileManager.default.fileExists(atPath: request.outputDirectory.path)
    }

    /// `write()`; if it fails, what the output folder holds is unknown, and the pages
    /// only it held (`.written`) are made again next time.
    private static func forgettingWrittenIfFailed(_ memo: BuildMemo,
                                                  _ write: () throws(BuildFailure) -> WriteSummary) throws(BuildFailure) -> WriteSummary {
        do throws(BuildFailure) {
            return try write()
        } catch {
            memo.forgetWritten()
            throw error
        }
    }

    /// Whether `file` is copied from a file that no longer exists.
    private static func copiesAFileThatIsGone(_ file: OutputFile) -> Bool {
        guard case .copy(from: let source) = file.contents else { return false }
        return !FileManager.default.fileExists(atPath: source)
    }
}
