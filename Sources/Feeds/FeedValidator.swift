import Foundation
import Support
import Diagnostics

/// What `publish` and `check` do with the feeds they produced: parse each one
/// again (XML with libxml2, JSON with `JSONSerialization`) and
/// check the fields its format requires. A problem is an error naming the feed
/// (`/tags/swift/atom.xml:12: feed: Atom entry has no <id>`): a feed that readers
/// cannot read must never be published.
public enum FeedValidator {
    public static func validate(_ files: [FeedFile]) -> [Diagnostic] {
        files.parallelMap { file -> [Diagnostic] in
            let name = "/" + file.path
            var problems: [(line: Int?, message: String)] = []
            switch file.kind {
            case .rss, .atom, .sitemap, .sitemapIndex:
                switch XMLTree.parse(file.bytes) {
                case .failure(let f):
                    return [Diagnostic(file: name, line: f.line, column: f.column,
                                       message: "feed: \(f.message)" + entryNote(file, line: f.line, column: f.column))]
                case .success(let root):
                    switch file.kind {
                    case .rss: problems = checkRSS(root)
                    case .atom: problems = checkAtom(root)
                    case .sitemapIndex: problems = checkSitemapIndex(root)
                    default: problems = checkSitemap(root)
                    }
                }
            case .jsonFeed:
                problems = checkJSONFeed(file.bytes).map { (nil, $0) }
            case .robots:
                return []
            }
            return problems.map { Diagnostic(file: name, line: $0.line, message: "feed: " + $0.message + entryNote(file, line: $0.line)) }
        }.flatMap { $0 }
    }

    /// ` (the entry of content/posts/x.md)` when the place is inside an entry of an RSS
    /// or Atom feed: a feed problem names the post it comes from. Without a column,
    /// `line` is that of an element's start tag, and an entry that starts on it counts; an
    /// entry that ends on the line of the problem is still taken (libxml2 points past the
    /// token that broke it, which may be the entry's end tag).
    static func entryNote(_ file: FeedFile, line: Int?, column: Int? = nil) -> String {
        guard let line, !file.entrySources.isEmpty else { return "" }
        let tag: [UInt8], end: [UInt8]
        switch file.kind {
        case .rss: (tag, end) = (Array("<item>".utf8), Array("</item>".utf8))
        case .atom: (tag, end) = (Array("<entry>".utf8), Array("</entry>".utf8))
        default: return ""
        }
        // The entries' start and end tags, counted with the lines, up to `line`.
        var current = 1, lineStart = 0, entry = -1, open = false
        let bytes = file.bytes
        func at(_ i: Int, _ t: [UInt8]) -> Bool { i + t.count <= bytes.count && bytes[i..<(i + t.count)].elementsEqual(t) }
        var i = 0
        while i < bytes.count, current <= line {
            if current == line, let column, i - lineStart + 1 >= column { break }
            if bytes[i] == 0x0A {
                current += 1
                lineStart = i + 1
            } else if bytes[i] == UInt8(ascii: "<") {
                if at(i, tag) {
                    entry += 1
                    open = true
                } else if at(i, end), current < line {
                    open = false
                }
            }
            i += 1
        }
        guard open, entry >= 0, entry < file.entrySources.count else { return "" }
        return " (the entry of \(file.entrySources[entry]))"
    }

    // MARK: RSS 2.0

    static func checkRSS(_ root: XMLTree.Element) -> [(line: Int?, message: String)] {
        var out: [(line: Int?, message: String)] = []
        guard root.name == "rss", root.namespace.isEmpty else {
            return [(root.line, "RSS root element is <\(root.name)>, not <rss>")]
        }
        if root.attributes["version"] != "2.0" { out.append((root.line, "RSS <rss> has no version=\"2.0\"")) }
        guard let channel = root.first("channel") else { return out + [(root.line, "RSS has no <channel>")] }
        for field in ["title", "link", "description"] where channel.value(field) == nil {
            out.append((channel.line, "RSS <channel> has no <\(field)>"))
        }
        let selfLink = channel.all("link", in: AtomFeed.namespace).first { $0.attributes["rel"] == "self" }
        if selfLink.map({ isAbsolute($0.attributes["href"]) }) != true {
            out.append((channel.line, "RSS <channel> has no <atom:link rel=\"self\"> with an absolute href"))
        }
        var guids = Set<String>()
        for item in channel.all("item") {
            if item.value("title") == nil && item.value("description") == nil {
                out.append((item.line, "RSS <item> has neither <title> nor <description>"))
            }
            if !isAbsolute(item.value("link")) { out.append((item.line, "RSS <item> has no absolute <link>")) }
            if let guid = item.value("guid") {
                if !guids.insert(guid).inserted { out.append((item.line, "RSS <guid> \(guid) appears twice")) }
            } else {
                out.append((item.line, "RSS <item> has no <guid>"))
            }
            if let date = item.value("pubDate") {
                if !FeedDates.isRFC822(date) { out.append((item.line, "RSS <pubDate> '\(date)' is not an RFC 822 date")) }
            } else {
                out.append((item.line, "RSS <item> has no <pubDate>"))
            }
        }
        return out
    }

    // MARK: Atom 1.0

