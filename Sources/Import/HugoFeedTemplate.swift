import Foundation

/// A Hugo site's own RSS template (`layouts/rss.xml`, `layouts/_default/rss.xml`, or
/// the theme's), read for what decides its entries. Hugo renders one RSS template for
/// every list with an RSS output (home, sections, taxonomies, terms); its embedded
/// template lists the list's own pages (`.Pages`, the site's only on the home page).
/// A template that ranges over the site's pages whatever the list (`range first 15
/// (where site.RegularPages …)`) gives every old feed, a tag's included, the same
/// entries: the newest posts of the whole site. Those readers keep their entries only
/// when each old feed address is a copy of blogbuild's main feed, not a tag's feed.
struct HugoFeedTemplate: Equatable {
    /// The items are the site's pages for every list, not the list's own.
    var siteWide: Bool
    /// `range first 15 …`: how many items it takes.
    var limit: Int?

    /// The template Hugo uses for lists' RSS, looked up as Hugo does for a list without
    /// a more specific one: the site's `layouts/` before each theme's; nil when the site
    /// has none (Hugo's embedded template: each list's own pages).
    static func read(_ root: URL) -> HugoFeedTemplate? {
        let fm = FileManager.default
        var folders = ["layouts"]
        for theme in ((try? fm.contentsOfDirectory(atPath: root.appendingPathComponent("themes").path)) ?? []).sorted() {
            folders.append("themes/\(theme)/layouts")
        }
        let names = ["_default/rss.xml", "rss.xml", "_default/list.rss.xml", "list.rss.xml"]
        for folder in folders {
            for name in names {
                let file = root.appendingPathComponent(folder).appendingPathComponent(name)
                if let data = fm.contents(atPath: file.path), let text = String(data: data, encoding: .utf8) {
                    return parse(text)
                }
            }
        }
        return nil
    }

    /// What `text` (a Go template) ranges its items over. Site-wide: it reads
    /// `site.RegularPages`, `.Site.Pages` (directly in its `range` or through a variable) and
    /// the template never chooses the list's own pages (`.Pages`, `.Data.Pages`,
    /// `.RegularPages` of the context, or an `.IsHome` test as Hugo's embedded one has).
    static func parse(_ text: String) -> HugoFeedTemplate {
        let sitePages = #"(?:\$\.Site|\.Site|site)\.(?:RegularPages|Pages|AllPages)"#
        let ownPages = #"(?<![A-Za-z])(?:\$|\.)\.?(?:Data\.)?(?:Pages|RegularPages)\b"#
        // Own pages only where not part of `.Site.Pages`/`site.Pages`.
        let withoutSite = text.replacingOccurrences(of: sitePages, with: "SITEPAGES", options: .regularExpression)
        let readsOwn = withoutSite.range(of: ownPages, options: .regularExpression) != nil || text.contains(".IsHome")
        let readsSite = text.range(of: sitePages, options: .regularExpression) != nil && text.contains("range")
        var limit: Int?
        if let match = text.range(of: #"first\s+(\d+)"#, options: .regularExpression) {
            limit = Int(text[match].split(whereSeparator: \.isWhitespace).last ?? "")
        }
        return HugoFeedTemplate(siteWide: readsSite && !readsOwn, limit: limit)
    }
}
