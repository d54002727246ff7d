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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A site folder for writer tests (the suite's one `TestSiteFolder`), with the names
/// these tests use: `site` (the site folder), `output` (its `public/`).
private func sandbox() throws -> TestSiteFolder {
    try TestSiteFolder(config: "title: Test\n", files: ["templates/base.mustache": "<html>{{{content}}}</html>\n"])
}

private extension TestSiteFolder {
    var site: URL { root }
    var output: URL { publicFolder }
    var content: URL { url("content") }
    var templates: URL { url("templates") }

    @discardableResult
    func write(_ files: [OutputFile], to output: URL? = nil) throws(BuildFailure) -> WriteSummary {
        try OutputWriter.write(files, to: output ?? self.output, siteDirectory: site)
    }
}

private func page(_ path: String, _ text: String) -> OutputFile {
    OutputFile(path: path, contents: .bytes(Array(text.utf8)))
}

/// Everything under `root`, by relative path: "dir", "link -> target" or the file's text.
/// Hidden files included; symbolic links are not followed.
private func listing(_ root: URL) throws -> [String: String] {
    var result: [String: String] = [:]
    func walk(_ folder: URL, _ prefix: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            let type = try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?:
                result[relative] = "dir"
                try walk(url, relative)
            case .typeSymbolicLink?:
                result[relative] = "link -> " + (try FileManager.default.destinationOfSymbolicLink(atPath: url.path))
            default:
                result[relative] = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            }
        }
    }
    try walk(root, "")
    return result
}

