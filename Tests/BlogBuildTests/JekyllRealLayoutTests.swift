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

/// Jekyll sites as real ones are written (issue 26), each construct in a small site of our own.
/// Old URLs were checked against Debian's jekyll 4.3.1 building the same files.
@Suite struct JekyllRealLayoutTests {
    static func imported(_ files: [String: String]) throws -> (folder: TestSiteFolder, outcome: ProcessOutcome) {
        try HugoRealLayoutTests.imported(files, kind: "jekyll")
    }

    static let png = HugoRealLayoutTests.png

    @Test func defaultsGiveEveryPostItsPermalinkAndFrontMatter() throws {
        let (folder, outcome) = try Self.imported([
            "_config.yml": """
            url: https://example.org
            defaults:
              - scope: { type: posts }
                values: { permalink: /blog/:title/, layout: post, author: Team }
              - scope: { path: _posts/guests, type: posts }
                values: { author: Guest }
              - scope: { path: "" }
                values: { author: Nobody, layout: page }
            """,
            "_posts/2020-01-02-Swift-5.2-Released.md": "---\ntitle: Five two\n---\nHi.\n",
            "_posts/guests/2020-02-03-visit.md": "---\ntitle: Visit\n---\nHi.\n",
            "_posts/2020-03-04-own.md": "---\ntitle: Own\npermalink: /own-place/\nauthor: Me\n---\nHi.\n",
            "about.md": "---\ntitle: About\n---\nMe.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.errors == [])
        // Jekyll's :title keeps the file name's case and dots.
        // A page keeps the site's own style (`/about.html`), which the posts' default does not change.
        for path in ["blog/Swift-5.2-Released/index.html", "blog/visit/index.html", "own-place/index.html", "about.html"] {
            #expect(built.paths.contains(path), "\(path): \(built.paths.sorted())")
        }
        #expect(folder.read("content/site.yml")?.contains("post: /blog/:slug/") == true, "the defaults' pattern is the site's")
        #expect(folder.read("content/posts/2020-02-03-visit.md")?.contains("author: Guest") == true, "the deeper path wins")
        #expect(folder.read("content/posts/2020-01-02-Swift-5.2-Released.md")?.contains("author: Team") == true, "a type beats no type")
        #expect(folder.read("content/posts/2020-03-04-own.md")?.contains("author: Me") == true, "front matter beats defaults")
    }

    @Test func seoTagImageIsTheSocialImage() throws {
        let (folder, outcome) = try Self.imported([
            "_config.yml": "url: https://example.org\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\nimage:\n  file: /assets/a.png\n  alt: An A\n  caption: Seen\n---\nHi.\n",
            "_posts/2020-01-02-b.md": "---\ntitle: B\nimage:\n  path: assets/a.png\n---\nHi.\n",
            "_posts/2020-01-03-c.md": "---\ntitle: C\nimage: /assets/a.png\nfeature:\n  image: /assets/a.png\n  alt: The hero\n---\nHi.\n",
            "assets/a.png": Self.png,
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(renderTestSite(folder, mode: .check, now: Date()).errors == [])
        for name in ["2020-01-01-a", "2020-01-02-b", "2020-01-03-c"] {
            #expect(folder.read("content/posts/\(name).md")?.contains("social_image: /assets/a.png") == true, "\(name)")
        }
        #expect(folder.read("content/posts/2020-01-01-a.md")?.contains("image:\n") == false, "a social card is no hero image")
        #expect(folder.read("content/posts/2020-01-03-c.md")?.contains("alt: The hero") == true, "a theme's feature image stays the hero")
    }

    @Test func linksGoToTheTargetsOwnPermalink() throws {
        let (folder, outcome) = try Self.imported([
            "_config.yml": "url: https://example.org\npermalink: /:year/:title/\n",
            "recently-updated.md": "---\ntitle: Recent\npermalink: /recent/\n---\nList.\n",
            "_posts/2020-01-01-first.md": "---\ntitle: First\n---\n[r]({% link recently-updated.md %}) [s]({% post_url 2020-01-02-second %})\n",
            "_posts/2020-01-02-second.md": "---\ntitle: Second\n---\nHi.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let post = try #require(folder.read("content/posts/2020-01-01-first.md"))
        #expect(post.contains("[r](/recent/) [s](/2020/second/)"), "\(post)")
        #expect(renderTestSite(folder, mode: .check, now: Date()).problems == [])
    }

    @Test func jekyllAssetsBecomeFilesAtTheirOldURLs() throws {
        let (folder, outcome) = try Self.imported([
            "_config.yml": "url: https://example.org\n",
            "_assets/images/a.png": Self.png,
            "assets/images/b.png": Self.png,
            "_posts/2020-01-01-x.md": """
            ---
            title: X
            ---
            ![Ay]({% asset a.png @path %})

            {% asset b alt="Bee" %}

            Inline {% asset b.png width=32 %} here.

            <img src="/assets/images/two words.png" alt="Two">
            """,
            "assets/images/two words.png": Self.png,
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let post = try #require(folder.read("content/posts/2020-01-01-x.md"))
        #expect(post.contains("![Ay](/assets/a.png)"))
        #expect(post.contains("![Bee](/assets/b.png)"), "an asset without its extension is found as jekyll-assets finds it")
        #expect(post.contains("Inline <img src=\"/assets/b.png\" alt=\"\" width=\"32\"> here."))
        #expect(post.contains("<img src=\"/assets/images/two%20words.png\" alt=\"Two\">"), "a blank in a src is escaped")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.errors == [])
        #expect(built.paths.isSuperset(of: ["assets/a.png", "assets/b.png", "assets/images/b.png"]))
        #expect(!built.problems.contains { $0.contains("broken") }, "\(built.problems)")
    }

    @Test func anIncludeThatOnlyShowsAnImageBecomesOne() throws {
        let (folder, outcome) = try Self.imported([
            "_config.yml": "url: https://example.org\n",
            "_includes/image.html": """
            <figure class="img">
              <img src="{{ site.baseurl }}/assets/{{ include.src }}" alt="{{ include.alt }}">
              {% if include.caption %}<figcaption>{{ include.caption }}</figcaption>{% endif %}
            </figure>
            """,
            "_includes/toc.html": "<ul>{% for p in site.posts %}<li>{{ p.title }}</li>{% endfor %}</ul>\n",
            "assets/a.png": Self.png,
            "_posts/2020-01-01-x.md": """
            ---
            title: X
            ---
            {% include image.html src="a.png" alt="An A" %}

            {% include image.html src="a.png" alt="An A" caption="Seen here" %}

            {% include toc.html %}
            """,
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let post = try #require(folder.read("content/posts/2020-01-01-x.md"))
        #expect(post.contains("![An A](/assets/a.png)"))
        #expect(post.contains("<figure><img src=\"/assets/a.png\" alt=\"An A\"><figcaption>Seen here</figcaption></figure>"))
        #expect(post.contains("{% include toc.html %}"), "an include that is theme code stays")
        #expect(folder.read("IMPORT.md")?.contains("`_posts/2020-01-01-x.md:8`") == true, "and is listed at its line")
    }

    /// (libyaml, which Yams wraps, reads a tab after a colon as Ruby does: this guards that it stays so.)
    @Test func aTabAfterAColonAndTheSiteTimeZone() throws {
        let (folder, outcome) = try Self.imported([
            "_config.yml": "url:\thttps://example.org\ntimezone:\tAmerica/Los_Angeles\npermalink: /:year/:month/:day/:title/\n",
            "_posts/2020-01-03-late.md": "---\ntitle:\tTabbed\ndate: 2020-01-03 02:30:00\n---\nHi.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(folder.read("content/posts/2020-01-03-late.md")?.contains("title: Tabbed") == true)
        #expect(folder.read("content/site.yml")?.contains("timezone: America/Los_Angeles") == true)
        // Jekyll reads a zone-less date in the site's zone: the post is at its own day.
        #expect(renderTestSite(folder, mode: .check, now: Date()).paths.contains("2020/01/03/late/index.html"))
    }

    @Test func aCollectionOfDatedPostsKeepsItsURLs() throws {
        let (folder, outcome) = try Self.imported([
            "_config.yml": "url: https://example.org\ncollections:\n  notes:\n    output: true\n    permalink: /notes/:year/:title/\n  hidden:\n    output: false\n",
            "_notes/2021-02-03-first.md": "---\ntitle: First note\n---\nHi.\n",
            "_notes/about-notes.md": "---\ntitle: About notes\n---\nWhat they are.\n",
            "_hidden/2021-01-01-secret.md": "---\ntitle: Secret\n---\nNo.\n",
            "_posts/2021-01-01-post.md": "---\ntitle: Post\n---\nHi.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.errors == [])
        #expect(built.paths.contains("notes/2021/first/index.html"), "\(built.paths.sorted())")
        // Jekyll dates an undated document by the build's time (/notes/2026/about-notes/ today): IMPORT.md says its URL moved.
        #expect(folder.read("IMPORT.md")?.contains("`_notes/about-notes.md`") == true)
        #expect(!built.paths.contains { $0.contains("secret") }, "a collection Jekyll does not write stays out")
    }

    @Test func namesThatNeedEscapingGetCleanURLs() throws {
        let (folder, outcome) = try Self.imported([
            "_config.yml": "url: https://example.org\npermalink: /:title/\n",
            "_posts/2020-01-01-what-is-a-rent-strike?.md": "---\ntitle: Rent\n---\nHi.\n",
            "_posts/2020-01-02-a b#c.md": "---\ntitle: Odd\n---\nHi.\n",
            "what?.md": "---\ntitle: What\n---\nHi.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let written = try FileManager.default.subpathsOfDirectory(atPath: folder.url("content").path)
        #expect(!written.contains { $0.contains("?") || $0.contains("#") || $0.contains(" ") }, "\(written)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.errors == [])
        // Debian's jekyll writes /what-is-a-rent-strike/, /a-b-c/ and the page at /what%3F/ (the file what?/index.html).
        #expect(built.paths.isSuperset(of: ["what-is-a-rent-strike/index.html", "a-b-c/index.html", "what/index.html"]), "\(built.paths.sorted())")
        let redirect = try #require(built["what?/index.html"], "the old escaped URL has a redirect page where a server looks for it")
        #expect(redirect.contains("/what/"))
        for file in built.site.files where file.path.hasSuffix(".html") {
            let html = built[file.path] ?? ""
            #expect(!html.contains("href=\"/what?") && !html.contains("what-is-a-rent-strike?"), "\(file.path)")
        }
    }

    /// What Ruby reads and libyaml refuses or blogbuild reads otherwise: a key written twice
    /// (Swift.org, NSHipster), an unpadded date, the singular `tag:`; and a Liquid comment.
    @Test func frontMatterAsJekyllReadsIt() throws {
        let (folder, outcome) = try Self.imported([
            "_config.yml": "url: https://example.org\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\npublished: true\ndate: 2020-1-1 8:00:00\npublished: true\ntag: swift\n---\nHi {% comment %}secret{% endcomment %}there.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let post = try #require(folder.read("content/posts/2020-01-01-a.md"), "a post with a key written twice is imported")
        #expect(post.contains("date: 2020-01-01 08:00:00"))
        #expect(post.contains("tags: [swift]"), "\(post)")
        #expect(post.contains("Hi there.") && !post.contains("secret"))
        #expect(folder.read("IMPORT.md")?.contains("written twice: published") == true)
    }

    /// The old URLs of `what?.md` in Chromium, served as a static host serves them: the escaped one
    /// (`/what%3F/`, a redirect page at `what?/`) and the one typed as it was (`/what?/`, which a
    /// browser sends as `/what` with a query, the page's own folder) both end at `/what/`, no loop.
    @Test(.enabled(if: BrowserTools.availableOrCI, "\(BrowserTools.missing ?? "")"))
    func oldURLsThatNeedEscapingRedirectWithoutALoopInChromium() throws {
        let (folder, outcome) = try Self.imported([
            "_config.yml": "url: https://example.org\npermalink: /:title/\n",
            "_posts/2020-01-01-what-is-a-rent-strike?.md": "---\ntitle: Rent\n---\nHi.\n",
            "what?.md": "---\ntitle: What\n---\nHi.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let output = folder.outside("out")
        let built = try BlogBuildCLI.run(["build", "--site", folder.root.path, "--output", output.path])
        #expect(built.status == 0, "\(built)")
        let python = try #require(ProcessRunner.findOnPath("python3"))
        let script = RepoPaths.root.appendingPathComponent("Tests/browser/follow_redirects.py")
        let run = try ProcessRunner.run(python, [script.path, "--site", output.path, "/what%3F/", "/what?/", "/what-is-a-rent-strike?/"], timeout: 90)
        #expect(run.status == 0, "\(run)")
        let json = try JSONSerialization.jsonObject(with: Data((run.stdoutLines.last ?? "").utf8)) as? [String: [String: Any]] ?? [:]
        #expect(json["/what%3F/"]?["path"] as? String == "/what/", "\(json)")
        #expect(json["/what?/"]?["path"] as? String == "/what/", "\(json)")
        #expect(json["/what-is-a-rent-strike?/"]?["path"] as? String == "/what-is-a-rent-strike/", "\(json)")
    }
}
