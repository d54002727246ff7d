import Load
import Site
import Render
import Template
import HTML

/// The context of one page while its kind fills it in (`PageKind.context`):
/// the kind sets `page` (with `setPage`) and its own names on `root`;
/// `RouteValues` adds what every page has (`site`, its nav, `strings`).
/// The kind reads the site only through `site` (`DeclaredSite`) and the methods
/// here, each checked against what its inputs declare.
struct PageContext {
    let site: DeclaredSite
    let urls: URLMaker
    private let values: TemplateValues
    /// The context's root, laid out by the template's shape: the kind's own names go here.
    var root: TemplateRecord
    /// `page`, holding what every page has (`TemplateValues.pageWithSiteFeeds`) until the kind fills it in.
    var page: TemplateRecord

    init(site: DeclaredSite, urls: URLMaker, values: TemplateValues, root: TemplateRecord, page: TemplateRecord) {
        self.site = site
        self.urls = urls
        self.values = values
        self.root = root
        self.page = page
    }

    var strings: ThemeStrings { site.config.strings }

    /// `page` for a page of kind `kind` (its `page.kind` and `page.is_<kind>`), made from what every page has.
    mutating func setPage(kind: String, title: String, path: String, description: String?,
                          params: [String: FrontMatterValue] = [:], ownFeed: FeedCollection? = nil) {
        page = values.page(page, kind: kind, title: title, path: path, description: description, params: params, ownFeed: ownFeed)
    }

    /// The absolute URL of a `social_image:` written in `file` (the page's own): its largest
    /// processed variant when it was processed, else the file itself.
    func sharedImage(_ src: String, from file: String) -> String {
        let shared = site.imageVariants(src, in: file).map { "/" + $0.fallbackPath }
        return urls.absoluteURL(shared ?? ImageReference.sitePath(src, from: file))
    }

    /// The absolute URL of app `i`'s icon as a page's og:image: its largest
    /// processed variant (never the original with its metadata), else the file.
    func appIcon(_ i: Int) -> String? {
        let app = site.app(i).app
        guard let icon = app.icon else { return nil }
        return sharedImage(icon, from: app.sourcePath)
    }

    // What pages show of other things, from their projections, each read checked (`DeclaredSite`).

    /// The list entries of posts `indices`.
    func entries(_ indices: some Collection<Int>, _ r: TemplateRecord) -> TemplateValue {
        for i in indices { site.checkPost(i) }
        return values.entries(indices, r)
    }

    func entry(_ i: Int, _ r: TemplateRecord) -> TemplateRecord {
        site.checkPost(i)
        return values.entry(i, r)
    }

    /// The page's own post, series or app, whole.
    func post(_ i: Int, _ r: TemplateRecord) -> TemplateValue { site.checkPost(i); return values.post(i, r) }
    func series(_ i: Int, _ r: TemplateRecord) -> TemplateValue { site.checkSeries(i); return values.series(i, r) }
    func app(_ i: Int, _ r: TemplateRecord) -> TemplateValue { site.checkApp(i); return values.app(i, r) }

    func appCard(_ i: Int, _ r: TemplateRecord) -> TemplateRecord { site.checkApp(i); return values.appCard(i, r) }
    func appStoreID(_ i: Int) -> String? { site.checkApp(i); return values.projections.apps[i].appStoreID }
    func seriesSummary(_ i: Int, _ r: TemplateRecord) -> TemplateRecord { site.checkSeries(i); return values.seriesSummary(i, r) }
    func tagLink(_ i: Int, _ r: TemplateRecord) -> TemplateRecord { site.checkTag(i); return values.tagLink(values.projections.tags[i], r) }

    /// `page` for a page written in Markdown (its own): its title, text, table of contents and shared image.
    mutating func fillContentPage(_ p: SitePage, kind: String) {
        setPage(kind: kind, title: p.page.title, path: p.url,
                description: PlainText.of(p.rendered.summaryHTML), params: p.page.params)
        page["content"] = .string(values.contentHTML(p.rendered.html))
        page["toc"] = values.toc(p.rendered.toc, page.elementRecord(for: "toc"))
        page["has_toc"] = .bool(p.rendered.toc.count >= 2)
        page["show_toc"] = .bool(p.rendered.toc.count >= TemplateValues.tocMinimumHeadings)
        page["has_content"] = .bool(true)
        if let social = p.page.socialImage { page["image"] = .string(sharedImage(social, from: p.page.sourcePath)) }
    }
}
