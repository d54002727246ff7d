import Foundation
import Synchronization

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
        /// True when the last build was patched (`EditPatch`) instead of built again.
        public var patched = false
    }

    /// How a file in the output was made, to tell whether it must be written again.
    private enum WrittenFile: Equatable {
        case bytes([UInt8])
        /// A copy, with its source's stamp: a static file edited in place keeps its path.
        case copy(String, FileStamp?)

        init(_ file: OutputFile) {
            switch file.contents {
            case .bytes(let bytes): self = .bytes(bytes)
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
        /// A patched edit was written without its search index, which `finish` makes (for this request).
        var searchPending: BuildRequest?
    }

    private let state = Mutex(State())

    /// The pages of an announced edit that are not written yet, for the server
    /// (`page(atOutputPath:)`): rendered when asked for, before `finish` writes them.
    private struct Unwritten: Sendable {
        var renderer: PageRenderer
        /// Output path → its route, for the pages whose file is out of date.
        var stale: [String: Route]
        /// Output paths of pages the edit removed.
        var gone: Set<String>
        /// Pages rendered on request, by output path.
        var rendered: [String: [UInt8]] = [:]
        var generation: Int
    }

    private let unwritten = Mutex<Unwritten?>(nil)
    private let generation = Atomic<Int>(0)

    /// An edit as soon as it is known what it changes (`announce`).
    public struct Announcement: Sendable {
        /// Output files that change, as site paths (`/posts/x/index.html`), sorted: the
        /// pages whose render key changed, the pages removed, and the static files and
        /// theme assets that were edited.
        public var changedPaths: [String]
        /// Warnings found so far (the rest come with `finish`).
        public var warnings: [Diagnostic]
        /// Set when the edit was built and written at once (an edit `EditPatch`
        /// patches, or a build with errors): then there is nothing to `finish`.
        public var finished: Outcome?
    }

    public init() {}

    /// Builds the site; unless the mode is `check`, writes what changed.
    ///
    /// `changedFiles`: the files (absolute paths) that changed since the last
    /// build, when the caller knows them exactly (the dev server's watcher); an
    /// edit of post bodies alone then skips the pipeline (`EditPatch`).
    public func build(_ request: BuildRequest, changedFiles: Set<String>? = nil) throws(BuildFailure) -> Outcome {
        try state.withLock { state throws(BuildFailure) -> Outcome in
            try build(request, changedFiles: changedFiles, in: &state)
        }
    }

    private func build(_ request: BuildRequest, changedFiles: Set<String>?, in state: inout State) throws(BuildFailure) -> Outcome {
        // Whatever was announced and not finished is made again from the files as they are now.
        state.plan = nil
        state.searchPending = nil
        unwritten.withLock { $0 = nil }
        if request.mode != .check,
           let problem = OutputWriter.validateOutputDirectory(request.outputDirectory, siteDirectory: request.siteDirectory) {
            throw BuildFailure([problem])
        }
        if let changedFiles, request.mode != .check, state.written != nil,
           state.outputDirectory == request.outputDirectory,
           FileManager.default.fileExists(atPath: request.outputDirectory.path),
           let quick = EditPatch.render(request, changed: changedFiles, memo: state.memo),
           quick.site.isWritable(in: request.mode) {
            var outcome = try Self.write(quick, request, &state)
            if quick.searchStale {
                let search = try writeSearchIndex(request, &state)
                outcome.changedPaths = Array(Set(outcome.changedPaths + search.changedPaths)).sorted()
            }
            return outcome
        }
        let rendered = SiteBuilder.render(request, memo: state.memo, changed: changedFiles)
        let memo = state.memo
        return try write(rendered, request, &state, again: { SiteBuilder.render(request, memo: memo, changed: nil) })
    }

    /// Writes what changed in `rendered` since the last write (everything when that is unknown).
    /// `again`: the build made again from a new walk of content/, for when a file it
    /// copies from there is gone: content/ changed while it was built. An editor's save
    /// (a hidden temporary file beside the one it saves, renamed over it) can be walked
    /// and gone a moment later; its rename is a change the watcher tells next.
    private func write(_ rendered: RenderedSite, _ request: BuildRequest, _ state: inout State,
                       again: (() -> RenderedSite)? = nil) throws(BuildFailure) -> Outcome {
        guard rendered.isWritable(in: request.mode) else { throw BuildFailure(rendered.diagnostics) }
        var report = rendered.report
        let pagesRendered = state.memo.pages.renderedLastTime
        guard request.mode != .check else { return Outcome(report: report, changedPaths: [], pagesRendered: pagesRendered) }

        var clock = StageClock()
        var current: [String: WrittenFile] = [:]
        current.reserveCapacity(rendered.files.count)
        for file in rendered.files { current[file.path] = WrittenFile(file) }
        let changedPaths: [String]
        if let previous = state.written, state.outputDirectory == request.outputDirectory,
           FileManager.default.fileExists(atPath: request.outputDirectory.path) {
            let changed = rendered.files.filter { previous[$0.path] != current[$0.path] }
            if let again, changed.contains(where: Self.copiesAFileThatIsGone) {
                return try write(again(), request, &state)
            }
            let removed = previous.keys.filter { current[$0] == nil }.sorted()
            state.written = nil  // unknown until the update succeeds
            report.written = try OutputWriter.update(writing: changed, removing: removed, in: request.outputDirectory,
                                                     siteDirectory: request.siteDirectory)
            changedPaths = (changed.map { "/" + $0.path } + removed.map { "/" + $0 }).sorted()
        } else {
            state.written = nil
            report.written = try OutputWriter.write(rendered.files, to: request.outputDirectory,
                                                    siteDirectory: request.siteDirectory)
            changedPaths = rendered.files.map { "/" + $0.path }
        }
        state.written = current
        state.outputDirectory = request.outputDirectory
        clock.lap("write")
        report.stageSeconds += clock.laps
        return Outcome(report: report, changedPaths: changedPaths, pagesRendered: pagesRendered)
    }

    /// Serve's first half of a rebuild: plans the site (`SiteBuilder.plan`) and says
    /// which output files change, without rendering them; the server then answers
    /// requests for those pages by rendering them (`page(atOutputPath:)`), and
    /// `finish` makes and writes the rest. An edit `EditPatch` patches, and a build
    /// with errors, are done at once (`Announcement.finished`).
    public func announce(_ request: BuildRequest, changedFiles: Set<String>? = nil) throws(BuildFailure) -> Announcement {
        try state.withLock { state throws(BuildFailure) -> Announcement in
            state.plan = nil
            state.searchPending = nil
            unwritten.withLock { $0 = nil }
            guard request.mode != .check, state.written != nil, state.outputDirectory == request.outputDirectory,
                  FileManager.default.fileExists(atPath: request.outputDirectory.path),
                  OutputWriter.validateOutputDirectory(request.outputDirectory, siteDirectory: request.siteDirectory) == nil else {
                let outcome = try build(request, changedFiles: changedFiles, in: &state)
                return Announcement(changedPaths: outcome.changedPaths, warnings: outcome.report.warnings, finished: outcome)
            }
            if let changedFiles, let quick = EditPatch.render(request, changed: changedFiles, memo: state.memo),
               quick.site.isWritable(in: request.mode) {
                let outcome = try Self.write(quick, request, &state)
                // The pages are written; the search index, which reads every post, is `finish`'s.
                state.searchPending = quick.searchStale ? request : nil
                return Announcement(changedPaths: outcome.changedPaths, warnings: outcome.report.warnings,
                                    finished: quick.searchStale ? nil : outcome)
            }
            let plan: SitePlan
            switch SiteBuilder.plan(request, memo: state.memo, changed: changedFiles) {
            case .failure(let unplanned): throw BuildFailure(unplanned.site.diagnostics)
            case .success(let planned): plan = planned
            }
            guard let theme = plan.theme, let projections = plan.projections, let keys = plan.keys,
                  !plan.diagnostics.contains(where: { $0.severity == .error }) else {
                // A build with errors is written whole or not at all: its problems come complete.
                let outcome = try finish(plan, request, &state)
                return Announcement(changedPaths: outcome.changedPaths, warnings: outcome.report.warnings, finished: outcome)
            }
            let staleRoutes = state.memo.pages.stale(plan.routes, keys: keys).map { plan.routes[$0] }
            let gone = state.memo.pages.gone(keeping: plan.routes)
            var changed = Set(staleRoutes.map { "/" + $0.outputPath })
            changed.formUnion(gone.map { "/" + $0 })
            if let changedFiles {
                // A file that is gone and was never written (an editor's temporary save file) changes nothing.
                let copied = Self.copiedOutputs(of: changedFiles, request).filter { output in
                    state.written?[output.path] != nil || FileManager.default.fileExists(atPath: output.source)
                }
                changed.formUnion(copied.map { "/" + $0.path })
            }
            let next = generation.add(1, ordering: .relaxed).newValue
            unwritten.withLock {
                $0 = Unwritten(renderer: PageRenderer(site: plan.site, theme: theme, urls: plan.urls, projections: projections),
                               stale: Dictionary(staleRoutes.map { ($0.outputPath, $0) }, uniquingKeysWith: { a, _ in a }),
                               gone: Set(gone), generation: next)
            }
            state.plan = plan
            return Announcement(changedPaths: changed.sorted(), warnings: plan.diagnostics.filter { $0.severity == .warning })
        }
    }

    /// Serve's second half of a rebuild: renders what `announce` planned (pages,
    /// feeds, images, link checks) and writes what changed. With nothing announced
    /// (the announcement was `finished`), writes nothing.
    public func finish() throws(BuildFailure) -> Outcome {
        try state.withLock { state throws(BuildFailure) -> Outcome in
            if state.plan == nil, let request = state.searchPending {
                state.searchPending = nil
                return try writeSearchIndex(request, &state)
            }
            guard let plan = state.plan else {
                let report = BuildReport(pages: 0, files: 0, posts: 0, series: 0, apps: 0, skippedDrafts: [], skippedFuture: [],
                                         warnings: [], hints: [])
                return Outcome(report: report, changedPaths: [], pagesRendered: 0)
            }
            state.plan = nil
            return try finish(plan, plan.request, &state)
        }
    }

    /// The page at `path` (an output path: `2024/05/x/index.html`) while an edit is
    /// announced and not yet written: rendered now if its file is out of date.
    public func page(atOutputPath path: String) -> UnwrittenPage {
        guard let snapshot = unwritten.withLock({ $0 }) else { return .onDisk }
        if snapshot.gone.contains(path) { return .gone }
        guard let route = snapshot.stale[path] else { return .onDisk }
        if let bytes = snapshot.rendered[path] { return .page(bytes) }
        let (files, _) = snapshot.renderer.render([route])
        guard let file = files.first, case .bytes(let bytes) = file.contents else { return .onDisk }
        unwritten.withLock { current in
            if current?.generation == snapshot.generation { current?.rendered[path] = bytes }
        }
        return .page(bytes)
    }

    /// Makes the search index again for the last build (`SearchRefresh`) and writes the
    /// files of it that changed.
    private func writeSearchIndex(_ request: BuildRequest, _ state: inout State) throws(BuildFailure) -> Outcome {
        var clock = StageClock()
        guard let report = state.memo.last?.rendered.report, let (changed, removed) = SearchRefresh.refresh(state.memo) else {
            return Outcome(report: BuildReport(pages: 0, files: 0, posts: 0, series: 0, apps: 0, skippedDrafts: [],
                                               skippedFuture: [], warnings: [], hints: []),
                           changedPaths: [], pagesRendered: 0)
        }
        clock.lap("search")
        var outcome = Outcome(report: report, changedPaths: (changed.map { "/" + $0.path } + removed.map { "/" + $0 }).sorted(),
                              pagesRendered: 0, patched: true)
        do throws(BuildFailure) {
            outcome.report.written = try OutputWriter.update(writing: changed, removing: removed, in: request.outputDirectory,
                                                             siteDirectory: request.siteDirectory)
        } catch {
            state.written = nil  // unknown after a failed write: the next build writes everything
            throw error
        }
        for file in changed { state.written?[file.path] = WrittenFile(file) }
        for path in removed { state.written?[path] = nil }
        clock.lap("write")
        outcome.report.stageSeconds = clock.laps
        return outcome
    }

    /// Output paths of the changed files that are copied into the output as they
    /// are: static files under content/ and the theme's assets.
    private static func copiedOutputs(of files: Set<String>, _ request: BuildRequest) -> [(path: String, source: String)] {
        let content = request.siteDirectory.appendingPathComponent("content").standardizedFileURL.path + "/"
        let assets = request.siteDirectory.appendingPathComponent("templates/assets").standardizedFileURL.path + "/"
        return files.compactMap { path in
            if path.hasPrefix(assets) { return ("assets/" + path.dropFirst(assets.count), path) }
            guard path.hasPrefix(content), !path.hasSuffix(".md"), !path.hasSuffix(".yml") else { return nil }
            return (String(path.dropFirst(content.count)), path)
        }
    }

    /// Makes the files of `plan` and writes what changed; the unwritten pages are then on disk.
    private func finish(_ plan: SitePlan, _ request: BuildRequest, _ state: inout State) throws(BuildFailure) -> Outcome {
        defer { unwritten.withLock { $0 = nil } }
        let rendered = SiteBuilder.output(plan, memo: state.memo)
        let memo = state.memo
        return try write(rendered, request, &state, again: { SiteBuilder.render(request, memo: memo, changed: nil) })
    }

    /// Whether `file` is copied from a file that no longer exists.
    private static func copiesAFileThatIsGone(_ file: OutputFile) -> Bool {
        guard case .copy(from: let source) = file.contents else { return false }
        return !FileManager.default.fileExists(atPath: source)
    }

    /// Writes what a body edit remade, where its bytes differ from what is on disk.
    private static func write(_ quick: EditPatch.Result, _ request: BuildRequest,
                              _ state: inout State) throws(BuildFailure) -> Outcome {
        var clock = StageClock()
        var report = quick.site.report
        let remade = Set(quick.remade)
        let changed = quick.site.files.filter { file in
            remade.contains(file.path) && state.written?[file.path] != WrittenFile(file)
        }
        do throws(BuildFailure) {
            report.written = try OutputWriter.update(writing: changed, removing: [], in: request.outputDirectory,
                                                     siteDirectory: request.siteDirectory)
        } catch {
            state.written = nil  // unknown after a failed write: the next build writes everything
            throw error
        }
        for file in changed { state.written?[file.path] = WrittenFile(file) }
        clock.lap("write")
        report.stageSeconds = clock.laps
        return Outcome(report: report, changedPaths: changed.map { "/" + $0.path }.sorted(),
                       pagesRendered: remade.count { $0.hasSuffix(".html") }, patched: true)
    }
}
