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

// Feeds, sitemap and robots.txt (issue 4), checked with tools nobody on the
// project wrote: PyPI `feedparser` (through python3) and `xmllint`. Without them
// a test is skipped with a note, unless CI=true, where a missing tool fails.

// MARK: - Tools

enum FeedTool {
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    static let python: String? = onPath("python3")
    static let xmllint: String? = onPath("xmllint")
    static let hasFeedparser: Bool = python.map { run($0, ["-c", "import feedparser"]).status == 0 } ?? false

    /// Run the test when the tool is there, or on CI (where it then fails).
    static var feedparserOrCI: Bool { hasFeedparser || isCI }
    static var xmllintOrCI: Bool { xmllint != nil || isCI }

    typealias Outcome = ProcessOutcome

    /// Runs a program to completion (the suite's one process runner).
    static func run(_ executable: String, _ arguments: [String]) -> Outcome {
        do {
            return try ProcessRunner.run(URL(fileURLWithPath: executable), arguments, timeout: 300)
        } catch {
            return Outcome(status: -1, stdout: "", stderr: "could not run \(executable): \(error)", timedOut: false)
        }
    }

    static func onPath(_ name: String) -> String? { ProcessRunner.findOnPath(name)?.path }

    /// What feedparser makes of each feed file.
    struct Parsed: Decodable {
        var path: String
        var version: String
        var bozo: Bool
        var bozo_exception: String
        var feed_title: String?
        var entries: [Entry]

        struct Entry: Decodable {
            var title: String?
            var link: String?
            var id: String?
            /// Seconds since 1970 (UTC) of `published_parsed` / `updated_parsed`.
            var published: Int?
            var updated: Int?
            var published_raw: String?
            var content: [String]
            var summary: String
            var tags: [String]
        }
    }

    static let feedparserScript = """
    import sys, json, calendar, feedparser
    out = []
    for path in sys.argv[1:]:
        d = feedparser.parse(open(path, 'rb').read())
        entries = []
        for e in d.entries:
            def ts(k):
                t = e.get(k)
                return calendar.timegm(t) if t else None
            entries.append(dict(title=e.get('title'), link=e.get('link'), id=e.get('id'),
                                published=ts('published_parsed'), updated=ts('updated_parsed'),
                                published_raw=e.get('published'),
                                content=[c.get('value', '') for c in e.get('content', [])],
                                summary=e.get('summary', ''), tags=[t.get('term', '') for t in e.get('tags', [])]))
        out.append(dict(path=path, version=d.version or '', bozo=bool(d.bozo),
                        bozo_exception=str(d.get('bozo_exception', '')), feed_title=d.feed.get('title'),
                        entries=entries))
    print(json.dumps(out))
    """

