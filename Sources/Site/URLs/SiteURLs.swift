import Load
import Support

/// Every site path the engine writes, in one place: pages (the resolver names posts,
/// series, apps, tags and pages with these, the page kinds route them, and `import`
/// points old list pages at them), feeds, the sitemap and its parts, robots.txt, the
/// search index, the theme's assets and processed images' variants. A path starts
/// with `/`; `outputPath` turns it into the file it is written to (the one mapping),
/// and `AbsoluteURLs.absolute` into an absolute URL (the one maker, percent-encoding).
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

    // Feeds, the sitemap and robots.txt (`FeedLink` names and titles the feeds).
    public static let rssFeed = "/feed.xml"
    public static let atomFeed = "/atom.xml"
    public static let jsonFeed = "/feed.json"
    public static let sitemap = "/sitemap.xml"
    public static let robots = "/robots.txt"
    /// Part `n` (1-based) of a sitemap too large for one file: `/sitemap-1.xml`.
    public static func sitemapPart(_ n: Int) -> String { "/sitemap-\(n).xml" }
    /// The Atom feed of the series, tag or app whose page is `pageURL`, next to it: `/tags/swiftui/atom.xml`.
    public static func collectionFeed(pageURL: String) -> String { pageURL + "atom.xml" }

    /// A file of the search index, below the search page: `/search/index.json`, `/search/dict/ab.json`
    /// (`SearchIndex.file` writes it, the name as it is).
    public static func searchFile(_ name: String) -> String { search + name }
    /// The theme's `assets/` files, by their names there: `/assets/style.css`, written to
    /// `assetOutputPath` (`assets/style.css`: a file's name is no URL path, so not decoded).
    public static let assetsFolder = "/assets/"
    public static func asset(_ name: String) -> String { assetsFolder + name }
    public static func assetOutputPath(_ name: String) -> String { String(asset(name).dropFirst()) }
    /// A processed image's variant, beside its source (`stem`: the image's path, without its
    /// extension unless another image shares the stem): `/images/a.800.webp`.
    public static func imageVariant(stem: String, width: Int, fileExtension: String) -> String {
        "/\(stem).\(width).\(fileExtension)"
    }

    /// The file a page at `sitePath` is written to: `/` → `index.html`, `/a/b/` → `a/b/index.html`,
    /// `/404.html` → `404.html` (`SitePaths.outputPath`, the one mapping, feeds' folders too).
    public static func outputPath(_ sitePath: String) -> String { SitePaths.outputPath(forSitePath: sitePath) }

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
