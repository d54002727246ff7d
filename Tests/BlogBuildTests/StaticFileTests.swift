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

/// What of content/ is copied: every file, hidden ones too, but junk; and never
/// anything a symbolic link brings in from outside the site folder.
@Suite("Static files and symbolic links")
struct StaticFileTests {
    @Test func hiddenFilesAreCopiedJunkIsSkippedAndNamed() throws {
        let site = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": "---\ntitle: X\n---\nBody.\n",
            "content/.well-known/apple-app-site-association": "{\"applinks\":{\"details\":[]}}",
            "content/.well-known/assetlinks.json": "[]",
            "content/.nojekyll": "",
            "content/_redirects": "/old /new 301\n",
            "content/_headers": "/*\n  X-Frame-Options: DENY\n",
            "content/.DS_Store": "junk",
            "content/images/Thumbs.db": "junk",
            "content/posts/2021-01-05-x.md~": "backup",
            "content/posts/.2021-01-05-x.md.swp": "swap",
            "content/posts/#2021-01-05-x.md#": "emacs",
            "content/posts/.draft.md": "---\ntitle: Hidden\n---\nNot a post.\n",
            "content/.git/config": "[core]\n",
        ])
        let built = renderTestSite(site)
        #expect(built.problems == [], "\(built.problems)")
        for path in [".well-known/apple-app-site-association", ".well-known/assetlinks.json", ".nojekyll", "_redirects", "_headers"] {
            #expect(built.paths.contains(path), "\(path) was not copied")
        }
        for junk in [".DS_Store", "images/Thumbs.db", "posts/2021-01-05-x.md~", "posts/.2021-01-05-x.md.swp", ".git/config"] {
            #expect(!built.paths.contains(junk), "\(junk) was copied")
        }
        #expect(!built.paths.contains { $0.contains("#") || $0.contains("draft") || $0.contains(".git") }, "\(built.paths.sorted())")
        #expect(Set(built.site.report.skippedFiles) == [
            "content/.DS_Store", "content/.git", "content/images/Thumbs.db", "content/posts/#2021-01-05-x.md#",
            "content/posts/.2021-01-05-x.md.swp", "content/posts/.draft.md", "content/posts/2021-01-05-x.md~",
        ], "\(built.site.report.skippedFiles)")
        let verbose = try BlogBuildCLI.run(["build", "--verbose", "--site", site.root.path])
        #expect(verbose.status == 0, "\(verbose)")
        #expect(verbose.stdout.contains("skipped 7 hidden, editor or system files: "), "\(verbose)")
        #expect(verbose.stdout.contains("content/.DS_Store"), "\(verbose)")
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("public/.well-known/apple-app-site-association").path))
    }

    @Test func nothingOutsideTheSiteIsEverCopied() throws {
        let site = try TestSiteFolder(files: ["content/posts/2021-01-05-x.md": "---\ntitle: X\n---\nBody.\n"])
        // Secrets beside the site folder, outside it.
        let secrets = site.base.appendingPathComponent("secrets")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        try Data("PRIVATE KEY 4711".utf8).write(to: secrets.appendingPathComponent("id_rsa"))
        let content = site.root.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("posts/images"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("key.txt").path,
                                                   withDestinationPath: secrets.appendingPathComponent("id_rsa").path)
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("vault").path, withDestinationPath: secrets.path)
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("posts/images/leak.jpg").path,
                                                   withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("root").path, withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("up").path, withDestinationPath: "../..")
        // Links that stay inside the site are followed.
        try site.write("shared/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("logo.svg").path, withDestinationPath: "../shared/logo.svg")
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("again").path, withDestinationPath: "../shared")

        let built = renderTestSite(site)
        let problems = built.problems.joined(separator: "\n")
        for name in ["key.txt", "vault", "posts/images/leak.jpg", "root", "up"] {
            #expect(problems.contains("content/\(name): links outside the site (to "), "\(name): \(problems)")
        }
        #expect(problems.contains("content/root: links outside the site (to /); not copied"), "\(problems)")
        #expect(built.errors.count == 5, "\(problems)")
        #expect(!built.paths.contains { $0.hasPrefix("key") || $0.hasPrefix("vault") || $0.hasPrefix("root") || $0.hasPrefix("up") || $0.contains("leak") },
                "\(built.paths.sorted())")
        #expect(built.paths.contains("logo.svg") && built.paths.contains("again/logo.svg"), "\(built.paths.sorted())")
        for file in built.site.files {
            if case .bytes(let bytes) = file.contents { #expect(!String(decoding: bytes, as: UTF8.self).contains("PRIVATE KEY"), "\(file.path)") }
        }
        let check = try BlogBuildCLI.run(["check", "--site", site.root.path], timeout: 30)
        #expect(check.status == 1, "\(check)")
        #expect(check.stderr.contains("content/key.txt: links outside the site"), "\(check)")
    }

    /// `serve` never serves what a link out of the site points at.
    @Test func serveNeverServesWhatALinkOutPointsAt() async throws {
        let site = try TestSiteFolder(files: ["content/posts/2021-01-05-x.md": "---\ntitle: X\n---\nBody.\n"])
        let secret = site.base.appendingPathComponent("id_rsa")
        try Data("PRIVATE KEY 4711".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("content/key.txt").path,
                                                   withDestinationPath: secret.path)
        let server = try await ServeProcess(arguments: ["--site", site.root.path])
        defer { server.terminateIfRunning() }
        _ = try await waitFor("the error", seconds: 20) {
            server.stderr.text.contains("content/key.txt: links outside the site") ? true : nil
        }
        for target in ["/key.txt", "/key.txt/", "/%6Bey.txt"] {
            let reply = try await RawHTTP.request(target, port: server.port)
            #expect(reply.status == 404, "\(target): \(reply.status)")
            #expect(!reply.text.contains("PRIVATE KEY"), "\(target)")
        }
        #expect(try await server.interrupt() == 0)
    }
}
