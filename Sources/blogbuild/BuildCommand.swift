import ArgumentParser
import BlogBuild
import Diagnostics
import Foundation

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render the site into the output folder (drafts and future posts only with --drafts).")

    @OptionGroup var options: SiteOptions
    @OptionGroup var output: OutputOption
    @OptionGroup var verbosity: BuildVerbosity

    @OptionGroup var address: BaseURLOption

    @Flag(name: .long, help: "Include drafts and future-dated posts.")
    var drafts = false

    func run() throws {
        try runBuild(mode: .build(includeDrafts: drafts), verb: "Built",
                     options: BuildSettings(site: options, output: output.outputURL, verbose: verbosity.verbose,
                                            baseURL: address.checked))
    }
}

/// Shared by build, publish and check.
func runBuild(mode: BuildMode, verb: String, options: BuildSettings) throws {
    let start = DispatchTime.now()
    var request = options.request(mode: mode)
    let progress = ProgressLine(enabled: !options.quiet)
    request.progress = { progress.show($0) }
    request.counted = { progress.count($0, done: $1, total: $2) }
    defer { progress.clear() }
    do {
        let report = try SiteBuilder.build(request)
        progress.clear()
        Reporter.problems(report.warnings + report.hints, verbose: options.verbose, quiet: options.quiet)
        // Notices matter when the site goes live, not while writing it (init's placeholders
        // in site.yml fail publish and check outright); --verbose shows them in any build
        // (the placeholders, images left unprocessed, the theme's fallback to English).
        if mode == .publish || options.verbose { Reporter.notices(report.notices, quiet: options.quiet) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        Reporter.summary(report, verb: verb, seconds: seconds, verbose: options.verbose, quiet: options.quiet)
    } catch {
        progress.clear()
        Reporter.failure(error, verb: mode == .check ? "check" : mode == .publish ? "publish" : "build",
                         verbose: options.verbose, quiet: options.quiet)
        throw SiteProblems()
    }
}
