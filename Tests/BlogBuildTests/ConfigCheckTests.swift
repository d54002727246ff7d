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

/// Issue 10, "Files and config that vanish": site.yml typos and bad values,
/// `init`'s placeholders at publish time, other generators' front-matter keys,
/// unpadded dates in file names, and aliases a static site cannot serve.
@Suite("Config and front matter that used to vanish")
struct ConfigCheckTests {
    /// site.yml's diagnostics for `text`, as printed, by line.
    static func configLines(_ text: String) -> [String] {
        ConfigLoader.parse(text).diagnostics.sorted().map(\.description)
    }

    /// Every diagnostic of loading `files` (with the default site.yml), as printed.
    static func load(_ files: [String: String]) throws -> (content: LoadedContent, lines: [String]) {
        let folder = try TestSiteFolder(files: files)
        let content = ContentLoader.load(siteDirectory: folder.root)
        return (content, content.diagnostics.map(\.description))
    }

    // MARK: - 1. site.yml: unknown keys and invalid values

    @Test func unknownTopLevelKeysAreWarningsWithADidYouMean() {
        let text = """
            title: T
            base_url: https://example.org/
            post_per_page: 2
            languge: en
            paginate: 5
            mastodon: https://social.example/@me
            params:
              twitter: me

            """
        #expect(Self.configLines(text) == [
            "content/site.yml:3:1: warning: unknown key 'post_per_page' (did you mean 'posts_per_page'?)",
            "content/site.yml:4:1: warning: unknown key 'languge' (did you mean 'language'?)",
            "content/site.yml:5:1: warning: unknown key 'paginate' (did you mean 'posts_per_page'?)",
            "content/site.yml:6:1: warning: unknown key 'mastodon' (a value for templates belongs under 'params:')",
        ])
        let config = ConfigLoader.parse(text).config
        #expect(config.postsPerPage == 10)
        // Unknown keys still reach templates, as before; `params:` is the place for them.
        #expect(config.params["twitter"] == .string("me"))
        #expect(config.params["mastodon"] == .string("https://social.example/@me"))
        #expect(config.params["params"] == nil)
    }

    @Test func unknownKeysInsideKnownMappingsAreWarningsWithADidYouMean() {
        let text = """
            base_url: https://example.org/
            author: { name: Jane, emial: jane@example.org }
            feeds: { itmes: 5 }
            markdown: { raw_htm: false, smrt: true }
            permalinks: { posts: /:year/:slug/ }
            nav:
              - { title: Apps, url: /apps/, titel: x }

            """
        #expect(Self.configLines(text) == [
            "content/site.yml:2:23: warning: unknown key 'author.emial' (did you mean 'author.email'?)",
            "content/site.yml:3:10: warning: unknown key 'feeds.itmes' (did you mean 'feeds.items'?)",
            "content/site.yml:4:13: warning: unknown key 'markdown.raw_htm' (did you mean 'markdown.raw_html'?)",
            "content/site.yml:4:29: warning: unknown key 'markdown.smrt' (did you mean 'markdown.smart'?)",
            "content/site.yml:5:15: warning: unknown key 'permalinks.posts' (did you mean 'permalinks.post'?)",
            "content/site.yml:7:33: warning: unknown key 'nav.titel' (did you mean 'nav.title'?)",
        ])
    }

    @Test(arguments: ["en", "en-GB", "pt-BR", "zh-Hans", "sr-Latn-RS", "es-419", "EN-gb", "haw", "de-CH-1996", "en-GB-x-twain"])
    func validLanguageTagsAreAccepted(_ tag: String) {
        let parsed = ConfigLoader.parse("base_url: https://example.org/\nlanguage: \(tag)\n")
        #expect(parsed.diagnostics.map(\.description) == [])
        #expect(parsed.config.language == tag)
    }

    @Test(arguments: [
        ("english", "is not a known language code (use an ISO 639 code such as en, de or pt-BR) (\"english\") (did you mean 'en'?)"),
        ("Deutsch", "is not a known language code (use an ISO 639 code such as en, de or pt-BR) (\"Deutsch\") (did you mean 'de'?)"),
        ("xx", "is not a known language code (use an ISO 639 code such as en, de or pt-BR) (\"xx\")"),
        ("xx-GB", "is not a known language code (use an ISO 639 code such as en, de or pt-BR) (\"xx-GB\")"),
        ("eng", "uses 'eng' where a language tag has the two-letter code 'en' (\"eng\") (did you mean 'en'?)"),
        ("en_GB", "is not a language tag such as en, en-GB or zh-Hans (\"en_GB\") (did you mean 'en-GB'?)"),
        ("en-UK", "has the region 'UK', which ISO 3166 writes 'GB' (\"en-UK\") (did you mean 'en-GB'?)"),
        ("en-", "is not a language tag such as en, en-GB or zh-Hans (\"en-\")"),
        ("en-GB-x", "is not a language tag such as en, en-GB or zh-Hans (\"en-GB-x\")"),
    ])
    func invalidLanguagesAreErrorsAtTheLine(_ tag: String, _ message: String) {
        let parsed = ConfigLoader.parse("base_url: https://example.org/\nlanguage: \(tag)\n")
        #expect(parsed.diagnostics.map(\.description) == ["content/site.yml:2:11: 'language' \(message)"])
        #expect(parsed.diagnostics.allSatisfy { $0.severity == .error })
        #expect(parsed.config.language == "en")  // the default stays
    }

    @Test func unknownTimeZonesAreErrorsWithADidYouMean() {
        #expect(Self.configLines("base_url: https://example.org/\ntimezone: Europe/Londn\n") == [
            "content/site.yml:2:11: 'timezone' is not a known time zone (\"Europe/Londn\") (did you mean 'Europe/London'?)",
        ])
        #expect(Self.configLines("base_url: https://example.org/\ntimezone: london\n") == [
            "content/site.yml:2:11: 'timezone' is not a known time zone (\"london\") (did you mean 'Europe/London'?)",
        ])
    }

    @Test func siteYMLTyposFailPublishButNotBuild() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "post_per_page: 2\n")
        try folder.write("content/posts/2021-01-05-x.md", "---\ntitle: X\n---\nX.\n")
        #expect(renderTestSite(folder).site.isWritable(in: .build(includeDrafts: false)))
        let published = renderTestSite(folder, mode: .publish)
        #expect(!published.site.isWritable(in: .publish))
        #expect(published.problems == ["content/site.yml:7:1: warning: unknown key 'post_per_page' (did you mean 'posts_per_page'?)"])
    }

    // MARK: - 2. init's placeholders: notices while writing, errors where the site goes live

    static let placeholderAuthor = "content/site.yml:3:17: 'author' is the placeholder name \"Your Name\" that blogbuild init writes: write your own name"
    static let placeholderBaseURL = "content/site.yml:4:11: 'base_url' is the placeholder https://example.com/ that blogbuild init writes: "
        + "set it to the address the site is published at (or give it with --base-url URL, as init's GitHub workflow does)"

    @Test func placeholdersFromInitFailPublishAndCheckButNotBuild() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-placeholders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try Scaffold.initSite(at: site)
        // The other stand-ins answered (ScaffoldTests.everyStandInFailsPublish has them): the name and the address here.
        try ScaffoldTests.answerStandIns(site, name: false)
        for mode in [BuildMode.publish, .check] {
            let rendered = SiteBuilder.render(BuildRequest(siteDirectory: site, mode: mode))
            #expect(!rendered.isWritable(in: mode), "\(mode)")
            #expect(rendered.diagnostics.map(\.description) == [Self.placeholderAuthor, Self.placeholderBaseURL], "\(mode)")
            #expect(rendered.report.notices == [], "\(mode)")
        }
        // build (and serve, which builds the same way with drafts) keep them as notices.
        for mode in [BuildMode.build(includeDrafts: false), .build(includeDrafts: true)] {
            let rendered = SiteBuilder.render(BuildRequest(siteDirectory: site, mode: mode))
            #expect(rendered.isWritable(in: mode), "\(rendered.diagnostics)")
            #expect(rendered.report.notices.map(\.description) == [
                "content/site.yml:3:17: notice: 'author' is the placeholder name \"Your Name\" that blogbuild init writes: pages and feeds show it as the author",
                "content/site.yml:4:11: notice: 'base_url' is the placeholder https://example.com/ that blogbuild init writes: set it to the address the site is published at",
            ])
            #expect(!rendered.diagnostics.contains { $0.severity == .notice })
        }
        // A base URL given to the build stands in for the placeholder; the author is still one.
        var given = BuildRequest(siteDirectory: site, mode: .publish)
        given.baseURL = "https://jane.github.io/blog/"
        #expect(SiteBuilder.render(given).diagnostics.map(\.description) == [Self.placeholderAuthor])

        // Once both are set, nothing is said.
        let config = try String(contentsOf: site.appendingPathComponent("content/site.yml"), encoding: .utf8)
            .replacingOccurrences(of: "Your Name", with: "Jane Doe")
            .replacingOccurrences(of: "base_url: https://example.com/", with: "base_url: https://jane.example/")
        try config.write(to: site.appendingPathComponent("content/site.yml"), atomically: true, encoding: .utf8)
        let set = SiteBuilder.render(BuildRequest(siteDirectory: site, mode: .publish))
        #expect(set.report.notices == [] && set.diagnostics == [], "\(set.diagnostics)")
    }

    /// Through the real CLI: publish and check fail at site.yml's lines and write nothing;
    /// `--base-url` answers the address (as the workflow init writes passes it); build
    /// says nothing without --verbose.
    @Test func publishFailsOnInitsPlaceholdersAndTakesTheAddressFromBaseURL() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-notice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let site = base.appendingPathComponent("site")
        let out = base.appendingPathComponent("out")
        #expect(try BlogBuildCLI.run(["init", site.path]).status == 0)
        try ScaffoldTests.answerStandIns(site, name: false)

        let published = try BlogBuildCLI.run(["publish", "--site", site.path, "--output", out.path])
        #expect(published.status == 1, "\(published)")
        #expect(published.stderrLines.prefix(2) == [Self.placeholderAuthor, Self.placeholderBaseURL], "\(published)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "a failed publish writes nothing")
        let checked = try BlogBuildCLI.run(["check", "--site", site.path])
        #expect(checked.status == 1 && checked.stderrLines.prefix(2) == [Self.placeholderAuthor, Self.placeholderBaseURL], "\(checked)")

        let built = try BlogBuildCLI.run(["build", "--site", site.path, "--output", out.path])
        #expect(built.status == 0, "\(built)")
        #expect(!built.stderr.contains("placeholder"), "\(built)")
        let verbose = try BlogBuildCLI.run(["build", "--verbose", "--site", site.path, "--output", out.path])
        #expect(verbose.stderr.contains("content/site.yml:4:11: notice: 'base_url' is the placeholder"), "\(verbose)")

        // --base-url satisfies the address; the author is still init's.
        let address = ["--base-url", "https://jane.github.io/notes"]
        let addressed = try BlogBuildCLI.run(["publish", "--site", site.path, "--output", out.path] + address)
        #expect(addressed.status == 1 && addressed.stderrLines.first == Self.placeholderAuthor, "\(addressed)")
        #expect(!addressed.stderr.contains("base_url"), "\(addressed)")

        let yml = site.appendingPathComponent("content/site.yml")
        try String(contentsOf: yml, encoding: .utf8).replacingOccurrences(of: "Your Name", with: "Jane Doe")
            .write(to: yml, atomically: true, encoding: .utf8)
        let ok = try BlogBuildCLI.run(["publish", "--site", site.path, "--output", out.path] + address)
        #expect(ok.status == 0, "\(ok)")
        // The pages live at the address given, with the slash added; site.yml's is nowhere.
        let home = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(home.contains(#"<link rel="canonical" href="https://jane.github.io/notes/">"#), "\(home)")
        #expect(home.contains(#"href="https://jane.github.io/notes/assets/style.css""#))
        #expect(!home.contains(#"href="https://example.com/assets"#) && !home.contains(#"href="https://example.com/feed.xml"#))
        let feed = try String(contentsOf: out.appendingPathComponent("feed.xml"), encoding: .utf8)
        #expect(feed.contains("<link>https://jane.github.io/notes/</link>"), "\(feed)")

        // --base-url is held to base_url's rule: a usage error.
        for bad in ["jane.github.io", "ftp://jane.example/", "https://jane.example/?x=1"] {
            let refused = try BlogBuildCLI.run(["publish", "--site", site.path, "--output", out.path, "--base-url", bad])
            #expect(refused.status == 2, "\(bad): \(refused)")
            #expect(refused.stderr.contains("--base-url must be an absolute http(s) URL"), "\(bad): \(refused)")
        }
    }

    // MARK: - 3. Other generators' front-matter keys

    @Test func descriptionAndLastmodAreReadAsSummaryAndUpdated() throws {
        let (content, lines) = try Self.load([
            "content/posts/2021-01-05-hugo.md": "---\ntitle: Hugo\ndescription: From Hugo\nlastmod: 2021-02-01\n---\nBody.\n",
            "content/posts/2021-01-06-both.md": """
                ---
                title: Both
                summary: Ours
                description: Theirs
                updated: 2021-03-01
                lastmod: 2021-02-01
                ---
                Body.

                """,
        ])
        #expect(lines == [
            "content/posts/2021-01-06-both.md:4:1: hint: front matter: 'description' is not used: 'summary' is given too and wins (blogbuild reads 'description' as 'summary' only without it)",
            "content/posts/2021-01-06-both.md:6:1: hint: front matter: 'lastmod' is not used: 'updated' is given too and wins (blogbuild reads 'lastmod' as 'updated' only without it)",
        ])
        let byTitle = Dictionary(uniqueKeysWithValues: content.posts.map { ($0.title, $0) })
        #expect(byTitle["Hugo"]?.summary == "From Hugo")
        #expect(byTitle["Hugo"].map { [$0.updated?.year, $0.updated?.month, $0.updated?.day] } == [2021, 2, 1])
        #expect(byTitle["Hugo"]?.params == [:])
        #expect(byTitle["Both"]?.summary == "Ours")
        #expect(byTitle["Both"]?.updated?.month == 3)
    }

    @Test func otherUnknownKeysAreNamedInAHintOncePerFile() throws {
        let (content, lines) = try Self.load([
            "content/posts/2021-01-05-x.md": """
                ---
                title: X
                categories: [Swift]
                excerpt: Short
                layout: post
                tittle: typo
                mood: calm
                ---
                Body.

                """,
            "content/pages/about.md": "---\ntitle: About\ncategories: [x]\nlayout: page\n---\n",
            "content/apps/a.md": "---\ntitle: A\ndescription: An app\n---\n",
            "content/series/s.md": "---\ntitle: S\ndescription: Known here\norder: date\n---\n",
        ])
        #expect(lines == [
            "content/apps/a.md:3:1: hint: front matter: 'description' is not used by blogbuild (use 'tagline'; the app's description is the file's body)",
            "content/pages/about.md:3:1: hint: front matter: 'categories' is not used by blogbuild (templates see it as page.params.categories)",
            "content/pages/about.md:4:1: hint: front matter: 'layout' is not used by blogbuild (blogbuild picks the template from the kind of page)",
            "content/posts/2021-01-05-x.md:3:1: hint: front matter: 'categories' is not used by blogbuild (use 'tags')",
            "content/posts/2021-01-05-x.md:4:1: hint: front matter: 'excerpt' is not used by blogbuild (use 'summary')",
            "content/posts/2021-01-05-x.md:5:1: hint: front matter: 'layout' is not used by blogbuild (blogbuild picks the template from the kind of page)",
            "content/posts/2021-01-05-x.md:6:1: warning: front matter: unknown key 'tittle' (did you mean 'title'?)",
            "content/posts/2021-01-05-x.md:7:1: hint: front matter: 'mood' is not used by blogbuild (templates see it as page.params.mood)",
        ])
        // Named, and still there for templates; every file loaded.
        #expect(content.posts.first?.params["mood"] == .string("calm"))
        #expect(content.posts.count == 1 && content.pages.count == 1 && content.apps.count == 1 && content.series.count == 1)
    }

    @Test func hintsNeverFailPublish() throws {
        let folder = try TestSiteFolder()
        try folder.write("content/posts/2021-01-05-x.md", "---\ntitle: X\ncategories: [Swift]\n---\nX.\n")
        let published = renderTestSite(folder, mode: .publish)
        #expect(published.site.isWritable(in: .publish))
        #expect(published.problems == [])
        #expect(published.hints == ["content/posts/2021-01-05-x.md:3:1: hint: front matter: 'categories' is not used by blogbuild (use 'tags')"])
        #expect(published.site.report.hints.count == 1)
    }

    @Test func repeatedHintsArePrintedOnceUnlessVerbose() throws {
        let folder = try TestSiteFolder()
        for day in 1...4 {
            try folder.write("content/posts/2021-01-0\(day)-p\(day).md", "---\ntitle: P\(day)\ncategories: [Swift]\n---\nX.\n")
        }
        try folder.write("content/posts/2021-01-05-q.md", "---\ntitle: Q\nlayout: post\n---\nX.\n")
        let out = folder.outside("out").path

        let quiet = try BlogBuildCLI.run(["publish", "--site", folder.root.path, "--output", out])
        #expect(quiet.status == 0, "\(quiet)")
        #expect(quiet.stderrLines == [
            "content/posts/2021-01-01-p1.md:3:1: hint: front matter: 'categories' is not used by blogbuild (use 'tags') [and 3 more places like it; --verbose lists them]",
            "content/posts/2021-01-05-q.md:3:1: hint: front matter: 'layout' is not used by blogbuild (blogbuild picks the template from the kind of page)",
        ], "\(quiet)")

        let verbose = try BlogBuildCLI.run(["publish", "--site", folder.root.path, "--output", out, "--verbose"])
        #expect(verbose.status == 0, "\(verbose)")
        #expect(verbose.stderrLines == (1...4).map {
            "content/posts/2021-01-0\($0)-p\($0).md:3:1: hint: front matter: 'categories' is not used by blogbuild (use 'tags')"
        } + ["content/posts/2021-01-05-q.md:3:1: hint: front matter: 'layout' is not used by blogbuild (blogbuild picks the template from the kind of page)"],
                "\(verbose)")
    }

    // MARK: - 4. Dates in file names

    @Test func unpaddedFileNameDatesGiveDateAndSlug() throws {
        let (content, lines) = try Self.load([
            "content/posts/2016-1-5-x.md": "---\ntitle: X\n---\n",
            "content/posts/2016-1-05-y.md": "---\ntitle: Y\n---\n",
            "content/posts/2016-12-1-z.md": "---\ntitle: Z\n---\n",
            "content/posts/2016-13-1-bad.md": "---\ntitle: Bad\n---\n",
        ])
        #expect(lines == ["content/posts/2016-13-1-bad.md: file name: '2016-13-1' is not a valid date"])
        let byTitle = Dictionary(uniqueKeysWithValues: content.posts.map { ($0.title, $0) })
        #expect(byTitle["X"]?.slug == "x")
        #expect(byTitle["X"].map { [$0.date.year, $0.date.month, $0.date.day] } == [2016, 1, 5])
        #expect(byTitle["Y"]?.slug == "y")
        #expect(byTitle["Z"].map { [$0.date.month, $0.date.day] } == [12, 1])
        #expect(DateParsing.fileNamePrefix("2016-1-5")?.date == "2016-01-05")
        #expect(DateParsing.fileNamePrefix("2016-1-5x") == nil)
        #expect(DateParsing.fileNamePrefix("2016-123-5-x") == nil)
    }

    @Test func aFrontMatterDateOnAnotherDayThanTheFileNameIsAWarning() throws {
        let (content, lines) = try Self.load([
            "content/posts/2021-01-05-a.md": "---\ntitle: A\ndate: 2021-01-06 10:00\n---\n",
            // The calendar day as written counts: late evening west of UTC is the same day.
            "content/posts/2021-01-05-b.md": "---\ntitle: B\ndate: 2021-01-05T23:30:00-08:00\n---\n",
            "content/posts/2021-1-5-c.md": "---\ntitle: C\ndate: 2021-01-05\n---\n",
        ])
        #expect(lines == [
            "content/posts/2021-01-05-a.md:3:7: warning: front matter: 'date' is 2021-01-06 but the file name says 2021-01-05 (the front matter's date is used; make them agree)",
        ])
        #expect(content.posts.first { $0.title == "A" }?.date.day == 6)
        #expect(content.posts.count == 3)
    }

    // MARK: - 5. Aliases

    /// A site with one post, content/posts/2021-01-05-x.md (at /2021/01/x/), whose
    /// aliases are written one a line from line 4.
    static func postWithAliases(_ aliases: [String]) throws -> TestSiteFolder {
        let folder = try TestSiteFolder()
        let list = aliases.map { "  - \($0)\n" }.joined()
        try folder.write("content/posts/2021-01-05-x.md", "---\ntitle: X\naliases:\n\(list)---\nThe post.\n")
        return folder
    }

    @Test func aliasesWithAQueryOrFragmentAreErrorsAtTheirLine() throws {
        let pages = renderTestSite(try Self.postWithAliases(["/old/x/", "/?p=123", "/old/#part"]))
        #expect(pages.errors == [
            "content/posts/2021-01-05-x.md:5:5: front matter: 'aliases' entry has a query string (\"/?p=123\"): a static site cannot serve query strings (a static file server looks only at the path before '?'); redirect it in the web server's settings",
            "content/posts/2021-01-05-x.md:6:5: front matter: 'aliases' entry has a #fragment (\"/old/#part\"): a static site cannot serve fragments (browsers never send what follows '#'); use the path alone",
        ])
        #expect(!pages.paths.contains { $0.contains("?") || $0.contains("#") })
    }

    @Test func anAliasThatIsThePostsOwnURLIsSkippedWithAHint() throws {
        let pages = renderTestSite(try Self.postWithAliases(["/2021/01/x/", "/2021/01/x", "/old/x/"]), mode: .publish)
        #expect(pages.problems == [])
        #expect(pages.hints == [
            "content/posts/2021-01-05-x.md:4:5: hint: front matter: alias /2021/01/x/ is the post's own URL; no redirect is written for it",
            "content/posts/2021-01-05-x.md:5:5: hint: front matter: alias /2021/01/x is the post's own URL; no redirect is written for it",
        ])
        #expect(pages.site.isWritable(in: .publish))
        pages.expect("2021/01/x/index.html", contains: ["The post."])
        pages.expect("old/x/index.html", contains: ["https://example.org/2021/01/x/"])
    }

    // MARK: - Printing hints

    @Test func groupingRepeatsKeepsTheFirstPlaceAndCountsTheRest() {
        let a = Diagnostic(file: "a.md", line: 1, message: "same", severity: .hint)
        let b = Diagnostic(file: "b.md", line: 2, message: "other", severity: .hint)
        let c = Diagnostic(file: "c.md", line: 3, message: "same", severity: .hint)
        let grouped = Diagnostic.groupingRepeats([a, b, c])
        #expect(grouped.map(\.first) == [a, b])
        #expect(grouped.map(\.more) == [1, 0])
    }
}
