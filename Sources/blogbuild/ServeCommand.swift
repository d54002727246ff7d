import ArgumentParser
import BlogBuild
import Diagnostics
import Dispatch
import Foundation
import Load
import Output
import Serve
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site with drafts, serve it on http://127.0.0.1:8000/, rebuild when content/ or templates/ change and live-reload open pages.")

    @OptionGroup var options: SiteOptions

    @Option(name: [.short, .long], help: ArgumentHelp("""
        Render into this folder and keep it (default: a private temporary folder, removed when serve stops; \
        never SITE/public, which is what gets deployed).
        """, valueName: "dir"))
    var output: String?

    @Flag(name: [.short, .long], help: """
        Also print each request served, what the first build wrote, what image processing did, the time each \
        stage of a build took, the junk files left out, and every hint where one per kind would do.
        """)
    var verbose = false

    @Option(name: .long, help: ArgumentHelp("The address to listen on (e.g. ::1).", valueName: "host"))
    var host = "127.0.0.1"

    @Option(name: [.short, .long], help: ArgumentHelp("The port to listen on (0 picks a free one).", valueName: "port"))
    var port = 8000

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
    }

    func run() throws {
        limitMemoryArenas()
        let site = options.siteURL
        // Outside a site there is nothing to build, watch or serve: the error build gives, exit 1.
        if let notASite = ContentLoader.notASite(site) {
            Reporter.failure(BuildFailure([notASite]), verb: "build", quiet: options.quiet)
            throw SiteProblems()
        }
        // Port first: a port in use is told before any work, with one that is free.
        if port != 0 {
            switch PortProbe.check(host: host, port: port) {
            case .free: break
            case .inUse:
                let hint = PortProbe.freePort(after: port, host: host).map { "; try --port \($0)" } ?? ""
                FileHandle.standardError.write(Data("error: port \(port) is in use\(hint)\n".utf8))
                throw SiteProblems()
            case .unavailable(let why):
                FileHandle.standardError.write(Data("error: cannot serve on \(DevServer.url(host: host, port: port)): \(why)\n".utf8))
                throw SiteProblems()
            }
        }
        // Never public/: that is what gets deployed. `--output` writes where asked.
        let privateFolder: PrivateOutputFolder?
        let outputURL = output.map { URL(fileURLWithPath: $0).standardizedFileURL }
        if outputURL == nil {
            do {
                privateFolder = try PrivateOutputFolder.make()
            } catch {
                FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
                throw SiteProblems()
            }
        } else {
            privateFolder = nil
        }
        defer { privateFolder?.remove() }
        guard let output = outputURL ?? privateFolder?.url else { throw SiteProblems() }
        let options = BuildSettings(site: self.options, output: output, verbose: verbose)
        let watcher = SiteWatcher(siteDirectory: site, excluding: [output])
        let initial = watcher.snapshot()  // before the build: a save during it is not missed
        let hub = LiveReloadHub()
        let builder = IncrementalBuilder()
        var basePath = "/"
        switch rebuild(builder, site: site, output: output, options: options, first: true) {
        case .success(let outcome?):
            basePath = outcome.report.basePath
            hub.send(changedPaths: [], warnings: outcome.report.warnings.map(\.description))
        case .success(nil):
            break
        case .failure(let failure):
            hub.send(errors: failure.diagnostics.map(\.description))
        }
        // The first build's pages are written and let go: give their memory back before serving.
        returnFreedMemory()
        try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)

        var log: (@Sendable (String) -> Void)?
        if verbose { log = { line in writeOut(line) } }
        var devServer = DevServer(root: output, host: host, port: port, log: log, liveReload: hub, basePath: basePath)
        // A page an edit changed is served as it is now, before its file is written.
        // The open pages are served before the rest is written (`OpenPageRequests`).
        let openPages = OpenPageRequests()
        devServer.unwrittenPages = { path in
            let page = builder.page(atOutputPath: path)
            if page != .onDisk { openPages.served() }
            return page
        }
        let server = devServer
        let prefix = DevServer.servedPrefix(basePath: basePath)
        let host = self.host
        let outcome = Mutex<Result<Void, any Error>>(.success(()))
        let done = DispatchSemaphore(value: 0)
        // ParsableCommand's run is synchronous: the server runs on Swift concurrency's
        // pool while this thread waits.
        Task.detached { [basePath] in
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try await server.run(handleSignals: true) { bound in
                            writeOut("Serving \(site.path) at \(DevServer.url(host: host, port: bound, basePath: basePath)) (Ctrl-C to stop)")
                            if let privateFolder, !options.quiet {
                                writeOut("Rendering into \(privateFolder.url.path), not public/ (removed when serve stops; --output DIR to keep it)")
                            }
                        }
                    }
                    group.addTask {
                        try await watcher.watch(after: initial) { changed, moreWaiting in
                            // A build blocks its thread: keep it off Swift concurrency's small pool.
                            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                                DispatchQueue.global().async {
                                    // Open pages learn what changed as soon as it is known (they reload, or
                                    // swap CSS, and get the changed page rendered on request), then again
                                    // once everything is written.
                                    // A page announced is served as the edit made it from then on: the final
                                    // event names only what the announcement did not (feeds, the search
                                    // index), so an open page reloads once.
                                    var told = Set<String>()
                                    let announced = { (announcement: IncrementalBuilder.Announcement) in
                                        openPages.announced()
                                        hub.send(changedPaths: prefix.isEmpty ? announcement.changedPaths : announcement.changedPaths.map { prefix + $0 },
                                                 warnings: announcement.warnings.map(\.description), pending: true)
                                        told = Set(announcement.changedPaths)
                                        // The pages open in a browser are rendered first, on request.
                                        if hub.subscriberCount > 0 { openPages.waitForOpenPages(unless: moreWaiting) }
                                    }
                                    let result = rebuild(builder, site: site, output: output, options: options, rebuilding: changed,
                                                         announced: announced, moreWaiting: moreWaiting)
                                    switch result {
                                    case .success(nil):
                                        break  // announced; the next change's rebuild writes it
                                    case .success(let outcome?):
                                        if outcome.report.basePath != basePath {
                                            FileHandle.standardError.write(Data(("note: base_url's path is now \(outcome.report.basePath); "
                                                + "restart serve to serve the site there (still serving under \(basePath))\n").utf8))
                                        }
                                        let untold = outcome.changedPaths.filter { !told.contains($0) }
                                        hub.send(changedPaths: prefix.isEmpty ? untold : untold.map { prefix + $0 },
                                                 warnings: outcome.report.warnings.map(\.description))
                                    case .failure(let failure):
                                        hub.send(errors: failure.diagnostics.map(\.description))
                                    }
                                    // After the pages heard of it: trimming a large heap takes a while. Not
                                    // when the next save is waiting: its rebuild comes first, and trims after.
                                    if case .success(nil) = result {} else { returnFreedMemory() }
                                    done.resume()
                                }
                            }
                        }
                    }
                    // The server returns after SIGINT/SIGTERM (or fails to bind): stop watching.
                    defer { group.cancelAll() }
                    try await group.next()
                }
            } catch is CancellationError {
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        if case .failure(let error) = outcome.withLock({ $0 }) {
            FileHandle.standardError.write(Data("error: cannot serve on \(DevServer.url(host: host, port: port)): \(error)\n".utf8))
            throw SiteProblems()
        }
    }
}

