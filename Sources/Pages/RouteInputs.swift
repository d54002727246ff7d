import Site
/// What one page is made from besides the site as a whole, declared once per
/// kind of page. `RenderKeys` hashes it (equal inputs, equal bytes), and the
/// incremental layer reads it backwards: which pages show post `i`.
public struct RouteInputs {
    /// A Markdown file the page is made from (by load version, with its resolved links and images).
    public enum Own: Equatable {
        case none
        case post(Int)
        case series(Int)
        case app(Int)
        case page(Int)
    }

    /// Which posts' list entries (`PostListEntry`) the page shows, in order.
    public enum Listed {
        case none
        case range(Range<Int>)
        case indices([Int])

        func contains(_ i: Int) -> Bool {
            switch self {
            case .none: false
            case .range(let r): r.contains(i)
            // Index lists are short (a tag's, a series', an app's posts).
            case .indices(let list): list.contains(i)
            }
        }
    }

    /// The templates it may be rendered with (`page` or `404` for a content page: decided by its
    /// URL; `app-page` for an app's child page).
    public var templates: [String]
    public var own: Own = .none
    public var listed: Listed = .none
    /// A post page's related posts (`RelatedPosts`), shown at its end by title, URL and date
    /// (`SiteProjections.relatedLink`): a related post's new title, or another choice, renders it again.
    public var related: [Int] = []
    /// A post page's series box (`SiteProjections.seriesBox`): the titles and URLs of its series' parts.
    public var seriesBoxOf: Int?
    /// App cards shown (`SiteProjections.apps`), by app index; `allApps` for the apps page.
    public var appCard: Int?
    public var allApps = false
    /// An app page's links to its child pages (`SiteProjections.appPages`), by app index.
    var appPagesOf: Int?
    /// Series summaries shown; `allSeries` for the series index.
    public var seriesSummary: Int?
    public var allSeries = false
    /// Tag links shown; `allTags` for the tags page.
    public var tagLink: Int?
    public var allTags = false
    /// A redirect to a post: its title and URL (from the post's list entry).
    public var redirectTo: Int?
    /// A home page's number of home pages (its pagination links).
    public var pageCount: Int?

    init(templates: [String]) { self.templates = templates }

    /// Does the page show anything of post `i`: its own page, a list entry, a redirect,
    /// a related post's link, or (`withSeriesBox`) a series box that names it?
    func shows(post i: Int, in site: Site, withSeriesBox: Bool) -> Bool {
        if own == .post(i) || redirectTo == i || listed.contains(i) || related.contains(i) { return true }
        if withSeriesBox, let j = seriesBoxOf, let s = site.posts[j].seriesIndex, site.posts[i].seriesIndex == s { return true }
        return false
    }
}
