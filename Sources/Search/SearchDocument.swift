import Load
import Support
import Markdown
import Site
import Feeds
import Pages

/// One page the search index holds: what is indexed and what a result shows.
struct SearchDocument: Sendable, Equatable {
    var title: String
    /// Site path without the leading `/` (`2024/05/kettle/`).
    var path: String
    /// `2024-05-01` for a post, empty for a page.
    var date: String
    /// The post's date as its own page prints it, in the site's language and
    /// `strings: { date: }` (`1 November 2026`); empty for a page.
    var dateText: String = ""
    /// Tags, then the series and app names.
    var names: [String]
    /// The rendered body (HTML): headings, prose and code.
    var bodyHTML: String
    /// HTML indexed besides the body that the body does not hold: a post's
    /// front-matter `summary:` (shown as its excerpt), an app's tagline and
    /// platforms, a series' description, the apps index's names and taglines.
    var leadHTML: String = ""
    /// What a result shows under the title, before it is made plain text and cut:
    /// front matter's `summary:` (plain text) when given, else the summary's HTML.
    var summaryText: String?
    var summaryHTML: String
    /// The own page of what its title names (an app, a series): ranked first among
    /// the results with as many query words in their titles (`kettle` finds the
    /// app's page before its privacy page and the posts about it).
    var isNamePage = false

    /// The kinds of page the index holds (each page of them the sitemap lists):
    /// what a reader looks for by its words. Not the lists of posts (home, tags,
    /// archive, the series index), whose words are their posts', nor redirects.
    static let kinds: [PageKind] = [.post, .page, .appPage, .app, .apps, .series]

    /// The documents of `site` in id order: published posts as the site orders
    /// them (newest first), then the other pages by URL (standalone pages, app
    /// pages and their child pages, the apps index, series). Taken from the
    /// site's routes, as the sitemap is, so only what this build publishes (and
    /// only the page that won a duplicate path) is indexed. Never drafts or future
    /// posts (even in `serve`), the 404 page, or anything with `search: false`.
    /// Nil when `yield` was raised first (asked every 64 routes).
    static func all(in site: Site, routes: [Route], yield: YieldSignal = .never) -> [SearchDocument]? {
        var docs: [SearchDocument] = []
        var others: [SearchDocument] = []
        docs.reserveCapacity(site.posts.count)
        for (r, route) in routes.enumerated() where kinds.contains(where: { $0 === route.kind }) {
            if r % 64 == 0, yield.isRaised { return nil }
            guard case .listed = route.kind.sitemap(route, site) else { continue }
            if route.kind === PageKind.post {
                if let doc = post(route.item, in: site) { docs.append(doc) }
            } else if let doc = page(route, in: site) {
                others.append(doc)
            }
        }
        others.sort { $0.path < $1.path }
        return docs + others
    }

    /// A post that is published in this build and searchable.
    private static func post(_ i: Int, in site: Site) -> SearchDocument? {
        // Read in place, by index: copying a post whole costs more than the work here.
        guard !site.posts[i].isDraft, !site.posts[i].isFuture, site.posts[i].post.search else { return nil }
        var names = site.posts[i].post.tags
        if let k = site.posts[i].seriesIndex { names.append(site.series[k].series.title) }
        if let k = site.posts[i].appIndex { names.append(site.apps[k].app.title) }
        let d = site.posts[i].post.date
        // A front-matter summary is not in the body: its words are indexed beside it.
        let summary = site.posts[i].post.summary
        return SearchDocument(
            title: site.posts[i].post.title,
            path: sitePath(site.posts[i].permalink),
            date: pad(d.year, 4) + "-" + pad(d.month, 2) + "-" + pad(d.day, 2),
            dateText: site.config.strings.date(d),
            names: names,
            bodyHTML: site.posts[i].rendered.html,
            leadHTML: summary == nil ? "" : site.posts[i].rendered.summaryHTML,
            summaryText: summary,
            summaryHTML: site.posts[i].rendered.summaryHTML)
    }

    /// A page of the other indexed kinds, as a reader finds it: by its title and the words it shows.
    private static func page(_ route: Route, in site: Site) -> SearchDocument? {
        let kind = route.kind
        if kind === PageKind.page || kind === PageKind.appPage {
            let p = site.pages[route.item]
            // A draft (or a draft app's page) is not indexed even when `serve` shows it, as a draft post is not.
            guard p.page.search, !p.page.draft, !(p.appIndex.map { site.apps[$0].app.draft } ?? false) else { return nil }
            return SearchDocument(title: p.page.title, path: sitePath(p.url), date: "",
                                  names: p.appIndex.map { [site.apps[$0].app.title] } ?? [],
                                  bodyHTML: p.rendered.html, summaryText: nil, summaryHTML: p.rendered.summaryHTML)
        }
        if kind === PageKind.app {
            let a = site.apps[route.item]
            guard !a.app.draft else { return nil }
            var lead = ""
            if let tagline = a.app.tagline { lead += "<p>" + XMLText.escape(tagline) + "</p>" }
            if !a.app.platforms.isEmpty { lead += "<p>" + XMLText.escape(a.app.platforms.joined(separator: ", ")) + "</p>" }
            // The screenshots' alt text, as a body image's is indexed.
            for shot in a.app.screenshots { if let alt = shot.alt { lead += "<p>" + XMLText.escape(alt) + "</p>" } }
            return SearchDocument(title: a.app.title, path: sitePath(a.url), date: "", names: [],
                                  bodyHTML: a.description.html, leadHTML: lead,
                                  summaryText: a.app.tagline, summaryHTML: a.description.summaryHTML, isNamePage: true)
        }
        if kind === PageKind.series {
            let s = site.series[route.item]
            guard !s.series.draft else { return nil }
            let lead = s.series.description.map { "<p>" + XMLText.escape($0) + "</p>" } ?? ""
            return SearchDocument(title: s.series.title, path: sitePath(s.url), date: "", names: [],
                                  bodyHTML: s.intro.html, leadHTML: lead,
                                  summaryText: s.series.description, summaryHTML: s.intro.summaryHTML, isNamePage: true)
        }
        if kind === PageKind.apps, !site.apps.isEmpty {
            // The portfolio: found by each app's name and tagline, as its cards show them.
            var lead = "", shown: [String] = []
            for a in site.apps {
                lead += "<p>" + XMLText.escape(a.app.title) + "</p>"
                if let tagline = a.app.tagline { lead += "<p>" + XMLText.escape(tagline) + "</p>" }
                shown.append(a.app.tagline.map { a.app.title + " — " + $0 } ?? a.app.title)
            }
            return SearchDocument(title: site.config.strings[.apps], path: sitePath(route.url), date: "", names: [],
                                  bodyHTML: "", leadHTML: lead,
                                  summaryText: shown.joined(separator: " · "), summaryHTML: "")
        }
        return nil
    }

    private static func sitePath(_ url: String) -> String { String(url.drop(while: { $0 == "/" })) }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}
