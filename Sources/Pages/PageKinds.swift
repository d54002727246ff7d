import Foundation
import Load
import Support
import Diagnostics
import Template
import Site
import Feeds
import Render

/// Every kind of page, in the order their routes are listed (on a duplicate
/// output path the earlier one keeps it), and what is derived from them: the
/// page templates a theme must have and each one's context, the `page.is_*`
/// flags, the sitemap.
public enum PageKinds {
    public static let all: [PageKind] = [
        .post, .home, .seriesIndex, .series, .apps, .app, .tags, .tag, .archive, .page, .appPage, .notFound, .search,
        .alias, .pageAlias, .siteRedirect,
    ]

    /// The page templates of `kinds`, each with the names its context adds (from the first kind that declares it).
    static func templateFields(of kinds: [PageKind] = all) -> [(name: String, own: ContextShapes.Fields)] {
        var seen = Set<String>()
        return kinds.flatMap { $0.templates() }.filter { seen.insert($0.name).inserted }
    }

    /// The page templates in the order the kinds declare them.
    static let templateNames: [String] = templateFields().map(\.name)

    /// Every page template's `page.is_<template>` flag.
    static var flags: [String] { templateNames }

    /// The context a page template gets: `site`, `page`, `strings`, and its kind's own
    /// names; a fresh tree on each call. Nil for a name that is not a page template.
    static func root(for template: String) -> TemplateShape? { templates.root(template) }

    /// The contract a theme is compiled against.
    static let templates = templates(of: all)

    /// The contract a theme is compiled against for a site with these kinds of page.
    public static func templates(of kinds: [PageKind]) -> PageTemplates {
        let names = templateFields(of: kinds).map(\.name)
        return PageTemplates(names: names, root: { template in
            templateFields(of: kinds).first(where: { $0.name == template }).map { ContextShapes.root(own: $0.own, flags: names) }
        })
    }

    /// The newest change (`updated:` or `date:`) among posts, for a list page's sitemap date.
    static func newest(_ indices: some Sequence<Int>, in site: Site) -> PostDate? {
        FeedDates.latest(indices.lazy.map { site.posts[$0].post.updated ?? site.posts[$0].post.date })
    }

    /// Every page a reader or a search engine should find, as each kind lists it.
    public static func sitemapPages(_ routes: [Route], site: Site) -> [Sitemap.Page] {
        routes.compactMap { route in
            switch route.kind.sitemap(route, site) {
            case .unlisted: nil
            case .listed(let date): Sitemap.Page(path: route.url, lastModified: date)
            }
        }
    }

    /// A redirect route for each of a post's or page's `aliases`, but for one that is
    /// its own URL: a redirect to itself would replace it, so it is left out with a hint.
    static func aliasRoutes(_ aliases: [String], at locations: [SourceLocation], fallback: SourceLocation?,
                            of noun: String, url: String, source: String, kind: PageKind, item: Int,
                            diagnostics: inout [Diagnostic]) -> [Route] {
        let own = SiteURLs.outputPath(url)
        var routes: [Route] = []
        for (n, alias) in aliases.enumerated() {
            let at = n < locations.count ? locations[n] : fallback
            if SiteURLs.outputPath(alias) == own {
                diagnostics.append(Diagnostic(file: source, line: at?.line, column: at?.column,
                                              message: "front matter: alias \(alias) is the \(noun)'s own URL; no redirect is written for it",
                                              severity: .hint))
                continue
            }
            routes.append(Route(url: alias, kind: kind, item: item, source: source, location: at))
        }
        return routes
    }
}

extension Theme {
    /// The theme for a site, compiled against the page kinds' contexts.
    static func load(siteDirectory: URL) -> (Theme?, [Diagnostic]) {
        load(siteDirectory: siteDirectory, pages: PageKinds.templates)
    }
}
