import Load
import Site

/// `feeds: { tag_list_at: [/tags/index.xml] }`: an RSS 2.0 feed whose items are the
/// site's tags, as Hugo writes for a taxonomy (`/tags/index.xml`,
/// `/categories/index.xml`): each item is a tag, titled by its name, linking to its
/// page, dated by its newest post, newest first (then by name). Every tag is listed:
/// the list is short, and a reader of it wants to see new tags appear.
enum TagListFeed {
    static func document(site: Site, urls: AbsoluteURLs, sitePath: String) -> [UInt8] {
        let config = site.config
        // `Site.posts` is newest first: a tag's smallest post index is its newest post.
        let tags = site.tags.compactMap { tag in tag.postIndices.min().map { (tag: tag, newest: site.posts[$0].post.date) } }
            .sorted { a, b in a.newest != b.newest ? a.newest > b.newest : a.tag.name < b.tag.name }
        var x = XMLBuilder(capacity: 1024 + tags.count * 256)
        x.raw("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
        x.raw("<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n")
        x.raw("<channel>\n")
        x.element("title", "\(config.strings[.tags]) – \(config.title)")
        x.element("link", urls.absolute(SiteURLs.tags))
        x.element("description", config.description.isEmpty ? config.title : config.description)
        x.element("language", config.language)
        x.element("generator", "blogbuild")
        // The newest post among the tags, never "now", so builds are reproducible.
        if let newest = tags.first { x.element("pubDate", FeedDates.rfc822(newest.newest)) }
        x.empty("atom:link", ["href": urls.absolute(sitePath), "rel": "self", "type": FeedLink.rssType])
        for (tag, newest) in tags {
            let link = urls.absolute(tag.url)
            x.raw("<item>\n")
            x.element("title", tag.name)
            x.element("link", link)
            x.element("guid", link, ["isPermaLink": "true"])
            x.element("pubDate", FeedDates.rfc822(newest))
            x.raw("</item>\n")
        }
        x.raw("</channel>\n</rss>\n")
        return x.bytes
    }
}
