import Render
/// The built-in theme's search scripts (`assets/search.js`, the query core, and
/// `assets/search-ui.js`, the search page's): shipped only with a search index.
public enum SearchAssets {
    static let scripts = ["search.js", "search-ui.js"]

    /// The theme's assets, without the built-in search scripts when the site has no
    /// search (`search: false` in site.yml). A site's own file of that name stays:
    /// it is the site's, for whatever it does.
    public static func shipped(_ assets: [String: Theme.Asset], search: Bool) -> [String: Theme.Asset] {
        guard !search else { return assets }
        var out = assets
        for name in scripts {
            if case .bytes(let bytes)? = out[name], bytes == Theme.builtIn["assets/" + name] { out[name] = nil }
        }
        return out
    }
}
