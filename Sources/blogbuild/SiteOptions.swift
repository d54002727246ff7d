import ArgumentParser
import BlogBuild
import Foundation

/// Flags every site command takes.
struct SiteOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("The site folder (holding content/).", valueName: "dir"))
    var site: String = "."

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the site (default: SITE/public).", valueName: "dir"))
    var output: String?

    @Flag(name: [.short, .long], help: "Print only problems.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Print what was written, unchanged and removed, what image processing did, the notices, and every hint where one per kind would do.")
    var verbose = false

    /// For commands that write no site (`check`, `new`): `--output` is a usage error, not ignored.
    func refuseOutput(_ command: String) throws {
        if output != nil { throw ValidationError("\(command) writes no site: --output does not apply") }
    }

    var siteURL: URL { URL(fileURLWithPath: site).standardizedFileURL }
    var outputURL: URL? { output.map { URL(fileURLWithPath: $0).standardizedFileURL } }

    /// `BLOGBUILD_CACHE_DIR`: where derived images are kept between builds instead
    /// of `SITE/.blogbuild-cache` (a CI cache, or one cache for several checkouts).
    var cacheURL: URL? {
        ProcessInfo.processInfo.environment["BLOGBUILD_CACHE_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0).standardizedFileURL }
    }

    /// A build request for this site with the options' output and cache folders.
    func request(mode: BuildMode) -> BuildRequest {
        var request = BuildRequest(siteDirectory: siteURL, outputDirectory: outputURL, mode: mode)
        request.cacheDirectory = cacheURL
        return request
    }
}
