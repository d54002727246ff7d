import Load
import Site

/// RSS 2.0: `/feed.xml`, with `atom:link rel="self"` and the full post in
/// `content:encoded` (the summary in `description`).
enum RSSFeed {
    static func document(config: SiteConfig, urls: AbsoluteURLs, entries: [FeedEntry]) -> [UInt8] {
        var x = XMLBuilder(capacity: entries.reduce(2048) { $0 + ($1.contentHTML?.utf8.count ?? 0) + $1.summaryHTML.utf8.count + 1024 })
        x.raw("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
        x.raw("<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" "
            + "xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n")
        x.raw("<channel>\n")
        x.element("title", config.title)
        x.element("link", urls.baseURL)
        // RSS requires a description; the title stands in when site.yml has none.
        x.element("description", config.description.isEmpty ? config.title : config.description)
        x.element("language", config.language)
        x.element("generator", "blogbuild")
        // The newest change among the items, never "now", so builds are reproducible.
        if let newest = entries.first { x.element("pubDate", FeedDates.rfc822(newest.published)) }
        if let latest = FeedDates.latest(entries.map(\.updated)) { x.element("lastBuildDate", FeedDates.rfc822(latest)) }
        x.empty("atom:link", ["href": urls.absolute(FeedLink.rssPath), "rel": "self", "type": FeedLink.rssType])
        for e in entries {
            x.raw("<item>\n")
            x.element("title", e.title)
            x.element("link", e.url)
            x.element("guid", e.id, ["isPermaLink": e.id == e.url ? "true" : "false"])
            x.element("pubDate", FeedDates.rfc822(e.published))
            if let author = config.author { x.element("dc:creator", author.name) }
            for tag in e.tags { x.element("category", tag) }
            // A post with no summary (only a code block) is described by its content.
            let description = e.summaryHTML.isEmpty ? (e.contentHTML ?? "") : e.summaryHTML
            x.element("description", description)
            if let content = e.contentHTML { x.element("content:encoded", content) }
            x.raw("</item>\n")
        }
        x.raw("</channel>\n</rss>\n")
        return x.bytes
    }
}
