import Foundation
import Testing
@testable import BlogBuild

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
}
