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

/// Broken sites through the real `blogbuild` command line. Each case first
/// builds a good site into `public/`, then breaks one thing and builds again:
/// exit 1, the problem as `path:line:col: message` on standard error, and
/// `public/` exactly as it was (same files, bytes, modification times, inodes).
@Suite("Bad input (CLI)")
struct BadInputTests {
    /// A good site: two posts in a series about an app, a hero image, an about
    /// page, and links (with a `#fragment`) that all resolve.
    static func goodSite() throws -> TestSiteFolder {
        let site = try TestSiteFolder()
        try site.write("content/posts/2021-01-05-first.md", """
            ---
            title: First
            tags: [Swift]
            series: good
            app: goodapp
            image: { src: /images/hero.png, alt: A hero image }
            ---
            Hello, see [about](/about/) and [part two](/2021/01/second/#part-two).

            """)
        try site.write("content/posts/2021-01-20-second.md", """
            ---
            title: Second
            series: good
            ---
            Intro.

            ## Part two

            Text, and [back to the top](#part-two).

            """)
        try site.write("content/series/good.md", "---\ntitle: Good Series\n---\nIntro.\n")
        try site.write("content/apps/goodapp.md", "---\ntitle: Good App\n---\nAn app.\n")
        try site.write("content/pages/about.md", "---\ntitle: About\n---\nAbout.\n")
        try site.write("content/images/hero.png", "PNG")
        return site
    }

    /// Builds the good site, breaks it with `breakIt`, builds again and checks the failure.
    /// `expected` are whole lines of standard error.
    private func expectBuildFails(_ breakIt: (TestSiteFolder) throws -> Void, errors expected: [String],
                                  errorCount: Int? = nil,
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let site = try Self.goodSite()
        let good = try BlogBuildCLI.run(["build", "--site", site.root.path])
        #expect(good.status == 0, "the good site must build: \(good)", sourceLocation: sourceLocation)
        #expect(good.stderr == "", "the good site has no warnings: \(good)", sourceLocation: sourceLocation)
        let before = try FolderSnapshot(site.publicFolder)
        #expect(before.files.count > 10, sourceLocation: sourceLocation)

        try breakIt(site)
        let bad = try BlogBuildCLI.run(["build", "--site", site.root.path], timeout: 30)
        #expect(bad.status == 1, "\(bad)", sourceLocation: sourceLocation)
        let lines = bad.stderrLines
        for line in expected {
            #expect(lines.contains(line), "expected this line on stderr:\n\(line)\n\(bad)", sourceLocation: sourceLocation)
        }
        let count = errorCount ?? expected.count
        let summary = "build failed: \(count) error\(count == 1 ? "" : "s"); nothing was written."
        #expect(lines.last == summary, "\(bad)", sourceLocation: sourceLocation)
        Self.expectNoCrash(bad, sourceLocation: sourceLocation)
        #expect(!bad.stdout.contains("Built"), "\(bad)", sourceLocation: sourceLocation)

        let after = try FolderSnapshot(site.publicFolder)
        let changes = after.changes(from: before)
        #expect(changes == [], "public/ changed after a failed build", sourceLocation: sourceLocation)
    }

    static func expectNoCrash(_ outcome: ProcessOutcome, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for sign in ["Fatal error", "Stack dump", "Backtrace", "Segmentation fault", "Illegal instruction", "Swift runtime failure"] {
            #expect(!outcome.stderr.contains(sign), "looks like a crash: \(outcome)", sourceLocation: sourceLocation)
        }
        #expect(outcome.status == 0 || outcome.status == 1 || outcome.status == 2, "\(outcome)", sourceLocation: sourceLocation)
    }

    // MARK: - One broken file

    @Test func unclosedFrontMatter() throws {
        try expectBuildFails({ site in
            try site.write("content/posts/2021-02-01-broken.md", "---\ntitle: Broken\ndate: 2021-02-01\n\nNo closing line.\n")
        }, errors: ["content/posts/2021-02-01-broken.md:1:1: front matter: no closing '---'"])
    }