    static func checkAtom(_ root: XMLTree.Element) -> [(line: Int?, message: String)] {
        let ns = AtomFeed.namespace
        guard root.name == "feed", root.namespace == ns else {
            return [(root.line, "Atom root element is <\(root.name)> in '\(root.namespace)', not <feed> in \(ns)")]
        }
        var out: [(line: Int?, message: String)] = []
        for field in ["id", "title"] where root.value(field, in: ns) == nil {
            out.append((root.line, "Atom <feed> has no <\(field)>"))
        }
        out += checkAtomDate(root, "updated", required: true)
        if !root.all("link", in: ns).contains(where: { $0.attributes["rel"] == "self" && isAbsolute($0.attributes["href"]) }) {
            out.append((root.line, "Atom <feed> has no <link rel=\"self\"> with an absolute href"))
        }
        let feedHasAuthor = root.first("author", in: ns)?.value("name", in: ns) != nil
        var ids = Set<String>()
        for entry in root.all("entry", in: ns) {
            for field in ["id", "title"] where entry.value(field, in: ns) == nil && entry.first(field, in: ns) == nil {
                out.append((entry.line, "Atom <entry> has no <\(field)>"))
            }
            if let id = entry.value("id", in: ns), !ids.insert(id).inserted {
                out.append((entry.line, "Atom <id> \(id) appears twice"))
            }
            out += checkAtomDate(entry, "updated", required: true)
            out += checkAtomDate(entry, "published", required: false)
            let alternate = entry.all("link", in: ns).first { ($0.attributes["rel"] ?? "alternate") == "alternate" }
            if !isAbsolute(alternate?.attributes["href"]) {
                out.append((entry.line, "Atom <entry> has no <link rel=\"alternate\"> with an absolute href"))
            }
            if !feedHasAuthor && entry.first("author", in: ns)?.value("name", in: ns) == nil {
                out.append((entry.line, "Atom <entry> has no <author> and neither has the feed"))
            }
            if entry.first("content", in: ns) == nil && entry.first("summary", in: ns) == nil && alternate == nil {
                out.append((entry.line, "Atom <entry> has no <content>, <summary> or alternate link"))
            }
        }
        return out
    }

    private static func checkAtomDate(_ e: XMLTree.Element, _ name: String, required: Bool) -> [(line: Int?, message: String)] {
        guard let value = e.value(name, in: AtomFeed.namespace) else {
            return required ? [(e.line, "Atom <\(e.name)> has no <\(name)>")] : []
        }
        return FeedDates.isRFC3339(value) ? [] : [(e.line, "Atom <\(name)> '\(value)' is not an RFC 3339 date")]
    }

    // MARK: Sitemap

    static func checkSitemap(_ root: XMLTree.Element) -> [(line: Int?, message: String)] {
        guard root.name == "urlset", root.namespace == Sitemap.namespace else {
            return [(root.line, "sitemap root element is <\(root.name)>, not <urlset> in \(Sitemap.namespace)")]
        }
        var out: [(line: Int?, message: String)] = []
        for url in root.all("url", in: Sitemap.namespace) {
            if !isAbsolute(url.value("loc", in: Sitemap.namespace)) {
                out.append((url.line, "sitemap <url> has no absolute <loc>"))
            }
        }
        return out
    }

    static func checkSitemapIndex(_ root: XMLTree.Element) -> [(line: Int?, message: String)] {
        guard root.name == "sitemapindex", root.namespace == Sitemap.namespace else {
            return [(root.line, "sitemap index root element is <\(root.name)>, not <sitemapindex> in \(Sitemap.namespace)")]
        }
        return root.all("sitemap", in: Sitemap.namespace).compactMap { sitemap in
            isAbsolute(sitemap.value("loc", in: Sitemap.namespace)) ? nil : (sitemap.line, "sitemap index <sitemap> has no absolute <loc>")
        }
    }

    // MARK: JSON Feed 1.1

    static func checkJSONFeed(_ bytes: [UInt8]) -> [String] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            return ["not valid JSON (\(error.localizedDescription))"]
        }
        guard let feed = object as? [String: Any] else { return ["JSON Feed is not an object"] }
        var out: [String] = []
        if feed["version"] as? String != JSONFeed.version { out.append("JSON Feed 'version' is not \(JSONFeed.version)") }
        if (feed["title"] as? String ?? "").isEmpty { out.append("JSON Feed has no 'title'") }
        for key in ["home_page_url", "feed_url"] where feed[key] != nil && !isAbsolute(feed[key] as? String) {
            out.append("JSON Feed '\(key)' is not an absolute URL")
        }
        guard let items = feed["items"] as? [Any] else { return out + ["JSON Feed has no 'items' array"] }
        var ids = Set<String>()
        for (n, any) in items.enumerated() {
            guard let item = any as? [String: Any] else {
                out.append("JSON Feed item \(n + 1) is not an object")
                continue
            }
            let id = item["id"] as? String ?? ""
            if id.isEmpty { out.append("JSON Feed item \(n + 1) has no 'id'") }
            if !id.isEmpty && !ids.insert(id).inserted { out.append("JSON Feed id \(id) appears twice") }
            if !(item["content_html"] is String) && !(item["content_text"] is String) {
                out.append("JSON Feed item \(n + 1) has neither 'content_html' nor 'content_text'")
            }
            if item["url"] != nil && !isAbsolute(item["url"] as? String) {
                out.append("JSON Feed item \(n + 1) 'url' is not an absolute URL")
            }
            for key in ["date_published", "date_modified"] where item[key] != nil {
                if !FeedDates.isRFC3339(item[key] as? String ?? "") {
                    out.append("JSON Feed item \(n + 1) '\(key)' is not an RFC 3339 date")
                }
            }
            if let tags = item["tags"], !(tags is [String]) { out.append("JSON Feed item \(n + 1) 'tags' is not a list of strings") }
        }
        return out
    }

    /// `http(s)://host…`.
    private static func isAbsolute(_ url: String?) -> Bool {
        guard let url else { return false }
        let lower = url.lowercased()
        return (lower.hasPrefix("https://") || lower.hasPrefix("http://")) && url.count > 8
    }
}
