import ArgumentParser
import BlogBuild
import Diagnostics
import Foundation
import Output

/// `-s/--site` and `-q/--quiet`: every command that works on a site takes them.
/// The rest a command declares itself, so its `--help` lists only what it takes,
/// with defaults that are true for it: `-o` where the site is written somewhere
/// (`OutputOption` for build and publish, serve's own), `-v` where there is more
/// to print (`BuildVerbosity` for build and publish, check's and serve's own).
struct SiteOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("The site folder (holding content/).", valueName: "dir"))
    var site: String = "."

    @Flag(name: [.short, .long], help: "Print only problems.")
    var quiet = false

    var siteURL: URL { URL(fileURLWithPath: site).standardizedFileURL }

    /// `BLOGBUILD_CACHE_DIR`: where derived images are kept between builds instead
    /// of `SITE/.blogbuild-cache` (a CI cache, or one cache for several checkouts).
    var cacheURL: URL? {
        ProcessInfo.processInfo.environment["BLOGBUILD_CACHE_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0).standardizedFileURL }
    }
}

/// `-o/--output` of `build` and `publish`, which write the site into SITE/public unless told.
struct OutputOption: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the site (default: SITE/public).", valueName: "dir"))
    var output: String?

    var outputURL: URL? { output.map { URL(fileURLWithPath: $0).standardizedFileURL } }
}

/// `-v/--verbose` of `build` and `publish`.
struct BuildVerbosity: ParsableArguments {
    @Flag(name: [.short, .long], help: """
        Also print what was written, unchanged and removed, what image processing did, the time each stage took, \
        the notices, the junk files left out, and every hint where one per kind would do.
        """)
    var verbose = false
}

/// `-o/--output` for the commands that write no site (check, import, new post): not in
/// their help, and a usage error that says why instead of "unknown option".
struct RefusedOutput: ParsableArguments {
    @Option(name: [.short, .long], help: .private)
    var output: String?

    /// A usage error when `--output` was given: `why` is `check writes no site`.
    func refuse(_ why: String) throws {
        if output != nil { throw ValidationError("\(why): --output does not apply") }
    }
}

/// What `runBuild` and the reporter need to know of a command's flags.
struct BuildSettings {
    var site: SiteOptions
    var output: URL?
    var verbose: Bool
    /// `--base-url`, checked (`BaseURLOption`); nil: site.yml's `base_url`.
    var baseURL: String? = nil
    var quiet: Bool { site.quiet }

    /// A build request for this site with the output and cache folders and the base URL given.
    func request(mode: BuildMode) -> BuildRequest {
        var request = BuildRequest(siteDirectory: site.siteURL, outputDirectory: output, mode: mode)
        request.cacheDirectory = site.cacheURL
        request.baseURL = baseURL
        return request
    }
}
