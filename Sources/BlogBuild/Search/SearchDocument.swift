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
        // Read in place, by index: `for sp in site.posts` copied each post whole.
        for i in site.posts.indices where !site.posts[i].isDraft && !site.posts[i].isFuture && site.posts[i].post.search {
            var names = site.posts[i].post.tags
            if let k = site.posts[i].seriesIndex { names.append(site.series[k].series.title) }
            if let k = site.posts[i].appIndex { names.append(site.apps[k].app.title) }
            let d = site.posts[i].post.date
            docs.append(SearchDocument(
                title: site.posts[i].post.title,
                path: String(site.posts[i].permalink.drop(while: { $0 == "/" })),
                date: pad(d.year, 4) + "-" + pad(d.month, 2) + "-" + pad(d.day, 2),
                names: names,
                bodyHTML: site.posts[i].rendered.html,
                summaryText: site.posts[i].post.summary,
                summaryHTML: site.posts[i].rendered.summaryHTML))
        }
        let pages = site.pages.filter { $0.page.search && !$0.page.draft && !$0.url.hasSuffix("/404.html") }.sorted { $0.url < $1.url }
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
