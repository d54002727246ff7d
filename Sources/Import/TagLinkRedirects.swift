import Foundation
import Markdown
import Support
import BlogBuild
import Site

/// The old site's tag and category pages that its own posts link to
/// (`/tags/测试/`, `https://old.example/categories/Swift/`): a theme or a plugin
/// the importer cannot see made them (Chirpy's jekyll-archives comes with the theme
/// gem, not the site's config), so they are known only from those links. Each one
/// whose name is a tag the posts use, at an address that is not blogbuild's page
/// for that tag, becomes a `redirects:` entry to it, so the links, and readers'
/// bookmarks of them, keep working.
enum TagLinkRedirects {
    static func added(to config: ImportFields, documents: [ImportedSite.Document], report: inout ImportReport) -> ImportFields {
        var tags: [String: String] = [:]  // a name as a URL may write it (lower-cased) → the tag's name
        for document in documents where document.kind == .post {
            for name in document.fields.first(where: { $0.key == "tags" })?.value.texts() ?? [] {
                for form in [name, name.replacingOccurrences(of: " ", with: "-"), SiteURLs.tagSlug(name)] {
                    tags[form.lowercased()] = tags[form.lowercased()] ?? name
                }
            }
        }
        guard !tags.isEmpty else { return config }
        let host = config.first { $0.key == "base_url" }?.value.scalarText.flatMap { URL(string: $0)?.host?.lowercased() }
        var existing = Set(config.first { $0.key == "redirects" }?.value.entries.map(\.key) ?? [])
        var options = MarkdownOptions()
        options.highlight = false
        var added: ImportFields = []
        for document in documents where document.kind != .series {
            let body = String(document.body.drop { $0 == "\n" })
            guard body.contains("/tag") || body.contains("/categor") else { continue }
            for link in MarkdownRenderer.render(body, options: options).links {
                guard let path = sitePath(of: link, host: host) else { continue }
                let parts = path.split(separator: "/").map(String.init)
                guard parts.count == 2, ["tags", "tag", "categories", "category"].contains(parts[0].lowercased()),
                      let name = tags[parts[1].lowercased()] else { continue }
                let old = "/" + parts.joined(separator: "/") + "/", new = SiteURLs.tag(slug: SiteURLs.tagSlug(name))
                // Not the tag's own page in another case: on a case-insensitive disk it would replace it.
                guard old.lowercased() != new.lowercased(), !ImportAssembler.isBuiltIn(old), existing.insert(old).inserted else { continue }
                added.append((key: old, value: .text(new)))
            }
        }
        guard !added.isEmpty else { return config }
        report.count("old tag and category pages the posts link to → redirects", added.count)
        return merged(config, redirects: added)
    }

    /// `config` with `redirects` added to its `redirects:` map (one key, however many add to it).
    static func merged(_ config: ImportFields, redirects: ImportFields) -> ImportFields {
        guard !redirects.isEmpty else { return config }
        return ImportConfig.mergingRepeatedKeys(config + [(key: "redirects", value: .map(redirects))]).fields
    }

    /// The decoded site path of a link to this site (`/tags/x/`, or an absolute URL on `host`), else nil.
    private static func sitePath(of link: String, host: String?) -> String? {
        var path = link
        if let url = URL(string: link) ?? URL(string: link.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? ""),
           let scheme = url.scheme {
            guard scheme == "http" || scheme == "https", let host, url.host?.lowercased() == host else { return nil }
            path = url.path
        }
        guard path.hasPrefix("/") else { return nil }
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<cut]) }
        return SitePaths.percentDecoded(path)
    }
}
