import Load
import Site

/// Atom 1.0 (RFC 4287): `/atom.xml` and the per-collection feeds.
enum AtomFeed {
    static let namespace = "http://www.w3.org/2005/Atom"

    /// What a feed says about itself.
    struct Head {
        var title: String
        var subtitle: String?
        /// Absolute URL of the feed; also its id.
        var selfURL: String
        /// Absolute URL of the page the feed follows (the home page, a tag page).
        var pageURL: String
        var language: String
        /// The site's author, else the site's title as the author's name
        /// (Atom needs an author for every entry; the feed's covers them all).
        var author: Author
    }

    /// One `<entry>`, built once and shared by every Atom feed the post is in.
    static func entry(_ e: FeedEntry) -> [UInt8] {
        var x = XMLBuilder(capacity: (e.contentHTML?.utf8.count ?? 0) + e.summaryHTML.utf8.count + 1024)
        x.raw("<entry>\n")
        x.element("title", e.title, ["type": "text"])
        x.empty("link", ["rel": "alternate", "type": "text/html", "href": e.url])
        x.element("id", e.id)
        x.element("published", FeedDates.rfc3339(e.published))
        x.element("updated", FeedDates.rfc3339(e.updated))
        for tag in e.tags { x.empty("category", ["term": tag]) }
        if !e.summaryHTML.isEmpty { x.element("summary", e.summaryHTML, ["type": "html"]) }
        if let content = e.contentHTML {
            // xml:base as well, for any URL the rewrite does not know (it resolves to the same).
            x.element("content", content, ["type": "html", "xml:base": e.url])
        }
        x.raw("</entry>\n")
        return x.bytes
    }

    /// The whole document, from entries made by `entry(_:)`, newest first.
    static func document(_ head: Head, entries: [FeedEntry], fragments: [[UInt8]]) -> [UInt8] {
        var x = XMLBuilder(capacity: fragments.reduce(2048) { $0 + $1.count })
        x.raw("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
        x.open("feed", ["xmlns": namespace, "xml:lang": head.language])
        x.raw("\n")
        x.element("title", head.title, ["type": "text"])
        if let subtitle = head.subtitle, !subtitle.isEmpty { x.element("subtitle", subtitle, ["type": "text"]) }
        x.empty("link", ["rel": "self", "type": FeedLink.atomType, "href": head.selfURL])
        x.empty("link", ["rel": "alternate", "type": "text/html", "href": head.pageURL])
        x.element("id", head.selfURL)
        // The newest change among the entries, never "now", so builds are reproducible.
        let updated = FeedDates.latest(entries.map(\.updated)).map(FeedDates.rfc3339) ?? "1970-01-01T00:00:00Z"
        x.element("updated", updated)
        x.raw("<author>\n")
        x.element("name", head.author.name)
        if let email = head.author.email { x.element("email", email) }
        if let uri = head.author.url { x.element("uri", uri) }
        x.raw("</author>\n")
        x.element("generator", "blogbuild")
        for f in fragments { x.raw(f) }
        x.raw("</feed>\n")
        return x.bytes
    }
}