    @Test func invalidYAMLIsReportedAtTheLineInTheFile() throws {
        // YAML line 3 is file line 4 (after the opening `---`); the value, to be quoted, starts at column 10.
        try expectBuildFails({ site in
            try site.write("content/posts/2021-02-01-broken.md", "---\ntitle: Broken\ntags: [x]\nsummary: a: b\n---\nBody.\n")
        }, errors: ["content/posts/2021-02-01-broken.md:4:10: front matter: the value of 'summary' holds ': ', which YAML reads as another key; "
                    + "put the value in quotes: summary: \"a: b\""])
    }

    @Test func dateThatIsNotADate() throws {
        // SPEC's own example.
        try expectBuildFails({ site in
            try site.write("content/posts/2021-01-05-x.md", "---\ntitle: X\ndate: Jan fifth\n---\nBody.\n")
        }, errors: ["content/posts/2021-01-05-x.md:3:7: front matter: 'date' is not a date (\"Jan fifth\"); write it as 2021-01-05, 2021-01-05 09:30 or 2021-01-05T09:30:15+01:00 (seconds and zone optional)"])
    }

    @Test func impossibleDate() throws {
        try expectBuildFails({ site in
            try site.write("content/posts/x.md", "---\ntitle: X\ntags: [a]\ndate:   2021-02-30\n---\nBody.\n")
        }, errors: ["content/posts/x.md:4:9: front matter: 'date' is not a valid date (\"2021-02-30\")"])
    }

    @Test func missingTitle() throws {
        try expectBuildFails({ site in
            try site.write("content/posts/2021-02-01-broken.md", "---\ndate: 2021-02-01\n---\nBody.\n")
        }, errors: ["content/posts/2021-02-01-broken.md:1:1: front matter: 'title' is required"])
    }

    @Test func blankTitleIsReportedAtTheValue() throws {
        try expectBuildFails({ site in
            try site.write("content/pages/contact.md", "---\npermalink: /contact/\ntitle: \"  \"\n---\nBody.\n")
        }, errors: ["content/pages/contact.md:3:8: front matter: 'title' is required"])
    }

    @Test func fileThatIsNotUTF8() throws {
        // Latin-1 "café": 0xE9 is the 6th character of line 5.
        try expectBuildFails({ site in
            try site.writeBytes("content/posts/2021-02-01-latin1.md",
                                Array("---\ntitle: Latin\n---\nFirst line.\nA caf".utf8) + [0xE9] + Array(" in town.\n".utf8))
        }, errors: ["content/posts/2021-02-01-latin1.md:5:6: not valid UTF-8 (byte 0xE9)"])
    }

    /// An empty post (a new editor buffer, `touch`) is a warning since issue 40: `build`
    /// goes on without it, `publish` and `check` fail (`MessageTests.anEmptyPostIsAWarning`).
    @Test func emptyFile() throws {
        let site = try Self.goodSite()
        try site.write("content/posts/2021-02-01-empty.md", "")
        try Self.expectBuildWarnsWherePublishAndCheckFail(
            site, name: "empty post",
            warning: "content/posts/2021-02-01-empty.md: warning: file is empty: not built until it has front matter ('---', 'title: …', '---')",
            builds: "2021/01/first/index.html")
    }

