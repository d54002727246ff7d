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

/// Whole sites rendered in memory (`SiteBuilder.render`): every page type at its
/// path, every front-matter key visible in the output, the relations between
/// posts, series, apps and tags, pagination, drafts, time zones, determinism and
/// publish-mode URLs. Each site is small and written by the test itself.
@Suite("Site (in memory)")
struct SiteTests {
    // MARK: - A site with one of everything

    /// Three posts in a series (the middle one uses every front-matter key), a
    /// retired app, an about page, a 404 page, static files and a relative image.
    static func featureSite(with404: Bool = true) throws -> TestSiteFolder {
        let site = try TestSiteFolder()
        try site.write("content/posts/2021-01-05-stout.md", """
            ---
            title: "Side Project: Stoutness & <Friends>"
            date: 2021-01-05 09:30
            updated: 2021-02-01
            summary: A morning briefing on tvOS
            tags: [tvOS, App Store]
            series: side
            app: stout
            image: { src: /images/hero.png, alt: "Pooh doing his stoutness exercise" }
            slug: stoutness
            aliases: [/weblog/2021/01/05/stoutness/]
            ---
            The first paragraph of the body, which is not the summary.

            ![A diagram](images/a.png)

            """)
        try site.write("content/posts/2021-01-01-one.md", """
            ---
            title: Part One
            series: side
            tags: [Café]
            ---
            The first part.

            """)
        try site.write("content/posts/2021-01-09-three.md", """
            ---
            title: Part Three
            series: side
            app: stout
            ---
            The third part.

            """)
        try site.write("content/series/side.md", """
            ---
            title: Side Projects
            description: Things made on the side
            ---
            The intro of the series.

            """)
        try site.write("content/apps/stout.md", """
            ---
            title: Stoutness
            tagline: Morning briefings
            status: retired
            ---
            The description of the app.

            """)
        try site.write("content/pages/about.md", """
            ---
            title: About Me
            ---
            Text of the about page.

            """)
        if with404 {
            try site.write("content/pages/404.md", """
                ---
                title: Lost at sea
                ---
                A custom not-found text.

                """)
        }
        try site.write("content/posts/images/a.png", "PNG-A")
        try site.write("content/images/hero.png", "PNG-HERO")
        try site.write("content/files/doc.txt", "a static text file")
        return site
    }

