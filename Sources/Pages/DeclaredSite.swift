import Load
import Site

/// The site as a page's context reads it (`PageContext.site`): only what the page's
/// kind declares in its inputs (`RouteInputs`), which decide when a rebuild renders
/// the page again. In debug builds (the tests) every read is checked against the
/// declaration and one outside it is named (`UndeclaredReads`): the page renderer
/// then fails the page, since serve would leave it stale when that thing changed.
/// Release builds check nothing.
///
/// The check is by thing, not by field: a post the page lists may be read whole,
/// though its list entry (`PostListEntry`) is what the key hashes; kinds read a listed
/// post's entry through `PageContext.entries`.
struct DeclaredSite {
    private let site: Site
    let inputs: RouteInputs
    let log: UndeclaredReads?

    init(_ site: Site, inputs: RouteInputs, log: UndeclaredReads?) {
        self.site = site
        self.inputs = inputs
        self.log = log
    }

    /// Records a read outside the declaration (debug builds).
    @inline(__always)
    private func check(_ declared: @autoclosure () -> Bool, _ what: @autoclosure () -> String) {
        #if DEBUG
        if let log, !declared() { log.reads.append(what()) }
        #endif
    }

    /// The site's settings: every page's key holds them (`SiteWide`).
    var config: SiteConfig { site.config }

    /// Checks (debug builds) that the page declares post `i`, series `i` or app `i`, for a read
    /// made through a projection (`PageContext.entries`, `appCard`, …); release builds do nothing.
    @inline(__always)
    func checkPost(_ i: Int) {
        #if DEBUG
        _ = post(i)
        #endif
    }
    @inline(__always)
    func checkSeries(_ i: Int) {
        #if DEBUG
        _ = series(i)
        #endif
    }
    @inline(__always)
    func checkApp(_ i: Int) {
        #if DEBUG
        _ = app(i)
        #endif
    }
    @inline(__always)
    func checkTag(_ i: Int) {
        #if DEBUG
        _ = tag(i)
        #endif
    }

    /// Post `i`: the page's own, one it lists, redirects to, relates or shows in its series box.
    func post(_ i: Int) -> SitePost {
        check(inputs.shows(post: i, in: site, withSeriesBox: true), "post \(i) (\(site.posts[i].post.sourcePath))")
        return site.posts[i]
    }

    /// How many posts the site shows: declared as `postCount`, or by listing every post.
    var postCount: Int {
        check(inputs.postCount || { if case .range(let r) = inputs.listed { r == site.posts.indices } else { false } }(),
              "the number of posts")
        return site.posts.count
    }

    /// How the home page's list is cut into pages: declared by its page count (`pageCount`).
    var homePaging: HomePaging {
        check(inputs.pageCount != nil, "the number of home pages")
        return HomePaging(site)
    }

    func series(_ i: Int) -> SiteSeries {
        let boxed = inputs.seriesBoxOf.flatMap { site.posts[$0].seriesIndex } == i
        check(inputs.own == .series(i) || inputs.seriesSummary == i || inputs.allSeries || boxed, "series \(i) (\(site.series[i].series.slug))")
        return site.series[i]
    }

    /// Every series: the series index.
    var seriesIndices: Range<Int> {
        check(inputs.allSeries, "every series")
        return site.series.indices
    }

    func app(_ i: Int) -> SiteApp {
        check(inputs.own == .app(i) || inputs.appCard == i || inputs.allApps, "app \(i) (\(site.apps[i].app.slug))")
        return site.apps[i]
    }

    /// Every app: the apps page.
    var appIndices: Range<Int> {
        check(inputs.allApps, "every app")
        return site.apps.indices
    }

    func page(_ i: Int) -> SitePage {
        check(inputs.own == .page(i), "page \(i) (\(site.pages[i].page.sourcePath))")
        return site.pages[i]
    }

    func tag(_ i: Int) -> SiteTag {
        check(inputs.tagLink == i || inputs.allTags, "tag \(i) (\(site.tags[i].slug))")
        return site.tags[i]
    }

    /// Every tag: the tags page.
    var tagIndices: Range<Int> {
        check(inputs.allTags, "every tag")
        return site.tags.indices
    }

    /// The feed of a series, tag or app the page is about (its link in the page's head).
    func feed(series i: Int) -> FeedCollection { checkSeries(i); return .series(i, in: site) }
    func feed(tag i: Int) -> FeedCollection { checkTag(i); return .tag(i, in: site) }
    func feed(app i: Int) -> FeedCollection { checkApp(i); return .app(i, in: site) }

    /// The processed variants of an image the page's own file shows (its own file's images are in its key).
    func imageVariants(_ src: String, in sourcePath: String) -> ImageVariantSet? {
        site.imageVariants(src, in: sourcePath)
    }
}

/// What one page's context read outside its declared inputs (debug builds): one page, one thread.
final class UndeclaredReads {
    var reads: [String] = []
}
