/// One output file of the site that a template (or the engine) renders.
struct Route: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case post(Int)
        /// Page `number` (1-based) of `count` of the home page list.
        case home(number: Int, count: Int)
        case seriesIndex
        case series(Int)
        case apps
        case app(Int)
        case tags
        case tag(Int)
        case archive
        case page(Int)
        /// `/404.html` when no content page claims it.
        case notFound
        /// `/search/`: the search page, unless `search: false` in site.yml.
        case search
        /// A redirect from an old URL (`aliases:`) to a post.
        case alias(post: Int, from: String)
        /// A redirect from an old URL (`aliases:`) to a page.
        case pageAlias(page: Int, from: String)
        /// `redirects:` entry `i` of site.yml.
        case redirect(Int)
    }

    /// Site path, e.g. `/2021/03/x/` or `/404.html`.
    var url: String
    var kind: Kind
    /// The file that asked for this route, for duplicate-path messages.
    var source: String
    /// Where in `source` the URL comes from (the `slug:` or `aliases:` line), if known.
    var location: SourceLocation? = nil

    /// Path of the file in the output folder, e.g. `2021/03/x/index.html`.
    var outputPath: String { Route.outputPath(forSitePath: url) }

    /// `/` → `index.html`, `/a/b/` → `a/b/index.html` (`SitePaths.outputPath`).
    static func outputPath(forSitePath url: String) -> String {
        SitePaths.outputPath(forSitePath: url)
    }

    /// The template a route is rendered with (`nil`: rendered by the engine).
    var templateName: String? {
        switch kind {
        case .post: return "post"
        case .home: return "home"
        case .seriesIndex: return "series-index"
        case .series: return "series"
        case .apps: return "apps"
        case .app: return "app"
        case .tags: return "tags"
        case .tag: return "tag"
        case .archive: return "archive"
        case .page: return nil  // `page` or `404`, decided by the page
        case .notFound: return "404"
        case .search: return "search"
        case .alias, .pageAlias, .redirect: return nil
        }
    }
}
