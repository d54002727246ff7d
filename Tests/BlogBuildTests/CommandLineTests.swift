import Foundation
import Testing
@testable import BlogBuild

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

    @Test func commandsThatWriteNoSiteRefuseOutput() throws {
        let site = try TestSiteFolder(files: ["content/posts/2021-01-05-x.md": "---\ntitle: X\n---\nBody.\n"])
        let check = try BlogBuildCLI.run(["check", "--site", site.root.path, "--output", "/tmp/never"])
        #expect(check.status == 2 && check.stderr.contains("check writes no site: --output does not apply"), "\(check)")
        let new = try BlogBuildCLI.run(["new", "post", "Hello", "--site", site.root.path, "-o", "/tmp/never"])
        #expect(new.status == 2 && new.stderr.contains("new writes no site"), "\(new)")
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