private func text(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

private func modificationDate(_ url: URL) throws -> Date? {
    try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
}

private func permissions(_ url: URL) throws -> Int? {
    (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
}

private let longAgo = Date(timeIntervalSince1970: 1_000_000_000)

private func setModificationDate(_ url: URL, _ date: Date) throws {
    try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
}

@Suite("Output writer")
struct OutputTests {
    // MARK: Writing

    @Test("writes new files, creating the output folder, with modes 0644 and 0755")
    func writesNewFiles() throws {
        let box = try sandbox()
        let output = box.base.appendingPathComponent("deep/er/out")  // missing, with parents
        let summary = try box.write([
            page("index.html", "<h1>Home</h1>"),
            page("2021/03/stoutness/index.html", "<p>Stoutness</p>"),
            page("feed.xml", "<rss/>"),
            OutputFile(path: "empty.txt", contents: .bytes([])),
        ], to: output)
        #expect(summary == WriteSummary(written: 4, unchanged: 0, removed: 0))
        #expect(try listing(output) == [
            "index.html": "<h1>Home</h1>",
            "2021": "dir", "2021/03": "dir", "2021/03/stoutness": "dir",
            "2021/03/stoutness/index.html": "<p>Stoutness</p>",
            "feed.xml": "<rss/>",
            "empty.txt": "",
        ])
        #expect(try permissions(output.appendingPathComponent("2021/03/stoutness/index.html")) == 0o644)
        #expect(try permissions(output.appendingPathComponent("2021/03")) == 0o755)
        #expect(try permissions(output) == 0o755)
    }

    /// Into a folder holding no files, files go straight to their targets (no staging
    /// folder, no renames); a failure part way removes every one written and the
    /// folders made, as a failed write into a full folder leaves it as it was.
    @Test("a first write into an empty folder that fails part way leaves no files behind")
    func aFailedFirstWriteLeavesNothing() throws {
        let box = try sandbox()
        let output = box.base.appendingPathComponent("fresh")
        var files = (0..<200).map { i in OutputFile(path: "p\(i)/index.html", contents: .bytes(Array("<p>\(i)</p>".utf8))) }
        files.append(OutputFile(path: "zz/broken.png", contents: .copy(from: box.base.appendingPathComponent("no-such-image.png").path)))
        #expect(throws: BuildFailure.self) { try box.write(files, to: output) }
        #expect(!FileManager.default.fileExists(atPath: output.path), "the output folder made for the write was left")
        // The same into an output folder that exists but is empty: it stays, empty.
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        #expect(throws: BuildFailure.self) { try box.write(files, to: output) }
        #expect(try listing(output) == [:])
        // Without the broken file it is all written, and no staging folder is left beside it.
        let summary = try box.write(Array(files.dropLast()), to: output)
        #expect(summary == WriteSummary(written: 200, unchanged: 0, removed: 0))
        #expect(try listing(output).count == 400)
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.base.path).sorted() == ["fresh", "site"])
    }

    @Test("a file whose bytes are already right is not rewritten: its mtime is kept")
    func unchangedFileKeepsMtime() throws {
        let box = try sandbox()
        let files = [page("index.html", "<h1>Home</h1>"), page("a/b/index.html", "same"), OutputFile(path: "empty", contents: .bytes([]))]
        try box.write(files)
        let urls = ["index.html", "a/b/index.html", "empty"].map { box.output.appendingPathComponent($0) }
        for url in urls { try setModificationDate(url, longAgo) }

        let summary = try box.write(files)

        #expect(summary == WriteSummary(written: 0, unchanged: 3, removed: 0))
        for url in urls { #expect(try modificationDate(url) == longAgo) }
    }

    @Test("a changed file gets its new content, also when the size is the same")
    func changedFileIsRewritten() throws {
        let box = try sandbox()
        try box.write([page("same-size.html", "aaaa"), page("other-size.html", "short"), page("kept.html", "kept")])
        for name in ["same-size.html", "other-size.html", "kept.html"] {
            try setModificationDate(box.output.appendingPathComponent(name), longAgo)
        }

        let summary = try box.write([page("same-size.html", "aaab"), page("other-size.html", "much longer"), page("kept.html", "kept")])

        #expect(summary == WriteSummary(written: 2, unchanged: 1, removed: 0))
        #expect(try text(box.output.appendingPathComponent("same-size.html")) == "aaab")
        #expect(try text(box.output.appendingPathComponent("other-size.html")) == "much longer")
        #expect(try modificationDate(box.output.appendingPathComponent("same-size.html")) != longAgo)
        #expect(try modificationDate(box.output.appendingPathComponent("kept.html")) == longAgo)
    }

    @Test("stale files, empty folders and leftover temporary files are removed, the output folder stays")
    func staleFilesRemoved() throws {
        let box = try sandbox()
        try box.write([
            page("index.html", "home"),
            page("2020/01/old/index.html", "old"),
            page("2020/02/older/index.html", "older"),
            page("tags/swift/index.html", "swift"),
            page("tags/ios/index.html", "ios"),
        ])
        // Left by a crashed run, and a stray file in a folder that stays.
        try Data("half".utf8).write(to: box.output.appendingPathComponent("tags/.index.html.blogbuild-tmp-1234abcd"))
        try Data("x".utf8).write(to: box.output.appendingPathComponent("stray.txt"))

        let summary = try box.write([page("index.html", "home"), page("tags/ios/index.html", "ios")])

        #expect(summary == WriteSummary(written: 0, unchanged: 2, removed: 5))
        #expect(try listing(box.output) == [
            "index.html": "home",
            "tags": "dir", "tags/ios": "dir", "tags/ios/index.html": "ios",
        ])

        let emptied = try box.write([])
        #expect(emptied.removed == 2)
        #expect(try listing(box.output) == [:])
        #expect(FileManager.default.fileExists(atPath: box.output.path))
    }

    @Test("hidden entries the site did not write (.git, .nojekyll) are kept; leftover temporary files are not")
    func hiddenEntriesKept() throws {
        let box = try sandbox()
        try box.write([page("index.html", "home"), page("old/index.html", "old")])
        let git = box.output.appendingPathComponent(".git")
        try FileManager.default.createDirectory(at: git, withIntermediateDirectories: true)
        try Data("[core]".utf8).write(to: git.appendingPathComponent("config"))
        try Data("".utf8).write(to: box.output.appendingPathComponent(".nojekyll"))
        try Data("half".utf8).write(to: box.output.appendingPathComponent(".index.html.blogbuild-tmp-99"))

        let summary = try box.write([page("index.html", "home")])

        #expect(summary.removed == 2)
        #expect(try listing(box.output) == [
            "index.html": "home", ".nojekyll": "", ".git": "dir", ".git/config": "[core]",
        ])
    }

    @Test("a path that changes between file and folder is handled both ways")
    func fileFolderSwap() throws {
        let box = try sandbox()
        try box.write([page("about", "a file"), page("blog/index.html", "a folder")])
        try box.write([page("about/index.html", "now a folder"), page("blog", "now a file")])
        #expect(try listing(box.output) == ["about": "dir", "about/index.html": "now a folder", "blog": "now a file"])
    }

    @Test("static files are copied, compared with their source, and recopied when the source changes")
    func copiesFiles() throws {
        let box = try sandbox()
        let images = box.content.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let source = images.appendingPathComponent("a.png")
        // Larger than one 64 KiB read buffer, so chunked comparing and copying are exercised.
        var bytes = [UInt8](repeating: 0, count: 200_000)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ i >> 9) }
        try Data(bytes).write(to: source)
        let files = [
            OutputFile(path: "images/a.png", contents: .copy(from: source.path)),
            OutputFile(path: "2021/03/post/images/a.png", contents: .copy(from: source.path)),
        ]

        #expect(try box.write(files) == WriteSummary(written: 2, unchanged: 0, removed: 0))
        let copied = box.output.appendingPathComponent("2021/03/post/images/a.png")
        #expect(try Data(contentsOf: copied) == Data(bytes))
        #expect(try permissions(copied) == 0o644)

        try setModificationDate(copied, longAgo)
        #expect(try box.write(files) == WriteSummary(written: 0, unchanged: 2, removed: 0))
        #expect(try modificationDate(copied) == longAgo)

        // Same size, one byte different, past the first buffer.
        bytes[150_000] &+= 1
        try Data(bytes).write(to: source)
        #expect(try box.write(files) == WriteSummary(written: 2, unchanged: 0, removed: 0))
        #expect(try Data(contentsOf: copied) == Data(bytes))
    }

    @Test("several thousand small files are written correctly in parallel, then all found unchanged")
    func manyFiles() throws {
        let box = try sandbox()
        let files = (0..<4000).map { i in
            page("\(2000 + i % 20)/\(String(format: "%02d", i % 12 + 1))/post-\(i)/index.html", "<p>post \(i)</p>" + String(repeating: "x", count: i % 97))
        }
        #expect(try box.write(files) == WriteSummary(written: 4000, unchanged: 0, removed: 0))

        let found = try listing(box.output).filter { $0.value != "dir" }
        #expect(found.count == 4000)
        for file in files {
            guard case .bytes(let bytes) = file.contents else { continue }
            #expect(found[file.path] == String(decoding: bytes, as: UTF8.self))
        }
        #expect(try box.write(files) == WriteSummary(written: 0, unchanged: 4000, removed: 0))
    }

    @Test("no temporary files are left behind after a successful write")
    func noTemporaryFilesLeft() throws {
        let box = try sandbox()
        try box.write([page("a/index.html", "one"), page("b.html", "two")])
        try box.write([page("a/index.html", "one, changed"), page("b.html", "two"), page("c/d/e.html", "three")])
        #expect(try listing(box.output) == [
            "a": "dir", "a/index.html": "one, changed",
            "b.html": "two",
            "c": "dir", "c/d": "dir", "c/d/e.html": "three",
        ])
    }

    @Test("temporary files are hidden, recognisable, and short enough for any name")
    func temporaryNames() throws {
        let scratch = OutputScratch()
        let short = String(decoding: OutputWriteJob.temporaryName(for: Array("index.html".utf8), unique: scratch.uniqueSuffix()), as: UTF8.self)
        #expect(short.hasPrefix(".index.html.blogbuild-tmp-"))
        #expect(short.count > ".index.html.blogbuild-tmp-".count)
        #expect(scratch.uniqueSuffix() != scratch.uniqueSuffix())
        #expect(OutputScratch().uniqueSuffix() != OutputScratch().uniqueSuffix())
        let long = OutputWriteJob.temporaryName(for: Array(String(repeating: "é", count: 127).utf8), unique: scratch.uniqueSuffix())  // 254 bytes
        #expect(long.count <= 255)
        #expect(long.first == UInt8(ascii: "."))
        #expect(String(validating: long, as: UTF8.self) != nil)
    }

    // MARK: Symbolic links

    @Test("a symbolic link inside the output that points outside is removed as a link; its target survives")
    func symlinkOutIsUnlinked() throws {
        let box = try sandbox()
        let outside = box.base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let secret = outside.appendingPathComponent("secret.txt")
        try Data("keep me".utf8).write(to: secret)
        try box.write([page("index.html", "home")])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: box.output.appendingPathComponent("linked-folder").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(atPath: box.output.appendingPathComponent("linked-file").path, withDestinationPath: secret.path)
        // A folder the new site needs is a link to outside: the link must go, not be written through.
        try fm.createSymbolicLink(atPath: box.output.appendingPathComponent("posts").path, withDestinationPath: outside.path)
        // A file the new site needs is a link to outside: replaced, the target is not overwritten.
        try fm.createSymbolicLink(atPath: box.output.appendingPathComponent("feed.xml").path, withDestinationPath: secret.path)

        let summary = try box.write([page("index.html", "home"), page("posts/a.html", "post"), page("feed.xml", "<rss/>")])

        #expect(summary.written == 2)
        #expect(try listing(box.output) == [
            "index.html": "home",
            "posts": "dir", "posts/a.html": "post",
            "feed.xml": "<rss/>",
        ])
        #expect(try listing(outside) == ["secret.txt": "keep me"])
    }

    @Test("an output folder reached through a symbolic link is written in place, the link kept")
    func outputThroughSymlink() throws {
        let box = try sandbox()
        let real = box.base.appendingPathComponent("real-out")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = box.base.appendingPathComponent("out-link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        try box.write([page("index.html", "home")], to: link)
        #expect(try listing(real) == ["index.html": "home"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
    }

    @Test("an output folder given with .. or relative to a base URL is resolved before use")
    func outputPathResolved() throws {
        let box = try sandbox()
        try box.write([page("a.html", "a")], to: URL(fileURLWithPath: box.content.path + "/../public"))
        #expect(try listing(box.output) == ["a.html": "a"])
        try box.write([page("b.html", "b")], to: URL(fileURLWithPath: "public", relativeTo: box.site.appendingPathComponent("/")))
        #expect(try listing(box.output) == ["b.html": "b"])
        #expect(!FileManager.default.fileExists(atPath: box.content.appendingPathComponent("public").path))
    }

    // MARK: Refusals

    @Test("refuses /, the home folder and ancestors of the site (check only: never written to)")
    func refusesDangerousFolders() throws {
        let box = try sandbox()
        let home = FileManager.default.homeDirectoryForCurrentUser
        for url in [URL(fileURLWithPath: "/"), home, box.base, box.site.deletingLastPathComponent().deletingLastPathComponent(),
                    URL(fileURLWithPath: box.output.path + "/../../../")] {
            let diagnostic = OutputWriter.validateOutputDirectory(url, siteDirectory: box.site)
            #expect(diagnostic != nil, "\(url.path) accepted")
            #expect(diagnostic?.severity == .error)
        }
        #expect(OutputWriter.validateOutputDirectory(URL(fileURLWithPath: "/"), siteDirectory: box.site)?.message.contains("root") == true)
        #expect(OutputWriter.validateOutputDirectory(home, siteDirectory: box.site)?.message.contains("home") == true)
    }

    @Test("refuses the site folder, content/, templates/ and inside them, also through .. and links; nothing touched")
    func refusesSiteFolders() throws {
        let box = try sandbox()
        let fm = FileManager.default
        let linkToSite = box.base.appendingPathComponent("link-to-site")
        try fm.createSymbolicLink(atPath: linkToSite.path, withDestinationPath: box.site.path)
        // content/ may itself be a link to a folder elsewhere: inside that is refused too.
        let realContent = box.base.appendingPathComponent("real-content")
        try fm.createDirectory(at: realContent.appendingPathComponent("images"), withIntermediateDirectories: true)
        try fm.removeItem(at: box.content)
        try fm.createSymbolicLink(atPath: box.content.path, withDestinationPath: realContent.path)
        try Data("title: Test\n".utf8).write(to: realContent.appendingPathComponent("site.yml"))

        let refused: [URL] = [
            box.site,
            box.base,
            URL(fileURLWithPath: box.output.path + "/.."),
            linkToSite,
            linkToSite.appendingPathComponent("public/.."),
            box.content,
            box.content.appendingPathComponent("images"),
            box.content.appendingPathComponent("not/yet/there"),
            realContent.appendingPathComponent("images"),
            box.templates,
            box.templates.appendingPathComponent("partials"),
        ]
        let before = try listing(box.base)
        for url in refused {
            #expect(OutputWriter.validateOutputDirectory(url, siteDirectory: box.site) != nil, "\(url.path) accepted")
            #expect(throws: BuildFailure.self, "\(url.path) written") {
                try box.write([page("index.html", "home")], to: url)
            }
        }
        #expect(try listing(box.base) == before)
        // The ordinary case is accepted, and so is a folder outside the site.
        #expect(OutputWriter.validateOutputDirectory(box.output, siteDirectory: box.site) == nil)
        #expect(OutputWriter.validateOutputDirectory(box.base.appendingPathComponent("elsewhere"), siteDirectory: box.site) == nil)
        #expect(OutputWriter.validateOutputDirectory(linkToSite.appendingPathComponent("public"), siteDirectory: box.site) == nil)
    }

    @Test("an output path that is a regular file is an error, left alone")
    func refusesRegularFile() throws {
        let box = try sandbox()
        try Data("not a folder".utf8).write(to: box.output)
        let diagnostic = OutputWriter.validateOutputDirectory(box.output, siteDirectory: box.site)
        #expect(diagnostic?.message.contains("not a folder") == true)
        #expect(throws: BuildFailure.self) { try box.write([page("index.html", "home")]) }
        #expect(try text(box.output) == "not a folder")
    }

    // MARK: Bad paths

    @Test("bad relative paths are rejected without touching the output folder",
          arguments: ["", "/etc/passwd", "../escape.html", "a/../../b", "./index.html", "a/./b", "a//b", "a/", "..", "a\u{0}b"])
    func rejectsBadPaths(_ bad: String) throws {
        let box = try sandbox()
        try box.write([page("index.html", "old"), page("stale.html", "stale")])
        let before = try listing(box.base)
        do {
            try box.write([page("index.html", "new"), page(bad, "bad")])
            Issue.record("\(bad.debugDescription) accepted")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.message.contains("invalid output path") == true)
        }
        #expect(try listing(box.base) == before)
    }

    @Test("a missing output folder is not created when the paths are bad")
    func badPathsCreateNothing() throws {
        let box = try sandbox()
        #expect(throws: BuildFailure.self) { try box.write([page("a/../b", "x")]) }
        #expect(!FileManager.default.fileExists(atPath: box.output.path))
    }

    @Test("two files with the same path, a path needed as file and folder, or a relative copy source are errors naming it")
    func rejectsDuplicates() throws {
        let box = try sandbox()
        try box.write([page("index.html", "old")])
        let before = try listing(box.base)
        do {
            try box.write([page("index.html", "new"), page("tags/swift/index.html", "a"), page("tags/swift/index.html", "b")])
            Issue.record("duplicate accepted")
        } catch {
            #expect(error.diagnostics.map(\.file) == ["public/tags/swift/index.html"])
            #expect(error.diagnostics.first?.message.contains("duplicate") == true)
        }
        do {
            try box.write([page("about", "file"), page("about/index.html", "folder")])
            Issue.record("file/folder clash accepted")
        } catch {
            #expect(error.diagnostics.map(\.file) == ["public/about"])
        }
        do {
            try box.write([OutputFile(path: "images/a.png", contents: .copy(from: "content/images/a.png"))])
            Issue.record("relative copy source accepted")
        } catch {
            #expect(error.diagnostics.map(\.file) == ["public/images/a.png"])
            #expect(error.diagnostics.first?.message.contains("not an absolute path") == true)
        }
        #expect(try listing(box.base) == before)
    }

    // MARK: Failures while writing

    @Test("a failure while writing leaves the old site exactly as it was, and names the path and the OS error")
    func failureRollsBack() throws {
        let box = try sandbox()
        try box.write([page("index.html", "old home"), page("stale.html", "stale")])
        let before = try listing(box.base)
        let missing = box.content.appendingPathComponent("images/missing.png").path
        var files = (0..<200).map { page("new/\($0)/index.html", "new \($0)") }
        files.append(page("index.html", "new home"))
        files.append(OutputFile(path: "images/missing.png", contents: .copy(from: missing)))
        do {
            try box.write(files)
            Issue.record("missing source accepted")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["content/images/missing.png: could not read: No such file or directory"])
        }
        #expect(try listing(box.base) == before)
    }

    @Test("a folder that cannot be created is reported with the OS error, and nothing is left")
    func failureCreatingFolders() throws {
        let box = try sandbox()
        try box.write([page("index.html", "old")])
        let before = try listing(box.base)
        // Each component is allowed, but together they exceed PATH_MAX.
        let tooDeep = (0..<20).map { _ in String(repeating: "d", count: 250) }.joined(separator: "/") + "/index.html"
        do {
            try box.write([page("index.html", "new"), page("fine/index.html", "x"), page(tooDeep, "x")])
            Issue.record("too long path accepted")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.file.hasPrefix("public/ddd") == true)
            #expect(error.diagnostics.first?.message.contains("could not create folder: File name too long") == true)
        }
        #expect(try listing(box.base) == before)
    }

    @Test("a folder that cannot be written to is reported with the OS error", .enabled(if: getuid() != 0, "root ignores permissions"))
    func failurePermission() throws {
        let box = try sandbox()
        try box.write([page("locked/index.html", "old")])
        let locked = box.output.appendingPathComponent("locked")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        do {
            try box.write([page("locked/index.html", "new")])
            Issue.record("write into read-only folder succeeded")
        } catch {
            #expect(error.diagnostics.first?.file == "public/locked/index.html")
            #expect(error.diagnostics.first?.message.contains("Permission denied") == true)
        }
        #expect(try text(locked.appendingPathComponent("index.html")) == "old")
    }
}