/// A build with drafts, redoing only what changed since the last one. The first
/// build prints the usual summary; each rebuild one line: the time, what changed,
/// what was written, how long it took. On failure prints the diagnostics and leaves
/// the last good site in place (the engine writes nothing on failure).
/// A rebuild is announced first (`announced`: the pages it changes are then
/// rendered when asked for, and it returns once the open pages were served), then finished, unless `moreWaiting` says the watcher
/// has seen more changes by then: the next rebuild plans from this one and writes
/// both (nil then).
private func rebuild(_ builder: IncrementalBuilder, site: URL, output: URL, options: BuildSettings,
                     rebuilding changed: Set<String>? = nil, first: Bool = false,
                     announced: (IncrementalBuilder.Announcement) -> Void = { _ in },
                     moreWaiting: @escaping @Sendable () -> Bool = { false }) -> Result<IncrementalBuilder.Outcome?, BuildFailure> {
    let start = DispatchTime.now()
    var announcedAfter: Int?
    var request = BuildRequest(siteDirectory: site, outputDirectory: output, mode: .build(includeDrafts: true))
    request.cacheDirectory = options.site.cacheURL
    // The first build may make every image's variants (half a minute after an import): counted on a terminal.
    let progress = ProgressLine(enabled: first && !options.quiet)
    request.counted = { progress.count($0, done: $1, total: $2) }
    defer { progress.clear() }
    do {
        let outcome: IncrementalBuilder.Outcome
        if first {
            outcome = try builder.build(request, changedFiles: changed)
        } else {
            let announcement = try builder.announce(request, changedFiles: changed)
            if let finished = announcement.finished {
                outcome = finished
            } else {
                let announcedNow = Int((Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6).rounded())
                announcedAfter = announcedNow
                announced(announcement)
                // The rest (feeds, the search index, link checks, pages nobody asked for) gives
                // way to the next save as soon as the watcher sees it: the next rebuild plans
                // from this one and writes both.
                guard !moreWaiting(), let finished = try builder.finish(yieldingWhen: moreWaiting) else {
                    if !options.quiet {
                        print(RebuildLine.clock() + " " + RebuildLine.what(changed, site: site)
                              + ": announced in \(announcedNow) ms; written with the next change, which came meanwhile")
                        if options.verbose { print("  time: " + RebuildLine.stages(announcement.stageSeconds)) }
                        fflush(nil)
                    }
                    return .success(nil)
                }
                outcome = finished
            }
        }
        Reporter.problems(outcome.report.warnings + outcome.report.hints, verbose: options.verbose, quiet: options.quiet)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        if first {
            Reporter.summary(outcome.report, verb: "Built", seconds: seconds, verbose: options.verbose, quiet: options.quiet)
        } else if !options.quiet {
            print(RebuildLine.text(changed: changed, site: site, outcome: outcome, seconds: seconds))
            if options.verbose, !outcome.report.stageSeconds.isEmpty {
                print("  time: " + (announcedAfter.map { "announced after \($0) ms; " } ?? "")
                      + RebuildLine.stages(outcome.report.stageSeconds))
            }
        }
        fflush(nil)  // the summary is print()ed: show it now, before the next line or request
        return .success(outcome)
    } catch {
        Reporter.failure(error, verb: "build", verbose: options.verbose, quiet: options.quiet)
        FileHandle.standardError.write(Data("Still serving the last good build.\n".utf8))
        return .failure(error)
    }
}

/// One line to standard output, unbuffered (so pipes see it at once).
private func writeOut(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// One glibc malloc arena per core, not eight: a rebuild's pages are made on every
/// core and freed later on another thread, and each arena keeps its own freed memory,
/// so with many arenas a template edit at 10,000 posts peaked about 110 MB higher
/// (713 MB against 599 MB). Set before any thread allocates. (Looked up by name, as below.)
private func limitMemoryArenas() {
    #if canImport(Glibc)
    typealias Option = @convention(c) (Int32, Int32) -> Int32
    let arenaMax: Int32 = -8  // M_ARENA_MAX in malloc.h
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
        _ = unsafeBitCast(symbol, to: Option.self)(arenaMax, Int32(max(1, ProcessInfo.processInfo.activeProcessorCount)))
    }
    #endif
}

/// A rebuild frees the last build's pages and documents, but glibc keeps freed
/// memory in its per-thread arenas: without `malloc_trim` serve's resident size
/// only grows. (Not in Swift's Glibc module, so looked up by name.)
private func returnFreedMemory() {
    #if canImport(Glibc)
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    #endif
}
