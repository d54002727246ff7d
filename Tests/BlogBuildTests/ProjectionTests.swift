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

/// What a page shows of other posts, tags, series and apps is one set of values
/// (`SiteProjections`), and render keys derive from them: changing any field a
/// page shows changes the keys of exactly the pages that show it, and every page
/// whose bytes change has a changed key. The site is the example site, resolved
/// once from disk and then changed in memory.
@Suite struct ProjectionTests {
    /// The example site resolved, with its theme and routes.
    struct Resolved {
        var site: Site
        let theme: Theme
        let routes: [Route]
        let urls: URLMaker

        init() throws {
            let content = ContentLoader.load(siteDirectory: RepoPaths.root)
            let (site, _) = SiteResolver.resolve(content, mode: .build(includeDrafts: false),
                                                 now: Date(timeIntervalSince1970: 1_790_000_000))
            self.site = site
            theme = try #require(Theme.load(siteDirectory: RepoPaths.root).0)
            routes = Router.routes(for: site).0
            urls = URLMaker(baseURL: site.config.baseURL, absolute: false)
        }

        /// Each route's key by output path, with `bumped` source files given a new load version.
        func keys(bumped: Set<String> = []) -> [String: Int] {
            let keys = RenderKeys(site: site, theme: theme, urls: urls, projections: SiteProjections(site),
                                  version: { bumped.contains($0) ? 2 : 1 }).keys(for: routes)
            return Dictionary(uniqueKeysWithValues: zip(routes.map(\.outputPath), keys))
        }

        /// Each page's bytes by output path.
        func pages() -> [String: [UInt8]] {
            let (files, _) = PageRenderer(site: site, theme: theme, urls: urls).render(routes)
            return Dictionary(uniqueKeysWithValues: files.compactMap { file in
                if case .bytes(let b) = file.contents { return (file.path, b) } else { return nil }
            })
        }

        func path(_ kind: PageKind, _ item: Int = 0) -> String? { routes.first { $0.kind === kind && $0.item == item }?.outputPath }

        /// Output paths of the list pages that show post `i`: its home page, the
        /// archive, its tags', series' and app's pages.
        func listsShowing(_ i: Int) -> Set<String> {
            var out: Set<String> = []
            for route in routes {
                let n = route.item
                if route.kind === PageKind.home {
                    if HomePaging(site).posts(onPage: n).contains(i) { out.insert(route.outputPath) }
                } else if route.kind === PageKind.archive {
                    out.insert(route.outputPath)
                } else if route.kind === PageKind.tag, site.tags[n].postIndices.contains(i) {
                    out.insert(route.outputPath)
                } else if route.kind === PageKind.series, site.series[n].postIndices.contains(i) {
                    out.insert(route.outputPath)
                } else if route.kind === PageKind.app, site.apps[n].postIndices.contains(i) {
                    out.insert(route.outputPath)
                }
            }
            return out
        }
    }

