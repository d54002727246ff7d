import Load
import Site

/// JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/): `/feed.json`.
/// Written by hand, keys in a fixed order, so the bytes are reproducible.
enum JSONFeed {
    static let version = "https://jsonfeed.org/version/1.1"

    static func document(config: SiteConfig, urls: AbsoluteURLs, entries: [FeedEntry]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.reduce(2048) { $0 + ($1.contentHTML?.utf8.count ?? $1.summaryHTML.utf8.count) + 1024 })
        func raw(_ s: String) { out.append(contentsOf: s.utf8) }
        func key(_ k: String, _ indent: String) { raw(indent); JSONText.append(k, to: &out); raw(": ") }
        func string(_ k: String, _ v: String, _ indent: String, last: Bool = false) {
            key(k, indent)
            JSONText.append(v, to: &out)
            raw(last ? "\n" : ",\n")
        }
        let authors: String? = config.author.map { a in
            var fields = ["\"name\": " + JSONText.quoted(a.name)]
            if let u = a.url { fields.append("\"url\": " + JSONText.quoted(u)) }
            return "[{" + fields.joined(separator: ", ") + "}]"
        }

        raw("{\n")
        string("version", version, "  ")
        string("title", config.title, "  ")
        string("home_page_url", urls.baseURL, "  ")
        string("feed_url", urls.absolute(FeedLink.jsonPath), "  ")
        if !config.description.isEmpty { string("description", config.description, "  ") }
        string("language", config.language, "  ")
        if let authors { key("authors", "  "); raw(authors + ",\n") }
        key("items", "  ")
        raw(entries.isEmpty ? "[]\n" : "[\n")
        for (n, e) in entries.enumerated() {
            raw("    {\n")
            let i = "      "
            string("id", e.id, i)
            string("url", e.url, i)
            string("title", e.title, i)
            string("content_html", e.contentHTML ?? e.summaryHTML, i)
            if let summary = e.summaryText { string("summary", summary, i) }
            if let image = e.imageURL { string("image", image, i) }
            string("date_published", FeedDates.rfc3339(e.published), i)
            string("date_modified", FeedDates.rfc3339(e.updated), i)
            key("tags", i)
            raw("[")
            for (k, tag) in e.tags.enumerated() {
                if k > 0 { raw(", ") }
                JSONText.append(tag, to: &out)
            }
            raw("]")
            if let authors { raw(",\n"); key("authors", i); raw(authors) }
            raw("\n    }" + (n + 1 < entries.count ? ",\n" : "\n"))
        }
        if !entries.isEmpty { raw("  ]\n") }
        raw("}\n")
        return out
    }
}
