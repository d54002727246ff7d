import ArgumentParser
import BlogBuild
import Diagnostics

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Build in memory and report every problem publish would fail on, without writing.")

    @OptionGroup var options: SiteOptions

    @Flag(name: [.short, .long], help: """
        Also print what image processing did, the time each stage took, the notices, the junk files left out, \
        and every hint where one per kind would do.
        """)
    var verbose = false

    @OptionGroup var refused: RefusedOutput

    @OptionGroup var address: BaseURLOption

    func validate() throws { try refused.refuse("check writes no site") }

    func run() throws {
        try runBuild(mode: .check, verb: "Checked", options: BuildSettings(site: options, output: nil, verbose: verbose,
                                                                                  baseURL: address.checked))
    }
}
