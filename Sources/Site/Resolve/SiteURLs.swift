import Load

/// Every site path the engine gives a page of its own making, in one place: the
/// resolver names posts, series, apps, tags and pages with these, the page kinds
/// route them, and `import` points old list pages at them. A path starts with
/// `/`; `SitePaths.outputPath` turns it into the file it is written to.
public enum SiteURLs {
    /// Page `n` (1-based) of the home page's list: `/`, then `/page/2/`, …
    public static func home(page n: Int) -> String { n <= 1 ? "/" : "/page/\(n)/" }

    public static let archive = "/archive/"
    public static let tags = "/tags/"
    public static let seriesIndex = "/series/"
    public static let apps = "/apps/"
    /// The theme's "not found" page, when no content page is `404`.
    public static let notFound = "/404.html"
    /// The search page; its index is written below it (`search/`).
    public static let search = "/search/"

    /// A post's URL: its permalink pattern (`/:year/:month/:slug/`) filled in.
    public static func post(_ post: Post, pattern: String) -> String { Permalink.expand(pattern, post: post) }

    public static func tag(slug: String) -> String { tags + slug + "/" }
    /// A tag's URL segment; a name with no ASCII letters gets a stable hex form.
    public static func tagSlug(_ name: String) -> String {
        let slug = Slug.make(name)
        if !slug.isEmpty { return slug }
        return "tag-" + name.lowercased().utf8.map { String($0, radix: 16) }.joined()
    }
    public static func series(slug: String) -> String { seriesIndex + segment(slug) + "/" }
    static func app(slug: String) -> String { apps + segment(slug) + "/" }

    /// A series' or app's slug as its URL's segment: the file's name, or the slug
    /// `new post` would make of a name that is not one (`Side Projects` →
    /// `side-projects`, `Slug.fromFileName`). Posts still name it as the file does.
    static func segment(_ slug: String) -> String {
        let cleaned = Slug.fromFileName(slug)
        return cleaned.isEmpty ? slug : cleaned
    }
    /// A child page of an app (`content/apps/kettle/privacy.md`): under its app's URL.
    static func appPage(slug: String, appURL: String) -> String { appURL + slug + "/" }
    /// A standalone page (`content/pages/about.md`): `/about/`; `404` is `/404.html`.
    public static func page(slug: String) -> String { slug == "404" ? notFound : "/\(slug)/" }
}
