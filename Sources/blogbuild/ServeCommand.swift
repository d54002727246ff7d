import ArgumentParser
import BlogBuild
import Dispatch
import Foundation
import Synchronization

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site with drafts, serve it on http://127.0.0.1:8000/, rebuild when content/ or templates/ change and live-reload open pages.")

    @OptionGroup var options: SiteOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on (e.g. ::1).", valueName: "host"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port to listen on (0 picks a free one).", valueName: "port"))
    var port = 8000

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
    }

    func run() throws {
        let site = options.siteURL
        let output = options.outputURL ?? site.appendingPathComponent("public")
        let options = self.options
        let watcher = SiteWatcher(siteDirectory: site, excluding: [output])
        let initial = watcher.snapshot()  // before the build: a save during it is not missed
        let hub = LiveReloadHub()
        let builder = IncrementalBuilder()
        if case .failure(let failure) = rebuild(builder, site: site, output: output, options: options) {
            hub.send(errors: failure.diagnostics.map(\.description))
        }
        try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)

        let verbose = options.verbose
        var log: (@Sendable (String) -> Void)?
        if verbose { log = { line in writeOut(line) } }
        let server = DevServer(root: output, host: host, port: port, log: log, liveReload: hub)
        let host = self.host
        let outcome = Mutex<Result<Void, any Error>>(.success(()))
        let done = DispatchSemaphore(value: 0)
        // ParsableCommand's run is synchronous: the server runs on Swift concurrency's
        // pool while this thread waits.
        Task.detached {
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try await server.run(handleSignals: true) { bound in
                            writeOut("Serving \(site.path) at \(DevServer.url(host: host, port: bound)) (Ctrl-C to stop)")
                        }
                    }
                    group.addTask {
                        try await watcher.watch(after: initial) { changed in
                            // A build blocks its thread: keep it off Swift concurrency's small pool.
                            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                                DispatchQueue.global().async {
                                    switch rebuild(builder, site: site, output: output, options: options, changed: changed) {
                                    case .success(let changed):
                                        // Open pages learn what changed: they reload, or swap CSS.
                                        hub.send(changedPaths: changed)
                                    case .failure(let failure):
                                        hub.send(errors: failure.diagnostics.map(\.description))
                                    }
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

/// A build with drafts, redoing only what changed since the last one; returns the
/// output paths it wrote or removed. On failure prints the diagnostics and leaves
/// the last good site in place (the engine writes nothing on failure).
@discardableResult
private func rebuild(_ builder: IncrementalBuilder, site: URL, output: URL, options: SiteOptions,
                     changed: Set<String>? = nil) -> Result<[String], BuildFailure> {
    let start = DispatchTime.now()
    let request = BuildRequest(siteDirectory: site, outputDirectory: output, mode: .build(includeDrafts: true))
    do {
        let outcome = try builder.build(request, changedFiles: changed)
        Reporter.problems(outcome.report.warnings + outcome.report.hints, verbose: options.verbose, quiet: options.quiet)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        Reporter.summary(outcome.report, verb: "Built", seconds: seconds, options: options)
        fflush(nil)  // the summary is print()ed: show it now, before the next line or request
        return .success(outcome.changedPaths)
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
