import Foundation
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

/// A site made in memory, without the disk: posts, series, apps and pages as
/// values, then resolved, routed and rendered by the same pure stages a build
/// runs. For tests of the resolver, the router and the renderer that should not
/// depend on the example site or a temp folder.
struct SiteFixture {
    var config = SiteConfig()
    var posts: [Post] = []
    var series: [Series] = []
    var apps: [App] = []
    var pages: [Page] = []
    /// "Now" for the build: posts after it are future posts.
    var now = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21
    var mode = BuildMode.build(includeDrafts: false)

    init(title: String = "Fixture", baseURL: String = "https://example.com/", postsPerPage: Int = 10) {
        config.title = title
        config.baseURL = baseURL
        config.postsPerPage = postsPerPage
    }

    /// A post dated `date` (`2024-03-14`), `content/posts/DATE-SLUG.md`.
    @discardableResult
    mutating func post(_ slug: String, _ date: String, title: String? = nil, tags: [String] = [], series: String? = nil,
                       seriesOrder: Int? = nil, app: String? = nil, draft: Bool = false, summary: String? = nil,
                       aliases: [String] = [], body: String = "A first paragraph.\n\nA second one.\n") -> String {
        let path = "content/posts/\(date)-\(slug).md"
        let parsed = (try? DateParsing.parse(date, timeZone: config.timeZone).get())
            ?? PostDate(instant: Date(timeIntervalSince1970: 0), year: 1970, month: 1, day: 1, utcOffsetSeconds: 0)
        posts.append(Post(sourcePath: path, title: title ?? slug.capitalized, date: parsed, summary: summary, tags: tags,
                          series: series, seriesOrder: seriesOrder, app: app, draft: draft, slug: slug, aliases: aliases,
                          body: body))
        return path
    }

    mutating func series(_ slug: String, title: String, order: Series.Order = .date) {
        series.append(Series(sourcePath: "content/series/\(slug).md", slug: slug, title: title, order: order,
                             body: "About \(title).\n"))
    }

    mutating func app(_ slug: String, title: String, status: App.Status = .available, platforms: [String] = ["iOS"]) {
        apps.append(App(sourcePath: "content/apps/\(slug).md", slug: slug, title: title, platforms: platforms,
                        status: status, body: "\(title) does one thing well.\n"))
    }

    mutating func page(_ slug: String, title: String, body: String = "A page.\n") {
        pages.append(Page(sourcePath: "content/pages/\(slug).md", slug: slug, title: title, body: body))
    }

    /// What the load stage would have read.
    var content: LoadedContent {
        LoadedContent(config: config, posts: posts.sorted { $0.sourcePath < $1.sourcePath },
                      series: series.sorted { $0.sourcePath < $1.sourcePath }, apps: apps.sorted { $0.sourcePath < $1.sourcePath },
                      pages: pages.sorted { $0.sourcePath < $1.sourcePath }, diagnostics: [])
    }

    /// The resolved site and its problems.
    func resolve() -> (site: Site, problems: [Diagnostic]) {
        let (site, problems) = SiteResolver.resolve(content, mode: mode, now: now)
        return (site, problems)
    }

    /// Every route of the resolved site, and the router's problems.
    func routes() -> (site: Site, routes: [Route], problems: [Diagnostic]) {
        let (site, resolveProblems) = resolve()
        let (routes, routeProblems) = Router.routes(for: site)
        return (site, routes, resolveProblems + routeProblems)
    }

    /// Every page rendered with the built-in theme, by output path.
    func render() throws -> [String: String] {
        let (site, routes, _) = routes()
        let theme = try Self.builtInTheme()
        let (files, problems) = PageRenderer(site: site, theme: theme, urls: URLMaker(baseURL: site.config.baseURL, absolute: false))
            .render(routes)
        guard problems.isEmpty else { throw FixtureError(problems: problems) }
        var out: [String: String] = [:]
        for file in files { if case .bytes(let b) = file.contents { out[file.path] = String(decoding: b, as: UTF8.self) } }
        return out
    }

    /// The built-in theme, compiled (no site folder: nothing on disk overrides it).
    static func builtInTheme() throws -> Theme {
        let (theme, problems) = Theme.load(siteDirectory: URL(fileURLWithPath: "/nonexistent-blogbuild-fixture"))
        guard let theme else { throw FixtureError(problems: problems) }
        return theme
    }

    struct FixtureError: Error, CustomStringConvertible {
        var problems: [Diagnostic]
        var description: String { problems.map(\.description).joined(separator: "\n") }
    }
}
