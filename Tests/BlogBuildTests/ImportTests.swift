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
import Foundation
import Testing

/// `blogbuild import` on the fixture sites in Tests/Fixtures/Import: each is
/// imported with the real binary, then built; every old URL must still resolve,
/// the only problems are the ones planted on purpose (or listed in IMPORT.md),
/// and every construct the importer could not translate is listed at its line.
@Suite struct ImportTests {
    struct Expectation: Decodable {
        struct Planted: Decodable { var source: String; var target: String }
        struct Listed: Decodable { var source: String; var line: Int; var construct: String }
        var old_urls: [String]
        var base_path: String
        var planted_broken_links: [Planted]
        var must_be_listed: [Listed]
    }

    static func fixture(_ kind: String) -> URL {
        RepoPaths.root.appendingPathComponent("Tests/Fixtures/Import/\(kind)")
    }

    static func expectation(_ kind: String) throws -> Expectation {
        let data = try Data(contentsOf: RepoPaths.root.appendingPathComponent("Tests/Fixtures/Import/\(kind).expect.json"))
        return try JSONDecoder().decode(Expectation.self, from: data)
    }

    /// Imports the fixture of `kind` into a new folder with the CLI; returns the folder.
    static func imported(_ kind: String) throws -> TestSiteFolder {
        let folder = try TestSiteFolder(config: nil)
        try FileManager.default.removeItem(at: folder.url("content"))
        // --no-verify: what the old generator wrote is ImportVerifyTests' to check (a Jekyll run costs seconds).
        let outcome = try BlogBuildCLI.run(["import", kind, fixture(kind).path, "--site", folder.root.path, "--no-verify"])
        #expect(outcome.status == 0, "\(outcome)")
        return folder
    }

    @Test(arguments: ["jekyll", "hugo"])
    func everyOldURLStillResolves(kind: String) throws {
        let expected = try Self.expectation(kind)
        let folder = try Self.imported(kind)
        let pages = renderTestSite(folder, mode: .check, now: Date())
        #expect(!expected.old_urls.isEmpty)
        for old in expected.old_urls {
            var sitePath = old
            if expected.base_path != "/", old.hasPrefix(expected.base_path) { sitePath = "/" + old.dropFirst(expected.base_path.count) }
            let output = SitePaths.outputPath(forSitePath: sitePath)
            #expect(pages.byPath[output] != nil, "\(kind): old URL \(old) is not built (\(output))")
        }
    }

