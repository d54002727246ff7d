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

/// What the link checker and the URLs of front-matter files promise: a relative
/// front-matter path works on every page that shows it, every use of a broken URL
/// is reported at its own line, `<a name>` is a fragment target, links to Markdown
/// files become the pages' URLs, and URLs the templates make are checked too.
@Suite("Links and images")
struct LinkCheckTests {
    /// Every `src`/`href` value in `html` that contains `needle`.
    static func urls(in html: String, containing needle: String) -> [String] {
        html.matches(of: /(?:src|href)="([^"]*)"/).map { String($0.output.1) }.filter { $0.contains(needle) }
    }

    @Test func relativeFrontMatterImagesWorkOnEveryPageThatShowsThem() throws {
        let folder = try TestSiteFolder(files: [
            "content/apps/kettle.md": "---\ntitle: Kettle\nicon: images/kettle.png\nscreenshots:\n  - { src: shots/one.png, alt: One }\n---\nA timer.\n",
            "content/apps/images/kettle.png": "png",
            "content/apps/shots/one.png": "png",
            "content/posts/2021-01-05-tea.md": "---\ntitle: Tea\napp: kettle\nimage: { src: hero.png, alt: Steam }\n---\nAbout tea.\n",
            "content/posts/hero.png": "png",
        ])
        let built = renderTestSite(folder, mode: .publish)
        #expect(built.problems == [])
        var checked = 0
        for path in built.paths where path.hasSuffix(".html") {
            let html = try #require(built[path])
            for url in Self.urls(in: html, containing: ".png") {
                let sitePath = url.hasPrefix("https://example.org/") ? String(url.dropFirst("https://example.org/".count)) : url
                #expect(built.paths.contains(sitePath), "\(path) shows \(url), which is not built")
                checked += 1
            }
        }
        // The app page, the post's app card and hero, /apps/: each shows them.
        #expect(checked >= 5)
        let apps = try #require(built["apps/index.html"])
        #expect(apps.contains("src=\"https://example.org/apps/images/kettle.png\""))
        let post = try #require(built.paths.first { $0.hasSuffix("tea/index.html") }.flatMap { built[$0] })
        #expect(post.contains("src=\"https://example.org/apps/images/kettle.png\""))
        #expect(post.contains("<meta property=\"og:image\" content=\"https://example.org/posts/hero.png\""))
    }

    @Test func aMissingRelativeIconIsReportedAtItsLine() throws {
        let folder = try TestSiteFolder(files: [
            "content/apps/kettle.md": "---\ntitle: Kettle\nicon: images/missing.png\n---\nA timer.\n",
        ])
        let built = renderTestSite(folder, mode: .publish)
        #expect(built.problems.contains {
            $0.hasPrefix("content/apps/kettle.md:3:7: ") && $0.contains("'images/missing.png'") && $0.contains("/apps/images/missing.png")
        }, "\(built.problems)")
    }

    @Test func eachUseOfABrokenURLIsReportedAtItsOwnLine() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": """
                ---
                title: X
                ---
                See [one](/nope/) here.
                Again [two](/nope/), twice.

                And [three][ref] too.

                <p>Raw <a href="/nope/">four</a></p>

                ![five](/images/nope.png)

                [ref]: /gone/
                """,
        ])
        let built = renderTestSite(folder)
        let warnings = built.problems.filter { $0.hasPrefix("content/posts/2021-01-05-x.md") }
        #expect(warnings == [
            "content/posts/2021-01-05-x.md:4:11: warning: broken link '/nope/': nothing is built at /nope/",
            "content/posts/2021-01-05-x.md:5:13: warning: broken link '/nope/': nothing is built at /nope/",
            // A reference-style link: where it is used, not where [ref] is defined.
            "content/posts/2021-01-05-x.md:7:5: warning: broken link '/gone/': nothing is built at /gone/",
            "content/posts/2021-01-05-x.md:9:17: warning: broken link '/nope/': nothing is built at /nope/",
            "content/posts/2021-01-05-x.md:11:9: warning: broken image '/images/nope.png': there is no content/images/nope.png",
        ], "\(built.problems)")
        // Each is reported once: not again for the pages that show the post's summary.
        #expect(built.problems.count == warnings.count, "\(built.problems)")
    }

    @Test func anAnchorNameIsAFragmentTarget() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": """
                ---
                title: X
                ---
                Jump to [the notes](#notes) or [the end](#end) or [nowhere](#nowhere).

                <a name="notes"></a>Notes.

                <!-- <a id="end"></a> only in a comment -->
                """,
        ])
        let built = renderTestSite(folder)
        #expect(built.problems == [
            "content/posts/2021-01-05-x.md:4:42: warning: broken link '#end': no element with id 'end' on /2021/01/x/index.html",
            "content/posts/2021-01-05-x.md:4:61: warning: broken link '#nowhere': no element with id 'nowhere' on /2021/01/x/index.html",
        ], "\(built.problems)")
        #expect(PageLinks.scan(Array(#"<A NAME="up"></A><p Id='b'>x</p><meta name="description">"#.utf8)).ids == ["up", "b"])
    }

    /// A heading that starts with an emoji keeps its variation selectors in its id, as
    /// GitHub's slugger does (`#️️-swimming`); to Swift, `#` and those selectors are one
    /// Character, so the fragment must be read by bytes, not by dropping a Character.
    @Test func aTableOfContentsLinkToAHeadingStartingWithAnEmojiIsNotBroken() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": """
                ---
                title: X
                ---
                ## 🏊\u{200D}♀\u{FE0F}\u{FE0F} Swimming with Swift

                One.

                ## Two

                Two.

                ## Three

                Three.
                """,
        ])
        let built = renderTestSite(folder)
        let page = try #require(built["2021/01/x/index.html"])
        #expect(page.contains("href=\"#\u{FE0F}\u{FE0F}-swimming-with-swift\""), "the theme's table of contents links to the heading")
        #expect(built.problems == [], "\(built.problems)")
    }

    @Test func urlsTheTemplatesMakeAreCheckedAtTheirSource() throws {
        let footer = String(decoding: try #require(Theme.builtIn["partials/footer.mustache"]), as: UTF8.self)
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "nav: [ { title: Uses, url: /uses/ } ]\n", files: [
            "content/posts/2021-01-05-x.md": "---\ntitle: X\n---\nBody.\n",
            "content/posts/2021-01-06-y.md": "---\ntitle: Y\n---\nBody.\n",
            "templates/partials/footer.mustache": footer + "<a href=\"/colophon/\">Colophon</a> <img src=\"/img/badge.svg\" srcset=\"/img/badge.svg 1x, /img/badge@2x.svg 2x\" alt=\"\">\n",
        ])
        let built = renderTestSite(folder, mode: .publish)
        let footerLines = footer.split(separator: "\n", omittingEmptySubsequences: false).count
        let pages = built.paths.filter { $0.hasSuffix(".html") }.count
        // A nav entry of site.yml (made absolute in publish), at its line.
        #expect(built.problems.contains("content/site.yml:7:28: warning: broken link 'https://example.org/uses/' on \(pages) pages (first /2021/01/x/): nothing is built at /uses/"), "\(built.problems)")
        // Literal URLs of a template, at the template's line, once each however many pages have them.
        #expect(built.problems.contains("templates/partials/footer.mustache:\(footerLines):10: warning: broken link '/colophon/' on \(pages) pages (first /2021/01/x/): nothing is built at /colophon/"), "\(built.problems)")
        #expect(built.problems.contains("templates/partials/footer.mustache:\(footerLines):45: warning: broken image '/img/badge.svg' on \(pages) pages (first /2021/01/x/): there is no content/img/badge.svg"), "\(built.problems)")
        #expect(built.problems.contains { $0.hasPrefix("templates/partials/footer.mustache:\(footerLines):") && $0.contains("broken image '/img/badge@2x.svg'") }, "\(built.problems)")
        #expect(built.problems.count == 4, "\(built.problems)")
    }
}

@Suite("Links to Markdown files")
struct MarkdownFileLinkTests {
    /// What counts as a link to a Markdown file: `.md` in any case, before a query or fragment.
    @Test func whichLinksNameAMarkdownFile() {
        for link in ["a.md", "../pages/About.MD", "x.Md#top", "/posts/a.md?x=1", "a.b.md"] {
            #expect(MarkdownFileLinks.isMarkdownFileLink(link), "\(link)")
        }
        for link in ["", ".md", "a.mdx", "a.md/", "https://example.com/a.md", "//cdn/a.md", "a.html#x.md", "a.m.d", "readme"] {
            #expect(!MarkdownFileLinks.isMarkdownFileLink(link), "\(link)")
        }
    }

    @Test func aLinkToAMarkdownFileBecomesThePagesURL() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "permalinks: { post: /blog/:slug/ }\n", files: [
            "content/posts/2021-01-05-first.md": """
                ---
                title: First
                ---
                See [the second](2021-02-01-second.md), [its end](2021-02-01-second.md#the-end),
                [about](../pages/about.md), [the app](/apps/kettle.md) and <a href="2021-02-01-second.md">raw</a>.
                """,
            "content/posts/2021-02-01-second.md": "---\ntitle: Second\n---\nText.\n\n## The end\n",
            "content/pages/about.md": "---\ntitle: About\n---\nMe.\n",
            "content/apps/kettle.md": "---\ntitle: Kettle\n---\nA timer.\n",
        ])
        let built = renderTestSite(folder)
        #expect(built.problems == [], "\(built.problems)")
        let first = try #require(built["blog/first/index.html"])
        #expect(first.contains("<a href=\"/blog/second/\">the second</a>"), "\(first)")
        #expect(first.contains("<a href=\"/blog/second/#the-end\">its end</a>"))
        #expect(first.contains("<a href=\"/about/\">about</a>"))
        #expect(first.contains("<a href=\"/apps/kettle/\">the app</a>"))
        #expect(first.contains("<a href=\"/blog/second/\">raw</a>"))
        #expect(!first.contains(".md\""))
        // The summary on the home page links there too.
        let home = try #require(built["index.html"])
        #expect(home.contains("href=\"/blog/second/\""))
    }

    @Test func aMissingOrLeftOutTargetIsReportedAtTheLink() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-first.md": """
                ---
                title: First
                ---
                Intro.

                See [gone](2020-01-01-gone.md) and [draft](2021-03-01-draft.md).
                """,
            "content/posts/2021-03-01-draft.md": "---\ntitle: Draft\ndraft: true\n---\nSoon.\n",
        ])
        let built = renderTestSite(folder)
        #expect(built.errors == [
            "content/posts/2021-01-05-first.md:6:5: link to '2020-01-01-gone.md': content/posts/2020-01-01-gone.md is not a page of the site (posts, pages, series and apps are)",
        ], "\(built.problems)")
        #expect(built.problems.contains(
            "content/posts/2021-01-05-first.md:6:36: warning: link to '2021-03-01-draft.md': content/posts/2021-03-01-draft.md is a draft or future post this build leaves out"),
            "\(built.problems)")
        #expect(built.problems.count == 2, "reported once each: \(built.problems)")
    }
}