    @Test func twoPostsWithTheSamePermalink() throws {
        let site = try Self.goodSite()
        #expect(try BlogBuildCLI.run(["build", "--site", site.root.path]).status == 0)
        let before = try FolderSnapshot(site.publicFolder)
        try site.write("content/posts/2021-01-06-dup.md", "---\ntitle: Duplicate\nslug: first\n---\nBody.\n")
        let bad = try BlogBuildCLI.run(["build", "--site", site.root.path])
        #expect(bad.status == 1, "\(bad)")
        let line = bad.stderrLines.first { $0.contains("duplicate output path /2021/01/first/") }
        #expect(line != nil, "\(bad)")
        if let line {
            #expect(line.hasPrefix("content/posts/2021-01-0"), "names a post file: \(line)")
            #expect(line.range(of: #"^content/posts/2021-01-0[56]-[a-z]+\.md:\d+:\d+: "#, options: .regularExpression) != nil,
                    "names the line and column: \(line)")
            #expect(line.contains("content/posts/2021-01-05-first.md") && line.contains("content/posts/2021-01-06-dup.md"),
                    "names both posts: \(line)")
        }
        #expect(bad.stderrLines.last == "build failed: 1 error; nothing was written.", "\(bad)")
        #expect(try FolderSnapshot(site.publicFolder).changes(from: before) == [])
    }

    @Test func staticFileWhereAPageIsGenerated() throws {
        try expectBuildFails({ site in
            try site.write("content/tags/index.html", "<p>hand-made</p>\n")
        }, errors: ["content/tags/index.html: duplicate output path /tags/index.html: a generated page is written there too"])
    }

    @Test func aliasOverAnExistingPage() throws {
        let site = try Self.goodSite()
        #expect(try BlogBuildCLI.run(["build", "--site", site.root.path]).status == 0)
        let before = try FolderSnapshot(site.publicFolder)
        try site.write("content/posts/2021-02-01-moved.md", "---\ntitle: Moved\naliases: [/about/]\n---\nBody.\n")
        let bad = try BlogBuildCLI.run(["build", "--site", site.root.path])
        #expect(bad.status == 1, "\(bad)")
        #expect(bad.stderrLines.contains { $0.contains("duplicate output path /about/") && $0.contains("content/posts/2021-02-01-moved.md")
            && $0.contains("content/pages/about.md") }, "\(bad)")
        #expect(try FolderSnapshot(site.publicFolder).changes(from: before) == [])
    }

    @Test func unknownSeriesSlug() throws {
        try expectBuildFails({ site in
            try site.write("content/posts/2021-02-01-broken.md", "---\ntitle: Broken\nseries: nope\n---\nBody.\n")
        }, errors: ["content/posts/2021-02-01-broken.md:3:9: front matter: unknown series 'nope' (no content/series/nope.md; known: good)"])
    }

    @Test func unknownAppSlug() throws {
        try expectBuildFails({ site in
            try site.write("content/posts/2021-02-01-broken.md", "---\ntitle: Broken\ntags: [a]\napp:   nope\n---\nBody.\n")
        }, errors: ["content/posts/2021-02-01-broken.md:4:8: front matter: unknown app 'nope' (no content/apps/nope.md; known: goodapp)"])
    }

    @Test func templateSyntaxErrorNamesTheTemplateAndLine() throws {
        // `{{/wrong}}` on line 5 closes `{{#post}}`: reported where the section opens, naming what closed it.
        try expectBuildFails({ site in
            try site.write("templates/post.mustache", "{{<base}}\n{{$content}}\n{{#post}}\n<h1>{{title}}</h1>\n{{/wrong}}\n{{/content}}\n{{/base}}\n")
        }, errors: ["templates/post.mustache:3:1: template: section 'post' is closed by {{/wrong}} (line 5)"])
    }

    @Test func unclosedTemplateTag() throws {
        try expectBuildFails({ site in
            try site.write("templates/partials/footer.mustache", "<footer>\n<p>{{site.title}</p>\n</footer>\n")
        }, errors: ["templates/partials/footer.mustache:2:4: template: a tag is not closed (missing '}}')"])
    }

    @Test func missingPartial() throws {
        try expectBuildFails({ site in
            try site.write("templates/post.mustache", "{{<base}}\n{{$content}}\n  {{> partials/nope}}\n{{/content}}\n{{/base}}\n")
        }, errors: ["templates/post.mustache:3:3: template: missing partial 'partials/nope' (no templates/partials/nope.mustache)"])
    }

    @Test func symbolicLinkLoops() throws {
        try expectBuildFails({ site in
            try site.symlink("content/posts/loop", to: "..")          // leads back to content/
            try site.symlink("content/posts/self.md", to: "self.md")  // ELOOP
        }, errors: [
            "content/posts/loop: symbolic link loop (it leads to a folder that contains it)",
            "content/posts/self.md: symbolic link loop",
        ])
    }

    @Test func unreadableFileFIFO() throws {
        // We run as root, so chmod cannot make a file unreadable: a FIFO is not a file.
        try expectBuildFails({ site in
            try site.fifo("content/posts/2021-02-01-pipe.md")
        }, errors: ["content/posts/2021-02-01-pipe.md: not a regular file or folder"])
    }

    @Test func siteYMLThatIsAFolder() throws {
        let site = try Self.goodSite()
        #expect(try BlogBuildCLI.run(["build", "--site", site.root.path]).status == 0)
        let before = try FolderSnapshot(site.publicFolder)
        try site.remove("content/site.yml")
        try site.mkdir("content/site.yml")
        let bad = try BlogBuildCLI.run(["build", "--site", site.root.path])
        #expect(bad.status == 1, "\(bad)")
        #expect(bad.stderrLines.contains { $0.hasPrefix("content/site.yml: ") }, "\(bad)")
        Self.expectNoCrash(bad)
        #expect(try FolderSnapshot(site.publicFolder).changes(from: before) == [])
    }

    @Test func severalProblemsAreAllReportedInOneRun() throws {
        try expectBuildFails({ site in
            try site.write("content/posts/2021-01-05-x.md", "---\ntitle: X\ndate: Jan fifth\n---\nBody.\n")
            try site.write("content/posts/2021-02-01-untitled.md", "---\ndate: 2021-02-01\n---\nBody.\n")
            try site.write("content/posts/2021-02-02-app.md", "---\ntitle: App\napp: nope\n---\nBody.\n")
            // (An empty file is a warning since issue 40: `emptyFile`.)
            try site.write("content/posts/2021-02-03-empty.md", "No front matter.\n")
            try site.write("templates/post.mustache", "{{<base}}\n{{$content}}\n  {{> partials/nope}}\n{{/content}}\n{{/base}}\n")
        }, errors: [
            "content/posts/2021-01-05-x.md:3:7: front matter: 'date' is not a date (\"Jan fifth\"); write it as 2021-01-05, 2021-01-05 09:30 or 2021-01-05T09:30:15+01:00 (seconds and zone optional)",
            "content/posts/2021-02-01-untitled.md:1:1: front matter: 'title' is required",
            "content/posts/2021-02-02-app.md:3:6: front matter: unknown app 'nope' (no content/apps/nope.md; known: goodapp)",
            "content/posts/2021-02-03-empty.md:1:1: front matter: missing (start the file with a '---' block holding 'title')",
            "templates/post.mustache:3:3: template: missing partial 'partials/nope' (no templates/partials/nope.mustache)",
        ])
    }

    // MARK: - Problems publish and check fail on, and build only warns about

    /// name, file to add, the expected warning line (without `warning: `'s prefix).
    static let linkProblems: [(String, String, String)] = [
        ("missing page", "---\ntitle: Links\n---\n\nSee [the missing page](/nope/) here.\n",
         "content/posts/2021-02-01-links.md:5:24: warning: broken link '/nope/': nothing is built at /nope/"),
        ("fragment", "---\ntitle: Links\n---\n\nJump to [a heading](#nowhere).\n",
         "content/posts/2021-02-01-links.md:5:21: warning: broken link '#nowhere': no element with id 'nowhere' on /2021/02/links/index.html"),
        ("fragment on another page", "---\ntitle: Links\n---\n\nRead [part two](/2021/01/second/#part-three).\n",
         "content/posts/2021-02-01-links.md:5:17: warning: broken link '/2021/01/second/#part-three': no element with id 'part-three' on /2021/01/second/index.html"),
        ("missing image", "---\ntitle: Links\n---\n\n![Missing](/images/nope.png)\n",
         "content/posts/2021-02-01-links.md:5:12: warning: broken image '/images/nope.png': there is no content/images/nope.png"),
        ("hero without alt", "---\ntitle: Links\nimage: /images/hero.png\n---\n\nBody.\n",
         "content/posts/2021-02-01-links.md:3:8: warning: front matter: image '/images/hero.png' has no alt text"),
    ]

    @Test(arguments: BadInputTests.linkProblems.indices)
    func publishAndCheckFailWhereBuildWarns(index: Int) throws {
        let (name, text, warning) = Self.linkProblems[index]
        let site = try Self.goodSite()
        try site.write("content/posts/2021-02-01-links.md", text)
        try Self.expectBuildWarnsWherePublishAndCheckFail(site, name: name, warning: warning, builds: "2021/02/links/index.html")
    }

    /// A name no page's context has: `{{tittle}}` in the post template, `{{page.tittle}}`
    /// in a partial, a section of the base template. Reported where it is written, with
    /// the name it probably meant. Names that only some page types have (`{{#post}}` in
    /// `base`) and free-form front matter (`page.params.anything`) are not reported.
    @Test(arguments: [
        ("templates/post.mustache",
         "{{<base}}\n{{$content}}\n{{#post}}\n<h1>{{tittle}}</h1>{{page.params.anything.at.all}}{{{content}}}\n{{/post}}\n{{/content}}\n{{/base}}\n",
         "templates/post.mustache:4:5: warning: template: unknown variable 'tittle' (did you mean 'title'?)"),
        ("templates/partials/footer.mustache",
         "<footer>{{#post}}{{date}}{{/post}}\n  <p>{{page.tittle}}</p></footer>\n",
         "templates/partials/footer.mustache:2:6: warning: template: unknown variable 'page.tittle' (did you mean 'page.title'?)"),
        ("templates/partials/header.mustache",
         "<header>{{#site.navv}}x{{/site.navv}}</header>\n",
         "templates/partials/header.mustache:1:9: warning: template: unknown section 'site.navv' (did you mean 'site.nav'?)"),
    ])
    func aTemplateTypoIsAWarningWherePublishAndCheckFail(file: String, text: String, warning: String) throws {
        let site = try Self.goodSite()
        try site.write(file, text)
        try Self.expectBuildWarnsWherePublishAndCheckFail(site, name: file, warning: warning, builds: "index.html")
    }

    /// `build` succeeds and prints `warning`; `publish` and `check` fail on it and write nothing.
    static func expectBuildWarnsWherePublishAndCheckFail(_ site: TestSiteFolder, name: String, warning: String,
                                                         builds page: String) throws {
        // build: succeeds, prints the warning.
        let built = try BlogBuildCLI.run(["build", "--site", site.root.path])
        #expect(built.status == 0, "\(name): \(built)")
        #expect(built.stderrLines.contains(warning), "\(name): expected\n\(warning)\n\(built)")
        #expect(built.stdout.hasPrefix("Built "), "\(name): \(built)")
        let before = try FolderSnapshot(site.publicFolder)
        #expect(before.files[page] != nil)

        // publish: fails, names the problem, writes nothing (neither into public/ nor elsewhere).
        let elsewhere = site.outside("published")
        for arguments in [["publish", "--site", site.root.path], ["publish", "--site", site.root.path, "--output", elsewhere.path]] {
            let published = try BlogBuildCLI.run(arguments)
            #expect(published.status == 1, "\(name): \(published)")
            #expect(published.stderrLines.contains(warning), "\(name): expected\n\(warning)\n\(published)")
            #expect(published.stderrLines.last?.hasSuffix("1 warning; nothing was written.") == true, "\(name): \(published)")
            BadInputTests.expectNoCrash(published)
        }
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path), "\(name): publish created its output folder")

        // check: fails the same way.
        let checked = try BlogBuildCLI.run(["check", "--site", site.root.path])
        #expect(checked.status == 1, "\(name): \(checked)")
        #expect(checked.stderrLines.contains(warning), "\(name): expected\n\(warning)\n\(checked)")
        #expect(checked.stderrLines.last == "check failed: 1 warning; nothing was written.", "\(name): \(checked)")

        #expect(try FolderSnapshot(site.publicFolder).changes(from: before) == [], "\(name)")
    }

    @Test func checkWritesNothing() throws {
        let site = try Self.goodSite()
        let elsewhere = site.outside("checked")
        let siteBefore = try FolderSnapshot(site.root)
        let checked = try BlogBuildCLI.run(["check", "--site", site.root.path])
        #expect(checked.status == 0, "\(checked)")
        #expect(checked.stdout.hasPrefix("Checked "), "\(checked)")
        // check writes no site: --output is a usage error, not silently ignored.
        let checkedElsewhere = try BlogBuildCLI.run(["check", "--site", site.root.path, "--output", elsewhere.path])
        #expect(checkedElsewhere.status == 2, "\(checkedElsewhere)")
        #expect(!FileManager.default.fileExists(atPath: site.publicFolder.path))
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
        #expect(try FolderSnapshot(site.root).changes(from: siteBefore) == [])

        // Also on a broken site.
        try site.write("content/posts/2021-02-01-broken.md", "---\ntitle: Broken\nseries: nope\n---\nBody.\n")
        let broken = try BlogBuildCLI.run(["check", "--site", site.root.path])
        #expect(broken.status == 1, "\(broken)")
        #expect(broken.stderrLines.contains(
            "content/posts/2021-02-01-broken.md:3:9: front matter: unknown series 'nope' (no content/series/nope.md; known: good)"), "\(broken)")
        #expect(!FileManager.default.fileExists(atPath: site.publicFolder.path))
    }

    // MARK: - Usage errors

    @Test(arguments: [
        ["build", "--nope"],
        ["build", "--site"],
        ["new", "post"],
        ["new", "post", "Title", "--series"],
        ["init"],
        ["frobnicate"],
        ["publish", "extra-argument"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let site = try Self.goodSite()
        let before = try FolderSnapshot(site.root)
        let outcome = try BlogBuildCLI.run(arguments, in: site.root)
        #expect(outcome.status == 2, "blogbuild \(arguments.joined(separator: " ")): \(outcome)")
        #expect(outcome.stderr.contains("Error:"), "\(outcome)")
        #expect(outcome.stdout == "", "\(outcome)")
        #expect(try FolderSnapshot(site.root).changes(from: before) == [])
    }

    // MARK: - Output folders that must not be used

    @Test(arguments: [
        (".", "it is the site folder itself"),
        ("content", "it is the site's content/ folder"),
        ("content/posts", "it is inside the site's content/ folder"),
        ("templates", "it is the site's templates/ folder"),
        ("..", "it contains the site folder"),
    ])
    func refusedOutputFolders(relative: String, reason: String) throws {
        let site = try Self.goodSite()
        try site.write("templates/partials/footer.mustache", "<footer>{{site.title}}</footer>\n")
        #expect(try BlogBuildCLI.run(["build", "--site", site.root.path]).status == 0)
        try site.write("content/notes.txt", "keep me")
        let before = try FolderSnapshot(site.base)
        let output = relative == "." ? site.root.path : site.root.appendingPathComponent(relative).standardizedFileURL.path
        for command in ["build", "publish"] {
            let outcome = try BlogBuildCLI.run([command, "--site", site.root.path, "--output", output])
            #expect(outcome.status == 1, "\(command) --output \(relative): \(outcome)")
            #expect(outcome.stderrLines.contains { $0.hasPrefix(output + ": refusing to use this as the output folder: " + reason) },
                    "\(command) --output \(relative): \(outcome)")
            BadInputTests.expectNoCrash(outcome)
        }
        #expect(try FolderSnapshot(site.base).changes(from: before) == [], "--output \(relative) touched files")
    }
}
