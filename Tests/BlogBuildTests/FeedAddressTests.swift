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

/// Feeds at an old site's addresses (issue 26): a folder holds its feed as
/// `index.xml`, a `redirects:` entry to a feed writes the feed, `feeds.tag_list_at`
/// lists the tags, and the importers keep WordPress's and Hugo's feed addresses.
@Suite struct FeedAddressTests {
    static let post = "---\ntitle: First\ntags: [Swift]\n---\nSee [the feed](/feed/) and [Swift's](/tag/swift/feed/).\n"

    @Test func aFolderHoldsItsFeedAsIndexXML() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            feeds: { also_at: [/feed/, /feed/atom], tags_also_at: [/tag/:slug/feed/] }

            """, files: ["content/posts/2021-01-05-first.md": Self.post])
        let built = renderTestSite(folder, mode: .check)
        // The links to the folders are not broken: a host serves their index.xml.
        #expect(built.problems == [], "\(built.problems)")
        #expect(built["feed/index.xml"] != nil && built.feedIgnoringSelf("feed/index.xml") == built.feedIgnoringSelf("feed.xml"))
        #expect(built.feedIgnoringSelf("feed/atom/index.xml") == built.feedIgnoringSelf("atom.xml"))
        #expect(built["tag/swift/feed/index.xml"] != nil && built.feedIgnoringSelf("tag/swift/feed/index.xml") == built.feedIgnoringSelf("tags/swift/atom.xml"))
        #expect(!built.paths.contains("feed/index.html"))
    }

    /// Issue 41: a copy's `rel="self"` (JSON Feed's `feed_url`) is the address it is
    /// served at, not the original's: a reader that follows it stays where it subscribed.
    @Test func aCopyNamesTheAddressItIsServedAtAsItsOwn() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            feeds: { also_at: [/feed/, /index.xml, /feed/atom, /old/feed.json], tags_also_at: [/tag/:slug/feed/] }

            """, files: ["content/posts/2021-01-05-first.md": Self.post])
        let built = renderTestSite(folder, mode: .check)
        #expect(built.problems == [], "\(built.problems)")
        #expect(built["feed.xml"]?.contains("href=\"https://example.org/feed.xml\" rel=\"self\"") == true)
        #expect(built["feed/index.xml"]?.contains("href=\"https://example.org/feed/\" rel=\"self\"") == true)
        #expect(built["index.xml"]?.contains("href=\"https://example.org/index.xml\" rel=\"self\"") == true)
        #expect(built["index.xml"]?.contains("https://example.org/feed.xml") == false)
        #expect(built["feed/atom/index.xml"]?.contains("type=\"application/atom+xml\" href=\"https://example.org/feed/atom\"/>") == true)
        #expect(built["tag/swift/feed/index.xml"]?.contains("href=\"https://example.org/tag/swift/feed/\"") == true)
        #expect(built["old/feed.json"]?.contains("\"feed_url\": \"https://example.org/old/feed.json\"") == true)
        #expect(built["feed.json"]?.contains("\"feed_url\": \"https://example.org/feed.json\"") == true)
        // Everything else is the same feed.
        #expect(built.feedIgnoringSelf("index.xml") == built.feedIgnoringSelf("feed.xml"))
        #expect(built.feedIgnoringSelf("old/feed.json") == built.feedIgnoringSelf("feed.json"))
    }

    @Test func aFeedAPageHidesAndAnHTMLNameAreErrors() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            feeds: { also_at: [/feed/] }

            """, files: ["content/pages/old.md": "---\ntitle: Old\naliases: [/feed/]\n---\nText.\n"])
        let built = renderTestSite(folder)
        #expect(built.errors == ["content/pages/old.md:3:11: the feed at /feed/ is hidden: a page is written there too, and a host serves the page"])
        let named = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            feeds: { also_at: [/feed.html] }

            """)
        #expect(renderTestSite(named).errors == ["content/site.yml:7:20: 'feeds.also_at' entry (\"/feed.html\") is an HTML page's name: "
                                                 + "a host serves it as a page, not a feed (use a .xml name or a folder such as /feed/)"])
    }

    @Test func aRedirectToAFeedWritesThatFeed() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            redirects:
              /rss.xml: /feed.xml
              /tag/swift/feed/: /tags/swift/atom.xml
              /feed/: /feed.xml
              /feed.html: /feed.xml
              /category/swift/: /tags/swift/

            """, files: ["content/posts/2021-01-05-first.md": Self.post])
        let built = renderTestSite(folder, mode: .check)
        #expect(built.problems == [], "\(built.problems)")
        #expect(built["rss.xml"] != nil && built.feedIgnoringSelf("rss.xml") == built.feedIgnoringSelf("feed.xml"))
        #expect(built.feedIgnoringSelf("feed/index.xml") == built.feedIgnoringSelf("feed.xml"))
        #expect(built["tag/swift/feed/index.xml"] != nil && built.feedIgnoringSelf("tag/swift/feed/index.xml") == built.feedIgnoringSelf("tags/swift/atom.xml"))
        #expect(!built.paths.contains("tag/swift/feed/index.html") && !built.paths.contains("feed/index.html"))
        // An HTML name stays a redirect page, and so does a redirect to a page.
        #expect(built["feed.html"]?.contains("<meta http-equiv=\"refresh\" content=\"0; url=https://example.org/feed.xml\">") == true)
        #expect(built["category/swift/index.html"]?.contains("url=https://example.org/tags/swift/\"") == true)

        // Through serve's incremental path too: the copies follow an edit.
        let memo = BuildMemo()
        let request = BuildRequest(siteDirectory: folder.root, mode: .build(includeDrafts: false), now: siteTestsNow)
        _ = SiteBuilder.render(request, memo: memo)
        try folder.write("content/posts/2021-01-05-first.md", Self.post.replacingOccurrences(of: "First", with: "Retitled"))
        let again = RenderedPages(SiteBuilder.render(request, memo: memo))
        #expect(again["tag/swift/feed/index.xml"]?.contains("Retitled") == true)
        #expect(again.feedIgnoringSelf("rss.xml") == again.feedIgnoringSelf("feed.xml"))
    }

    @Test(.enabled(if: FeedTool.feedparserOrCI, "needs python3 with feedparser (pip install feedparser)"))
    func aFeedOfTheTagsNewestFirst() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            feeds: { tag_list_at: [/tags/index.xml, /categories/] }

            """, files: [
            "content/posts/2021-01-05-a.md": "---\ntitle: A\ntags: [Swift, Old]\n---\nA.\n",
            "content/posts/2021-03-01-b.md": "---\ntitle: B\ntags: [Swift UI]\n---\nB.\n",
            "content/posts/2021-02-01-c.md": "---\ntitle: C\ntags: [Swift]\n---\nC.\n",
        ])
        let output = folder.outside("public")
        let build = try BlogBuildCLI.run(["build", "--site", folder.root.path, "--output", output.path])
        #expect(build.status == 0, "\(build)")
        let list = output.appendingPathComponent("tags/index.xml"), folderList = output.appendingPathComponent("categories/index.xml")
        guard let parsed = FeedTool.feedparser([list, folderList]), let feed = parsed[list.path] else { return }
        #expect(parsed[folderList.path]?.entries.map(\.title) == feed.entries.map(\.title))
        #expect(feed.version == "rss20" && !feed.bozo, "\(feed.bozo_exception)")
        // Newest post first: Swift UI (March), Swift (February), then Old (January).
        #expect(feed.entries.map(\.title) == ["Swift UI", "Swift", "Old"])
        #expect(feed.entries.map(\.link) == ["https://example.org/tags/swift-ui/", "https://example.org/tags/swift/",
                                             "https://example.org/tags/old/"])
        let day = { (s: String) in Int(ISO8601DateFormatter().date(from: s + "T00:00:00Z")!.timeIntervalSince1970) }
        #expect(feed.entries.map(\.published) == [day("2021-03-01"), day("2021-02-01"), day("2021-01-05")])
    }

    @Test func serveAnswersAFolderWithItsFeed() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.output.appendingPathComponent("feed"), withIntermediateDirectories: true)
        try Data("<rss version=\"2.0\"/>".utf8).write(to: fixture.output.appendingPathComponent("feed/index.xml"))
        try Data("<p>page</p>".utf8).write(to: fixture.output.appendingPathComponent("posts/hello/index.xml"))
        try await withDevServer(root: fixture.output) { port in
            let feed = try await RawHTTP.request("/feed/", port: port)
            #expect(feed.status == 200)
            #expect(feed.text == "<rss version=\"2.0\"/>")
            #expect(feed.headers["content-type"]?.contains("xml") == true)
            // A folder's page wins over its index.xml, as on GitHub Pages.
            let page = try await RawHTTP.request("/posts/hello/", port: port)
            #expect(page.text.contains("hello post"))
        }
    }
}

