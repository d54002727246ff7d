import Foundation
import Load
import Template
import Site
import Render

extension PageKind {
    /// The search page, `/search/` (`search.mustache`), unless `search: false` in
    /// site.yml. Made from site.yml and the theme's words alone: its results come
    /// from the index (`search/`, docs/SEARCH.md), in the browser.
    static let search: PageKind = PageKind(
        name: "search",
        // The words the page's script shows with a number in them (`{n} results`) and the language whose
        // plural rule picks one, and a web search of the site for a browser without JavaScript.
        templates: { [("search", [("search", ContextShapes.object(
                          ContextShapes.scalars("count_one", "count_other", "language", "web_search_url")))])] },
        routes: { site, _ in
            site.config.search ? [Route(url: SiteURLs.search, kind: .search, source: "(search page)")] : []
        },
        inputs: { _, _ in RouteInputs(templates: ["search"]) },
        context: { route, c in
            c.setPage(kind: "search", title: c.strings[.search], path: route.url, description: nil)
            var search = c.root.record(for: "search")
            // Placeholder and all: the script fills in the count.
            search["count_one"] = .string(c.strings[.resultCountOne])
            search["count_other"] = .string(c.strings[.resultCountOther])
            search["language"] = .string(c.strings.language.rawValue)
            if let url = webSearchURL(baseURL: c.site.config.baseURL) { search["web_search_url"] = .string(url) }
            c.root["search"] = search.value
        },
        // A results page is no page for a search engine's index.
        sitemap: { _, _ in .unlisted })

    /// `https://duckduckgo.com/?q=site%3Aexample.com%2Fblog`: a web search limited to
    /// the site's host and path (`site:` takes both); nil for a `base_url` without a host.
    static func webSearchURL(baseURL: String) -> String? {
        let base = BaseURL(baseURL)
        guard !base.host.isEmpty else { return nil }
        let path = base.path == "/" ? "" : String(base.path.dropLast())
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let site = ("site:" + base.host + path).addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return "https://duckduckgo.com/?q=" + site
    }
}
