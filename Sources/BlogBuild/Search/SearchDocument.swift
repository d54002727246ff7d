/// One page the search index holds: what is indexed and what a result shows.
struct SearchDocument: Sendable, Equatable {
    var title: String
    /// Site path without the leading `/` (`2024/05/kettle/`).
    var path: String
    /// `2024-05-01` for a post, empty for a page.
    var date: String
    /// Tags, then the series and app names.
    var names: [String]
    /// The rendered body (HTML): headings, prose and code.
    var bodyHTML: String
    /// What a result shows under the title, before it is made plain text and cut:
    /// front matter's `summary:` (plain text) when given, else the summary's HTML.
    var summaryText: String?
    var summaryHTML: String

    /// The documents of `site` in id order: published posts as the site orders
    /// them (newest first), then standalone and app pages by URL. Never drafts,
    /// future posts, the 404 page, or anything with `search: false`.
    static func all(in site: Site) -> [SearchDocument] {
        var docs: [SearchDocument] = []
        docs.reserveCapacity(site.posts.count + site.pages.count)
        for sp in site.posts where !sp.isDraft && !sp.isFuture && sp.post.search {
            var names = sp.post.tags
            if let i = sp.seriesIndex { names.append(site.series[i].series.title) }
            if let i = sp.appIndex { names.append(site.apps[i].app.title) }
            let d = sp.post.date
            docs.append(SearchDocument(
                title: sp.post.title,
                path: String(sp.permalink.drop(while: { $0 == "/" })),
                date: pad(d.year, 4) + "-" + pad(d.month, 2) + "-" + pad(d.day, 2),
                names: names,
                bodyHTML: sp.rendered.html,
                summaryText: sp.post.summary,
                summaryHTML: sp.rendered.summaryHTML))
        }
        let pages = site.pages.filter { $0.page.search && !$0.url.hasSuffix("/404.html") }.sorted { $0.url < $1.url }
        for sp in pages {
            docs.append(SearchDocument(
                title: sp.page.title,
                path: String(sp.url.drop(while: { $0 == "/" })),
                date: "",
                names: sp.appIndex.map { [site.apps[$0].app.title] } ?? [],
                bodyHTML: sp.rendered.html,
                summaryText: nil,
                summaryHTML: sp.rendered.summaryHTML))
        }
        return docs
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}
