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

/// Issue 17, "Home page that reads well": summaries of at most about 60 words
/// (a `<!--more-->` or `summary:` wins, untouched), "Continue reading" only when
/// there is more, and the hero image as a thumbnail.
@Suite struct HomeSummaryTests {
    /// `word1 word2 … wordN`.
    static func words(_ range: ClosedRange<Int>) -> String {
        range.map { "word\($0)" }.joined(separator: " ")
    }

    /// The `<article class="post-summary">` of the post titled `title` on `page`.
    static func entry(_ title: String, on page: String) throws -> String {
        let start = try #require(page.range(of: "<article class=\"post-summary\">\n<h2><a href=\"[^\"]*\">\(title)</a>",
                                            options: .regularExpression), "no entry for \(title)")
        let end = try #require(page.range(of: "</article>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }

    @Test func aLongFirstParagraphIsCutAtAWordWithItsElementsClosed() throws {
        // Words 58 to 62 are in a link in emphasis: the cut falls inside both.
        let html = "<p>" + Self.words(1...57) + " <em><a href=\"/x/\">word58 word59 word60 word61 word62</a></em> "
            + Self.words(63...80) + "</p>\n"
        #expect(SummaryCut.cut(html) == "<p>" + Self.words(1...57) + " <em><a href=\"/x/\">word58 word59 word60</a></em>…</p>")
        #expect(SummaryCut.cut("<p>" + Self.words(1...60) + "</p>") == nil, "60 words are left whole")
        // A comma before the cut goes; a character reference or tag is never cut into.
        #expect(SummaryCut.cut("<p>a, b&amp;c, <code>d e</code> f</p>", limit: 2) == "<p>a, b&amp;c…</p>")
        #expect(SummaryCut.cut("<p>a <img src=\"i.png\" alt=\"x y\"> <strong>b</strong> c</p>", limit: 2)
                == "<p>a <img src=\"i.png\" alt=\"x y\"> <strong>b</strong>…</p>")
        // Markup inside a word does not split it.
        #expect(SummaryCut.cut("<p>a b<em>c</em>d e</p>", limit: 2) == "<p>a b<em>c</em>d…</p>")
    }

    @Test func listsCutOnlyTheFirstParagraphAndSayContinueReadingOnlyWhenThereIsMore() throws {
        var f = SiteFixture()
        let long = "\(Self.words(1...57)) *[word58 word59 word60 word61](/about/) word62* \(Self.words(63...80))"
        f.post("long", "2024-01-01", body: long + "\n")
        f.post("marker", "2024-01-02", body: Self.words(1...80) + "\n\n<!--more-->\n\nThe rest.\n")
        f.post("front", "2024-01-03", summary: Self.words(1...80), body: "A short body.\n")
        f.post("one", "2024-01-04", body: "Only this paragraph.\n")
        f.post("two", "2024-01-05", body: "A first paragraph.\n\nA second one.\n")
        f.post("nothing-after", "2024-01-06", body: "All of it.\n\n<!--more-->\n")
        let home = try #require(try f.render()["index.html"])

        let cut = try Self.entry("Long", on: home)
        #expect(cut.contains("<p>\(Self.words(1...57)) <em><a href=\"/about/\">word58 word59 word60</a></em>…</p>"), "\(cut)")
        #expect(!cut.contains("word61"))
        #expect(cut.contains("Continue reading"), "a cut summary is not the whole post")
        // The author's own summaries are shown whole.
        #expect(try Self.entry("Marker", on: home).contains(Self.words(1...80) + "</p>"))
        #expect(try Self.entry("Front", on: home).contains(Self.words(1...80) + "</p>"))
        #expect(try Self.entry("Front", on: home).contains("Continue reading"))
        // A post that is all summary has nothing to continue to.
        #expect(!(try Self.entry("One", on: home)).contains("Continue reading"))
        #expect(!(try Self.entry("Nothing-After", on: home)).contains("Continue reading"))
        #expect(try Self.entry("Two", on: home).contains("Continue reading"))
        #expect(try Self.entry("Marker", on: home).contains("Continue reading"))
    }

    @Test func feedsKeepTheWholeFirstParagraph() throws {
        var f = SiteFixture()
        f.config.feedFullContent = false
        f.post("long", "2024-01-01", body: Self.words(1...80) + "\n")
        let site = f.resolve().site
        #expect(site.posts[0].rendered.summaryHTML.contains("word80"), "the summary feeds carry is not cut")
        #expect(SiteProjections(site).entries[0].summaryHTML.contains("word60…"))
    }

    @Test func theHeroImageIsAThumbnailWithItsSize() throws {
        let folder = try TestSiteFolder()
        try folder.write("content/posts/2024-01-05-hero.md", """
            ---
            title: With a Hero
            image: { src: /images/hero.png, alt: "A hero & a tide" }
            ---
            A paragraph.

            """)
        try folder.write("content/posts/2024-01-06-plain.md", "---\ntitle: Plain\n---\nNo picture.\n")
        try folder.writeBytes("content/images/hero.png", ImageSizeTests.png(width: 1600, height: 900))
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        let home = try #require(pages["index.html"])
        #expect(try Self.entry("With a Hero", on: home).contains(
            "<img class=\"thumb\" src=\"/images/hero.png\" alt=\"A hero &amp; a tide\" width=\"1600\" height=\"900\" loading=\"lazy\">"),
                "\(home)")
        #expect(!(try Self.entry("Plain", on: home)).contains("<img"))
    }
}