    @Test(arguments: ["jekyll", "hugo"])
    func onlyPlantedOrListedProblems(kind: String) throws {
        let expected = try Self.expectation(kind)
        let folder = try Self.imported(kind)
        let report = try #require(folder.read("IMPORT.md"))
        let pages = renderTestSite(folder, mode: .check, now: Date())
        #expect(pages.errors.isEmpty, "\(pages.errors)")
        for planted in expected.planted_broken_links {
            #expect(pages.problems.contains { $0.contains("broken link '\(planted.target)'") },
                    "\(kind): the planted broken link \(planted.target) is not reported: \(pages.problems)")
        }
        for problem in pages.problems {
            let planted = expected.planted_broken_links.contains { problem.contains("'\($0.target)'") }
            // A hero image without alt text is listed in IMPORT.md for the user to write one.
            let listedAlt = problem.contains("has no alt text") && report.contains("the hero image has no alt text")
            // Syntax the importer could not translate is named in IMPORT.md, and check says it reached the page.
            let syntax = problem.components(separatedBy: "reaches the page as text: ").dropFirst().first?
                .components(separatedBy: " (write it as Markdown").first?.replacingOccurrences(of: "…", with: "")
            let listedSyntax = syntax.map { report.contains($0) } ?? false
            #expect(planted || listedAlt || listedSyntax, "\(kind): unexpected problem after import: \(problem)")
        }
    }

    @Test(arguments: ["jekyll", "hugo"])
    func everyUntranslatedConstructIsListedAtItsLine(kind: String) throws {
        let expected = try Self.expectation(kind)
        let folder = try Self.imported(kind)
        let report = try #require(folder.read("IMPORT.md"))
        #expect(!expected.must_be_listed.isEmpty)
        for item in expected.must_be_listed {
            #expect(report.contains("`\(item.source):\(item.line)`"), "\(kind): \(item.construct) at \(item.source):\(item.line) is not listed:\n\(report)")
        }
        // What is left of Liquid or shortcodes in the imported Markdown is exactly what IMPORT.md lists.
        let opener = kind == "jekyll" ? "{%" : "{{<"
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.url("content").path) where path.hasSuffix(".md") {
            let text = try #require(folder.read("content/" + path))
            var rest = Substring(text)
            while let open = rest.range(of: opener) {
                let line = rest[open.lowerBound...].prefix { $0 != "\n" }
                let tag = String(line.prefix { $0 != "}" })
                #expect(report.contains(String(tag.prefix(40)).replacingOccurrences(of: "`", with: "'")),
                        "\(kind): \(path) still has \(tag), which IMPORT.md does not list")
                rest = rest[open.upperBound...]
            }
        }
    }

    @Test func jekyllConstructsAreTranslated() throws {
        let folder = try Self.imported("jekyll")
        let pages = renderTestSite(folder, now: Date())
        let html = pages.site.files.filter { $0.path.hasSuffix(".html") }.compactMap { pages[$0.path] }.joined()
        #expect(html.contains("class=\"language-swift\""), "{% highlight swift %} became fenced code")
        #expect(html.contains("class=\"language-php\""), "{% highlight php linenos %} became fenced code")
        #expect(!html.contains("{% highlight"), "no highlight tag is left")
        #expect(!html.contains("{{ site.baseurl }}") && !html.contains("{{ site.url }}"))
        #expect(!html.contains("relative_url") && !html.contains("absolute_url") && !html.contains("post_url"))
        #expect(!html.contains("{: .lead}") && !html.contains("{::options") && !html.contains("{:toc}"))
        let imported = try FileManager.default.subpathsOfDirectory(atPath: folder.url("content").path)
            .filter { $0.hasSuffix(".md") }.compactMap { folder.read("content/" + $0) }.joined()
        #expect(imported.contains("```php {linenos}"), "linenos is kept as blogbuild's fence option")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("`_drafts/storekit-2-notes.md`: `date`: no date in the front matter or the file name"), "a draft dated by its file's time is named")
        let config = try #require(folder.read("content/site.yml"))
        #expect(config.contains("base_url: https://example.com/blog/"))
        #expect(config.contains("timezone: Europe/Berlin"))
    }

    @Test func hugoShortcodesBecomeHTMLWithoutScripts() throws {
        let folder = try Self.imported("hugo")
        let pages = renderTestSite(folder, now: Date())
        let html = pages.site.files.filter { $0.path.hasSuffix(".html") }.compactMap { pages[$0.path] }.joined()
        #expect(html.contains("https://www.youtube-nocookie.com/embed/"))
        #expect(html.contains("https://player.vimeo.com/video/146022717?dnt=1"))
        #expect(html.contains("https://gist.github.com/spf13/7896402"))
        #expect(html.contains("<figcaption>Ledgerline&#39;s entry list") || html.contains("<figcaption>Ledgerline's entry list"))
        #expect(html.contains("class=\"language-swift\""))
        #expect(!html.contains("{{< ref") && !html.contains("{{< relref") && !html.contains("{{< youtube"))
        let imported = try FileManager.default.subpathsOfDirectory(atPath: folder.url("content").path)
            .filter { $0.hasSuffix(".md") }.compactMap { folder.read("content/" + $0) }.joined()
        #expect(!imported.contains("<script"), "embeds carry no script")
        #expect(imported.contains("<figure><img src=\"/images/a.png\" alt=\"Ledgerline's entry list on an iPhone"))
        // The bundle stays a bundle, with its image beside it; the series taxonomy becomes a series.
        #expect(imported.contains("```swift {linenos}"), "linenos=table is kept as blogbuild's fence option")
        #expect(imported.contains("series: side-project"))
        #expect(folder.read("content/series/side-project.md")?.contains("title: Side Project") == true)
        #expect(FileManager.default.fileExists(atPath: folder.url("content/posts/2021-04-18-designing-cairns-trail-cards/cover.png").path))
    }

    @Test(arguments: ["jekyll", "hugo"])
    func importIsDeterministic(kind: String) throws {
        let first = try Self.imported(kind)
        let second = try Self.imported(kind)
        let fm = FileManager.default
        let paths = try fm.subpathsOfDirectory(atPath: first.url("content").path).sorted()
        #expect(paths == (try fm.subpathsOfDirectory(atPath: second.url("content").path).sorted()))
        for path in paths {
            #expect(fm.contents(atPath: first.url("content/" + path).path) == fm.contents(atPath: second.url("content/" + path).path),
                    "\(kind): content/\(path) differs between two imports")
        }
        #expect(first.read("IMPORT.md") == second.read("IMPORT.md"))
    }

    @Test func existingContentIsKeptWithoutForce() throws {
        let folder = try TestSiteFolder(files: ["content/posts/2020-01-01-mine.md": "---\ntitle: Mine\n---\nMine.\n"])
        let refused = try BlogBuildCLI.run(["import", "jekyll", Self.fixture("jekyll").path, "--site", folder.root.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already exists") && refused.stderr.contains("--force"))
        #expect(folder.read("content/posts/2020-01-01-mine.md") != nil)
        #expect(folder.read("IMPORT.md") == nil)
        let forced = try BlogBuildCLI.run(["import", "jekyll", Self.fixture("jekyll").path, "--site", folder.root.path, "--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(folder.read("content/posts/2020-01-01-mine.md") == nil, "--force replaces content/ whole")
        #expect(folder.read("IMPORT.md") != nil)
    }

    @Test func aFailedWriteLeavesTheOldContentAsItWas() throws {
        let folder = try TestSiteFolder(files: ["content/posts/2020-01-01-mine.md": "---\ntitle: Mine\n---\nMine.\n"])
        let before = try FolderSnapshot(folder.url("content"))
        let site = ImportedSite(config: [(key: "title", value: .text("New"))],
                                documents: [ImportedSite.Document(kind: .page, path: "content/pages/a.md",
                                                                  fields: [(key: "title", value: .text("A"))], body: "A.", source: "a.md")],
                                copies: [ImportedSite.Copy(path: "content/images/gone.png", from: folder.outside("no-such-file.png").path)],
                                report: ImportReport())
        #expect(throws: ImportFailure.self) {
            try ImportWriter.write(site, kind: .jekyll, source: folder.outside("old-site"), into: folder.root, force: true)
        }
        #expect(try FolderSnapshot(folder.url("content")).differences(from: before).isEmpty, "--force replaces content/ only once the new one is complete")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.root.path).filter { $0.hasPrefix(".content") }
        #expect(leftovers.isEmpty, "the staging folder is removed: \(leftovers)")
    }

    @Test func theSiteFolderCannotBeTheSource() throws {
        let folder = try TestSiteFolder(config: nil)
        let copy = folder.outside("hugo-site")
        try FileManager.default.copyItem(at: Self.fixture("hugo"), to: copy)
        let outcome = try BlogBuildCLI.run(["import", "hugo", copy.path, "--site", copy.path, "--force"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("inside the source"))
        #expect(FileManager.default.fileExists(atPath: copy.appendingPathComponent("content/posts/budget-math-in-swift.md").path),
                "the Hugo site's own content/ is untouched")
    }

    @Test func hugoMenusBecomeNav() throws {
        let folder = try Self.imported("hugo")
        // [[menus.main]] by weight: Posts (a section of posts: the archive), Projects, About.
        #expect(folder.load().config.nav == [NavLink(title: "Posts", url: "/archive/"), NavLink(title: "Projects", url: "/projects/"),
                                             NavLink(title: "About", url: "/about/")])
    }

    @Test func notASiteOfThatKindIsExitOne() throws {
        let folder = try TestSiteFolder(config: nil)
        let empty = folder.outside("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let jekyll = try BlogBuildCLI.run(["import", "jekyll", empty.path, "--site", folder.root.path])
        #expect(jekyll.status == 1)
        #expect(jekyll.stderr.contains("is not a Jekyll site"))
        let hugo = try BlogBuildCLI.run(["import", "hugo", Self.fixture("jekyll").path, "--site", folder.root.path])
        #expect(hugo.status == 1)
        #expect(hugo.stderr.contains("is not a Hugo site"))
        let usage = try BlogBuildCLI.run(["import", "middleman", empty.path])
        #expect(usage.status == 2)
    }
}

/// Hugo sites as real ones are laid out (issue 26), each construct in a small site of our own.
@Suite struct HugoRealLayoutTests {
    /// Writes `files` into a new folder and imports it as `kind` (Hugo unless told); returns the imported site folder.
    static func imported(_ files: [String: String], kind: String = "hugo") throws -> (folder: TestSiteFolder, outcome: ProcessOutcome) {
        let folder = try TestSiteFolder(config: nil)
        try FileManager.default.removeItem(at: folder.url("content"))
        let source = folder.outside(kind)
        for (path, text) in files {
            let file = source.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // `base64:…` is a binary file (a real image, which the build decodes).
            let bytes = text.hasPrefix("base64:") ? Data(base64Encoded: String(text.dropFirst(7))) ?? Data() : Data(text.utf8)
            try bytes.write(to: file)
        }
        // --no-verify: what the old generator wrote is ImportVerifyTests' to check (a Jekyll run costs seconds).
        let outcome = try BlogBuildCLI.run(["import", kind, source.path, "--site", folder.root.path, "--no-verify"])
        return (folder, outcome)
    }

    /// A 2×2 PNG.
    static let png = "base64:iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPkEpFjYGBgYmBgYGBgAAAC5gBAXKUgWwAAAABJRU5ErkJggg=="

    static let article = "---\ntitle: \"Gmail backups\"\ndate: 2012-12-10\n---\nBody.\n"

    @Test func aYAMLConfigWithDocumentMarkersAndADatedSectionOfBundles() throws {
        let (folder, outcome) = try Self.imported([
            "config.yaml": "---\nbaseURL: https://example.org/\ntitle: Marked\npermalinks:\n  article: /:title/\nmenu:\n  main:\n    - name: About\n      url: about/\n      weight: 2\n    - name: Home\n      url: /\n      weight: 1\n---\n",
            "content/article/2012-12-10-gmail/index.md": Self.article,
            "content/article/2012-12-10-gmail/shot.txt": "notes",
            "content/about/index.md": "---\ntitle: About\n---\n![Me](me.png)\n",
            "content/about/me.png": Self.png,
            "content/docs/guide/install.md": "---\ntitle: Install\n---\nRun.\n",
            "content/apps.md": "---\ntitle: My apps\n---\nA list.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        // The `article` section has dated pages: its pages are posts, bundles kept whole.
        #expect(folder.read("content/posts/2012-12-10-gmail-backups/index.md") != nil)
        #expect(folder.read("content/posts/2012-12-10-gmail-backups/shot.txt") == "notes")
        // Pages nested as in the source, a bundle with its image.
        #expect(folder.read("content/pages/about/index.md") != nil)
        #expect(FileManager.default.fileExists(atPath: folder.url("content/pages/about/me.png").path))
        #expect(folder.read("content/pages/docs/guide/install.md") != nil)
        // A page at a URL blogbuild builds itself moves, and IMPORT.md says so.
        #expect(folder.read("content/pages/apps-page.md") != nil)
        #expect(folder.read("IMPORT.md")?.contains("blogbuild builds /apps/ itself") == true)
        // Menu URLs written relative are from the root.
        #expect(folder.load().config.nav == [NavLink(title: "Home", url: "/"), NavLink(title: "About", url: "/about/")])

        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.errors == [])
        for path in ["gmail-backups/index.html", "about/index.html", "about/me.png", "docs/guide/install/index.html",
                     "apps-page/index.html", "apps/index.html"] {
            #expect(built.paths.contains(path), "\(path)")
        }
        #expect(built["apps/index.html"]?.contains("A list.") == false, "blogbuild's own /apps/ stays its own")
    }

    @Test func configInConfigDefaultIsMergedByFileName() throws {
        let (folder, outcome) = try Self.imported([
            "config/_default/hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Split'\n",
            "config/_default/params.toml": "description = 'From params'\n",
            "config/_default/menus.en.toml": "[[main]]\nname = 'About'\npageRef = '/about'\nweight = 1\n",
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2020-01-02\n---\nHi.\n",
            "content/about.md": "---\ntitle: About\n---\nMe.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let config = folder.load().config
        #expect(config.title == "Split")
        #expect(config.description == "From params")
        #expect(config.nav == [NavLink(title: "About", url: "/about/")])
    }

    @Test func theOldFeedsAndListPagesStillAnswer() throws {
        let (folder, outcome) = try Self.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Feeds'\n[permalinks]\narticle = '/:title/'\n",
            "content/article/gmail.md": "---\ntitle: Gmail backups\ndate: 2012-12-10\ntags: [Short URL:s, Notepad++]\ncategories: [Tools]\n---\nBody.\n",
            "content/article/vmware.md": "---\ntitle: VMware\ndate: 2013-01-21\ncategories: [Thoughts]\n---\nBody.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems == [], "\(built.problems)")
        // Hugo's feeds, byte for byte blogbuild's: the site's, the section's, each term's.
        #expect(built["index.xml"] != nil && built.feedIgnoringSelf("index.xml") == built.feedIgnoringSelf("feed.xml"))
        #expect(built.feedIgnoringSelf("article/index.xml") == built.feedIgnoringSelf("feed.xml"))
        #expect(built["tags/tools/index.xml"] != nil && built.feedIgnoringSelf("tags/tools/index.xml") == built.feedIgnoringSelf("tags/tools/atom.xml"))
        #expect(built.feedIgnoringSelf("categories/tools/index.xml") == built.feedIgnoringSelf("tags/tools/atom.xml"))
        // Hugo's list pages: the section's, the categories', a term whose slug blogbuild writes otherwise.
        #expect(built["article/index.html"]?.contains("url=https://example.org/archive/\"") == true)
        #expect(built["categories/index.html"]?.contains("url=https://example.org/tags/\"") == true)
        #expect(built["categories/thoughts/index.html"]?.contains("url=https://example.org/tags/thoughts/\"") == true)
        #expect(built["tags/short-urls/index.html"]?.contains("url=https://example.org/tags/short-url-s/\"") == true)
        #expect(built["tags/notepad++/index.html"]?.contains("url=https://example.org/tags/notepad/\"") == true, "Hugo keeps + in a URL")
        #expect(built.paths.contains("gmail-backups/index.html"))
    }

    @Test func hugosPaginatedListsRedirectToTheirLists() throws {
        // Terms that urlize alike (`Swift`, `swift`) are one list in Hugo.
        let post = { (n: Int) in "---\ntitle: Post \(n)\ndate: 2020-01-0\(n)\ntags: [\(n > 3 ? "swift" : "Swift")]\ncategories: [Tools]\n---\nHi.\n" }
        let (folder, outcome) = try Self.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Pages'\n[pagination]\npagerSize = 2\n",
            "content/article/a.md": post(1), "content/article/b.md": post(2), "content/article/c.md": post(3),
            "content/article/d.md": post(4), "content/article/e.md": post(5),
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems == [], "\(built.problems)")
        // Five posts, two to a page: Hugo wrote pages 2 and 3 of each list, and page 1 as its alias.
        for k in [1, 2, 3] {
            #expect(built["article/page/\(k)/index.html"]?.contains("url=https://example.org/archive/\"") == true, "\(k)")
            #expect(built["categories/tools/page/\(k)/index.html"]?.contains("url=https://example.org/tags/tools/\"") == true, "\(k)")
            #expect(built["tags/swift/page/\(k)/index.html"]?.contains("url=https://example.org/tags/swift/\"") == true, "\(k)")
        }
        #expect(!built.paths.contains("article/page/4/index.html"))
        // The lists of terms: Hugo writes them for its default taxonomies, one page here.
        #expect(built["tags/page/1/index.html"]?.contains("url=https://example.org/tags/\"") == true)
        #expect(built["categories/page/1/index.html"]?.contains("url=https://example.org/tags/\"") == true)
        #expect(!built.paths.contains("tags/page/2/index.html"))

        // A site whose config names its taxonomies gets the lists of those only.
        let (own, _) = try Self.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Own'\n[taxonomies]\ntag = 'tags'\n",
            "content/posts/a.md": post(1),
        ])
        let ownBuilt = renderTestSite(own, mode: .check, now: Date())
        #expect(ownBuilt.problems == [], "\(ownBuilt.problems)")
        #expect(ownBuilt.paths.contains("tags/page/1/index.html"))
        #expect(!ownBuilt.paths.contains("categories/index.html") && !ownBuilt.paths.contains("categories/page/1/index.html"))
        // blogbuild's own home pages are the home page's paginator: /page/2/ is built, not redirected.
        #expect(built["page/2/index.html"]?.contains("http-equiv=\"refresh\"") == false)
    }

    /// A term with no ASCII letters: Hugo writes `/tags/测试/`, blogbuild's tag page is
    /// `/tags/tag-<hex>/`; the old page and its feed lead there (not to `/tags//`).
    @Test func aTermWithoutASCIILettersRedirectsToItsTagsPage() throws {
        let (folder, outcome) = try Self.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Terms'\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2020-01-02\ntags: [测试]\n---\nHi.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems == [], "\(built.problems)")
        let tagPage = try #require(built.site.files.map(\.path).first { $0.hasPrefix("tags/tag-") && $0.hasSuffix("/index.html") })
        #expect(OldListPagesImportTests.landing(built, "/tags/测试/") == tagPage)
        #expect(built["tags/测试/index.xml"]?.contains("<feed") == true || built["tags/测试/index.xml"]?.contains("<rss") == true)
    }

    @Test func shortcodesWithParametersAndHugosEmbedsBecomeTheirHTML() throws {
        let (folder, outcome) = try Self.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Codes'\n",
            // The site's own: parameters, an optional part, a positional one; and one that loops, which cannot be redone.
            "layouts/shortcodes/contrib.html": "<p>Contributed by <a href=\"https://example.net/{{ .Get \"handle\" }}\">@{{ .Get \"handle\" }}</a></p>\n",
            "layouts/shortcodes/download.html": "<div class=\"download\">\n  <a href=\"/files/{{ .Get 0 }}\">Download</a>{{ with .Get \"tips\" }}<br>{{ . }}{{ end }}\n  {{- if .Get \"size\" }} ({{ .Get \"size\" }}){{ else }} (small){{ end }}\n</div>\n",
            "layouts/shortcodes/loop.html": "{{ range .Params }}<i>{{ . }}</i>{{ end }}\n",
            "content/posts/codes.md": """
                ---
                title: Codes
                date: 2016-04-12
                ---
                {{% contrib handle="klaas & co" %}}

                {{< download "demo.zip" tips="Open it in <Xcode>" >}}

                {{< download "other.zip" size="2 MB" >}}

                {{<tweet 715978928721149953>}}

                {{< tweet user="SanDiegoZoo" id="1453110110599868418" >}}

                {{< loop a b >}}
                """,
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let body = try #require(folder.read("content/posts/2016-04-12-codes.md"))
        #expect(body.contains("<p>Contributed by <a href=\"https://example.net/klaas &amp; co\">@klaas &amp; co</a></p>"), "\(body)")
        #expect(body.contains("<a href=\"/files/demo.zip\">Download</a><br>Open it in &lt;Xcode&gt; (small)"), "\(body)")
        #expect(body.contains("<a href=\"/files/other.zip\">Download</a> (2 MB)"), "\(body)")
        #expect(body.contains("<a href=\"https://twitter.com/i/status/715978928721149953\">"), "\(body)")
        #expect(body.contains("<a href=\"https://twitter.com/SanDiegoZoo/status/1453110110599868418\">A post by @SanDiegoZoo</a>"), "\(body)")
        #expect(!body.contains("<script"))
        // The loop is left as written, and named in IMPORT.md at its line.
        #expect(body.contains("{{< loop a b >}}"))
        #expect(folder.read("IMPORT.md")?.contains("{{< loop a b >}}") == true)
        #expect(!body.contains("{{%") && !body.contains("{{< download") && !body.contains("{{<tweet") && !body.contains("{{< tweet"))
    }

    @Test func postsAtTheRootOfContentArePostsWhenNoSectionHoldsAny() throws {
        let post = { (n: Int) in "---\ntitle: Root \(n)\ndate: 2015-01-0\(n)\n---\nHi.\n" }
        let (folder, outcome) = try Self.imported([
            "config.yaml": "---\nbaseurl: https://example.org/\ntitle: Root\n---\n",
            "content/optionals.md": post(1), "content/closures.md": post(2), "content/threads.md": post(3),
            "content/about.md": "---\ntitle: About\n---\nMe.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems == [], "\(built.problems)")
        #expect(built.site.report.posts == 3)
        // Hugo wrote them at /NAME/; blogbuild writes them there too, and the undated page stays a page.
        for name in ["optionals", "closures", "threads", "about"] { #expect(built.paths.contains("\(name)/index.html"), "\(name)") }
        #expect(folder.read("content/pages/about.md") != nil)

        // With a section of posts, a dated page at the root is still a page.
        let (mixed, _) = try Self.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Mixed'\n",
            "content/posts/hello.md": post(1),
            "content/a.md": post(1), "content/b.md": post(2), "content/c.md": post(3),
        ])
        #expect(mixed.read("content/pages/a.md") != nil)
    }

    @Test func configKeysAreReadInAnyCaseAsHugoReadsThem() throws {
        let (folder, outcome) = try Self.imported([
            "config.yaml": "---\nbaseurl: https://example.org/blog/\nTitle: Cased\nlanguagecode: en-gb\nPaginate: 7\n---\n",
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2020-01-02\n---\nHi.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let config = folder.load().config
        #expect(config.baseURL == "https://example.org/blog/")
        #expect(config.title == "Cased")
        #expect(config.language == "en-GB" || config.language == "en-gb")
        #expect(config.postsPerPage == 7)
    }

    @Test func aSeriesNamedInFreeTextGetsItsSeriesFile() throws {
        let post = { (day: Int) in "---\ntitle: Part \(day)\ndate: 2020-01-0\(day)\nseries: Building Kettle\n---\nHi.\n" }
        let (folder, outcome) = try Self.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Series'\n",
            "content/posts/one.md": post(1),
            "content/posts/two.md": post(2),
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.errors == [])
        #expect(folder.read("content/series/building-kettle.md")?.contains("title: Building Kettle") == true)
        #expect(built["series/building-kettle/index.html"]?.contains("Part 2") == true)
    }

    static let config = "baseURL = 'https://example.org/'\ntitle = 'T'\n"

    /// The imported Markdown of every file under content/, joined.
    static func markdown(_ folder: TestSiteFolder) throws -> String {
        try FileManager.default.subpathsOfDirectory(atPath: folder.url("content").path).sorted()
            .filter { $0.hasSuffix(".md") }.compactMap { folder.read("content/" + $0) }.joined(separator: "\n")
    }

    @Test func shortcodeTagsWithAnySpacing() throws {
        let body = """
            {{< highlight go >}}
            fmt.Println("a")
            {{< / highlight >}}

            {{<highlight swift>}}
            let x = 1
            {{</highlight>}}

            {{<
              highlight python
            >}}
            print(1)
            {{< /highlight
            >}}

            Write {{%/* comment */%}} to leave a note.

            ```
            {{</* figure src="x.png" */>}}
            ```
            """
        let (folder, outcome) = try Self.imported([
            "hugo.toml": Self.config,
            "content/posts/spacing.md": "---\ntitle: Spacing\ndate: 2020-01-02\n---\n" + body + "\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let imported = try Self.markdown(folder)
        #expect(imported.contains("```go\nfmt.Println(\"a\")\n```"), "\(imported)")
        #expect(imported.contains("```swift\nlet x = 1\n```"))
        #expect(imported.contains("```python\nprint(1)\n```"))
        // A commented-out shortcode is its text, as Hugo shows it: as code outside a code block.
        #expect(imported.contains("Write `{{% comment %}}` to leave a note."))
        #expect(imported.contains("```\n{{< figure src=\"x.png\" >}}\n```"))
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems == [], "\(built.problems)")
        #expect(built["spacing/index.html"]?.contains("language-python") == true || built.site.files.contains { built[$0.path]?.contains("language-python") == true })
    }

    /// Templates in the manner of real sites' own shortcodes.
    static let codeTemplate = """
        <div class="code">
          {{ if len .Params | eq 2 }}
          {{ highlight (trim .Inner "\\n\\r") (.Get 0) (.Get 1) }}
          {{ else }}
          {{ highlight (trim .Inner "\\n\\r") (.Get 0) "" }}
          {{ end }}
        </div>
        """
    static let imageTemplate = """
        {{ $image := (.Page.Resources.GetMatch (index .Params.image)) }}
        <figure class="border">
          <img src="{{ $image.RelPermalink }}" alt="{{ .Get "alt" }}" />
          {{ if .Inner }}<figcaption><em>{{ .Inner }}</em></figcaption>{{ end }}
        </figure>
        """

    @Test func aSitesOwnShortcodesAreReadFromTheirTemplates() throws {
        let (folder, outcome) = try Self.imported([
            "hugo.toml": Self.config,
            "layouts/shortcodes/code.html": Self.codeTemplate,
            "layouts/shortcodes/shot.html": Self.imageTemplate,
            "layouts/shortcodes/side.html": "<div class=\"side\">\n  {{ .Inner }}\n</div>\n",
            "themes/plain/layouts/shortcodes/API.html": "{{.Inner}}<abbr title=\"Application Programming Interface\">API</abbr>{{- \"\" -}}\n",
            "layouts/shortcodes/loop.html": "{{ range .Params }}<b>{{ . }}</b>{{ end }}\n",
            "layouts/shortcodes/icon.html": "{{ .Inner }}<svg><use href=\"#icon-x\"></use></svg>\n",
            "content/posts/own/index.md": """
                ---
                title: Own
                date: 2020-01-02
                ---
                An {{<API />}} call:

                {{<code javascript "linenos=table">}}
                const a = 1
                {{</code>}}

                {{<side>}}
                {{<shot image="cat.png" alt="A cat on a mat">}}
                The cat
                {{</shot>}}
                {{</side>}}

                {{<shot image="cat.png" />}}

                {{<loop a b>}}
                {{<icon />}}

                {{% side %}}**Bold**{{% /side %}}

                """,
            "content/posts/own/cat.png": Self.png,
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let imported = try Self.markdown(folder)
        #expect(imported.contains("An <abbr title=\"Application Programming Interface\">API</abbr> call:"), "\(imported)")
        #expect(imported.contains("```javascript {linenos}\nconst a = 1\n```"))
        #expect(imported.contains("<div class=\"side\">\n<figure><img src=\"cat.png\" alt=\"A cat on a mat\"><figcaption>The cat</figcaption></figure>\n</div>"))
        #expect(imported.contains("{{<loop a b>}}"), "what the importer cannot redo stays as written")
        #expect(imported.contains("{{<icon />}}"), "HTML that needs an element of the old theme's page stays as written")
        #expect(imported.contains("<div class=\"side\">\n\n**Bold**\n\n</div>"), "{{% %}} content stays Markdown")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("`content/posts/own/index.md:19`: `{{<loop a b>}}`"), "\(report)")
        #expect(report.contains("`content/posts/own/index.md:17`: `{{<shot image=\"cat.png\" />}}`: the image has no alt text"))
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.errors == [])
        // The image beside the bundle is found; only the image without alt, the loop and the icon are left to look at.
        #expect(built.problems.count == 3, "\(built.problems)")
        #expect(built.problems.contains { $0.contains("reaches the page as text: {{<loop a b>}}") })
        #expect(built.problems.contains { $0.contains("'cat.png' has no alt text") })
        #expect(built.paths.contains("own/cat.png") || built.paths.contains { $0.hasSuffix("own/cat.png") })
        #expect(built.site.files.contains { built[$0.path]?.contains("<strong>Bold</strong>") == true })
    }

    @Test func languageSuffixesKeepTheDefaultLanguage() throws {
        let (folder, outcome) = try Self.imported([
            "hugo.toml": Self.config + "defaultContentLanguage = 'en'\n",
            "content/about.en.md": "---\ntitle: About\n---\nHello.\n",
            "content/about.sv.md": "---\ntitle: Om\n---\nHej.\n",
            "content/posts/bye.md": "---\ntitle: Bye\ndate: 2020-01-03\n---\nBye. [About]({{< relref \"about.md\" >}})\n",
            "content/posts/bye.sv.md": "---\ntitle: Hej då\ndate: 2020-01-03\n---\nHej då.\n",
            "content/posts/only/index.sv.md": "---\ntitle: Bara svenska\ndate: 2020-01-04\n---\nSvenska.\n",
            "content/posts/only/pic.png": Self.png,
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(folder.read("content/pages/about.md")?.contains("Hello.") == true)
        #expect(folder.read("content/posts/2020-01-03-bye.md")?.contains("Bye. [About](/about/)") == true, "a ref finds the page in its language")
        #expect(folder.read("content/posts/2020-01-04-only/index.md")?.contains("Svenska.") == true, "the only language there is is kept")
        #expect(FileManager.default.fileExists(atPath: folder.url("content/posts/2020-01-04-only/pic.png").path))
        let imported = try Self.markdown(folder)
        #expect(!imported.contains("Hej."), "\(imported)")
        #expect(!imported.contains("Hej då."))
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("`content/about.sv.md`: `another language`: not imported"), "\(report)")
        #expect(report.contains("`content/posts/bye.sv.md`: `another language`: not imported"))
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems == [], "\(built.problems)")
        #expect(built.paths.contains("about/index.html") && built.paths.contains("posts/bye/index.html"))
    }

    @Test func aLanguageSuffixIsALanguageCode() {
        #expect(HugoLanguages.split("about.sv.md", configured: []) == ("about.md", "sv"))
        #expect(HugoLanguages.split("a/index.en-gb.md", configured: []) == ("a/index.md", "en-gb"))
        #expect(HugoLanguages.split("tips.js.md", configured: []) == ("tips.js.md", nil), "js is no language")
        #expect(HugoLanguages.split("notes.klingon.md", configured: ["klingon"]) == ("notes.md", "klingon"))
    }

    @Test func publishLastmodExpiryAndAliasesOnAnyPage() throws {
        let (folder, outcome) = try Self.imported([
            "hugo.toml": Self.config,
            "content/posts/undated.md": "---\ntitle: Undated\npublishDate: 2020-02-03\n---\nA.\n",
            "content/posts/later.md": "---\ntitle: Later\ndate: 2020-01-01\npublishdate: 2999-01-01\n---\nB.\n",
            "content/posts/edited.md": "---\ntitle: Edited\ndate: 2020-01-01\nlastMod: 2021-05-06\n---\nC.\n",
            "content/posts/gone.md": "---\ntitle: Gone\ndate: 2020-01-01\nexpiryDate: 2001-01-01\n---\nD.\n",
            "content/about.md": "---\ntitle: About\naliases: [/me/, who]\n---\nE.\n",
            "content/posts/urled.md": "---\ntitle: Another Title\ndate: 2020-01-01\nurl: posts/own-url\n---\nG.\n",
            "content/docs/_index.md": "---\ntitle: Docs\naliases: [/manual/]\n---\nF.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(folder.read("content/posts/2020-02-03-undated.md")?.contains("date: 2020-02-03") == true)
        // Hugo publishes from publishDate: blogbuild from the date, so a later one is the date.
        #expect(folder.read("content/posts/2999-01-01-later.md")?.contains("date: 2999-01-01") == true)
        #expect(folder.read("content/posts/2020-01-01-edited.md")?.contains("updated: 2021-05-06") == true)
        let gone = try #require(folder.read("content/posts/2020-01-01-gone.md"))
        #expect(gone.contains("draft: true") && !gone.contains("expiryDate"))
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("`content/posts/gone.md`: `expiryDate: 2001-01-01`: expired"), "\(report)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems == [], "\(built.problems)")
        #expect(built.paths.contains("posts/undated/index.html"))
        #expect(!built.paths.contains("posts/later/index.html") && !built.paths.contains("posts/gone/index.html"))
        // A `url` blogbuild's pattern writes is the post's own URL, not a redirect to another.
        #expect(built["posts/own-url/index.html"]?.contains("G.") == true)
        // Aliases on pages, a relative one from the page's folder, and on a section's page.
        for path in ["me/index.html", "who/index.html", "manual/index.html"] {
            #expect(built[path]?.contains("http-equiv=\"refresh\"") == true, "\(path)")
        }
    }

    @Test func coverAndImagesAreTheSocialImageUnlessTheThemeShowedAHero() throws {
        func front(_ day: Int) -> String { "---\ntitle: T\ndate: 2020-01-0\(day)\n" }
        let (folder, outcome) = try Self.imported([
            "hugo.toml": Self.config,
            "content/posts/covered/index.md": front(2) + "cover:\n  image: c.png\n  alt: A cover\n---\nA.\n",
            "content/posts/covered/c.png": Self.png,
            "content/posts/listed.md": front(3) + "images: [/img/x.png]\n---\nB.\n",
            "content/posts/hero.md": front(4) + "featured_image: /img/x.png\n---\nC.\n",
            "static/img/x.png": Self.png,
            "layouts/_default/single.html": "{{ with .Params.featured_image }}<img src=\"{{ . }}\">{{ end }}{{ .Content }}",
            "layouts/partials/head.html": "<meta property=\"og:image\" content=\"{{ .Params.images }}\"><img src=\"{{ .Params.cover }}\">",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let covered = try #require(folder.read("content/posts/2020-01-02-covered/index.md"))
        #expect(covered.contains("social_image: c.png") && !covered.contains("image:\n"), "\(covered)")
        let listed = try #require(folder.read("content/posts/2020-01-03-listed.md"))
        #expect(listed.contains("social_image: /img/x.png") && !listed.contains("\nimages:"), "\(listed)")
        // The old theme's single.html showed featured_image above the post: a hero, with its alt text asked for.
        let hero = try #require(folder.read("content/posts/2020-01-04-hero.md"))
        #expect(hero.contains("image:\n  src: /img/x.png") && !hero.contains("social_image"), "\(hero)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("`content/posts/hero.md`: `image`: the hero image has no alt text"), "\(report)")
        // ... and named at the written file's line, where check reports it.
        let built = renderTestSite(folder, mode: .check, now: Date())
        let warning = try #require(built.problems.first { $0.contains("front matter: image '/img/x.png' has no alt text") }, "\(built.problems)")
        let place = warning.split(separator: ":").prefix(2).joined(separator: ":")
        #expect(place.hasPrefix("content/posts/2020-01-04-hero.md:"), "\(warning)")
        #expect(report.contains("(written at `\(place)`)"), "\(report)")
    }

    /// A `[params]` table in `config/_default/config.toml` and a `params.toml` beside it:
    /// Hugo merges the two tables (the Stack theme's set-up), the root file winning a key both have.
    @Test func twoTablesOfOneConfigKeyAreMerged() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hc-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("config/_default")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("baseURL = 'https://x.example/'\n[params]\nfavicon = '/a.ico'\ntitle = 'root'\n".utf8).write(to: folder.appendingPathComponent("config.toml"))
        try Data("mainSections = ['post', 'astuces']\ntitle = 'params file'\n".utf8).write(to: folder.appendingPathComponent("params.toml"))
        let config = try #require(try HugoConfig.read(root))
        #expect(config["params"]?["mainSections"]?.texts() == ["post", "astuces"], "\(config)")
        #expect(config["params"]?["favicon"]?.scalarText == "/a.ico")
        #expect(config["params"]?["title"]?.scalarText == "root")
    }

    @Test func withoutMarkersAYAMLConfigThatOpensWithThemStillReads() {
        #expect(HugoConfig.withoutDocumentMarkers("---\na: 1\n---\n") == "\na: 1\n\n")
        #expect(HugoConfig.withoutDocumentMarkers("# c\n---\na: 1\n...\n") == "# c\n\na: 1\n\n")
        #expect(HugoConfig.withoutDocumentMarkers("a: 1\n") == "a: 1\n")
    }
}

/// A file of the old site at an address blogbuild writes itself (issue 26).
@Suite struct ImportCollisionTests {
    /// Stages of an import that add to one key of site.yml (`redirects:` from the list
    /// pages and from the tag links, `feeds:`) never write it twice, which would fail the build.
    @Test func aKeySeveralStagesAddToIsWrittenOnce() throws {
        let config: ImportFields = [
            (key: "title", value: .text("Old")), (key: "base_url", value: .text("https://example.org/")),
            (key: "redirects", value: .map([(key: "/blog/", value: .text("/archive/"))])),
            (key: "feeds", value: .map([(key: "also_at", value: .list([.text("/index.xml")]))])),
            (key: "redirects", value: .map([(key: "/tags/测试/", value: .text("/tags/"))])),
            (key: "feeds", value: .map([(key: "tag_list_at", value: .list([.text("/tags/index.xml")]))])),
            (key: "title", value: .text("Later")),
        ]
        let merged = ImportConfig.mergingRepeatedKeys(config)
        // What is not kept is named (IMPORT.md lists it): the second title.
        #expect(merged.dropped == ["title"])
        let yaml = FrontMatterText.yaml(merged.fields)
        let folder = try TestSiteFolder(config: yaml)
        let loaded = folder.load()
        #expect(loaded.diagnostics.filter { $0.severity == .error } == [], "\(loaded.diagnostics)\n\(yaml)")
        #expect(loaded.config.title == "Old")
        #expect(loaded.config.redirects.map(\.from) == ["/blog/", "/tags/测试/"])
        #expect(loaded.config.feedAlsoAt == ["/index.xml"] && loaded.config.tagListAt == ["/tags/index.xml"], "\(yaml)")
    }

    @Test func anOldFeedFileIsNotCopiedOverBlogbuildsOwn() throws {
        let (folder, outcome) = try HugoRealLayoutTests.imported([
            "_config.yml": "title: Old\nurl: https://example.org\n",
            "_posts/2020-01-02-hello.md": "---\ntitle: Hello\n---\nHi.\n",
            "feed.xml": "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Old</title></channel></rss>\n",
            "robots.txt": "User-agent: *\nDisallow: /private/\n",
        ], kind: "jekyll")
        #expect(outcome.status == 0, "\(outcome)")
        #expect(folder.read("content/feed.xml") == nil)
        #expect(folder.read("content/robots.txt")?.contains("Disallow: /private/") == true, "the site's own robots.txt is kept")
        #expect(folder.read("IMPORT.md")?.contains("blogbuild writes its own /feed.xml") == true)
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.errors == [], "\(built.errors)")
        #expect(built["feed.xml"]?.contains("Hello") == true)
    }

    @Test func everyBodyImageWithoutAltIsListedWhereCheckReportsIt() throws {
        let (folder, outcome) = try HugoRealLayoutTests.imported([
            "_config.yml": "title: Old\nurl: https://example.org\n",
            "_posts/2020-01-02-hello.md": "---\ntitle: Hello\n---\nIntro.\n\n![](/img/a.png)\n\n<img src=\"/img/a.png\">\n\n![A described one](/img/a.png)\n",
            "img/a.png": HugoRealLayoutTests.png,
        ], kind: "jekyll")
        #expect(outcome.status == 0, "\(outcome)")
        let report = try #require(folder.read("IMPORT.md"))
        let check = try BlogBuildCLI.run(["check", "--site", folder.root.path])
        let altLines = check.stderrLines.filter { $0.contains("has no alt text") }
        #expect(altLines.count == 2, "\(check)")
        // Each is named in IMPORT.md at the same file and line.
        for line in altLines {
            let place = line.split(separator: ":").prefix(2).joined(separator: ":")
            #expect(report.contains("`\(place)`: `image '/img/a.png'`: no alt text"), "\(place) not in IMPORT.md:\n\(report)")
        }
    }
}

/// Issue 41: a value of a type blogbuild does not read its key as, written by
/// another generator that takes it, is converted on import, so the site builds.
@Suite struct ImportFieldTypeTests {
    @Test func aOneItemListDescriptionAndOtherWrongTypesAreConverted() throws {
        let (folder, outcome) = try HugoRealLayoutTests.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Types'\n",
            "content/posts/listed.md": "---\ntitle: [\"Listed title\"]\ndate: 2021-03-04\ndescription:\n  - \"A summary written as a one-item list\"\naliases: /old-listed/\n---\nBody.\n",
            "content/posts/joined.md": "---\ntitle: Joined\ndate: 2021-03-05\nsummary: [first part, second part]\n---\nBody.\n",
            "content/about.md": "---\ntitle: [About me]\n---\nAbout.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems.filter { !$0.contains("hint:") && !$0.contains("warning:") } == [], "\(built.problems)")
        let listed = try #require(folder.read("content/posts/2021-03-04-listed-title.md") ?? folder.read("content/posts/2021-03-04-listed.md"))
        #expect(listed.contains("summary: A summary written as a one-item list"), "\(listed)")
        #expect(listed.contains("title: Listed title"), "\(listed)")
        #expect(built.paths.contains("old-listed/index.html"))
        let joined = try #require(folder.read("content/posts/2021-03-05-joined.md"))
        #expect(joined.contains("summary: first part, second part"), "\(joined)")
        // A join is more than unwrapping one item: IMPORT.md names it.
        #expect(folder.read("IMPORT.md")?.contains("its items joined (\"first part, second part\")") == true)
    }
}

extension ImportFieldTypeTests {
    /// A WordPress export whose copied post kept its original's `<guid>`: the site
    /// still builds (a feed with one id twice is invalid), and IMPORT.md names it.
    @Test func aFeedIDTwoPostsHadStaysTheFirsts() throws {
        func item(_ id: Int, _ name: String, _ day: String) -> String {
            """
            <item><title>\(name)</title><link>https://old.example.org/\(name)/</link>
            <guid isPermaLink="false">https://old.example.org/?p=7</guid>
            <content:encoded><![CDATA[Body \(name).]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
            <wp:post_id>\(id)</wp:post_id><wp:post_date><![CDATA[2020-01-\(day) 10:00:00]]></wp:post_date>
            <wp:post_name><![CDATA[\(name)]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
            <wp:post_type><![CDATA[post]]></wp:post_type></item>
            """
        }
        let export = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
            <channel><title>Old</title><link>https://old.example.org</link><wp:wxr_version>1.2</wp:wxr_version>
            <wp:base_site_url>https://old.example.org</wp:base_site_url><wp:base_blog_url>https://old.example.org</wp:base_blog_url>
            \(item(7, "original", "02"))
            \(item(9, "copy", "03"))
            </channel></rss>
            """
        let folder = try TestSiteFolder(config: nil)
        try FileManager.default.removeItem(at: folder.url("content"))
        let file = folder.outside("export.xml")
        try Data(export.utf8).write(to: file)
        let outcome = try BlogBuildCLI.run(["import", "wordpress", file.path, "--site", folder.root.path, "--no-verify"])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems.filter { !$0.contains("hint:") && !$0.contains("warning:") } == [], "\(built.problems)")
        let ids = [folder.read("content/posts/2020-01-02-original.md"), folder.read("content/posts/2020-01-03-copy.md")]
            .map { $0?.contains("feed_id: https://old.example.org/?p=7") == true }
        #expect(ids == [true, false], "\(ids)")
        #expect(folder.read("IMPORT.md")?.contains("another post had the same id in the old feeds") == true)
    }
}
