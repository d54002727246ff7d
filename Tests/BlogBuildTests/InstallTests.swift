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

/// Installing blogbuild and telling which build it is.
@Suite("Install and version")
struct InstallTests {
    /// The commit this checkout is at, read with git; nil outside a git checkout.
    static func head() throws -> String? {
        guard let git = ProcessRunner.findOnPath("git") else { return nil }
        let run = try ProcessRunner.run(git, ["-C", RepoPaths.root.path, "rev-parse", "HEAD"], timeout: 30)
        return run.status == 0 ? run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    @Test func versionNamesTheCommit() throws {
        let run = try BlogBuildCLI.run(["--version"])
        #expect(run.status == 0, "\(run)")
        let line = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let match = try #require(line.wholeMatch(of: /blogbuild \d+\.\d+\.\d+ \(commit ([0-9a-f]{12}|unknown)\)/), "\(line)")
        // The binary under test was built from this checkout: the same commit (when built in one).
        if let head = try Self.head() {
            #expect(String(match.output.1) == String(head.prefix(12)), "\(line) vs HEAD \(head)")
        }
    }

    @Test func makeInstallPutsTheBinaryUnderThePrefix() throws {
        let executable = try #require(RepoPaths.executable)
        let make = try #require(ProcessRunner.findOnPath("make"), "make is not installed")
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let run = try ProcessRunner.run(make, ["-C", RepoPaths.root.path, "install", "PREFIX=\(prefix.path)",
                                               "INSTALL_BIN=\(executable.path)"], timeout: 60)
        #expect(run.status == 0, "\(run)")
        let installed = prefix.appendingPathComponent("bin/blogbuild")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        let version = try ProcessRunner.run(installed, ["--version"], timeout: 30)
        #expect(version.status == 0 && version.stdout.hasPrefix("blogbuild "), "\(version)")
    }

    /// `make dist`'s tarball runs where neither the Swift toolchain nor cmark-gfm,
    /// libxml2 or ICU is installed: Packaging/test-dist.sh hides them in a mount
    /// namespace (root only), checks that the ordinary build cannot start there,
    /// and has the packed binary publish the example site.
    @Test(.timeLimit(.minutes(30)))
    func theDistTarballRunsWithoutTheToolchain() async throws {
        #if os(Linux)
        let ci = ProcessInfo.processInfo.environment["CI"] == "true"
        guard getuid() == 0, let unshare = ProcessRunner.findOnPath("unshare"),
              (try? ProcessRunner.run(unshare, ["--mount", "true"], timeout: 30))?.status == 0 else {
            if ci { Issue.record("CI=true but this test cannot make a mount namespace (it needs root and unshare)") }
            return
        }
        let make = try #require(ProcessRunner.findOnPath("make"), "make is not installed")
        let control = try #require(RepoPaths.executable)
        // A no-op build when make setup built the release binary (it is this configuration).
        let dist = try await ProcessRunner.runOnOwnThread(make, ["-C", RepoPaths.root.path, "--no-print-directory", "dist"], timeout: 1700)
        try #require(dist.status == 0, "\(dist)")
        let tarballLine = try #require(dist.stdoutLines.first { $0.hasPrefix("dist/blogbuild-") }, "\(dist)")

        // Built once, the release build is not compiled again when SwiftPM plans it anew
        // (as `make serve` after `make setup` did): not for hummingbird's trait flags in
        // another order, nor for the embedded theme written again with the same bytes.
        let scratch = RepoPaths.root.appendingPathComponent(".build-dist")
        for round in 1...3 {
            for plan in ["release.yaml", "plugin-tools.yaml"] {
                try? FileManager.default.removeItem(at: scratch.appendingPathComponent(plan))
            }
            let again = try await ProcessRunner.runOnOwnThread(make, ["-C", RepoPaths.root.path, "--no-print-directory", "build-tool"], timeout: 1700)
            try #require(again.status == 0, "\(again)")
            #expect(!again.stdoutLines.contains { $0.contains("Compiling ") }, "round \(round) compiled again: \(again)")
        }
        let tarball = RepoPaths.root.appendingPathComponent(String(tarballLine.prefix { $0 != ":" }))
        #expect(tarball.lastPathComponent.wholeMatch(of: /blogbuild-\d+\.\d+\.\d+-linux-(x86_64|aarch64)\.tar\.gz/) != nil)

        // What the tarball holds.
        let tar = try #require(ProcessRunner.findOnPath("tar"))
        let listing = try await ProcessRunner.runOnOwnThread(tar, ["-tzf", tarball.path], timeout: 120)
        let names = Set(listing.stdoutLines.map { String($0.split(separator: "/").dropFirst().joined(separator: "/")) })
        #expect(names.isSuperset(of: ["blogbuild", "README.md", "LICENSE", "THIRD-PARTY-NOTICES"]), "\(listing)")

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-dist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let script = RepoPaths.root.appendingPathComponent("Packaging/test-dist.sh")
        let run = try await ProcessRunner.runOnOwnThread(script, [tarball.path, RepoPaths.root.path, out.path, control.path], timeout: 300)
        #expect(run.status == 0, "\(run)")
        // Only the C and C++ runtimes are left to the system.
        let needs = try #require(run.stdoutLines.first { $0.hasPrefix("needs: ") }, "\(run)")
        let allowed: Set<String> = ["libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "ld-linux-x86-64.so.2",
                                    "ld-linux-aarch64.so.1", "libpthread.so.0", "libdl.so.2", "librt.so.1", "libutil.so.1"]
        let needed = Set(needs.dropFirst("needs: ".count).split(separator: " ").map(String.init))
        #expect(!needed.isEmpty && needed.isSubset(of: allowed), "\(needs)")
        // Something was really out of sight: the dynamic build could not start.
        let hidden = try #require(run.stdoutLines.first { $0.hasPrefix("hidden: ") }, "\(run)")
        let count = Int(hidden.split(separator: " ").dropLast(2).last ?? "") ?? 0
        #expect(count >= 4, "\(hidden)")
        #expect(run.stdoutLines.contains { $0.hasPrefix("control: ") && $0.hasSuffix("cannot start here") }, "\(run)")
        #expect(run.stdout.contains(/blogbuild \d+\.\d+\.\d+ \(commit [0-9a-f]{12}\)/), "\(run)")
        // And the packed binary did the whole job: Markdown (cmark-gfm), highlighting,
        // feeds read back with libxml2 in publish.
        let home = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(home.contains("Low Tide Software"))
        let feed = try String(contentsOf: out.appendingPathComponent("feed.xml"), encoding: .utf8)
        #expect(feed.contains("<rss"))
        let posts = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix("index.html") }
        let pages = try posts.map { try String(contentsOf: out.appendingPathComponent($0), encoding: .utf8) }
        #expect(pages.contains { $0.contains("<table>") }, "no GFM table in any page: cmark-gfm's extensions did not run")
        #expect(pages.contains { $0.contains("<code class=\"language-swift\"><span class=\"tok-") }, "no highlighted Swift")
        #endif
    }
}