    /// Parses feed files with feedparser; nil (with an issue recorded) when it cannot run.
    static func feedparser(_ files: [URL], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String: Parsed]? {
        guard let python, hasFeedparser else {
            Issue.record("CI=true but python3 with feedparser is missing (pip install feedparser)", sourceLocation: sourceLocation)
            return nil
        }
        let outcome = run(python, ["-c", feedparserScript] + files.map(\.path))
        guard outcome.status == 0 else {
            Issue.record("feedparser failed: \(outcome.stderr)", sourceLocation: sourceLocation)
            return nil
        }
        do {
            let list = try JSONDecoder().decode([Parsed].self, from: Data(outcome.stdout.utf8))
            return Dictionary(list.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        } catch {
            Issue.record("feedparser output unreadable: \(error)\n\(outcome.stdout.prefix(500))", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// `xmllint --noout` on each file: the files it rejected, with its message.
    static func xmllintFailures(_ files: [URL], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        guard let xmllint else {
            Issue.record("CI=true but xmllint is missing (apt-get install libxml2-utils)", sourceLocation: sourceLocation)
            return []
        }
        var failures: [String] = []
        // In batches, so one run checks many files.
        var start = 0
        while start < files.count {
            let batch = Array(files[start..<min(files.count, start + 200)])
            let outcome = run(xmllint, ["--noout", "--nonet"] + batch.map(\.path))
            if outcome.status != 0 { failures.append(outcome.stderr) }
            start += 200
        }
        return failures
    }
}

// MARK: - Fixture sites

/// "Now" for every build here: 2027-01-15T08:00:00Z.
private let feedTestsNow = Date(timeIntervalSince1970: 1_800_000_000)

/// The repository's own example site (`content/` at the package root).
private let exampleSiteRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Renders a site in memory.
private func renderSite(_ root: URL, mode: BuildMode = .publish) -> RenderedSite {
    SiteBuilder.render(BuildRequest(siteDirectory: root, mode: mode, now: feedTestsNow))
}

/// The resolved site, for expectations (posts in order, collections).
private func resolvedSite(_ root: URL) -> Site {
    SiteResolver.resolve(ContentLoader.load(siteDirectory: root), mode: .publish, now: feedTestsNow).0
}

/// `publish`es a site into a new temporary folder and returns it.
private func publishSite(_ root: URL) throws -> URL {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-feeds-out-\(UUID().uuidString)")
    _ = try SiteBuilder.build(BuildRequest(siteDirectory: root, outputDirectory: output, mode: .publish, now: feedTestsNow))
    return output
}

private extension RenderedSite {
    func text(_ path: String) -> String? {
        guard let f = files.first(where: { $0.path == path }), case .bytes(let b) = f.contents else { return nil }
        return String(decoding: b, as: UTF8.self)
    }
}

/// Every file under `folder` whose name ends with `suffix`, sorted.
private func files(in folder: URL, endingWith suffix: String) -> [URL] {
    guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    var out: [URL] = []
    for case let url as URL in e where url.lastPathComponent.hasSuffix(suffix) { out.append(url) }
    return out.sorted { $0.path < $1.path }
}

/// `src`, `href`, `poster` and `srcset` URLs in HTML that are not absolute (http/https, mailto, data).
private func relativeURLs(in html: String) -> [String] {
    var found: [String] = []
    let pattern = #"\s(?:src|href|poster|srcset)\s*=\s*["']([^"']*)["']"#
    guard let rx = try? NSRegularExpression(pattern: pattern) else { return ["(bad pattern)"] }
    let ns = html as NSString
    for m in rx.matches(in: html, range: NSRange(location: 0, length: ns.length)) {
        let value = ns.substring(with: m.range(at: 1))
        for candidate in value.split(separator: ",") {
            let url = candidate.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
            if url.isEmpty || url.hasPrefix("https://") || url.hasPrefix("http://") || url.hasPrefix("mailto:")
                || url.hasPrefix("data:") { continue }
            found.append(url)
        }
    }
    return found
}

/// The stress fixture: everything a post can contain that breaks feeds.
private enum Stress {
    /// A post title with `& < > " '`, HTML, `]]>`, emoji and a control character (BEL, `\a` in YAML).
    static let titleYAML = #""Tom & Jerry <b>bold</b> \"quoted\" 'single' ]]> 🚀 bell\a!""#
    /// The same title as feeds show it: the control character removed, nothing else changed.
    static let titleShown = #"Tom & Jerry <b>bold</b> "quoted" 'single' ]]> 🚀 bell!"#

    /// A real 2×2 PNG: originals are published stripped of metadata, which needs an image that decodes.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xFD, 0xD4, 0x9A,
        0x73, 0x00, 0x00, 0x00, 0x16, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xE4, 0x12, 0x91, 0x63,
        0x60, 0x60, 0x60, 0x62, 0x60, 0x60, 0x60, 0x60, 0x60, 0x00, 0x00, 0x02, 0xE6, 0x00, 0x40, 0x5C,
        0xA5, 0x20, 0x5B, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    static func site() throws -> TestSiteFolder {
        try TestSiteFolder(config: nil, files: [
            "content/site.yml": """
            title: "Stress & <Test> \\"Site\\" ]]>"
            description: "Feeds that survive anything: & < > ]]>"
            author: { name: "Zoë O'Brien & Co", email: zoe@example.org, url: "https://example.org/about/" }
            base_url: https://example.org/blog/
            language: en
            timezone: Europe/London
            feeds: { items: 20, full_content: true }
            images: { resize: false }

            """,
            "content/series/stress.md": "---\ntitle: Stress series\n---\nThe series.\n",
            "content/apps/widget.md": "---\ntitle: Widget & Co\n---\nAn app.\n",
            "content/pages/about.md": "---\ntitle: About\n---\nAbout this site.\n",
            "content/posts/2021-01-05-escapes.md": """
            ---
            title: \(titleYAML)
            date: 2021-01-05 09:30
            tags: [Escapes, "C&C", Emoji 🎉]
            series: stress
            app: widget
            ---
            Text with & < > " ' and a CDATA end ]]> and emoji 🎉 and a control\u{1} character.

            <p class="raw">Raw ]]&gt; and <![CDATA[ inside ]]> stays</p>

            Last line of the escapes post, ENDS-HERE-ESCAPES.

            """,
            "content/posts/2021-02-01-code-only.md": """
            ---
            title: Code only
            tags: [Escapes]
            series: stress
            ---
            ```swift
            let s = "]]>" // <![CDATA[ & </script> <img src="x.png">
            ```

            """,
            "content/posts/2021-03-01-images.md": """
            ---
            title: Images & footnotes
            series: stress
            image: { src: images/hero.png, alt: "A hero" }
            ---
            An image ![A dot](images/dot.png) and a footnote.[^1] See [about](/about/), [the code post](../../02/code-only/) and [the heading](#top-heading).

            ## Top heading

            <picture><source srcset="images/dot.png 1x, images/dot.png 2x"><img src="images/dot.png" alt="dot again"></picture>

            Last line of the images post, ENDS-HERE-IMAGES.

            [^1]: The note, with [a link back up](#top-heading).

            """,
        ], binary: [
            "content/posts/images/dot.png": png,
            "content/posts/images/hero.png": png,
        ])
    }
}

// MARK: - Tests

@Suite("Feeds, sitemap and robots.txt")
struct FeedTests {
    // MARK: With the real tools

    @Test("the example site's feeds parse with feedparser: right version, no bozo, right entries, instants and content",
          .enabled(if: FeedTool.feedparserOrCI, "needs python3 with feedparser (pip install feedparser)"))
    func exampleSiteFeedparser() throws {
        let output = try publishSite(exampleSiteRoot)
        defer { try? FileManager.default.removeItem(at: output) }
        let site = resolvedSite(exampleSiteRoot)
        let atomFiles = files(in: output, endingWith: "atom.xml")
        let rss = output.appendingPathComponent("feed.xml")
        guard let parsed = FeedTool.feedparser([rss] + atomFiles) else { return }

        let limit = site.config.feedItems
        let newest = Array(site.posts.prefix(limit))
        #expect(!newest.isEmpty)
        for (file, version) in [(rss, "rss20"), (output.appendingPathComponent("atom.xml"), "atom10")] {
            let feed = try #require(parsed[file.path])
            #expect(feed.version == version, "\(file.lastPathComponent)")
            #expect(!feed.bozo, "\(file.lastPathComponent): \(feed.bozo_exception)")
            #expect(feed.entries.count == newest.count)
            for (entry, post) in zip(feed.entries, newest) {
                #expect(entry.title == post.post.title)
                #expect(entry.link == site.config.baseURL + post.permalink.dropFirst())
                #expect(entry.published == Int(post.post.date.instant.timeIntervalSince1970.rounded(.down)),
                        "\(post.post.sourcePath): \(entry.published_raw ?? "no date")")
                let content = entry.content.joined()
                #expect(!content.isEmpty, "\(post.post.sourcePath) has no content in \(file.lastPathComponent)")
                #expect(relativeURLs(in: content).isEmpty, "\(post.post.sourcePath): \(relativeURLs(in: content))")
            }
        }
        // Every collection feed: Atom, valid, the collection's newest posts.
        for c in FeedCollection.all(in: site) {
            let file = output.appendingPathComponent(String(c.pageURL.dropFirst()) + "atom.xml")
            let feed = try #require(parsed[file.path], "\(file.path) missing")
            #expect(feed.version == "atom10" && !feed.bozo, "\(c.pageURL): \(feed.bozo_exception)")
            let want = c.newestFirst.prefix(limit).map { site.config.baseURL + site.posts[$0].permalink.dropFirst() }
            #expect(feed.entries.map(\.link) == want.map { Optional($0) }, "\(c.pageURL)atom.xml")
        }
    }

    @Test("xmllint --noout accepts every XML file of the example site and of the stress site",
          .enabled(if: FeedTool.xmllintOrCI, "needs xmllint (apt-get install libxml2-utils)"))
    func xmllintEveryXMLFile() throws {
        let stress = try Stress.site()
        for root in [exampleSiteRoot, stress.root] {
            let output = try publishSite(root)
            defer { try? FileManager.default.removeItem(at: output) }
            let xml = files(in: output, endingWith: ".xml")
            #expect(xml.count >= 4, "\(xml)")
            #expect(FeedTool.xmllintFailures(xml) == [])
        }
    }

    @Test("the stress site's feeds parse: escapes, emoji, ]]>, a control character, a code-only post, relative images and footnotes",
          .enabled(if: FeedTool.feedparserOrCI, "needs python3 with feedparser (pip install feedparser)"))
    func stressSiteFeedparser() throws {
        let stress = try Stress.site()
        let output = try publishSite(stress.root)
        defer { try? FileManager.default.removeItem(at: output) }
        let feeds = [output.appendingPathComponent("feed.xml"), output.appendingPathComponent("atom.xml")]
            + files(in: output.appendingPathComponent("series"), endingWith: "atom.xml")
            + files(in: output.appendingPathComponent("tags"), endingWith: "atom.xml")
            + files(in: output.appendingPathComponent("apps"), endingWith: "atom.xml")
        guard let parsed = FeedTool.feedparser(feeds) else { return }
        #expect(parsed.count == feeds.count)
        for (path, feed) in parsed {
            #expect(!feed.bozo, "\(path): \(feed.bozo_exception)")
            #expect(feed.version == (path.hasSuffix("feed.xml") ? "rss20" : "atom10"), "\(path)")
        }
        let base = "https://example.org/blog/"
        for file in feeds.prefix(2) {
            let feed = try #require(parsed[file.path])
            #expect(feed.feed_title == #"Stress & <Test> "Site" ]]>"#)
            #expect(feed.entries.count == 3)
            #expect(feed.entries.map(\.title) == ["Images & footnotes", "Code only", Stress.titleShown])
            let byTitle = Dictionary(feed.entries.map { ($0.title ?? "", $0) }, uniquingKeysWith: { a, _ in a })

            let escapes = try #require(byTitle[Stress.titleShown])
            let escapesHTML = escapes.content.joined()
            #expect(escapesHTML.contains("a CDATA end ]]&gt; and emoji 🎉"), "\(escapesHTML)")
            #expect(escapesHTML.contains("and a control character"), "the control character is removed")
            #expect(escapesHTML.contains("ENDS-HERE-ESCAPES"))
            #expect(escapes.tags.contains("C&C") && escapes.tags.contains("Emoji 🎉"), "\(escapes.tags)")
            // 2021-01-05 09:30 in London (GMT) is 09:30Z.
            #expect(escapes.published == 1_609_839_000)

            let code = try #require(byTitle["Code only"])
            let codeHTML = code.content.joined()
            #expect(codeHTML.contains("language-swift"), "\(codeHTML)")
            #expect(codeHTML.contains("]]&gt;") || codeHTML.contains("]]>"))

            let images = try #require(byTitle["Images & footnotes"])
            let html = images.content.joined()
            #expect(relativeURLs(in: html).isEmpty, "\(relativeURLs(in: html))")
            #expect(html.contains("\(base)2021/03/images/images/dot.png"), "\(html)")
            // A front-matter path is relative to its file: content/posts/images/hero.png.
            #expect(html.contains("\(base)posts/images/hero.png"), "hero image first")
            #expect(html.contains("\(base)2021/03/images/#fn-1"), "footnote reference")
            #expect(html.contains("\(base)2021/03/images/#top-heading"))
            #expect(html.contains("\(base)about/"), "site path against base_url")
            #expect(html.contains("\(base)2021/02/code-only/"), "../ resolved")
            #expect(html.contains("ENDS-HERE-IMAGES"))
        }
        // feedparser's sanitizer drops <source srcset>: read it in the file.
        let atomText = try String(contentsOf: output.appendingPathComponent("atom.xml"), encoding: .utf8)
        #expect(atomText.contains("srcset=&quot;\(base)2021/03/images/images/dot.png 1x, \(base)2021/03/images/images/dot.png 2x&quot;"))
        // The files the absolute URLs point at are really there.
        for path in ["2021/03/images/images/dot.png", "posts/images/hero.png", "about/index.html"] {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path)")
        }
    }

    @Test("/feed.json has the JSON Feed 1.1 required fields, and titles are escaped exactly once")
    func jsonFeedFields() throws {
        let stress = try Stress.site()
        for root in [exampleSiteRoot, stress.root] {
            let rendered = renderSite(root)
            #expect(rendered.diagnostics.isEmpty, "\(rendered.diagnostics)")
            let site = resolvedSite(root)
            let text = try #require(rendered.text("feed.json"))
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
            let feed = try #require(object as? [String: Any])
            #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
            #expect(feed["title"] as? String == site.config.title)
            #expect(feed["home_page_url"] as? String == site.config.baseURL)
            #expect(feed["feed_url"] as? String == site.config.baseURL + "feed.json")
            let items = try #require(feed["items"] as? [[String: Any]])
            #expect(items.count == min(site.config.feedItems, site.posts.count))
            for (item, post) in zip(items, site.posts) {
                let id = try #require(item["id"] as? String)
                #expect(id.hasPrefix("tag:"))
                #expect(item["url"] as? String == site.config.baseURL + post.permalink.dropFirst())
                #expect(item["title"] as? String == XMLText.removingForbidden(post.post.title))
                let html = try #require(item["content_html"] as? String)
                #expect(relativeURLs(in: html).isEmpty, "\(relativeURLs(in: html))")
                #expect(FeedDates.isRFC3339(item["date_published"] as? String ?? ""))
                #expect(FeedDates.isRFC3339(item["date_modified"] as? String ?? ""))
                #expect(item["tags"] as? [String] == post.tagIndices.map { site.tags[$0].name })
                let authors = item["authors"] as? [[String: Any]]
                #expect(authors?.first?["name"] as? String == site.config.author?.name)
            }
        }
        // Titles are text: one level of escaping in XML, none in JSON.
        let rendered = renderSite(stress.root)
        let json = try #require(rendered.text("feed.json"))
        #expect(json.contains(#""title": "Tom & Jerry <b>bold</b> \"quoted\" 'single' ]]> 🚀 bell!""#))
        let atom = try #require(rendered.text("atom.xml"))
        #expect(atom.contains("<title type=\"text\">Tom &amp; Jerry &lt;b&gt;bold&lt;/b&gt; &quot;quoted&quot; &#39;single&#39; ]]&gt; 🚀 bell!</title>"))
        let titles = atom.split(separator: "\n").filter { $0.hasPrefix("<title") }
        #expect(titles.count == 4 && !titles.contains { $0.contains("&amp;amp;") })
        #expect(!atom.contains("\u{7}") && !atom.contains("\u{1}") && !json.contains("\u{7}"))
    }

    // MARK: Ids and dates

    @Test("editing a post's title keeps its feed id; the id comes from the first permalink and the date")
    func idSurvivesTitleEdit() throws {
        let site = try TestSiteFolder(config: nil, files: [
            "content/site.yml": "title: Ids\nbase_url: https://example.org/\ntimezone: UTC\n",
            "content/posts/2021-01-05-stoutness.md": "---\ntitle: \"Side Project: Stoutness\"\n---\nHello.\n",
            "content/posts/2020-06-01-moved.md": "---\ntitle: Moved\naliases: [/weblog/2020/06/01/moved/, /old/moved/]\n---\nHi.\n",
        ])
        func ids() throws -> (rss: [String], atom: [String], json: String) {
            let r = renderSite(site.root)
            #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
            let rss = try #require(r.text("feed.xml")), atom = try #require(r.text("atom.xml"))
            func all(_ text: String, _ open: String, _ close: String) -> [String] {
                text.components(separatedBy: open).dropFirst().compactMap { $0.components(separatedBy: close).first }
            }
            return (all(rss, "<guid isPermaLink=\"false\">", "</guid>"), all(atom, "<entry>\n", "</entry>").flatMap {
                all($0, "<id>", "</id>")
            }, try #require(r.text("feed.json")))
        }
        let before = try ids()
        let want = ["tag:example.org,2021-01-05:/2021/01/stoutness/", "tag:example.org,2020-06-01:/weblog/2020/06/01/moved/"]
        #expect(before.rss == want)
        #expect(before.atom == want)

        try site.write("content/posts/2021-01-05-stoutness.md",
                       "---\ntitle: \"Stoutness, renamed & improved\"\n---\nHello again, edited.\n")
        let after = try ids()
        #expect(after.rss == want)
        #expect(after.atom == want)
        #expect(after.json.contains("Stoutness, renamed & improved"))
        #expect(after.json.contains(#""id": "tag:example.org,2021-01-05:/2021/01/stoutness/""#))
    }

    @Test("date-only posts in America/Los_Angeles and Pacific/Auckland keep their calendar date in URL and feeds")
    func timeZonesKeepTheCalendarDate() throws {
        struct Case {
            var zone: String
            var file: String
            var date: String?
            var url: String
            var rss: String
            var atom: String
            var instant: Int
        }
        let cases = [
            // Auckland is 13 hours ahead in January: midnight there is still 2020 in UTC.
            Case(zone: "Pacific/Auckland", file: "2021-01-01-new-year.md", date: nil, url: "/2021/01/new-year/",
                 rss: "Fri, 01 Jan 2021 00:00:00 +1300", atom: "2021-01-01T00:00:00+13:00", instant: 1_609_412_400),
            Case(zone: "America/Los_Angeles", file: "2021-03-01-march.md", date: nil, url: "/2021/03/march/",
                 rss: "Mon, 01 Mar 2021 00:00:00 -0800", atom: "2021-03-01T00:00:00-08:00", instant: 1_614_585_600),
            // Late in the evening in Los Angeles is already the next day (and year) in UTC.
            Case(zone: "America/Los_Angeles", file: "2020-12-31-eve.md", date: "2020-12-31 23:30", url: "/2020/12/eve/",
                 rss: "Thu, 31 Dec 2020 23:30:00 -0800", atom: "2020-12-31T23:30:00-08:00", instant: 1_609_486_200),
            // Summer time in Los Angeles.
            Case(zone: "America/Los_Angeles", file: "2021-07-04-july.md", date: nil, url: "/2021/07/july/",
                 rss: "Sun, 04 Jul 2021 00:00:00 -0700", atom: "2021-07-04T00:00:00-07:00", instant: 1_625_382_000),
        ]
        for c in cases {
            let front = c.date.map { "date: \($0)\n" } ?? ""
            let site = try TestSiteFolder(config: nil, files: [
                "content/site.yml": "title: Zones\nbase_url: https://example.org/\ntimezone: \(c.zone)\n",
                "content/posts/\(c.file)": "---\ntitle: A post\n\(front)---\nHello.\n",
            ])
            let r = renderSite(site.root)
            #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
            #expect(r.files.contains { $0.path == String(c.url.dropFirst()) + "index.html" }, "\(c.zone): \(c.url)")
            let rss = try #require(r.text("feed.xml")), atom = try #require(r.text("atom.xml"))
            let json = try #require(r.text("feed.json"))
            #expect(rss.contains("<pubDate>\(c.rss)</pubDate>"), "\(c.zone) \(c.file)")
            #expect(atom.contains("<published>\(c.atom)</published>"), "\(c.zone) \(c.file)")
            #expect(json.contains("\"date_published\": \"\(c.atom)\""))
            #expect(rss.contains("<link>https://example.org\(c.url)</link>"))
            #expect(rss.contains(",\(c.file.prefix(10)):\(c.url)</guid>"), "the id keeps the written date")
            let sitemap = try #require(r.text("sitemap.xml"))
            #expect(sitemap.contains("<loc>https://example.org\(c.url)</loc><lastmod>\(c.atom)</lastmod>"))
            let post = try #require(resolvedSite(site.root).posts.first)
            #expect(Int(post.post.date.instant.timeIntervalSince1970) == c.instant)
        }
    }

    @Test("the feed instants are right: feedparser reads RSS and Atom dates of other zones as the same instant",
          .enabled(if: FeedTool.feedparserOrCI, "needs python3 with feedparser (pip install feedparser)"))
    func zoneInstantsWithFeedparser() throws {
        let site = try TestSiteFolder(config: nil, files: [
            "content/site.yml": "title: Zones\nbase_url: https://example.org/\ntimezone: Pacific/Auckland\n",
            "content/posts/2021-01-01-new-year.md": "---\ntitle: New year\n---\nHello.\n",
            "content/posts/2021-02-01-offset.md": "---\ntitle: Offset\ndate: 2021-02-01T10:00:00+05:30\n---\nHello.\n",
            "content/posts/2021-03-01-newfoundland.md": "---\ntitle: Newfoundland\ndate: 2021-03-01 08:00 -03:30\n---\nHi.\n",
        ])
        let output = try publishSite(site.root)
        defer { try? FileManager.default.removeItem(at: output) }
        let files = [output.appendingPathComponent("feed.xml"), output.appendingPathComponent("atom.xml")]
        guard let parsed = FeedTool.feedparser(files) else { return }
        for file in files {
            let feed = try #require(parsed[file.path])
            #expect(!feed.bozo, "\(feed.bozo_exception)")
            #expect(feed.entries.map(\.published) == [1_614_598_200, 1_612_153_800, 1_609_412_400], "\(file.lastPathComponent)")
        }
    }

    // MARK: Collections, options, autodiscovery

    @Test("series, tag and app feeds exist and hold the newest feeds.items posts of that collection")
    func collectionFeeds() throws {
        var files = [
            "content/site.yml": "title: Coll\nbase_url: https://example.org/\ntimezone: UTC\nfeeds: { items: 2 }\n",
            "content/series/trip.md": "---\ntitle: The Trip\n---\nIntro.\n",
            "content/apps/kettle.md": "---\ntitle: Kettle\n---\nAn app.\n",
        ]
        // Five posts: all in the series, tags on some, the app on one.
        let tags = ["[Swift]", "[Swift, Tea]", "[Tea]", "[Swift]", "[]"]
        for n in 1...5 {
            files["content/posts/2021-0\(n)-01-p\(n).md"] =
                "---\ntitle: Part \(n)\nseries: trip\ntags: \(tags[n - 1])\n\(n == 2 ? "app: kettle\n" : "")---\nBody \(n).\n"
        }
        let site = try TestSiteFolder(config: nil, files: files)
        let r = renderSite(site.root)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        func links(_ path: String) throws -> [String] {
            let text = try #require(r.text(path), "\(path) missing")
            return text.components(separatedBy: "<link rel=\"alternate\" type=\"text/html\" href=\"").dropFirst(2)
                .compactMap { $0.components(separatedBy: "\"").first }
        }
        func url(_ n: Int) -> String { "https://example.org/2021/0\(n)/p\(n)/" }
        #expect(try links("atom.xml") == [url(5), url(4)])
        #expect(try links("series/trip/atom.xml") == [url(5), url(4)])
        #expect(try links("tags/swift/atom.xml") == [url(4), url(2)])
        #expect(try links("tags/tea/atom.xml") == [url(3), url(2)])
        #expect(try links("apps/kettle/atom.xml") == [url(2)])
        let tea = try #require(r.text("tags/tea/atom.xml"))
        #expect(tea.contains("<title type=\"text\">Tag: Tea – Coll</title>"))
        #expect(tea.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"https://example.org/tags/tea/atom.xml\"/>"))
        #expect(tea.contains("<link rel=\"alternate\" type=\"text/html\" href=\"https://example.org/tags/tea/\"/>"))
        // The feed-level date is the newest entry's, never "now".
        #expect(tea.contains("<updated>2021-03-01T00:00:00+00:00</updated>\n<author>"))
        let rss = try #require(r.text("feed.xml"))
        #expect(rss.components(separatedBy: "<item>").count - 1 == 2)
        #expect(FeedValidator.validate(FeedRenderer(site: resolvedSite(site.root)).render(sitemap: [])) == [])
    }

    @Test("feeds: { full_content: false } gives summaries; the default is the full post")
    func summariesOnly() throws {
        let body = "First paragraph, the summary.\n\nSecond paragraph, FULL-ONLY.\n"
        for full in [true, false] {
            let site = try TestSiteFolder(config: nil, files: [
                "content/site.yml": "title: S\nbase_url: https://example.org/\nfeeds: { full_content: \(full) }\n",
                "content/posts/2021-01-01-a.md": "---\ntitle: A\n---\n\(body)",
            ])
            let r = renderSite(site.root)
            #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
            let rss = try #require(r.text("feed.xml")), atom = try #require(r.text("atom.xml"))
            let json = try #require(r.text("feed.json"))
            for text in [rss, atom, json] {
                #expect(text.contains("the summary."))
                #expect(text.contains("FULL-ONLY") == full)
            }
            #expect(rss.contains("<content:encoded>") == full)
            #expect(atom.contains("<content type=\"html\"") == full)
            #expect(atom.contains("<summary type=\"html\">&lt;p&gt;First paragraph, the summary.&lt;/p&gt;"))
        }
    }

    @Test("every page links the site feeds with <link rel=alternate>; series, tag and app pages add their own feed")
    func autodiscovery() throws {
        for mode in [BuildMode.publish, .build(includeDrafts: false)] {
            let r = renderSite(exampleSiteRoot, mode: mode)
            #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(r.diagnostics)")
            let prefix = mode == .publish ? "https://lowtide.example/" : "/"
            let site = r.files.filter { $0.path.hasSuffix(".html") }
            #expect(site.count > 20)
            let paths = Set(r.files.map(\.path))
            for file in site {
                guard case .bytes(let b) = file.contents else { continue }
                let html = String(decoding: b, as: UTF8.self)
                if html.contains("http-equiv=\"refresh\"") { continue }  // alias redirects
                for (path, type) in [("feed.xml", "application/rss+xml"), ("atom.xml", "application/atom+xml"),
                                     ("feed.json", "application/feed+json")] {
                    #expect(html.contains("<link rel=\"alternate\" type=\"\(type)\" title=\"Low Tide Software ("),
                            "\(file.path) lacks \(path)")
                    #expect(html.contains("href=\"\(prefix)\(path)\">"), "\(file.path) lacks \(path)")
                }
                let own = html.components(separatedBy: "type=\"application/atom+xml\" title=\"").dropFirst(2)
                let isCollection = ["series/", "tags/", "apps/"].contains { file.path.hasPrefix($0) }
                    && file.path.split(separator: "/").count == 3
                #expect(own.count == (isCollection ? 1 : 0), "\(file.path)")
                if isCollection, let href = own.first?.components(separatedBy: "href=\"").dropFirst().first?
                    .components(separatedBy: "\"").first {
                    let feedPath = String(href.dropFirst(prefix.count))
                    #expect(feedPath == file.path.replacingOccurrences(of: "index.html", with: "atom.xml"))
                    #expect(paths.contains(feedPath), "\(href) is not built")
                }
            }
        }
        let tag = try #require(renderSite(exampleSiteRoot).text("tags/swiftui/index.html"))
        #expect(tag.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Tag: SwiftUI – Low Tide Software\" href=\"https://lowtide.example/tags/swiftui/atom.xml\">"))
    }

    // MARK: Sitemap and robots.txt

    @Test("sitemap.xml lists every HTML page with lastmod, but not alias redirects or the 404 page; robots.txt points at it")
    func sitemapAndRobots() throws {
        let r = renderSite(exampleSiteRoot)
        let site = resolvedSite(exampleSiteRoot)
        let sitemap = try #require(r.text("sitemap.xml"))
        let locs = sitemap.components(separatedBy: "<loc>").dropFirst().compactMap { $0.components(separatedBy: "</loc>").first }
        #expect(Set(locs).count == locs.count, "no duplicates")
        let base = "https://lowtide.example/"
        // Every HTML file except redirects, 404.html and pages that ask not to be indexed (the search page), and nothing else.
        var want: Set<String> = []
        for file in r.files where file.path.hasSuffix(".html") {
            guard case .bytes(let b) = file.contents, file.path != "404.html",
                  !String(decoding: b, as: UTF8.self).contains("http-equiv=\"refresh\""),
                  !String(decoding: b, as: UTF8.self).contains("<meta name=\"robots\" content=\"noindex\">") else { continue }
            want.insert(base + (file.path == "index.html" ? "" : file.path.replacingOccurrences(of: "index.html", with: "")))
        }
        #expect(Set(locs) == want)
        #expect(!locs.contains { $0.contains("weblog") || $0.contains("404") || $0.hasSuffix("/search/") })
        for post in site.posts {
            let date = FeedDates.rfc3339(post.post.updated ?? post.post.date)
            #expect(sitemap.contains("<loc>\(base)\(post.permalink.dropFirst())</loc><lastmod>\(date)</lastmod>"))
        }
        let newest = try #require(FeedDates.latest(site.posts.map { $0.post.updated ?? $0.post.date }))
        #expect(sitemap.contains("<loc>\(base)</loc><lastmod>\(FeedDates.rfc3339(newest))</lastmod>"))
        #expect(sitemap.contains("<loc>\(base)archive/</loc><lastmod>\(FeedDates.rfc3339(newest))</lastmod>"))
        #expect(sitemap.contains("<loc>\(base)about/</loc></url>"), "pages have no date")
        #expect(r.text("robots.txt") == "User-agent: *\nAllow: /\n\nSitemap: https://lowtide.example/sitemap.xml\n")
    }

    @Test("a site's own content/robots.txt is kept; a page at a feed's path is a duplicate output path")
    func robotsOverrideAndCollisions() throws {
        let site = try TestSiteFolder(config: nil, files: [
            "content/site.yml": "title: R\nbase_url: https://example.org/\n",
            "content/robots.txt": "User-agent: *\nDisallow: /drafts/\n",
            "content/pages/feed.md": "---\ntitle: Feed\npermalink: /feed.xml\n---\nNot a feed.\n",
            "content/posts/2021-01-01-a.md": "---\ntitle: A\n---\nHello.\n",
        ])
        let r = renderSite(site.root, mode: .build(includeDrafts: false))
        let robots = try #require(r.files.first { $0.path == "robots.txt" })
        #expect(robots.contents == .copy(from: site.root.appendingPathComponent("content/robots.txt").path))
        #expect(r.diagnostics.map(\.description).contains(
            "content/pages/feed.md: duplicate output path /feed.xml: the site writes a feed there"), "\(r.diagnostics)")
    }

