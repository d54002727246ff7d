import ArgumentParser
import BlogBuild

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Build in memory and report every problem publish would fail on, without writing.")

    @OptionGroup var options: SiteOptions

    @OptionGroup var address: BaseURLOption

    func validate() throws { try options.refuseOutput("check") }

    func run() throws {
        try runBuild(mode: .check, verb: "Checked", options: options, baseURL: address.checked)
    }
}