    @Test func everyPageTypeIsProducedAtItsPath() throws {
        let folder = try Self.featureSite()
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])

        pages.expectPaths([
            "2021/01/stoutness/index.html", "2021/01/one/index.html", "2021/01/three/index.html",
            "index.html", "page/2/index.html",
            "series/index.html", "series/side/index.html",
            "apps/index.html", "apps/stout/index.html",
            "tags/index.html", "tags/tvos/index.html", "tags/app-store/index.html", "tags/cafe/index.html",
            "archive/index.html", "about/index.html", "404.html",
            "weblog/2021/01/05/stoutness/index.html",
            "assets/style.css", "assets/logo.svg",
            "files/doc.txt", "images/hero.png", "posts/images/a.png",
            "2021/01/stoutness/images/a.png",
        ], absent: ["page/3/index.html", "2021/01/stout/index.html", "page/1/index.html"])

        pages.expect("index.html", contains: ["href=\"/2021/01/three/\"", "href=\"/2021/01/stoutness/\"", "class=\"post-summary\""],
                     lacks: ["href=\"/2021/01/one/\">Part One"])
        pages.expect("page/2/index.html", contains: ["<a href=\"/2021/01/one/\">Part One</a>", "Page 2 of 2"])
        pages.expect("series/index.html", contains: ["<a href=\"/series/side/\">Side Projects</a>", "(3 parts)", "Things made on the side"])
        pages.expect("series/side/index.html", contains: ["<h1>Side Projects</h1>", "The intro of the series.", "href=\"/2021/01/one/\""])
        pages.expect("apps/index.html", contains: ["<a href=\"/apps/stout/\">Stoutness</a>", "Morning briefings"])
        pages.expect("apps/stout/index.html", contains: ["<h1>Stoutness", "The description of the app.", "Posts about Stoutness"])
        pages.expect("tags/index.html", contains: ["href=\"/tags/tvos/\"", "href=\"/tags/cafe/\"", "href=\"/tags/app-store/\""])
        pages.expect("tags/tvos/index.html", contains: ["tvOS", "href=\"/2021/01/stoutness/\""], lacks: ["href=\"/2021/01/one/\""])
        pages.expect("archive/index.html", contains: ["<h2>2021</h2>", "href=\"/2021/01/one/\"", "href=\"/2021/01/three/\"",
                                                      "href=\"/2021/01/stoutness/\""])
        pages.expect("about/index.html", contains: ["<h1>About Me</h1>", "Text of the about page."])
        pages.expect("404.html", contains: ["<h1>Lost at sea</h1>", "A custom not-found text."], lacks: ["There is nothing at this address"])

        // The alias: a redirect page pointing at the post, with a canonical link.
        pages.expect("weblog/2021/01/05/stoutness/index.html", contains: [
            "<meta http-equiv=\"refresh\" content=\"0; url=/2021/01/stoutness/\">",
            "<link rel=\"canonical\" href=\"https://example.org/2021/01/stoutness/\">",
        ])

        // Theme assets, static files, and the relative image copied beside the post.
        #expect(pages["assets/style.css"]?.contains("prefers-color-scheme:dark") == true)
        #expect(pages["assets/logo.svg"]?.contains("<svg") == true)
        #expect(pages["files/doc.txt"] == "a static text file")
        #expect(pages.copySource("files/doc.txt")?.hasSuffix("/content/files/doc.txt") == true)
        #expect(pages["images/hero.png"] == "PNG-HERO")
        #expect(pages["posts/images/a.png"] == "PNG-A")
        #expect(pages["2021/01/stoutness/images/a.png"] == "PNG-A")
        #expect(pages.copySource("2021/01/stoutness/images/a.png")?.hasSuffix("/content/posts/images/a.png") == true)
        pages.expect("2021/01/stoutness/index.html", contains: ["src=\"images/a.png\""])
        // Every link and image in every page leads somewhere, as a reader follows it.
        #expect(pages.brokenInternalLinks() == [])
        #expect(renderTestSite(folder, mode: .publish).brokenInternalLinks() == [])
    }

    @Test func defaultNotFoundPageWithoutPages404() throws {
        let folder = try Self.featureSite(with404: false)
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expect("404.html", contains: ["<h1>Page not found</h1>", "There is nothing at this address",
                                            "<html lang=\"en\">"])
    }

    // MARK: - Front matter in the output

    @Test func everyPostKeyIsVisible() throws {
        let folder = try Self.featureSite()
        let pages = renderTestSite(folder)
        let post = "2021/01/stoutness/index.html"
        pages.expect(post, contains: [
            // title, escaped
            "<h1>Side Project: Stoutness &amp; &lt;Friends&gt;</h1>",
            "<title>Side Project: Stoutness &amp; &lt;Friends&gt; – Test Site</title>",
            // date and updated
            "<time datetime=\"2021-01-05T09:30:00+00:00\">5 January 2021</time>",
            "updated <time datetime=\"2021-02-01T00:00:00+00:00\">1 February 2021</time>",
            // summary as the description
            "<meta name=\"description\" content=\"A morning briefing on tvOS\">",
            // tags, in the order written
            "<a href=\"/tags/tvos/\">tvOS</a> <a href=\"/tags/app-store/\">App Store</a>",
            // series box
            "Part 2 of 3 in <a href=\"/series/side/\">Side Projects</a>",
            "<li><a href=\"/2021/01/one/\">Part One</a></li>",
            "<strong aria-current=\"page\">Side Project: Stoutness &amp; &lt;Friends&gt;</strong>",
            "<li><a href=\"/2021/01/three/\">Part Three</a></li>",
            "<a rel=\"prev\" href=\"/2021/01/one/\">← Previous: Part One</a>",
            "<a rel=\"next\" href=\"/2021/01/three/\">Next: Part Three →</a>",
            // app card
            "<a href=\"/apps/stout/\">Stoutness</a>",
            // hero image with alt
            "<img class=\"hero\" src=\"/images/hero.png\" alt=\"Pooh doing his stoutness exercise\">",
            // reading time
            "1 min read",
        ])
        // The summary is shown on list pages (not the body's first paragraph).
        pages.expect("index.html", contains: ["<p>A morning briefing on tvOS</p>", "Part 2 of 3"],
                     lacks: ["The first paragraph of the body"])
        // Without a summary, list pages show the first paragraph.
        pages.expect("index.html", contains: ["<p>The third part.</p>"])
        // `updated` is only shown when given.
        pages.expect("2021/01/three/index.html", lacks: ["updated <time"])
        // The slug overrides the file name; the alias redirects to the slug's URL.
        pages.expectPaths(["2021/01/stoutness/index.html", "weblog/2021/01/05/stoutness/index.html"],
                          absent: ["2021/01/stout/index.html"])
    }

    @Test func readingTimeCountsWords() throws {
        let words = (1...700).map { "word\($0)" }.joined(separator: " ")
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-long.md": "---\ntitle: Long\n---\n\(words)\n",
            "content/posts/2021-01-06-short.md": "---\ntitle: Short\n---\nJust a few words.\n",
        ])
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expect("2021/01/long/index.html", contains: ["<span class=\"reading-time\">3 min read</span>"])
        pages.expect("2021/01/short/index.html", contains: ["<span class=\"reading-time\">1 min read</span>"])
        pages.expect("index.html", contains: ["3 min read", "1 min read"])
    }

    @Test func unknownKeysReachTemplatesAsParamsAndTemplatesOverrideFileByFile() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "params:\n  mastodon: https://social.example/@me\n")
        try folder.write("content/posts/2021-01-05-x.md", """
            ---
            title: Moody
            mood: cheerful
            weather: { sky: blue }
            ---
            Body.

            """)
        // Only post.mustache is overridden; base and the partials stay built in.
        try folder.write("templates/post.mustache", """
            {{<base}}
            {{$content}}
            <p class="mood">MOOD={{page.params.mood}} SKY={{page.params.weather.sky}} POSTMOOD={{post.params.mood}}</p>
            <p class="social">{{site.params.mastodon}}</p>
            {{/content}}
            {{/base}}

            """)
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expect("2021/01/x/index.html", contains: [
            "MOOD=cheerful SKY=blue POSTMOOD=cheerful",
            "<p class=\"social\">https://social.example/@me</p>",
            // the built-in base layout still wraps it
            "<link rel=\"stylesheet\" href=\"/assets/style.css\">",
            "<footer class=\"site-footer\">",
        ], lacks: ["<article class=\"post\">"])
        // Other page types keep the built-in templates.
        pages.expect("index.html", contains: ["<article class=\"post-summary\">"], lacks: ["MOOD="])
    }

    // MARK: - Drafts and future posts

    static func draftSite() throws -> TestSiteFolder {
        try TestSiteFolder(files: [
            "content/posts/2021-01-05-live.md": "---\ntitle: Live Post\ntags: [Public]\n---\nLive.\n",
            "content/posts/2021-02-01-secret.md": "---\ntitle: Secret Draft\ndraft: true\ntags: [Secret]\n---\nDraft.\n",
            "content/posts/2030-01-01-later.md": "---\ntitle: Later Post\ntags: [Later]\n---\nFuture.\n",
        ])
    }

    @Test func draftsAndFuturePostsAreLeftOutAndNamed() throws {
        let folder = try Self.draftSite()
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        #expect(pages.site.report.skippedDrafts == ["content/posts/2021-02-01-secret.md"])
        #expect(pages.site.report.skippedFuture == ["content/posts/2030-01-01-later.md"])
        #expect(pages.site.report.posts == 1)
        pages.expectPaths(["2021/01/live/index.html", "tags/public/index.html"],
                          absent: ["2021/02/secret-draft/index.html", "2021/02/secret/index.html", "2030/01/later/index.html",
                                   "tags/secret/index.html", "tags/later/index.html"])
        pages.expect("index.html", lacks: ["Secret Draft", "Later Post"])
        pages.expect("archive/index.html", lacks: ["Secret Draft", "Later Post"])
        pages.expect("tags/index.html", contains: ["Public"], lacks: ["Secret", "Later"])

        // publish leaves them out too.
        let published = renderTestSite(folder, mode: .publish)
        published.expectPaths(["2021/01/live/index.html"], absent: ["2021/02/secret/index.html", "2030/01/later/index.html"])
        #expect(published.site.report.skippedDrafts == ["content/posts/2021-02-01-secret.md"])
        #expect(published.site.report.skippedFuture == ["content/posts/2030-01-01-later.md"])
    }

    @Test func draftsAndFuturePostsAreShownWithIncludeDrafts() throws {
        let folder = try Self.draftSite()
        let pages = renderTestSite(folder, mode: .build(includeDrafts: true))
        #expect(pages.problems == [])
        #expect(pages.site.report.skippedDrafts == [])
        #expect(pages.site.report.skippedFuture == [])
        #expect(pages.site.report.posts == 3)
        pages.expectPaths(["2021/01/live/index.html", "2021/02/secret/index.html", "2030/01/later/index.html",
                           "tags/secret/index.html", "tags/later/index.html"])
        pages.expect("2021/02/secret/index.html", contains: ["<h1>Secret Draft</h1>", "<span class=\"badge\">Draft</span>"])
        pages.expect("2030/01/later/index.html", contains: ["<h1>Later Post</h1>", "<span class=\"badge\">Scheduled</span>"])
        pages.expect("2021/01/live/index.html", lacks: ["<span class=\"badge\">"])
        pages.expect("index.html", contains: ["Secret Draft", "Later Post"])
    }

    // MARK: - Relations

    @Test func seriesOrderByDateAndByManualOrder() throws {
        let folder = try TestSiteFolder(files: [
            "content/series/by-date.md": "---\ntitle: By Date\norder: date\n---\nIntro.\n",
            "content/series/by-hand.md": "---\ntitle: By Hand\norder: manual\n---\nIntro.\n",
            // by date: b (Jan), c (Feb), a (Mar)
            "content/posts/2021-03-01-a.md": "---\ntitle: Date A\nseries: by-date\nseries_order: 1\n---\nA.\n",
            "content/posts/2021-01-01-b.md": "---\ntitle: Date B\nseries: by-date\nseries_order: 3\n---\nB.\n",
            "content/posts/2021-02-01-c.md": "---\ntitle: Date C\nseries: by-date\n---\nC.\n",
            // by hand: y (1), z (2), x (3), whatever the dates
            "content/posts/2021-01-10-x.md": "---\ntitle: Hand X\nseries: by-hand\nseries_order: 3\n---\nX.\n",
            "content/posts/2021-02-10-y.md": "---\ntitle: Hand Y\nseries: by-hand\nseries_order: 1\n---\nY.\n",
            "content/posts/2021-03-10-z.md": "---\ntitle: Hand Z\nseries: by-hand\nseries_order: 2\n---\nZ.\n",
        ])
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])

        func expectOrder(_ path: String, _ urls: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            guard let text = pages[path] else {
                Issue.record("no \(path)", sourceLocation: sourceLocation)
                return
            }
            for (a, b) in zip(urls, urls.dropFirst()) {
                #expect(text.has("href=\"\(a)\"", before: "href=\"\(b)\""), "\(path): \(a) should come before \(b)\n\(text)",
                        sourceLocation: sourceLocation)
            }
        }
        expectOrder("series/by-date/index.html", ["/2021/01/b/", "/2021/02/c/", "/2021/03/a/"])
        expectOrder("series/by-hand/index.html", ["/2021/02/y/", "/2021/03/z/", "/2021/01/x/"])

        // Labels and previous/next follow the series order.
        pages.expect("2021/01/b/index.html", contains: ["Part 1 of 3 in <a href=\"/series/by-date/\">By Date</a>",
                                                        "<a rel=\"next\" href=\"/2021/02/c/\">Next: Date C →</a>"],
                     lacks: ["rel=\"prev\""])
        pages.expect("2021/02/c/index.html", contains: ["Part 2 of 3",
                                                        "<a rel=\"prev\" href=\"/2021/01/b/\">← Previous: Date B</a>",
                                                        "<a rel=\"next\" href=\"/2021/03/a/\">Next: Date A →</a>"])
        pages.expect("2021/03/a/index.html", contains: ["Part 3 of 3", "<a rel=\"prev\" href=\"/2021/02/c/\">← Previous: Date C</a>"],
                     lacks: ["rel=\"next\""])

        pages.expect("2021/02/y/index.html", contains: ["Part 1 of 3 in <a href=\"/series/by-hand/\">By Hand</a>",
                                                        "<a rel=\"next\" href=\"/2021/03/z/\">Next: Hand Z →</a>"],
                     lacks: ["rel=\"prev\""])
        pages.expect("2021/03/z/index.html", contains: ["Part 2 of 3", "← Previous: Hand Y", "Next: Hand X →"])
        pages.expect("2021/01/x/index.html", contains: ["Part 3 of 3", "<a rel=\"prev\" href=\"/2021/03/z/\">← Previous: Hand Z</a>"],
                     lacks: ["rel=\"next\""])
        // The parts list in the box is in series order too.
        if let x = pages["2021/01/x/index.html"] {
            #expect(x.has("Hand Y", before: "Hand Z"))
            #expect(x.has("Hand Z", before: "<strong aria-current=\"page\">Hand X</strong>"))
        }
    }

    @Test func appPagesListTheirPostsAndShowRetired() throws {
        let folder = try TestSiteFolder(files: [
            "content/apps/live.md": "---\ntitle: Live App\ntagline: Still selling\nstatus: available\n---\nAbout Live.\n",
            "content/apps/old.md": "---\ntitle: Old App\ntagline: Gone now\nstatus: retired\n---\nAbout Old.\n",
            "content/posts/2021-01-01-live-one.md": "---\ntitle: Live One\napp: live\n---\nx\n",
            "content/posts/2021-02-01-live-two.md": "---\ntitle: Live Two\napp: live\n---\nx\n",
            "content/posts/2021-03-01-old-one.md": "---\ntitle: Old One\napp: old\n---\nx\n",
            "content/posts/2021-04-01-none.md": "---\ntitle: No App\n---\nx\n",
        ])
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expect("apps/live/index.html",
                     contains: ["<h1>Live App</h1>", "Posts about Live App", "href=\"/2021/01/live-one/\"", "href=\"/2021/02/live-two/\""],
                     lacks: ["Retired", "href=\"/2021/03/old-one/\"", "href=\"/2021/04/none/\""])
        pages.expect("apps/old/index.html",
                     contains: ["<h1>Old App <span class=\"badge retired\">Retired</span></h1>", "Posts about Old App",
                                "href=\"/2021/03/old-one/\""],
                     lacks: ["href=\"/2021/01/live-one/\""])
        pages.expect("apps/index.html", contains: ["<a href=\"/apps/live/\">Live App</a>", "<a href=\"/apps/old/\">Old App</a>"])
        #expect(pages["apps/index.html"]?.occurrences(of: "Retired") == 1)
        // Available apps come before retired ones.
        #expect(pages["apps/index.html"]?.has("/apps/live/", before: "/apps/old/") == true)
        // App cards on posts.
        pages.expect("2021/01/live-one/index.html", contains: ["<a href=\"/apps/live/\">Live App</a>", "Still selling"], lacks: ["Retired"])
        pages.expect("2021/03/old-one/index.html", contains: ["<a href=\"/apps/old/\">Old App</a> <span class=\"badge retired\">Retired</span>"])
        pages.expect("2021/04/none/index.html", lacks: ["class=\"app-card\""])
    }

    @Test func tagsWithCountsAndSlugs() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-01-a.md": "---\ntitle: Post A\ntags: [App Store, Café]\n---\nx\n",
            "content/posts/2021-02-01-b.md": "---\ntitle: Post B\ntags: [App Store]\n---\nx\n",
            "content/posts/2021-03-01-c.md": "---\ntitle: Post C\ntags: [Secret]\ndraft: true\n---\nx\n",
        ])
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expectPaths(["tags/app-store/index.html", "tags/cafe/index.html"], absent: ["tags/secret/index.html"])
        pages.expect("tags/index.html", contains: [
            "<a href=\"/tags/app-store/\">App Store</a> <span class=\"count\">(2)</span>",
            "<a href=\"/tags/cafe/\">Café</a> <span class=\"count\">(1)</span>",
        ], lacks: ["Secret"])
        pages.expect("tags/app-store/index.html", contains: ["Posts tagged “App Store”", "2 posts",
                                                             "href=\"/2021/01/a/\"", "href=\"/2021/02/b/\""])
        pages.expect("tags/cafe/index.html", contains: ["Posts tagged “Café”", "1 post", "href=\"/2021/01/a/\""],
                     lacks: ["href=\"/2021/02/b/\""])
        pages.expect("2021/01/a/index.html", contains: ["<a href=\"/tags/app-store/\">App Store</a> <a href=\"/tags/cafe/\">Café</a>"])
    }

    // MARK: - Pagination

    @Test(arguments: [0, 1, 2, 3])
    func paginationEdges(postCount: Int) throws {
        let folder = try TestSiteFolder()  // posts_per_page: 2
        for n in stride(from: 1, through: postCount, by: 1) {
            try folder.write("content/posts/2021-01-0\(n)-p\(n).md", "---\ntitle: Post Number \(n)\n---\nText \(n).\n")
        }
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        #expect(!pages.paths.contains("page/1/index.html"))
        switch postCount {
        case 0:
            pages.expectPaths(["index.html"], absent: ["page/2/index.html"])
            pages.expect("index.html", contains: ["No posts yet."], lacks: ["class=\"pagination\"", "post-summary"])
        case 1:
            pages.expectPaths(["index.html"], absent: ["page/2/index.html"])
            pages.expect("index.html", contains: ["Post Number 1"], lacks: ["class=\"pagination\"", "No posts yet."])
        case 2:
            pages.expectPaths(["index.html"], absent: ["page/2/index.html"])
            pages.expect("index.html", contains: ["Post Number 2", "Post Number 1"], lacks: ["class=\"pagination\""])
            #expect(pages["index.html"]?.has("Post Number 2", before: "Post Number 1") == true)
        default:
            pages.expectPaths(["index.html", "page/2/index.html"], absent: ["page/3/index.html"])
            pages.expect("index.html",
                         contains: ["Post Number 3", "Post Number 2", "<a rel=\"next\" href=\"/page/2/\">Older posts →</a>", "Page 1 of 2"],
                         lacks: ["Post Number 1", "rel=\"prev\""])
            pages.expect("page/2/index.html",
                         contains: ["Post Number 1", "<a rel=\"prev\" href=\"/\">← Newer posts</a>", "Page 2 of 2",
                                    "<title>Page 2 of 2 – Test Site</title>"],
                         lacks: ["Post Number 2", "Post Number 3", "rel=\"next\""])
        }
    }

    // MARK: - Time zones

    @Test func londonSummerTimeKeepsTheWrittenMonth() throws {
        let folder = try TestSiteFolder(config: """
            title: London
            base_url: https://example.org/
            timezone: Europe/London

            """)
        try folder.write("content/posts/late.md", "---\ntitle: Late\ndate: 2021-03-31 23:30\n---\nx\n")
        // Half past midnight in summer time is still the evening before in UTC.
        try folder.write("content/posts/early.md", "---\ntitle: Early\ndate: 2021-07-01 00:30\n---\nx\n")
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expectPaths(["2021/03/late/index.html", "2021/07/early/index.html"],
                          absent: ["2021/04/late/index.html", "2021/06/early/index.html"])
        pages.expect("2021/03/late/index.html", contains: ["<time datetime=\"2021-03-31T23:30:00+01:00\">31 March 2021</time>"])
        pages.expect("2021/07/early/index.html", contains: ["<time datetime=\"2021-07-01T00:30:00+01:00\">1 July 2021</time>"])
    }

    @Test(arguments: [
        // zone, written date, expected folder, expected display, expected ISO
        ("Pacific/Auckland", "2021-01-01", "2021/01/01", "1 January 2021", "2021-01-01T00:00:00+13:00"),
        ("Pacific/Auckland", "2021-04-01", "2021/04/01", "1 April 2021", "2021-04-01T00:00:00+13:00"),
        ("America/Los_Angeles", "2021-01-01", "2021/01/01", "1 January 2021", "2021-01-01T00:00:00-08:00"),
        ("America/Los_Angeles", "2021-07-31", "2021/07/31", "31 July 2021", "2021-07-31T00:00:00-07:00"),
        ("America/Los_Angeles", "2020-12-31 23:30", "2020/12/31", "31 December 2020", "2020-12-31T23:30:00-08:00"),
    ])
    func datesKeepTheirCalendarDay(zone: String, date: String, folderPath: String, display: String, iso: String) throws {
        let folder = try TestSiteFolder(config: """
            title: Zoned
            base_url: https://example.org/
            timezone: \(zone)
            permalinks: { post: /:year/:month/:day/:slug/ }

            """)
        try folder.write("content/posts/zoned.md", "---\ntitle: Zoned\ndate: \(date)\n---\nx\n")
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expectPaths(["\(folderPath)/zoned/index.html"])
        pages.expect("\(folderPath)/zoned/index.html", contains: ["<time datetime=\"\(iso)\">\(display)</time>"])
        pages.expect("archive/index.html", contains: ["<h2>\(folderPath.prefix(4))</h2>"])
    }

    // MARK: - Determinism and Markdown on pages

    @Test func theExampleSiteRendersByteIdenticallyTwice() throws {
        let request = BuildRequest(siteDirectory: RepoPaths.root, mode: .build(includeDrafts: false), now: siteTestsNow)
        let first = SiteBuilder.render(request)
        let second = SiteBuilder.render(request)
        #expect(first.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        #expect(first.files.count > 50)
        #expect(first.files.map(\.path) == second.files.map(\.path))
        let differing = zip(first.files, second.files).filter { $0 != $1 }.map(\.0.path)
        #expect(differing == [])
        #expect(first.diagnostics == second.diagnostics)

        let publishRequest = BuildRequest(siteDirectory: RepoPaths.root, mode: .publish, now: siteTestsNow)
        #expect(SiteBuilder.render(publishRequest).files == SiteBuilder.render(publishRequest).files)

        // No list page of the example site carries a footnote reference.
        let pages = RenderedPages(first)
        // (HTML list pages only: feeds carry full content, footnotes and all.)
        let listPages = pages.paths.filter { $0.hasSuffix(".html") }.filter {
            $0 == "index.html" || $0.hasPrefix("page/") || $0.hasPrefix("tags/") || $0.hasPrefix("series/")
                || $0.hasPrefix("apps/") || $0 == "archive/index.html"
        }
        #expect(listPages.count > 5)
        for path in listPages.sorted() {
            pages.expect(path, lacks: ["data-footnote-ref", "footnote-ref", "fnref"])
        }
    }

    @Test func theExampleSiteHasNoBrokenLinksAsRendered() throws {
        for mode in [BuildMode.build(includeDrafts: false), .publish] {
            let pages = RenderedPages(SiteBuilder.render(BuildRequest(siteDirectory: RepoPaths.root, mode: mode, now: siteTestsNow)))
            #expect(pages.problems == [], "\(mode)")
            #expect(pages.brokenInternalLinks(baseURL: "https://lowtide.example/") == [], "\(mode)")
        }
    }

    /// A summary is shown on `/` and `/page/N/`, not at the post's permalink: a relative
    /// image or `#fragment` link in it must still lead somewhere there (SPEC: summaries
    /// must not carry links that would break; publish checks images).
    @Test func summariesOnListPagesKeepRelativeLinksWorking() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": """
                ---
                title: X
                ---
                See ![the diagram](images/a.png) and [the details](#details) here.

                ## Details

                More.

                """,
            "content/posts/images/a.png": "PNG",
        ])
        for mode in [BuildMode.build(includeDrafts: false), .publish] {
            let pages = renderTestSite(folder, mode: mode)
            #expect(pages.problems == [], "\(mode)")
            // The post page itself is fine...
            #expect(pages.brokenInternalLinks().filter { $0.hasPrefix("2021/01/x/") } == [], "\(mode)")
            // ...and so must the home page be, where the summary shows the same image and link.
            pages.expect("index.html", contains: ["alt=\"the diagram\"", ">the details</a>"])
            #expect(pages.brokenInternalLinks().filter { $0.hasPrefix("index.html") } == [], "\(mode)")
        }
    }

    @Test func summariesNeverCarryFootnoteReferences() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-01-first.md": """
                ---
                title: First Paragraph Note
                ---
                The opening claim.[^1] More words.

                Second paragraph.

                [^1]: The footnote text.

                """,
            "content/posts/2021-01-02-more.md": """
                ---
                title: More Marker Note
                ---
                Before the marker.[^a]

                Still before.

                <!--more-->

                After the marker.

                [^a]: Another footnote.

                """,
        ])
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        // The posts themselves keep their footnotes...
        pages.expect("2021/01/first/index.html", contains: ["data-footnote-ref", "The footnote text."])
        pages.expect("2021/01/more/index.html", contains: ["data-footnote-ref", "Another footnote."])
        // ...the summaries on list pages do not.
        pages.expect("index.html", contains: ["The opening claim.", "Before the marker.", "Still before."],
                     lacks: ["data-footnote-ref", "fnref", "#fn", "The footnote text.", "Another footnote.", "After the marker."])
    }

    @Test func rawHTMLIsKeptUnlessRawHTMLIsFalse() throws {
        let body = """
            ---
            title: Raw
            ---
            Before.

            <div class="raw-box">Boxed text</div>

            Inline <span class="raw-inline">span</span> here.

            """
        let kept = try TestSiteFolder(files: ["content/posts/2021-01-01-raw.md": body])
        renderTestSite(kept).expect("2021/01/raw/index.html",
                                    contains: ["<div class=\"raw-box\">Boxed text</div>", "<span class=\"raw-inline\">span</span>"])

        let stripped = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "markdown: { raw_html: false }\n",
                                          files: ["content/posts/2021-01-01-raw.md": body])
        let pages = renderTestSite(stripped)
        #expect(pages.problems == [])
        pages.expect("2021/01/raw/index.html", contains: ["Before."], lacks: ["<div class=\"raw-box\">", "<span class=\"raw-inline\">"])
    }

    // MARK: - Publish mode

    @Test func publishModeWritesAbsoluteURLsFromBaseURL() throws {
        let folder = try TestSiteFolder(config: """
            title: Sub Path
            base_url: https://example.org/blog/
            language: en
            timezone: UTC
            posts_per_page: 1
            nav: [ { title: About, url: /about/ } ]

            """)
        try folder.write("content/posts/2021-01-01-a.md", "---\ntitle: A\ntags: [T]\nseries: s\n---\nx\n")
        try folder.write("content/posts/2021-01-02-b.md", "---\ntitle: B\nseries: s\napp: app\naliases: [/old/b/]\n---\nx\n")
        try folder.write("content/series/s.md", "---\ntitle: S\n---\nIntro.\n")
        try folder.write("content/apps/app.md", "---\ntitle: The App\n---\nAbout.\n")
        try folder.write("content/pages/about.md", "---\ntitle: About\n---\nMe.\n")

        // build: root-relative under base_url's path.
        let built = renderTestSite(folder)
        #expect(built.problems == [])
        built.expect("index.html", contains: ["href=\"/blog/assets/style.css\"", "href=\"/blog/2021/01/b/\"",
                                              "<a rel=\"next\" href=\"/blog/page/2/\">", "<a href=\"/blog/about/\">About</a>"])

        let published = renderTestSite(folder, mode: .publish)
        #expect(published.problems == [])
        published.expect("index.html", contains: [
            "<link rel=\"stylesheet\" href=\"https://example.org/blog/assets/style.css\">",
            "<link rel=\"icon\" href=\"https://example.org/blog/assets/logo.svg\" type=\"image/svg+xml\">",
            "<link rel=\"canonical\" href=\"https://example.org/blog/\">",
            "<a href=\"https://example.org/blog/\"><img src=\"https://example.org/blog/assets/logo.svg\" alt=\"\" width=\"24\" height=\"24\">Sub Path</a>",
            "<a href=\"https://example.org/blog/2021/01/b/\">B</a>",
            "<a rel=\"next\" href=\"https://example.org/blog/page/2/\">",
            "<a href=\"https://example.org/blog/about/\">About</a>",
            "<a href=\"https://example.org/blog/series/s/\">S</a>",
        ])
        published.expect("page/2/index.html", contains: ["<a rel=\"prev\" href=\"https://example.org/blog/\">"])
        published.expect("2021/01/b/index.html", contains: [
            "<a href=\"https://example.org/blog/apps/app/\">The App</a>",
            "<a rel=\"prev\" href=\"https://example.org/blog/2021/01/a/\">",
        ])
        published.expect("2021/01/a/index.html", contains: ["<a href=\"https://example.org/blog/tags/t/\">T</a>"])
        published.expect("old/b/index.html", contains: ["url=https://example.org/blog/2021/01/b/",
                                                        "<link rel=\"canonical\" href=\"https://example.org/blog/2021/01/b/\">"])
        // No template writes a root-relative URL in publish mode.
        for path in published.paths.sorted() where path.hasSuffix(".html") {
            published.expect(path, lacks: ["href=\"/", "src=\"/", "url=/"])
        }
    }
}
