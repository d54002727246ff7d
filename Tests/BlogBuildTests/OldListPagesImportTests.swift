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

/// Every HTML page the old generator wrote answers after an import (issue 26,
/// IMPORT-REAL.md classes 7, 8 and 9): list pages, paginators and archives
/// redirect to blogbuild's list of the same posts, `.html` forms and pages of
/// other shapes keep their addresses. Each construct in a small site of our own,
/// imported with the real binary and built, each old URL followed to its page.
@Suite struct OldListPagesImportTests {
    /// Imports `files` as `kind` and builds the result, which must have no problem.
    static func built(_ files: [String: String], kind: String = "jekyll") throws -> (folder: TestSiteFolder, pages: RenderedPages) {
        let (folder, outcome) = try HugoRealLayoutTests.imported(files, kind: kind)
        #expect(outcome.status == 0, "\(outcome)")
        let pages = renderTestSite(folder, mode: .check, now: Date())
        #expect(pages.problems == [], "\(pages.problems)")
        return (folder, pages)
    }

    /// Follows redirect pages from the old `url` as a browser would; the output
    /// path of the page it ends at (not a redirect), or where it went wrong.
    static func landing(_ built: RenderedPages, _ url: String, base: String = "https://example.org") -> String {
        var url = url
        var seen: [String] = []
        while true {
            let path = SitePaths.outputPath(forSitePath: url)
            guard !seen.contains(path) else { return "loop: \(seen)" }
            seen.append(path)
            guard let html = built[path] else { return "missing: \(path) (after \(seen.dropLast()))" }
            guard html.contains("http-equiv=\"refresh\""),
                  let match = html.firstMatch(of: #/url=([^"]+)"/#) else { return path }
            let target = String(match.output.1)
            guard target.hasPrefix(base) else { return target }
            url = String(target.dropFirst(base.count))
        }
    }

    static func posts(_ count: Int, front: String = "") -> [String: String] {
        Dictionary(uniqueKeysWithValues: (1...count).map { n in
            ("_posts/2020-01-0\(n)-post-\(n).md", "---\ntitle: Post \(n)\n\(front)---\nHi.\n")
        })
    }

    static let config = "url: https://example.org\ntitle: Old\n"

    @Test func jekyllPaginatesPagesRedirectToTheHomePagesOfTheSameNumber() throws {
        let (_, built) = try Self.built(Self.posts(5).merging([
            "_config.yml": Self.config + "paginate: 2\n",
            "index.html": "---\nlayout: default\n---\n{% for post in paginator.posts %}{{ post.title }}{% endfor %}\n",
        ]) { a, _ in a })
        // Five posts, two to a page: jekyll-paginate wrote /page2/ and /page3/ (its default `paginate_path`).
        #expect(Self.landing(built, "/page2/") == "page/2/index.html")
        #expect(Self.landing(built, "/page3/") == "page/3/index.html")
        #expect(!built.paths.contains("page4/index.html"))
    }

    @Test func paginateWithoutAPaginatorInTheIndexWroteNoPages() throws {
        let (_, built) = try Self.built(Self.posts(5).merging([
            "_config.yml": Self.config + "paginate: 2\n",
            "index.html": "---\nlayout: default\n---\n{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
            "moved.html": "---\npermalink: /moved/\nredirect_to: about/\n---\n",
            "about.md": "---\ntitle: About\npermalink: /about/\n---\nMe.\n",
        ]) { a, _ in a })
        #expect(!built.paths.contains("page2/index.html"), "the site set `paginate` but its index lists site.posts")
        // A `redirect_to:` without a scheme is read from the site's root.
        #expect(built["moved/index.html"]?.contains("url=https://example.org/about/\"") == true)
    }

    @Test func paginateV2PagesRedirectToTheHomePagesOrTheTag() throws {
        let (_, built) = try Self.built(Self.posts(5, front: "categories: [swift]\n").merging([
            "_config.yml": Self.config + "pagination:\n  enabled: true\n  per_page: 2\n  permalink: /page/:num/\n",
            "blog/index.html": "---\npagination:\n  enabled: true\n---\n{% for post in paginator.posts %}{{ post.title }}{% endfor %}\n",
            "swift.html": "---\npermalink: /swift/\npagination:\n  enabled: true\n  category: swift\n---\n{% for post in paginator.posts %}x{% endfor %}\n",
        ]) { a, _ in a })
        #expect(Self.landing(built, "/blog/") == "index.html")
        #expect(Self.landing(built, "/blog/page/2/") == "page/2/index.html")
        #expect(Self.landing(built, "/blog/page/3/") == "page/3/index.html")
        #expect(Self.landing(built, "/swift/page/3/") == "tags/swift/index.html")
    }

    @Test func jekyllArchivesPagesRedirectToTheArchiveAndTagPages() throws {
        let (_, built) = try Self.built([
            "_config.yml": Self.config + "plugins: [jekyll-archives]\njekyll-archives:\n  enabled: [year, month, tags]\n  permalinks:\n    year: '/blog/archive/:year/'\n",
            "_posts/2019-03-04-a.md": "---\ntitle: A\ntags: [Swift UI]\n---\nHi.\n",
            "_posts/2020-05-06-b.md": "---\ntitle: B\n---\nHi.\n",
        ])
        for url in ["/blog/archive/2019/", "/blog/archive/2020/", "/2019/03/", "/2020/05/"] {
            #expect(Self.landing(built, url) == "archive/index.html", "\(url)")
        }
        #expect(Self.landing(built, "/tag/swift-ui/") == "tags/swift-ui/index.html")
    }

    @Test func liquidListPagesRedirectToTheListOfTheSamePosts() throws {
        let (_, built) = try Self.built([
            "_config.yml": Self.config,
            "_posts/2020-01-01-a.md": "---\ntitle: A\ncategories: [newsletter]\ntags: [swift]\n---\nHi.\n",
            "_layouts/category_index.html": "---\nlayout: default\n---\n{% for c in site.categories %}{{ c[0] }}{% endfor %}\n{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
            // A blog index whose list is its layout's; an archive, a tags page and one category's page in Liquid.
            "blog.md": "---\nlayout: category_index\ntitle: Writing\n---\n\n",
            "archive-home.html": "---\npermalink: /blog/archive/\n---\n{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
            "articles-by-tag.html": "---\npermalink: /articles-by-tag/\n---\n{% for tag in site.tags %}{{ tag[0] }}{% endfor %}\n",
            "newsletter.html": "---\npermalink: /newsletter/\n---\nSign up!\n{% for post in site.categories.newsletter %}{{ post.title }}{% endfor %}\n",
            // A theme's tab (a gem's layout the import cannot read): an empty page with a list layout.
            "tabs/archives.md": "---\nlayout: archives\npermalink: /tabs/archives/\n---\n",
            "about.md": "---\nlayout: default\ntitle: About\n---\n\n",
        ])
        #expect(Self.landing(built, "/blog.html") == "archive/index.html")
        #expect(Self.landing(built, "/blog/archive/") == "archive/index.html")
        #expect(Self.landing(built, "/articles-by-tag/") == "tags/index.html")
        #expect(Self.landing(built, "/newsletter/") == "tags/newsletter/index.html")
        #expect(Self.landing(built, "/tabs/archives/") == "archive/index.html")
        #expect(Self.landing(built, "/about.html") == "about.html", "an empty page whose layout lists nothing stays a page")
    }

    @Test func extensionlessJekyllURLsKeepTheirHTMLForm() throws {
        let (_, built) = try Self.built([
            "_config.yml": Self.config + "permalink: /:title/\n",
            "_posts/2020-01-01-tools.md": "---\ntitle: Tools\npermalink: /articles/:title\nredirect_from:\n  - kvo-guide\n---\nHi.\n",
            "p01.md": "---\ntitle: P01\npermalink: /projects/p01\nredirect_from: [/old-p01.html]\n---\nProblem one.\n",
        ])
        // Jekyll wrote `articles/tools.html`, served at /articles/tools and /articles/tools.html.
        for url in ["/articles/tools", "/articles/tools.html", "/kvo-guide", "/kvo-guide.html"] {
            #expect(Self.landing(built, url) == "tools/index.html", "\(url)")
        }
        for url in ["/projects/p01", "/projects/p01.html", "/old-p01.html"] {
            #expect(Self.landing(built, url) == "projects/p01/index.html", "\(url)")
        }
        #expect(built["projects/p01/index.html"]?.contains("Problem one.") == true)
    }

    @Test func anOldURLTwoPagesClaimRedirectsToTheFirst() throws {
        let (folder, built) = try Self.built([
            "_config.yml": Self.config,
            "infographics/f1/index.md": "---\ntitle: Wins\npermalink: /infographics/f1/\nredirect_from:\n  - /stats.html\n---\nWins.\n",
            "projects/stats/index.md": "---\ntitle: Stats\npermalink: /projects/stats/\nredirect_from:\n  - /stats.html\n---\nStats.\n",
        ])
        #expect(Self.landing(built, "/stats.html") == "infographics/f1/index.html")
        #expect(folder.read("IMPORT.md")?.contains("also an old URL of infographics/f1/index.md") == true)
    }

    @Test func aCollectionOfLiquidPagesIsImportedAsPages() throws {
        let (_, built) = try Self.built([
            "_config.yml": Self.config + "permalink: /:title/\ncollections:\n  pages:\n    output: true\n    permalink: /:path/\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nHi.\n",
            "_pages/about.liquid": "---\ntitle: About\nlayout: container\n---\n<p>I make apps.</p>\n"
                + "<a href=\"{% link _pages/articles.liquid %}\">All</a> <a href=\"{% link _pages/index.liquid %}\">Home</a>\n",
            "_pages/index.liquid": "---\ntitle: Home\npermalink: /\n---\n<p>Welcome</p>\n",
            "_pages/articles.liquid": "---\ntitle: Articles\n---\n{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
            "_pages/404.liquid": "---\ntitle: Page not found\n---\n<p>Nothing here.</p>\n",
        ])
        #expect(Self.landing(built, "/about/") == "about/index.html")
        #expect(built["about/index.html"]?.contains("I make apps.") == true)
        // `{% link %}` to a list page of the old site goes to blogbuild's list.
        #expect(built["about/index.html"]?.contains("/archive/\">All") == true, "\(built["about/index.html"] ?? "")")
        #expect(built["about/index.html"]?.contains("example.org/\">Home") == true)
        #expect(Self.landing(built, "/articles/") == "archive/index.html")
        // Jekyll wrote the 404 page at `/404/`: it answers there and stays blogbuild's /404.html.
        #expect(Self.landing(built, "/404/") == "404.html")
        #expect(built["404.html"]?.contains("Nothing here.") == true)
        #expect(built["index.html"]?.contains("Welcome") == false, "blogbuild's home page stays its own")
        #expect(!built.paths.contains(where: { $0.hasSuffix(".liquid") }), "\(built.paths.sorted())")
    }

    @Test func aPageThatOnlyRedirectedIsARedirect() throws {
        let (folder, built) = try Self.built([
            "_config.yml": Self.config + "permalink: /:title/\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nHi.\n",
            "resume.html": "---\npermalink: /resume\nredirect_to:\n  - https://cv.example.com/open?id=1\n---\n",
        ])
        #expect(Self.landing(built, "/resume") == "https://cv.example.com/open?id=1")
        #expect(Self.landing(built, "/resume.html") == "https://cv.example.com/open?id=1")
        #expect(folder.read("content/pages/resume.md") == nil)
    }

    @Test func theNotFoundPageAtItsPrettyURL() throws {
        let (_, built) = try Self.built([
            "_config.yml": Self.config + "permalink: pretty\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nHi.\n",
            "404.html": "---\nlayout: default\ntitle: \"404: Page not found\"\n---\n<p>Gone.</p>\n",
        ])
        #expect(Self.landing(built, "/404/") == "404.html")
        #expect(built["404.html"]?.contains("Gone.") == true)
    }

    @Test func hugosCategoriesListATermWithASlashAndPageOne() throws {
        let (_, built) = try Self.built([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Terms'\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2020-01-02\ntags: [CI/CD]\n---\nHi.\n",
        ], kind: "hugo")
        // Hugo wrote /categories/ with no category in use, and the tag `CI/CD` at /tags/ci/cd/.
        #expect(Self.landing(built, "/categories/") == "tags/index.html")
        #expect(Self.landing(built, "/tags/ci/cd/") == "tags/ci-cd/index.html")
        // Hugo's `/page/1/` of every paginated list is an alias of the list.
        for (url, page) in [("/tags/page/1/", "tags/index.html"), ("/categories/page/1/", "tags/index.html"),
                            ("/tags/ci/cd/page/1/", "tags/ci-cd/index.html"), ("/posts/page/1/", "archive/index.html")] {
            #expect(Self.landing(built, url) == page, "\(url)")
        }
    }

    @Test func hugosListOfTermsIsPaginatedAndATermInTwoSpellingsIsOneList() throws {
        let (_, built) = try Self.built([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Terms'\n[pagination]\npagerSize = 1\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2020-01-02\ntags: [Hardware]\n---\nHi.\n",
            "content/posts/b.md": "---\ntitle: B\ndate: 2020-01-03\ntags: [hardware, Swift]\n---\nHi.\n",
        ], kind: "hugo")
        // Two terms, one to a page: /tags/page/2/; `Hardware` and `hardware` are Hugo's one list of two posts.
        #expect(Self.landing(built, "/tags/page/2/") == "tags/index.html")
        #expect(Self.landing(built, "/tags/hardware/page/2/") == "tags/hardware/index.html")
        #expect(!built.paths.contains("tags/page/3/index.html"))
    }
    /// A theme's tag and category pages (Chirpy's jekyll-archives, which comes with the
    /// theme gem and is not in the site's config) are known only from the posts' links
    /// to them: each that names a tag the posts use redirects to blogbuild's page of it.
    @Test func tagAndCategoryPagesThePostsLinkToRedirectToTheTagsPage() throws {
        let (folder, outcome) = try HugoRealLayoutTests.imported([
            "_config.yml": "title: Links\nurl: https://example.org\n",
            // A list page too: its redirect and the tag pages' share site.yml's one `redirects:`.
            "blog.md": "---\ntitle: Blog\n---\n{% for post in site.posts %}<a href=\"{{ post.url }}\">{{ post.title }}</a>{% endfor %}\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\ntags: [测试, Swift Tips]\n---\nHi.\n",
            "_posts/2020-01-02-b.md": """
                ---
                title: B
                tags: [Swift Tips]
                ---
                More [on tests](https://example.org/tags/测试/) and [tips](/categories/swift-tips/),
                and [elsewhere](https://other.example/tags/测试/), and [a list that never was](/tags/nothing/).
                """,
        ], kind: "jekyll")
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems.count == 1 && built.problems.first?.contains("broken link '/tags/nothing/'") == true, "\(built.problems)")
        let tested = try #require(built.site.files.map(\.path).first { $0.hasPrefix("tags/tag-") && $0.hasSuffix("/index.html") })
        #expect(Self.landing(built, "/tags/测试/") == tested)
        #expect(Self.landing(built, "/categories/swift-tips/") == "tags/swift-tips/index.html")
        #expect(Self.landing(built, "/blog.html") == "archive/index.html")
    }
    /// A feed the old site made with its own Liquid template, at an address blogbuild
    /// does not write: that address carries blogbuild's feed of the same format.
    @Test func aFeedTemplateOfTheSitesOwnKeepsItsAddress() throws {
        let (folder, pages) = try Self.built([
            "_config.yml": "title: Feeds\nurl: https://example.org\npermalink: pretty\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nSubscribe to [the updates](/feeds/updates.xml) or [the RSS](/rss.xml).\n",
            "feeds/updates.xml": "---\nlayout: feed_atom\nupdates_only: true\n---\n",
            "_layouts/feed_atom.xml": "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">{% for post in site.posts %}<entry></entry>{% endfor %}</feed>\n",
            "rss.xml": "---\nlayout: null\n---\n<rss version=\"2.0\"><channel>{% for post in site.posts %}<item></item>{% endfor %}</channel></rss>\n",
            "feed.json": "---\nlayout: null\n---\n{\"version\": \"https://jsonfeed.org/version/1\"}\n",
        ])
        #expect(pages["feeds/updates.xml"] != nil && pages.feedIgnoringSelf("feeds/updates.xml") == pages.feedIgnoringSelf("atom.xml"))
        #expect(pages["rss.xml"] != nil && pages.feedIgnoringSelf("rss.xml") == pages.feedIgnoringSelf("feed.xml"))
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("`feeds/updates.xml`: `/feeds/updates.xml`: the old site's own feed template"), "\(report)")
        // At blogbuild's own address, blogbuild's feed answers: the template is only skipped.
        #expect(report.contains("`feed.json`: a file Jekyll runs through Liquid"), "\(report)")
    }
    /// A file the old site made from a Liquid template blogbuild cannot run (an
    /// `llms.txt` listing every post): the links to it are named in IMPORT.md at
    /// the written line where check reports them broken; blogbuild's own feed is not.
    @Test func linksToAFileATemplateMadeAreNamedWhereCheckReportsThem() throws {
        let (folder, outcome) = try HugoRealLayoutTests.imported([
            "_config.yml": "title: Files\nurl: https://example.org\n",
            "llms.txt": "---\npermalink: llms.txt\n---\n{% for post in site.posts %}- {{ post.title }}\n{% endfor %}",
            "feed.xml": "---\nlayout: null\n---\n<rss version=\"2.0\"></rss>\n",
            "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nRead [the list](/llms.txt),\n[the whole list](https://example.org/llms.txt) or [the feed](/feed.xml).\n",
        ], kind: "jekyll")
        #expect(outcome.status == 0, "\(outcome)")
        let report = try #require(folder.read("IMPORT.md"))
        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.problems.count == 2, "\(built.problems)")
        for problem in built.problems {
            #expect(problem.contains("llms.txt"), "\(problem)")
            let place = problem.split(separator: ":").prefix(2).joined(separator: ":")
            #expect(report.contains("`\(place)`"), "\(place) is not named:\n\(report)")
        }
        // (The verification's section lists the old site's feed itself, as kept or not.)
        let importerPart = report.components(separatedBy: VerifyReport.heading)[0]
        #expect(!importerPart.contains("`/feed.xml`"), "\(report)")
    }
}