    /// Applies `change`, then expects the changed keys to be exactly `expected`
    /// and every page whose bytes changed to be among them.
    func expectChange(_ what: String, _ r: inout Resolved, bumped: Set<String> = [], expected: (Resolved) -> Set<String>,
                      _ change: (inout Site) -> Void, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let beforeKeys = r.keys(), beforePages = r.pages()
        change(&r.site)
        let afterKeys = r.keys(bumped: bumped), afterPages = r.pages()
        let keyed = Set(afterKeys.keys.filter { afterKeys[$0] != beforeKeys[$0] })
        let rendered = Set(afterPages.keys.filter { afterPages[$0] != beforePages[$0] })
        let want = expected(r)
        #expect(keyed == want, "\(what): keys changed on \(keyed.subtracting(want).sorted()) but not on \(want.subtracting(keyed).sorted())",
                sourceLocation: sourceLocation)
        #expect(rendered.isSubset(of: keyed), "\(what): pages changed without a new key: \(rendered.subtracting(keyed).sorted())",
                sourceLocation: sourceLocation)
        #expect(!rendered.isEmpty, "\(what): no page changed at all", sourceLocation: sourceLocation)
    }

    @Test func aPostsTitleReachesItsPageItsListsAndItsSeriesNeighbours() throws {
        var r = try Resolved()
        let i = try #require(r.site.posts.indices.first { r.site.posts[$0].seriesIndex != nil && r.site.posts[$0].appIndex != nil
            && !r.site.posts[$0].tagIndices.isEmpty })
        let source = r.site.posts[i].post.sourcePath
        expectChange("a post's title", &r, bumped: [source], expected: { r in
            var want = r.listsShowing(i)
            want.insert(r.path(.post, i)!)
            for part in r.site.series[r.site.posts[i].seriesIndex!].postIndices { want.insert(r.path(.post, part)!) }
            for route in r.routes where route.kind === PageKind.alias && route.item == i { want.insert(route.outputPath) }
            // The posts that list it among their related posts.
            for j in r.site.posts.indices where r.site.posts[j].relatedIndices.contains(i) { want.insert(r.path(.post, j)!) }
            return want
        }) { $0.posts[i].post.title += " (revised)" }
    }

    @Test func aPostsSummaryReachesItsPageAndItsListsOnly() throws {
        var r = try Resolved()
        let i = try #require(r.site.posts.indices.first { r.site.posts[$0].seriesIndex != nil })
        let source = r.site.posts[i].post.sourcePath
        expectChange("a post's summary", &r, bumped: [source], expected: { r in
            r.listsShowing(i).union([r.path(.post, i)!])
        }) { $0.posts[i].rendered.summaryHTML = "<p>A new summary.</p>" }
    }

    @Test func aTagsNameReachesEveryPageThatShowsTheTag() throws {
        var r = try Resolved()
        let t = try #require(r.site.tags.indices.max { r.site.tags[$0].postIndices.count < r.site.tags[$1].postIndices.count })
        expectChange("a tag's name", &r, expected: { r in
            var want: Set<String> = [r.path(.tags)!, r.path(.tag, t)!]
            for i in r.site.tags[t].postIndices { want.formUnion(r.listsShowing(i)); want.insert(r.path(.post, i)!) }
            return want
        }) { $0.tags[t].name += " & more" }
    }

    @Test func anAppsPlatformsReachItsCardsOnly() throws {
        var r = try Resolved()
        let a = try #require(r.site.apps.indices.first { !r.site.apps[$0].postIndices.isEmpty })
        expectChange("an app's platforms", &r, expected: { r in
            var want: Set<String> = [r.path(.apps)!, r.path(.app, a)!]
            for i in r.site.apps[a].postIndices { want.insert(r.path(.post, i)!) }
            return want
        }) { $0.apps[a].app.platforms.append("visionOS") }
    }

    @Test func aSeriesTitleReachesItsPartsAndTheListsThatShowThem() throws {
        var r = try Resolved()
        let s = try #require(r.site.series.indices.first { r.site.series[$0].postIndices.count > 1 })
        let source = r.site.series[s].series.sourcePath
        expectChange("a series' title", &r, bumped: [source], expected: { r in
            var want: Set<String> = [r.path(.seriesIndex)!, r.path(.series, s)!]
            for i in r.site.series[s].postIndices { want.formUnion(r.listsShowing(i)); want.insert(r.path(.post, i)!) }
            return want
        }) { $0.series[s].series.title = "A Better Name" }
    }

    @Test func theYearsThePostsSpanReachEveryPage() throws {
        var r = try Resolved()
        let oldest = try #require(r.site.posts.indices.last)
        let source = r.site.posts[oldest].post.sourcePath
        // The footer's "© 2019–2026": an older first post changes it on every page.
        expectChange("the first year", &r, bumped: [source], expected: { r in Set(r.routes.map(\.outputPath)) }) {
            $0.posts[oldest].post.date.year -= 3
        }
    }
}