/// The importers write the old feed addresses (issue 26).
@Suite struct ImportedFeedAddressTests {
    @Test(.enabled(if: FeedTool.feedparserOrCI, "needs python3 with feedparser (pip install feedparser)"))
    func wordPressFeedsCategoryAndTagAddressesAnswer() throws {
        func terms(_ item: String, _ terms: [(String, String, String)]) -> String {
            item.replacingOccurrences(of: "</item>", with: terms.map { domain, nice, name in
                "<category domain=\"\(domain)\" nicename=\"\(nice)\"><![CDATA[\(name)]]></category>"
            }.joined(separator: "\n") + "\n</item>")
        }
        let items = [
            terms(WordPressImportTests.item(1, "Older"), [("category", "news-views", "News &amp; Views"), ("post_tag", "swift-2", "Swift")]),
            terms(WordPressImportTests.item(2, "Newer", date: "2020-03-02 10:00:00", gmt: "2020-03-02 09:00:00"),
                  [("category", "news-views", "News &amp; Views")]),
        ]
        let folder = try TestSiteFolder(config: nil)
        try FileManager.default.removeItem(at: folder.url("content"))
        let export = folder.outside("export.xml")
        try Data(WordPressImportTests.wxr(items).utf8).write(to: export)
        let imported = try BlogBuildCLI.run(["import", "wordpress", export.path, "--site", folder.root.path])
        #expect(imported.status == 0, "\(imported)")
        #expect(folder.read("IMPORT.md")?.contains("/category/NAME/, /tag/NAME/, /author/NAME/, /feed/") == false)
        let output = folder.outside("public")
        let build = try BlogBuildCLI.run(["build", "--site", folder.root.path, "--output", output.path])
        #expect(build.status == 0, "\(build)")
        func file(_ path: String) -> Data? { FileManager.default.contents(atPath: output.appendingPathComponent(path).path) }
        // A feed with the address it names as its own blanked: a copy names its own address.
        func feed(_ path: String) -> String? {
            file(path).map { String(decoding: FeedSelfLink.pointing([UInt8]($0), kind: String(decoding: $0, as: UTF8.self).contains("<feed") ? .atom : .rss, at: ""), as: UTF8.self) }
        }
        // /feed/ is the site's RSS feed; each category's and tag's feed, the blogbuild tag's (the slug the export used).
        #expect(file("feed/index.xml") != nil && feed("feed/index.xml") == feed("feed.xml"))
        #expect(file("category/news-views/feed/index.xml") != nil && feed("category/news-views/feed/index.xml") == feed("tags/news-views/atom.xml"))
        #expect(file("tag/swift-2/feed/index.xml") != nil && feed("tag/swift-2/feed/index.xml") == feed("tags/swift/atom.xml"))
        let page = file("tag/swift-2/index.html").map { String(decoding: $0, as: UTF8.self) }
        #expect(page?.contains("<meta http-equiv=\"refresh\" content=\"0; url=/blog/tags/swift/\">") == true, "\(page ?? "nothing")")
        let feeds = ["feed/index.xml", "category/news-views/feed/index.xml"].map(output.appendingPathComponent)
        guard let parsed = FeedTool.feedparser(feeds) else { return }
        #expect(parsed[feeds[0].path]?.entries.map(\.title) == ["Newer", "Older"])
        #expect(parsed[feeds[1].path]?.entries.map(\.title) == ["Newer", "Older"])
    }

