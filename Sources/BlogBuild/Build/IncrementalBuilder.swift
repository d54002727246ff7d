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
    }

    private let state = Mutex(State())

    public init() {}

    /// Builds the site; unless the mode is `check`, writes what changed.
    ///
    /// `changedFiles`: the files (absolute paths) that changed since the last
    /// build, when the caller knows them exactly (the dev server's watcher); an
    /// edit of post bodies alone then skips the pipeline (`EditPatch`).
    public func build(_ request: BuildRequest, changedFiles: Set<String>? = nil) throws(BuildFailure) -> Outcome {
        try state.withLock { state throws(BuildFailure) -> Outcome in
            if request.mode != .check,
               let problem = OutputWriter.validateOutputDirectory(request.outputDirectory, siteDirectory: request.siteDirectory) {
                throw BuildFailure([problem])
            }
            if let changedFiles, request.mode != .check, state.written != nil,
               state.outputDirectory == request.outputDirectory,
               FileManager.default.fileExists(atPath: request.outputDirectory.path),
               let quick = EditPatch.render(request, changed: changedFiles, memo: state.memo),
               quick.site.isWritable(in: request.mode) {
                return try Self.write(quick, request, &state)
            }
            let rendered = SiteBuilder.render(request, memo: state.memo, changed: changedFiles)
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
