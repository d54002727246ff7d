import Foundation

extension TemplateValues {
    /// `search` on the search page: the words its script shows with a count in them
    /// (`{n} results`, placeholder and all: the script fills them in), the language
    /// whose plural rule picks one, and a web search limited to the site for a
    /// browser without JavaScript (nil when `base_url` names no host).
    func searchPage(_ r: TemplateRecord) -> TemplateValue {
        var r = r
        r["count_one"] = .string(strings[.resultCountOne])
        r["count_other"] = .string(strings[.resultCountOther])
        r["language"] = .string(strings.language.rawValue)
        if let url = Self.webSearchURL(baseURL: site.config.baseURL) { r["web_search_url"] = .string(url) }
        return r.value
    }

    /// `https://duckduckgo.com/?q=site%3Aexample.com%2Fblog`: the site's host and
    /// path (`site:` takes both), or nil for a `base_url` without a host.
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