    // MARK: Determinism and validation

    @Test("feeds are byte-identical across builds")
    func deterministic() throws {
        let stress = try Stress.site()
        for root in [exampleSiteRoot, stress.root] {
            let a = renderSite(root), b = renderSite(root)
            let feedPaths = a.files.map(\.path).filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") || $0 == "robots.txt" }
            #expect(feedPaths.count > 3)
            for path in feedPaths { #expect(a.text(path) == b.text(path), "\(path)") }
        }
    }

    @Test("publish's validator accepts what blogbuild writes and names the feed it rejects")
    func validator() throws {
        let good = FeedRenderer(site: resolvedSite(exampleSiteRoot)).render(sitemap: [])
        #expect(good.count > 10)
        #expect(FeedValidator.validate(good) == [])

        let broken: [FeedFile] = [
            FeedFile(path: "feed.xml", kind: .rss, bytes: Array("<rss version=\"2.0\"><channel><title>t</title>".utf8)),
            FeedFile(path: "tags/x/atom.xml", kind: .atom, bytes: Array("""
                <?xml version="1.0"?>
                <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><updated>2021-01-05</updated>
                <entry><title>e</title><updated>2021-01-05T00:00:00Z</updated></entry></feed>
                """.utf8)),
            FeedFile(path: "feed.json", kind: .jsonFeed, bytes: Array(#"{"version": "1", "items": [{"url": "/x/"}]}"#.utf8)),
            FeedFile(path: "sitemap.xml", kind: .sitemap, bytes: Array("<urlset/>".utf8)),
        ]
        let problems = FeedValidator.validate(broken).map(\.description)
        #expect(problems.contains {
            $0.hasPrefix("/feed.xml:1:") && $0.hasSuffix(": feed: not well-formed XML: the document ends before every element is closed")
        }, "\(problems)")
        let truncated = FeedFile(path: "atom.xml", kind: .atom, bytes: Array("<feed xmlns=\"\(AtomFeed.namespace)\"><title>t</title>".utf8))
        #expect(FeedValidator.validate([truncated]).count == 1)
        let control = FeedFile(path: "atom.xml", kind: .atom, bytes: Array("<feed>\u{1}</feed>".utf8))
        #expect(FeedValidator.validate([control]).map(\.message) == ["feed: not well-formed XML: a character XML 1.0 does not allow"])
        #expect(problems.contains("/tags/x/atom.xml:2: feed: Atom <feed> has no <id>"), "\(problems)")
        #expect(problems.contains("/tags/x/atom.xml:2: feed: Atom <updated> '2021-01-05' is not an RFC 3339 date"), "\(problems)")
        #expect(problems.contains("/tags/x/atom.xml:3: feed: Atom <entry> has no <id>"), "\(problems)")
        #expect(problems.contains { $0.hasPrefix("/tags/x/atom.xml") && $0.contains("no <link rel=\"alternate\">") })
        #expect(problems.contains("/feed.json: feed: JSON Feed 'version' is not https://jsonfeed.org/version/1.1"))
        #expect(problems.contains("/feed.json: feed: JSON Feed item 1 has no 'id'"))
        #expect(problems.contains("/feed.json: feed: JSON Feed item 1 'url' is not an absolute URL"))
        #expect(problems.contains { $0.hasPrefix("/sitemap.xml:1: feed: sitemap root element") })
        #expect(FeedValidator.validate(broken).allSatisfy { $0.severity == .error })
    }

    @Test("a post over 10 MB makes valid feeds; a problem inside an entry names its post")
    func hugePostsAndEntryProblems() throws {
        let paragraph = String(repeating: "A sentence of a very long post. ", count: 40) + "\n\n"
        let body = String(repeating: paragraph, count: 12 * 1024 * 1024 / paragraph.utf8.count + 1)
        let folder = try TestSiteFolder(files: ["content/posts/2021-01-05-huge.md": "---\ntitle: Huge\n---\n" + body])
        let built = renderTestSite(folder, mode: .publish)
        #expect(built.problems == [], "\(built.problems.prefix(3))")
        #expect((built["feed.xml"]?.utf8.count ?? 0) > 12 * 1024 * 1024)

        let atom = FeedFile(path: "atom.xml", kind: .atom, bytes: Array("""
            <?xml version="1.0"?>
            <feed xmlns="\(AtomFeed.namespace)"><title>t</title><id>https://e.org/</id><updated>2021-01-05T00:00:00Z</updated>
            <entry><title>a</title></entry>
            <entry><title>b</title>
            <bad></entry>
            </feed>
            """.utf8), entrySources: ["content/posts/a.md", "content/posts/b.md"])
        let problems = FeedValidator.validate([atom]).map(\.description)
        #expect(problems.count == 1 && problems[0].hasPrefix("/atom.xml:5:") && problems[0].hasSuffix("(the entry of content/posts/b.md)"), "\(problems)")
        let fine = FeedFile(path: "atom.xml", kind: .atom, bytes: Array("""
            <?xml version="1.0"?>
            <feed xmlns="\(AtomFeed.namespace)"><title>t</title><id>https://e.org/</id><updated>2021-01-05T00:00:00Z</updated>
            <entry><title>a</title><updated>2021-01-05T00:00:00Z</updated></entry>
            </feed>
            """.utf8), entrySources: ["content/posts/a.md"])
        #expect(FeedValidator.validate([fine]).map(\.description).contains {
            $0.hasPrefix("/atom.xml:3:") && $0.contains("<entry> has no <id>") && $0.hasSuffix("(the entry of content/posts/a.md)")
        })
    }

    @Test("a site without posts still has valid, empty feeds with a fixed date")
    func emptySite() throws {
        let site = try TestSiteFolder(config: nil, files: ["content/site.yml": "title: Empty\nbase_url: https://example.org/\n"])
        let r = renderSite(site.root)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")  // includes the validator's verdict
        let atom = try #require(r.text("atom.xml"))
        #expect(atom.contains("<updated>1970-01-01T00:00:00Z</updated>") && !atom.contains("<entry>"))
        #expect(try #require(r.text("feed.json")).contains("\"items\": []"))
        #expect(try #require(r.text("feed.xml")).contains("<description>Empty</description>"), "title stands in")
    }

    // MARK: The parts

    @Test("relative URLs in content become absolute against the post's permalink, in one pass")
    func absoluteURLs() {
        let urls = AbsoluteURLs(baseURL: "https://example.com/blog/")
        let page = "https://example.com/blog/2021/01/x/"
        func rw(_ html: String) -> String { urls.rewrite(html, page: page) }
        #expect(rw(##"<a href="#fn-1">1</a>"##) == ##"<a href="https://example.com/blog/2021/01/x/#fn-1">1</a>"##)
        #expect(rw(##"<img src="images/a.png" alt="">"##) == ##"<img src="https://example.com/blog/2021/01/x/images/a.png" alt="">"##)
        #expect(rw(##"<a href="../../02/y/?q=1&amp;r=2#h">"##) == ##"<a href="https://example.com/blog/2021/02/y/?q=1&amp;r=2#h">"##)
        #expect(rw(##"<a href="/about/">"##) == ##"<a href="https://example.com/blog/about/">"##)
        #expect(rw(##"<img src="//cdn.example.net/a.png">"##) == ##"<img src="https://cdn.example.net/a.png">"##)
        #expect(rw(##"<A HREF=images/b.png>"##) == ##"<A HREF="https://example.com/blog/2021/01/x/images/b.png">"##)
        #expect(rw(##"<a href='?page=2'>"##) == ##"<a href='https://example.com/blog/2021/01/x/?page=2'>"##)
        #expect(rw(##"<video poster="p.jpg" src="v.mp4"></video>"##)
            == ##"<video poster="https://example.com/blog/2021/01/x/p.jpg" src="https://example.com/blog/2021/01/x/v.mp4"></video>"##)
        #expect(rw(##"<source srcset="a.png 1x, /b.png 2x,c.png">"##)
            == ##"<source srcset="https://example.com/blog/2021/01/x/a.png 1x, https://example.com/blog/b.png 2x,https://example.com/blog/2021/01/x/c.png">"##)
        #expect(rw(##"<a href="../../../../../up/">"##) == ##"<a href="https://example.com/up/">"##, "never above the root")
        // Left as they are.
        let untouched = [
            ##"<a href="https://other.example/x">"##, ##"<a href="mailto:a@b.c">"##, ##"<img src="data:image/png;base64,AAA=">"##,
            ##"<p data-src="x.png" hrefx="y">text with href="z" in it</p>"##, "<!-- <img src=\"c.png\"> -->",
            "<script>var s = '<a href=\"x\">';</script>", "<pre><code>&lt;img src=\"x.png\"&gt;</code></pre>",
            "<a href=\"\">empty</a>", "no tags at all", "a < b and c > d",
        ]
        for html in untouched { #expect(rw(html) == html, "\(html)") }
        #expect(urls.absolute("/2021/01/x/") == "https://example.com/blog/2021/01/x/")
        #expect(urls.absolute("/café menu/") == "https://example.com/blog/caf%C3%A9%20menu/")
        #expect(urls.host == "example.com")
        #expect(AbsoluteURLs(baseURL: "https://user@Example.COM:8443/").host == "example.com")
    }

    @Test("XML text escapes & < > \" ' and removes every character XML 1.0 forbids")
    func xmlText() {
        #expect(XMLText.escape(#"a & b < c > d " e ' f ]]> g"#) == "a &amp; b &lt; c &gt; d &quot; e &#39; f ]]&gt; g")
        #expect(XMLText.escape("plain 🎉 text") == "plain 🎉 text")
        var forbidden = ""
        for v in [0x0, 0x1, 0x8, 0xB, 0xC, 0xE, 0x1F, 0xFFFE, 0xFFFF] {
            if let s = Unicode.Scalar(v) { forbidden.unicodeScalars.append(s) }
        }
        #expect(XMLText.escape("a\(forbidden)b\t\n\rc\u{FFFD}\u{85}") == "ab\t\n\rc\u{FFFD}\u{85}")
        #expect(XMLText.removingForbidden("x\u{1}y\u{FFFF}z&") == "xyz&")
        #expect(JSONText.quoted("a\"b\\c\nd\u{1}e\u{2028}</script>🎉") == #""a\"b\\c\nde\u2028</script>🎉""#)
    }

    @Test("RFC 822 and RFC 3339 dates keep the written wall clock and offset")
    func dates() {
        func d(_ text: String, _ zone: String = "UTC") -> PostDate? {
            guard let tz = TimeZone(identifier: zone) else { return nil }
            return try? DateParsing.parse(text, timeZone: tz).get()
        }
        let cases: [(String, String, String, String)] = [
            ("2021-01-05 09:30", "UTC", "Tue, 05 Jan 2021 09:30:00 +0000", "2021-01-05T09:30:00+00:00"),
            ("2021-01-05 09:30", "Europe/London", "Tue, 05 Jan 2021 09:30:00 +0000", "2021-01-05T09:30:00+00:00"),
            ("2021-07-05", "Europe/London", "Mon, 05 Jul 2021 00:00:00 +0100", "2021-07-05T00:00:00+01:00"),
            ("2024-02-29 12:00", "Asia/Kolkata", "Thu, 29 Feb 2024 12:00:00 +0530", "2024-02-29T12:00:00+05:30"),
            ("2021-03-01 08:00 -03:30", "UTC", "Mon, 01 Mar 2021 08:00:00 -0330", "2021-03-01T08:00:00-03:30"),
            ("2000-01-01", "Pacific/Kiritimati", "Sat, 01 Jan 2000 00:00:00 +1400", "2000-01-01T00:00:00+14:00"),
        ]
        for (text, zone, rfc822, rfc3339) in cases {
            guard let date = d(text, zone) else {
                Issue.record("\(text) in \(zone) did not parse")
                continue
            }
            #expect(FeedDates.rfc822(date) == rfc822)
            #expect(FeedDates.rfc3339(date) == rfc3339)
            #expect(FeedDates.isRFC822(rfc822) && FeedDates.isRFC3339(rfc3339))
        }
        // An offset that is not whole minutes (local mean time) is written in UTC, same instant.
        let lmt = PostDate(instant: Date(timeIntervalSince1970: -2_524_521_600 + 75), year: 1890, month: 1, day: 1,
                           utcOffsetSeconds: -75)
        #expect(FeedDates.rfc3339(lmt) == "1890-01-01T00:01:15+00:00")
        #expect(!FeedDates.isRFC3339("2021-01-05") && !FeedDates.isRFC822("2021-01-05T00:00:00Z"))
    }

    /// Past the sitemaps.org limit of URLs per file, `/sitemap.xml` becomes an index
    /// of numbered sitemaps (the limit is lowered here to keep the test small).
    @Test func bigSitesGetASitemapIndex() throws {
        let urls = AbsoluteURLs(baseURL: "https://example.com/")
        func day(_ d: Int) -> PostDate {
            PostDate(instant: Date(timeIntervalSince1970: Double(d) * 86_400), year: 1970, month: 1, day: d + 1, utcOffsetSeconds: 0)
        }
        let pages = (0..<7).map { Sitemap.Page(path: "/p\($0)/", lastModified: $0 == 6 ? nil : day($0)) }
        let small = Sitemap.files(pages, urls: urls, limit: 7)
        #expect(small.map(\.path) == ["/sitemap.xml"])
        #expect(small.first?.kind == .sitemap)

        let files = Sitemap.files(pages, urls: urls, limit: 3)
        #expect(files.map(\.path) == ["/sitemap.xml", "/sitemap-1.xml", "/sitemap-2.xml", "/sitemap-3.xml"])
        let index = String(decoding: files[0].bytes, as: UTF8.self)
        #expect(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"))
        #expect(index.contains("<sitemap><loc>https://example.com/sitemap-2.xml</loc><lastmod>1970-01-06T00:00:00+00:00</lastmod></sitemap>"),
                "\(index)")
        #expect(index.contains("<sitemap><loc>https://example.com/sitemap-3.xml</loc></sitemap>"), "no lastmod: \(index)")
        let counts = files.dropFirst().map { String(decoding: $0.bytes, as: UTF8.self).occurrences(of: "<url>") }
        #expect(counts == [3, 3, 1])
        let feedFiles = files.map { FeedFile(path: String($0.path.dropFirst()), kind: $0.kind, bytes: $0.bytes) }
        #expect(FeedValidator.validate(feedFiles).isEmpty)
        // The validator does look at an index.
        let broken = FeedFile(path: "sitemap.xml", kind: .sitemapIndex,
                              bytes: Array("<sitemapindex xmlns=\"\(Sitemap.namespace)\"><sitemap><loc>/x.xml</loc></sitemap></sitemapindex>".utf8))
        #expect(FeedValidator.validate([broken]).map(\.message) == ["feed: sitemap index <sitemap> has no absolute <loc>"])
    }
}
