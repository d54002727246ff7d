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

/// Messages point at the cause, through the real `blogbuild` command line: the
/// one problem a user made, where they made it, and nothing it dragged along.
@Suite("Messages (CLI)")
struct MessageTests {
    /// `check`, `publish` and `build` of `site` fail with exactly `errors` (whole
    /// lines of standard error) and the summary line, nothing else.
    private func expectOnly(_ errors: [String], site: TestSiteFolder, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for command in ["check", "publish", "build"] {
            let run = try BlogBuildCLI.run([command, "--site", site.root.path])
            #expect(run.status == 1, "\(command): \(run)", sourceLocation: sourceLocation)
            let summary = "\(command) failed: \(errors.count) error\(errors.count == 1 ? "" : "s"); nothing was written."
            #expect(run.stderrLines == errors + [summary], "\(command): \(run)", sourceLocation: sourceLocation)
            BadInputTests.expectNoCrash(run, sourceLocation: sourceLocation)
        }
    }

    // MARK: - A config error alone

    /// Before: every feed, the sitemap and the pages failed too (no absolute
    /// `base_url` to build them with), and site.yml's line came last of dozens.
    @Test(arguments: [
        ("title: \"Test Site\nbase_url: https://example.org/\nlanguage: en\n",
         "content/site.yml:1:8: invalid YAML: the quote (\") that opens here never closes"),
        ("title: Test Site\nbase_url https://example.org/\nlanguage: en\n",
         "content/site.yml:2:1: invalid YAML: no ':' after the key that starts here (write key: value)"),
        ("title: Test Site\nbase_url: example.org\nlanguage: en\n",
         "content/site.yml:2:11: 'base_url' must be an absolute http(s) URL (\"example.org\")"),
    ])
    func aConfigErrorIsReportedAlone(config: String, error: String) throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/site.yml", config)
        try expectOnly([error], site: site)
    }

    @Test func aMissingSiteYMLIsReportedAlone() throws {
        let site = try BadInputTests.goodSite()
        try site.remove("content/site.yml")
        try expectOnly(["content/site.yml: missing"], site: site)
    }

    // MARK: - YAML errors where they start

    /// libyaml reads on past an unclosed quote and fails at the end of the front
    /// matter (here line 7, its closing `---`), or where a later value's quote
    /// happens to close it: the error is where the quote opens.
    @Test(arguments: [
        ("---\ntitle: \"Kettle notes\ndate: 2021-02-01\ntags: [a]\nseries: good\n---\nBody.\n",
         "content/posts/2021-02-01-kettle.md:2:8: front matter: invalid YAML: the quote (\") that opens here never closes"),
        ("---\ntitle: 'Kettle notes\ndate: 2021-02-01\n---\nBody.\n",
         "content/posts/2021-02-01-kettle.md:2:8: front matter: invalid YAML: the quote (') that opens here never closes"),
        ("---\ntitle: \"Kettle notes\ndate: 2021-02-01\nsummary: \"On kettles\"\n---\nBody.\n",
         "content/posts/2021-02-01-kettle.md:2:8: front matter: invalid YAML: the quote (\") that opens here does not close on its line; "
            + "YAML takes the \" on line 4 as its end, then fails there (did not find expected key)"),
        ("---\ntitle: Kettle\ntags: [tea, water\nsummary: Notes\n---\nBody.\n",
         "content/posts/2021-02-01-kettle.md:3:7: front matter: invalid YAML: the [ that opens here never closes "
            + "(YAML reads on to line 4: did not find expected ',' or ']')"),
        // A quote inside text opens nothing: the error is the unclosed `[`.
        ("---\ntitle: Rock 'n roll\ntags: [tea\n---\nBody.\n",
         "content/posts/2021-02-01-kettle.md:3:7: front matter: invalid YAML: the [ that opens here never closes "
            + "(YAML reads on to line 4: did not find expected ',' or ']')"),
        // A quote in a block scalar's text opens nothing; a quoted value over two lines that ends at its quote is valid.
        ("---\ntitle: \"Kettle\n  notes\"\nsummary: |\n  He said \"hot\n  water\ndate: 2021-02-01: x\n---\nBody.\n",
         "content/posts/2021-02-01-kettle.md:7:7: front matter: the value of 'date' holds ': ', which YAML reads as another key; "
            + "put the value in quotes: date: \"2021-02-01: x\""),
        // `: ` inside an unquoted value: libyaml's "mapping values are not allowed in this context" said nothing of quotes.
        ("---\ntitle: Testing: the new views\n---\nBody.\n",
         "content/posts/2021-02-01-kettle.md:2:8: front matter: the value of 'title' holds ': ', which YAML reads as another key; "
            + "put the value in quotes: title: \"Testing: the new views\""),
        ("---\ntitle: Kettle\nsummary: Part 2: the sequel # a comment\n---\nBody.\n",
         "content/posts/2021-02-01-kettle.md:3:10: front matter: the value of 'summary' holds ': ', which YAML reads as another key; "
            + "put the value in quotes: summary: \"Part 2: the sequel\""),
    ])
    func yamlErrorsAreReportedWhereTheyStart(text: String, error: String) throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/posts/2021-02-01-kettle.md", text)
        let run = try BlogBuildCLI.run(["build", "--site", site.root.path])
        #expect(run.status == 1 && run.stderrLines == [error, "build failed: 1 error; nothing was written."], "\(run)")
    }

    @Test func anUnclosedQuoteInSiteYMLIsReportedWhereItOpens() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/site.yml", TestSiteFolder.defaultConfig.replacingOccurrences(of: "language: en", with: "language: 'en"))
        try expectOnly(["content/site.yml:3:11: invalid YAML: the quote (') that opens here never closes"], site: site)
    }

    @Test func anUnclosedQuoteInASeriesOrAppIsReportedWhereItOpens() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/series/good.md", "---\ntitle: \"Good Series\n---\nIntro.\n")
        try site.write("content/apps/goodapp.md", "---\ntitle: Good App\nsummary: 'An app\n---\nAn app.\n")
        let run = try BlogBuildCLI.run(["check", "--site", site.root.path])
        #expect(run.stderrLines.contains("content/series/good.md:2:8: front matter: invalid YAML: the quote (\") that opens here never closes"), "\(run)")
        #expect(run.stderrLines.contains("content/apps/goodapp.md:3:10: front matter: invalid YAML: the quote (') that opens here never closes"), "\(run)")
    }

    // MARK: - A bad date: the forms that work, and no second error elsewhere

    /// Before: the message named no form that works, and the other post's links
    /// to the failed one were a second, false error ("is not a page of the site")
    /// and a broken-link warning.
    @Test func aBadDateListsTheFormsAndMakesNoSecondError() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/posts/2021-02-01-kettle.md", "---\ntitle: Kettle\ndate: 27th November 2026\n---\nBody.\n")
        try site.write("content/posts/2021-02-02-links.md",
                       "---\ntitle: Links\n---\nSee [the kettle](2021-02-01-kettle.md#top) and [again](/2021/02/kettle/).\n")
        try expectOnly([
            "content/posts/2021-02-01-kettle.md:3:7: front matter: 'date' is not a date (\"27th November 2026\"); write it as "
                + "2021-01-05, 2021-01-05 09:30 or 2021-01-05T09:30:15+01:00 (seconds and zone optional)",
        ], site: site)
    }

    /// A series or app file with an error is not also an "unknown series" in every
    /// post of it, nor is its page a broken link.
    @Test func aSeriesOrAppWithAnErrorIsNotUnknownElsewhere() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/series/good.md", "---\ntitle: [Good\n---\nIntro.\n")
        try site.write("content/apps/goodapp.md", "---\ntitle: Good App\nreleased: someday\n---\nAn app.\n")
        try site.write("content/apps/goodapp/privacy.md", "---\ntitle: Privacy\n---\nNone kept.\n")
        try site.write("content/pages/about.md", "---\ntitle: About\n---\nRead [the series](/series/good/) and [the app](../apps/goodapp.md).\n")
        let run = try BlogBuildCLI.run(["check", "--site", site.root.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderrLines.count == 3, "only the two files' own errors: \(run)")
        #expect(run.stderrLines.first?.hasPrefix("content/apps/goodapp.md:3:11: front matter: 'released' is not a date") == true, "\(run)")
        #expect(run.stderrLines.dropFirst().first?.hasPrefix("content/series/good.md:2:8: front matter: invalid YAML: the [ that opens here never closes") == true,
                "\(run)")
    }

    /// A page whose file has an error is not a broken link in the navigation
    /// (site.yml) nor in a post that links to it.
    @Test func aPageWithAnErrorIsNotABrokenLinkElsewhere() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/site.yml", TestSiteFolder.defaultConfig + "nav: [ { title: About, url: /about } ]\n")
        try site.write("content/pages/about.md", "---\ntitle: 'About\n---\nAbout.\n")
        try expectOnly(["content/pages/about.md:2:8: front matter: invalid YAML: the quote (') that opens here never closes"], site: site)
    }

    // MARK: - A missing image names the file looked for

    /// Before: `nothing is built at /2021/02/pics/shot.png`, the output URL, for an
    /// image the author was to put beside the post in content/posts/.
    @Test func aMissingImageNamesTheSourceFileLookedFor() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/posts/2021-02-01-pics.md", """
            ---
            title: Pics
            image: { src: hero.jpg, alt: A hero }
            ---
            ![A shot](shot.png)

            ![A chart](/images/chart.png)

            <img src="diagrams/flow.svg" alt="The flow">

            """)
        let run = try BlogBuildCLI.run(["build", "--site", site.root.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderrLines == [
            "content/posts/2021-02-01-pics.md:3:8: warning: broken image 'hero.jpg': there is no content/posts/hero.jpg",
            "content/posts/2021-02-01-pics.md:5:11: warning: broken image 'shot.png': there is no content/posts/shot.png",
            "content/posts/2021-02-01-pics.md:7:12: warning: broken image '/images/chart.png': there is no content/images/chart.png",
            "content/posts/2021-02-01-pics.md:9:11: warning: broken image 'diagrams/flow.svg': there is no content/posts/diagrams/flow.svg",
        ], "\(run)")
    }

    @Test func aMissingImageInSiteYMLNamesTheSourceFileLookedFor() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/site.yml", TestSiteFolder.defaultConfig + "logo: /images/logo.svg\n")
        let run = try BlogBuildCLI.run(["check", "--site", site.root.path])
        #expect(run.stderrLines.contains { $0.hasPrefix("content/site.yml:7:") && $0.hasSuffix("there is no content/images/logo.svg") }, "\(run)")
    }

    // MARK: - Issue 40: a slip in a required key, TOML front matter, an empty file

    /// Before: "'title' is required" at line 1 first, the did-you-mean at the slip second.
    @Test func aMisspeltRequiredKeyIsOneErrorAtTheSlip() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/posts/2021-02-01-kettle.md", "---\ndate: 2021-02-01\ntittle: Kettle notes\n---\nBody.\n")
        try site.write("content/pages/now.md", "---\nTitle: Now\n---\nBody.\n")
        try expectOnly([
            "content/pages/now.md:2:1: front matter: unknown key 'Title' (did you mean 'title'?); 'title' is required",
            "content/posts/2021-02-01-kettle.md:3:1: front matter: unknown key 'tittle' (did you mean 'title'?); 'title' is required",
        ], site: site)
    }

    /// Hugo's `+++` TOML front matter is read (before: "front matter: missing"), and a
    /// problem in it is at its line of the file.
    @Test func tomlFrontMatterIsRead() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/posts/2021-02-01-kettle.md", """
            +++
            title = "Kettle notes: TOML"
            date = 2021-02-01T09:30:00+01:00
            tags = ["Tea", "Water"]
            series = "good"

            [image]
            src = "/images/hero.png"
            alt = "A kettle"
            +++
            Body with *emphasis*.

            """)
        try site.write("content/pages/toml.md", "+++\ntitle = 'TOML page'\ndraft = true\n+++\nHeld back.\n")
        let built = renderTestSite(site)
        #expect(built.problems.isEmpty && built.hints.isEmpty, "\(built.problems) \(built.hints)")
        built.expect("2021/02/kettle/index.html", contains: ["Kettle notes: TOML", "<em>emphasis</em>", "/tags/water/", "A kettle"])
        built.expectPaths([], absent: ["toml/index.html"])

        // A value of the wrong kind, a slip in a key, a TOML syntax error: each at its line.
        try site.write("content/posts/2021-02-01-kettle.md", "+++\ntitle = \"Kettle\"\n\ndate = \"someday\"\ntagz = [\"Tea\"]\n+++\nBody.\n")
        try site.write("content/pages/toml.md", "+++\ntitle = \"TOML page\"\ndraft = yes\n+++\nBody.\n")
        let bad = renderTestSite(site)
        #expect(bad.problems.count == 3, "\(bad.problems)")
        #expect(bad.problems.contains { $0.hasPrefix("content/posts/2021-02-01-kettle.md:4:") && $0.contains("'date' is not a date (\"someday\")") },
                "\(bad.problems)")
        #expect(bad.problems.contains { $0.hasPrefix("content/posts/2021-02-01-kettle.md:5:") && $0.contains("unknown key 'tagz' (did you mean 'tags'?)") },
                "\(bad.problems)")
        #expect(bad.problems.contains { $0.hasPrefix("content/pages/toml.md:3:") && $0.contains("front matter: invalid TOML:") },
                "\(bad.problems)")
    }

    /// An empty post (a new editor buffer, `touch`): a warning naming it. Before: an
    /// error that failed the whole build and covered every page in serve.
    @Test func anEmptyPostIsAWarning() throws {
        for text in ["", "  \n\n\t\n"] {
            let site = try BadInputTests.goodSite()
            try site.write("content/posts/2021-02-01-new.md", text)
            try BadInputTests.expectBuildWarnsWherePublishAndCheckFail(
                site, name: "empty post \(text.debugDescription)",
                warning: "content/posts/2021-02-01-new.md: warning: file is empty: not built until it has front matter ('---', 'title: …', '---')",
                builds: "2021/01/first/index.html")
        }
    }

    /// Under serve an empty post is a warning of a build that succeeds (the warnings
    /// panel), not a failed build (the error overlay); filled in, it is built.
    @Test func anEmptyPostUnderServeIsAWarningOfAGoodBuild() throws {
        let site = try BadInputTests.goodSite()
        let builder = IncrementalBuilder()
        let request = BuildRequest(siteDirectory: site.root, outputDirectory: site.outside("served"), mode: .build(includeDrafts: true),
                                   now: siteTestsNow)
        _ = try builder.build(request)
        try site.write("content/posts/2021-02-01-new.md", "")
        let changed: Set<String> = [site.url("content/posts/2021-02-01-new.md").standardizedFileURL.path]
        let empty = try builder.build(request, changedFiles: changed)
        #expect(empty.report.warnings.map(\.description)
                == ["content/posts/2021-02-01-new.md: warning: file is empty: not built until it has front matter ('---', 'title: …', '---')"])
        try site.write("content/posts/2021-02-01-new.md", "---\ntitle: New\n---\nWritten.\n")
        let written = try builder.build(request, changedFiles: changed)
        #expect(written.report.warnings.isEmpty)
        #expect(FileManager.default.fileExists(atPath: site.outside("served").appendingPathComponent("2021/02/new/index.html").path))
    }
}
