import ArgumentParser
import Foundation

/// Flags every site command takes.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site folder (holding content/).", valueName: "dir"))
    var site: String = "."

    @Option(name: .long, help: ArgumentHelp("Where to write the site (default: SITE/public).", valueName: "dir"))
    var output: String?

    @Flag(name: .long, help: "Print only problems.")
    var quiet = false

    @Flag(name: .long, help: "Print what was written, unchanged and removed, and every hint where one per kind would do.")
    var verbose = false

    var siteURL: URL { URL(fileURLWithPath: site).standardizedFileURL }
    var outputURL: URL? { output.map { URL(fileURLWithPath: $0).standardizedFileURL } }
}
