import Foundation
import Testing
@testable import BlogBuild
@testable import Search
@testable import Pages
@testable import Render
@testable import Feeds
@testable import Images
@testable import Site
@testable import Import
@testable import ImportVerify
@testable import Diagnostics
@testable import HTML
@testable import Load
@testable import Markdown
@testable import Highlight
@testable import Output
@testable import Serve
@testable import Support
@testable import Template

/// Command-line habits: short flags, no silently ignored `--output`, `init` into a
/// fresh repository.
@Suite("Command line")
struct CommandLineTests {
    @Test func shortFlags() throws {
        let site = try TestSiteFolder(files: ["content/posts/2021-01-05-x.md": "---\ntitle: X\n---\nBody.\n"])
        let out = site.base.appendingPathComponent("short-out")
        let quiet = try BlogBuildCLI.run(["build", "-s", site.root.path, "-o", out.path, "-q"])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
        let verbose = try BlogBuildCLI.run(["build", "-s", site.root.path, "-o", out.path, "-v"])
        #expect(verbose.status == 0 && verbose.stdout.contains("time: "), "\(verbose)")
        let help = try BlogBuildCLI.run(["serve", "--help"])
        #expect(help.stdout.contains("-p, --port"), "\(help)")
    }

    /// `serve` where there is no site stops as `build` does (it used to say "Serving …"
    /// and answer 404 to everything, for ever).
    @Test func serveOutsideASiteExitsAsBuildDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-not-a-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try BlogBuildCLI.run(["build", "--site", folder.path])
        #expect(build.status == 1 && build.stderr.contains("content: folder is missing"), "\(build)")
        let serve = try BlogBuildCLI.run(["serve", "--site", folder.path, "--port", "0"], timeout: 20)
        #expect(serve.status == 1 && !serve.timedOut, "\(serve)")
        #expect(serve.stderr == build.stderr && !serve.stdout.contains("Serving"), "\(serve)")
        // Run in the folder, as a user does.
        let here = try BlogBuildCLI.run(["serve", "--port", "0"], in: folder, timeout: 20)
        #expect(here.status == 1 && here.stderr == build.stderr, "\(here)")
    }

    @Test func commandsThatWriteNoSiteRefuseOutput() throws {
        let site = try TestSiteFolder(files: ["content/posts/2021-01-05-x.md": "---\ntitle: X\n---\nBody.\n"])
        let check = try BlogBuildCLI.run(["check", "--site", site.root.path, "--output", "/tmp/never"])
        #expect(check.status == 2 && check.stderr.contains("check writes no site: --output does not apply"), "\(check)")
        let new = try BlogBuildCLI.run(["new", "post", "Hello", "--site", site.root.path, "-o", "/tmp/never"])
        #expect(new.status == 2 && new.stderr.contains("new writes no site: --output does not apply"), "\(new)")
        let imported = try BlogBuildCLI.run(["import", "hugo", site.root.path, "--site", site.outside("x").path, "-o", "/tmp/never"])
        #expect(imported.status == 2 && imported.stderr.contains("import writes content/ into the site folder (--site): --output does not apply"),
                "\(imported)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never"))
    }

    /// The long names of the options a `--help` text lists (`--site`, `--help`, ...).
    static func listedOptions(_ help: String) -> [String] {
        help.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  -") else { return nil }
            return line.split(separator: " ").first { $0.hasPrefix("--") }.map { String($0.split(separator: "=")[0]) }
        }
    }

    /// Each command's `--help` lists the options it takes and no other, with true
    /// defaults. Before: `check`, `import` and `new post` listed `-o` (and then
    /// refused it), all of them `-v` (a no-op for import and new), and serve's `-o`
    /// said it defaulted to SITE/public, where serve never renders.
    @Test(arguments: [
        (["build"], ["--site", "--quiet", "--output", "--verbose", "--base-url", "--drafts", "--version", "--help"]),
        (["publish"], ["--site", "--quiet", "--output", "--verbose", "--base-url", "--version", "--help"]),
        (["check"], ["--site", "--quiet", "--verbose", "--base-url", "--version", "--help"]),
        (["serve"], ["--site", "--quiet", "--output", "--verbose", "--host", "--port", "--version", "--help"]),
        (["import"], ["--uploads", "--force", "--verify/--no-verify", "--site", "--quiet", "--version", "--help"]),
        (["new", "post"], ["--series", "--app", "--site", "--quiet", "--version", "--help"]),
        (["init"], ["--version", "--help"]),
        (["theme", "eject"], ["--site", "--version", "--help"]),
        (["theme", "diff"], ["--site", "--version", "--help"]),
    ])
    func helpListsOnlyWhatTheCommandTakes(command: [String], options: [String]) throws {
        let help = try BlogBuildCLI.run(command + ["--help"])
        #expect(help.status == 0, "\(help)")
        #expect(Self.listedOptions(help.stdout) == options, "\(help)")
        let usage = help.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE:") } ?? ""
        for option in ["--output", "--verbose"] where !options.contains(option) {
            #expect(!usage.contains(option), "\(usage)")
        }
    }

    @Test func helpTellsTheTrueDefaults() throws {
        let flat = { (command: [String]) throws -> String in
            try BlogBuildCLI.run(command + ["--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        for command in [["build"], ["publish"]] {
            #expect(try flat(command).contains("-o, --output <dir> Where to write the site (default: SITE/public)."), "\(command)")
        }
        let serve = try flat(["serve"])
        #expect(serve.contains("-o, --output <dir> Render into this folder and keep it (default: a private temporary folder, "
                               + "removed when serve stops; never SITE/public, which is what gets deployed)."), "\(serve)")
        #expect(serve.contains("-v, --verbose Also print each request served"), "\(serve)")
        // check writes nothing: its -v promises no "what was written".
        let check = try flat(["check"])
        #expect(check.contains("-v, --verbose Also print") && !check.contains("written"), "\(check)")

        // What a help lists is taken: check and new post with every option they list.
        let site = try TestSiteFolder(files: ["content/posts/2021-01-05-x.md": "---\ntitle: X\n---\nBody.\n"])
        let checked = try BlogBuildCLI.run(["check", "-s", site.root.path, "-q", "-v"])
        #expect(checked.status == 0, "\(checked)")
        try site.write("content/series/s.md", "---\ntitle: S\n---\nIntro.\n")
        try site.write("content/apps/a.md", "---\ntitle: A\n---\nAn app.\n")
        let new = try BlogBuildCLI.run(["new", "post", "Hello", "--series", "s", "--app", "a", "-s", site.root.path, "-q"])
        #expect(new.status == 0 && new.stdout.isEmpty, "\(new)")
    }

    @Test func initIntoAFreshRepository() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-init-repo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try "# My blog\n".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "MIT\n".write(to: folder.appendingPathComponent("LICENSE"), atomically: true, encoding: .utf8)
        let run = try BlogBuildCLI.run(["init", folder.path])
        #expect(run.status == 0, "\(run)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("content/site.yml").path))
        #expect(try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8) == "# My blog\n")
        try "x".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let other = folder.appendingPathComponent("again")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try "x".write(to: other.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try BlogBuildCLI.run(["init", other.path])
        #expect(refused.status == 1 && refused.stderr.contains("folder is not empty"), "\(refused)")
    }
}
