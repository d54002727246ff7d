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

/// The resolver, the router and the renderer on sites made in memory
/// (`SiteFixture`): no disk, no example site, each case built for what it checks.
@Suite struct InMemoryPipelineTests {
    @Test func draftsAndFuturePostsAreLeftOutAndNamed() {
        var f = SiteFixture()
        f.post("shown", "2025-01-10")
        let draft = f.post("draft", "2025-01-11", draft: true)
        let future = f.post("future", "2030-01-01")
        let (site, problems) = f.resolve()
        #expect(problems.isEmpty, "\(problems)")
        #expect(site.posts.map(\.post.slug) == ["shown"])
        #expect(site.skippedDrafts == [draft])
        #expect(site.skippedFuture == [future])

        f.mode = .build(includeDrafts: true)
        #expect(Set(f.resolve().site.posts.map(\.post.slug)) == ["shown", "draft", "future"])
    }

    @Test func postsAreNewestFirstAndSeriesFollowTheirOrder() {
        var f = SiteFixture()
        f.series("by-date", title: "By Date")
        f.series("by-hand", title: "By Hand", order: .manual)
        f.post("b", "2024-02-01", series: "by-date")
        f.post("a", "2024-01-01", series: "by-date")
        f.post("second", "2024-01-05", series: "by-hand", seriesOrder: 2)
        f.post("first", "2024-03-05", series: "by-hand", seriesOrder: 1)
        let site = f.resolve().site
        #expect(site.posts.map(\.post.slug) == ["first", "b", "second", "a"])
        let byDate = try! #require(site.series.first { $0.series.slug == "by-date" })
        let byHand = try! #require(site.series.first { $0.series.slug == "by-hand" })
        // Oldest first by date; by `series_order` when the series says `order: manual`.
        #expect(byDate.postIndices.map { site.posts[$0].post.slug } == ["a", "b"])
        #expect(byHand.postIndices.map { site.posts[$0].post.slug } == ["first", "second"])
        #expect(site.posts.first { $0.post.slug == "second" }?.seriesPosition == 1)
    }

    @Test func tagsThatDifferOnlyInCaseAreOneTag() {
        var f = SiteFixture()
        f.post("one", "2024-01-01", tags: ["SwiftUI", "macOS"])
        f.post("two", "2024-01-02", tags: ["swiftui"])
        let site = f.resolve().site
        #expect(site.tags.map(\.slug) == ["macos", "swiftui"])
        let swiftUI = try! #require(site.tags.first { $0.slug == "swiftui" })
        #expect(swiftUI.postIndices.count == 2)
        #expect(swiftUI.url == "/tags/swiftui/")
    }

    @Test func anUnknownSeriesOrAppIsReportedWithWhatIsKnown() {
        var f = SiteFixture()
        f.series("known", title: "Known")
        f.app("kettle", title: "Kettle")
        let path = f.post("p", "2024-01-01", series: "unknwn", app: "kettel")
        let problems = f.resolve().problems
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.allSatisfy { $0.file == path })
        #expect(problems.contains { $0.message.contains("unknown series 'unknwn'") && $0.message.contains("known: known") })
        #expect(problems.contains { $0.message.contains("unknown app 'kettel'") && $0.message.contains("known: kettle") })
    }

    @Test func theRouterPaginatesAndWritesAliasesAndReportsClashes() {
        var f = SiteFixture(postsPerPage: 2)
        for day in 1...5 { f.post("post-\(day)", "2024-03-0\(day)") }
        f.post("moved", "2024-03-06", aliases: ["/old/moved/"])
        let (_, routes, problems) = f.routes()
        #expect(problems.isEmpty, "\(problems)")
        let paths = Set(routes.map(\.outputPath))
        // Six posts at two a page: three home pages.
        #expect(paths.isSuperset(of: ["index.html", "page/2/index.html", "page/3/index.html"]))
        #expect(!paths.contains("page/4/index.html"))
        #expect(paths.contains("2024/03/moved/index.html"))
        #expect(routes.contains { $0.outputPath == "old/moved/index.html" && $0.kind === PageKind.alias && $0.item == 0 && $0.url == "/old/moved/" })

        // Two posts in one month with one slug would write one file.
        var clash = SiteFixture()
        clash.post("same", "2024-03-01")
        clash.post("same", "2024-03-02")
        let clashProblems = clash.routes().problems
        #expect(clashProblems.count == 1, "\(clashProblems)")
        #expect(clashProblems.first?.message.contains("duplicate output path /2024/03/same/") == true, "\(clashProblems)")
    }

    @Test func aPostsTitleIsOnItsPageItsTagsAndTheArchiveButADraftIsNot() throws {
        var f = SiteFixture()
        f.post("kettle-notes", "2024-05-01", title: "Notes on <Kettle>", tags: ["Kettle"])
        f.post("unfinished", "2024-05-02", title: "Half a thought", tags: ["Kettle"], draft: true)
        let pages = try f.render()
        for path in ["2024/05/kettle-notes/index.html", "tags/kettle/index.html", "archive/index.html", "index.html"] {
            let page = try #require(pages[path], "no \(path) among \(pages.keys.sorted())")
            #expect(page.contains("Notes on &lt;Kettle&gt;"), "\(path) does not show the escaped title")
            #expect(!page.contains("Half a thought"), "\(path) shows a draft")
        }
        #expect(pages["2024/05/unfinished/index.html"] == nil)
    }
}