    @Test func hugoFeedsOfRenamedTermsAndTheListsOfTermsAnswer() throws {
        let (folder, outcome) = try HugoRealLayoutTests.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Feeds'\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2020-01-02\ntags: [Alpine.js, Notepad++, CI/CD]\ncategories: [Tools]\n---\nA.\n",
            "content/posts/b.md": "---\ntitle: B\ndate: 2020-02-02\ntags: [Swift]\n---\nB.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems == [], "\(built.problems)")
        // Hugo's /tags/alpine.js/index.xml is the feed of the tag blogbuild calls alpinejs.
        let alpine = try #require(built.paths.first { $0.hasPrefix("tags/alpine") && $0.hasSuffix("/atom.xml") })
        #expect(built["tags/alpine.js/index.xml"] != nil && built.feedIgnoringSelf("tags/alpine.js/index.xml") == built.feedIgnoringSelf(alpine))
        #expect(built["tags/notepad++/index.xml"] != nil && built.feedIgnoringSelf("tags/notepad++/index.xml") == built.feedIgnoringSelf("tags/notepad/atom.xml"))
        // Hugo keeps a term's '/' in its path: CI/CD was at /tags/ci/cd/.
        let ci = "tags/\(Slug.make("CI/CD"))/"
        #expect(built["tags/ci/cd/index.xml"] != nil && built.feedIgnoringSelf("tags/ci/cd/index.xml") == built.feedIgnoringSelf(ci + "atom.xml"))
        #expect(built["tags/ci/cd/index.html"]?.contains("url=https://example.org/\(ci)\"") == true)
        // Hugo's lists of terms.
        #expect(built["tags/index.xml"]?.contains("<title>Swift</title>") == true)
        #expect(built["categories/index.xml"]?.contains("<title>Swift</title>") == true)
        #expect(built["categories/index.html"]?.contains("url=https://example.org/tags/\"") == true)
        // Hugo writes the lists of the taxonomies it declares, used or not; `taxonomies:` names them.
        let (declared, again) = try HugoRealLayoutTests.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Feeds'\n[taxonomies]\ntag = 'tags'\n",
            "content/posts/b.md": "---\ntitle: B\ndate: 2020-02-02\ntags: [Swift]\n---\nB.\n",
        ])
        #expect(again.status == 0, "\(again)")
        let lists = renderTestSite(declared, mode: .check, now: Date())
        #expect(lists.paths.contains("tags/index.xml") && !lists.paths.contains("categories/index.xml"))
        #expect(!lists.paths.contains("categories/index.html"))
        // By default Hugo declares categories too: with none used, their list and page still answer.
        let (unused, third) = try HugoRealLayoutTests.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Feeds'\n",
            "content/posts/b.md": "---\ntitle: B\ndate: 2020-02-02\ntags: [Swift]\n---\nB.\n",
        ])
        #expect(third.status == 0, "\(third)")
        let defaults = renderTestSite(unused, mode: .check, now: Date())
        #expect(defaults["categories/index.xml"]?.contains("<title>Swift</title>") == true)
        #expect(defaults["categories/index.html"]?.contains("url=https://example.org/tags/\"") == true)
    }
}
