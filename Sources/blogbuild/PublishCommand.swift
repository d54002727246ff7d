import ArgumentParser
import BlogBuild
import Diagnostics

struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "The CI build: absolute URLs, no drafts or future posts, fails on any warning.")

    @OptionGroup var options: SiteOptions
    @OptionGroup var output: OutputOption
    @OptionGroup var verbosity: BuildVerbosity

    @OptionGroup var address: BaseURLOption

    func run() throws {
        try runBuild(mode: .publish, verb: "Published",
                     options: BuildSettings(site: options, output: output.outputURL, verbose: verbosity.verbose,
                                            baseURL: address.checked))
    }
}