/// Temporary files go to a staging folder beside the output folder, never into
/// what gets deployed, even when a build is killed halfway.
@Suite("Output staging")
struct OutputStagingTests {
    @Test func theStagingFolderIsBesideTheOutputAndLeftoversOfDeadRunsGo() throws {
        let site = try TestSiteFolder(files: ["content/posts/2021-01-05-x.md": "---\ntitle: X\n---\nBody.\n"])
        let output = site.root.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // A killed run's folder (no such process) and a running one's (our parent is alive).
        let dead = site.root.appendingPathComponent(".public.blogbuild-staging-999999999")
        let alive = site.root.appendingPathComponent(".public.blogbuild-staging-\(getppid())")
        for folder in [dead, alive] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("half".utf8).write(to: folder.appendingPathComponent("t-1"))
        }
        let location = try OutputLocation.resolve(output, siteDirectory: site.root)
        let files = [OutputFile(path: "index.html", contents: .bytes(Array("<p>x</p>".utf8)))]
        let job = OutputWriteJob(files: files, plan: try OutputWritePlan(files: files, location: location), location: location)
        let staging = try #require(job.makeStagingFolder())
        let path = String(decoding: staging, as: UTF8.self)
        #expect(path == location.root.replacingOccurrences(of: "/public", with: "/.public.blogbuild-staging-\(getpid())"))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(!FileManager.default.fileExists(atPath: dead.path), "a dead run's staging folder stays")
        #expect(FileManager.default.fileExists(atPath: alive.path), "a running build's staging folder was removed")
        var staged = job
        staged.staging = staging
        let scratch = OutputScratch()
        guard case .temporary(let temporary) = staged.stage(0, present: false, inPlace: false, scratch: scratch) else {
            Issue.record("nothing staged")
            return
        }
        let temporaryPath = temporary.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(temporaryPath.hasPrefix(path + "/"), "\(temporaryPath)")
        unlink(temporaryPath)
        rmdir(path)
        try FileManager.default.removeItem(at: alive)
    }

    /// `blogbuild build` killed (SIGKILL) at several moments of writing a few hundred
    /// posts: the output never holds a temporary file, and the next build is whole.
    @Test func aKilledBuildLeavesNoTemporaryFilesInTheOutput() async throws {
        var files: [String: String] = [:]
        for i in 0..<300 {
            files["content/posts/2021-01-\(String(format: "%02d", i % 28 + 1))-post-\(i).md"] =
                "---\ntitle: Post \(i)\n---\n" + String(repeating: "Text of post \(i). ", count: 300) + "\n"
        }
        let site = try TestSiteFolder(files: files)
        let executable = try #require(RepoPaths.executable)
        let output = site.root.appendingPathComponent("public")
        // When the writing happens: a timed build, by its stage times (`time: load 0.03 s, ..., write 0.23 s`).
        let timed = try BlogBuildCLI.run(["build", "--verbose", "--site", site.root.path])
        let stages = (timed.stdoutLines.first { $0.hasPrefix("time: ") } ?? "").matches(of: /(\w[\w ]*) (\d+\.\d+) s/)
            .map { (String($0.output.1), Double($0.output.2) ?? 0) }
        let write = stages.first { $0.0 == "write" }?.1 ?? 0.2
        let before = stages.filter { $0.0 != "write" }.reduce(0) { $0 + $1.1 }
        var delays: [Int] = []
        for k in 0..<6 {
            let seconds: Double = before + write * (Double(k) + 0.5) / 6
            delays.append(Int((seconds * 1000).rounded()) + 20)
        }
        for (n, delay) in delays.enumerated() {
            // Every page changes each round (the site title is on each), so each run writes them all again.
            try site.write("content/site.yml", TestSiteFolder.defaultConfig.replacingOccurrences(of: "Test Site", with: "Round \(n)"))
            let process = Process()
            process.executableURL = executable
            process.arguments = ["build", "--quiet", "--site", site.root.path]
            try process.run()
            try await Task.sleep(for: .milliseconds(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let leftovers = FileManager.default.enumerator(atPath: output.path)?.compactMap { $0 as? String }
                .filter { $0.contains(".blogbuild-tmp-") } ?? []
            #expect(leftovers.isEmpty, "after a kill at \(delay) ms: \(leftovers.prefix(3))")
        }
        let built = try BlogBuildCLI.run(["build", "--quiet", "--site", site.root.path])
        #expect(built.status == 0, "\(built)")
        let staging = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("blogbuild-staging") }
        #expect(staging.isEmpty, "\(staging)")
    }
}
