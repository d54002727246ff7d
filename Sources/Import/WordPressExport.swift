import Foundation
import BlogBuild
import Feeds

/// A WordPress export (WXR) read into its channel's settings and its items.
/// Parsed by libxml2 through `XMLTree`: no network, no external entities, no
/// size limit a large blog reaches.
package struct WordPressExport: Sendable {
    /// The export's file name, as IMPORT.md names it (`export.xml`).
    var fileName: String
    var title: String?
    var description: String?
    /// `<link>` of the channel: the blog's home page.
    var link: String?
    /// `wp:base_site_url` (where WordPress itself lives) and `wp:base_blog_url` (the blog).
    var baseSiteURL: String?
    var baseBlogURL: String?
    var language: String?
    /// The channel's `<pubDate>`: when the export was made.
    var exportDate: Date?
    /// `wp:author_display_name` of each author.
    var authors: [String]
    package var items: [WordPressItem]
    /// Namespace prefixes the file uses without declaring them (old WordPress.com
    /// exports write `<atom:link>` with no `xmlns:atom`), declared to read it.
    var undeclaredPrefixes: [String] = []

    /// Where the blog was: `wp:base_blog_url`, else the channel's `<link>`.
    var blogURL: String? { baseBlogURL ?? link }

    /// The blog's path on its host: `/`, or `/blog/`.
    package var basePath: String {
        guard let url = blogURL else { return "/" }
        let path = ImportAssembler.sitePath(url, basePath: "/")
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// `https://example.com`: the scheme and host WordPress served its files from.
    var origin: String? {
        guard let url = baseSiteURL ?? blogURL, let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        return String(url[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)])
    }

    /// The old site's host names (`WordPressURLs.host`): the blog's and WordPress's own.
    var hosts: Set<String> {
        Set([link, baseSiteURL, baseBlogURL].compactMap { url -> String? in
            guard let url, let scheme = url.range(of: "://") else { return nil }
            let rest = url[scheme.upperBound...]
            return WordPressURLs.host(rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)])
        })
    }

    /// Reads `file`; fails with a one-line reason when it is missing, not XML, or
    /// not an `<rss>` with WordPress's export namespace.
    package static func read(_ file: URL) throws(ImportFailure) -> WordPressExport {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else {
            throw ImportFailure("\(file.path): no such file (give the WordPress export file, from Tools > Export)")
        }
        guard !isFolder.boolValue else {
            throw ImportFailure("\(file.path) is a folder, not a WordPress export file (from Tools > Export)")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw ImportFailure("\(file.path): cannot be read")
        }
        var bytes = [UInt8](data)
        var declared: [String] = []
        let root: XMLTree.Element
        while true {
            switch XMLTree.parse(bytes) {
            case .success(let element): root = element
            case .failure(let failure):
                // WordPress's own importer reads a file XML parsers refuse (its WXR_Parser falls back
                // to a lenient parser); the one fault old exports have is a prefix never declared.
                if let prefix = undeclaredPrefix(failure.message), !declared.contains(prefix), declared.count < 8,
                   let repaired = declaring(prefix, in: bytes) {
                    declared.append(prefix)
                    bytes = repaired
                    continue
                }
                throw ImportFailure("\(file.path):\(failure.line): not a WordPress export: \(failure.message)")
            }
            break
        }
        let channel = root.name == "rss" ? root.first("channel") : nil
        // The version in the namespace changes (1.0, 1.1, 1.2), and WordPress.com
        // writes it over https; the rest does not.
        let wp = channel.flatMap { channel in
            (channel.children + channel.all("item").flatMap(\.children)).first {
                isExportNamespace($0.namespace) && !$0.namespace.hasSuffix("/excerpt/")
            }?.namespace
        }
        guard let channel, let wp else {
            throw ImportFailure("\(file.path) is not a WordPress export: no <rss> with the WordPress export namespace (http://wordpress.org/export/1.2/)")
        }
        let fileName = file.lastPathComponent
        return WordPressExport(
            fileName: fileName, title: channel.value("title"), description: channel.value("description"),
            link: channel.value("link"), baseSiteURL: channel.value("base_site_url", in: wp),
            baseBlogURL: channel.value("base_blog_url", in: wp), language: channel.value("language"),
            exportDate: channel.value("pubDate").flatMap(WordPressDate.rfc822),
            authors: channel.all("author", in: wp).compactMap { $0.value("author_display_name", in: wp) },
            items: channel.all("item").map { item($0, wp: wp) }, undeclaredPrefixes: declared)
    }

    /// The prefix of libxml2's "Namespace prefix atom on link is not defined".
    static func undeclaredPrefix(_ message: String) -> String? {
        guard let range = message.range(of: "Namespace prefix ") else { return nil }
        let prefix = message[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
        return prefix.isEmpty ? nil : String(prefix)
    }

    /// The namespaces RSS feeds use under these prefixes; another prefix gets a name of its own.
    static let knownNamespaces = ["atom": "http://www.w3.org/2005/Atom", "dc": "http://purl.org/dc/elements/1.1/",
                                  "content": "http://purl.org/rss/1.0/modules/content/", "wfw": "http://wellformedweb.org/CommentAPI/",
                                  "slash": "http://purl.org/rss/1.0/modules/slash/", "georss": "http://www.georss.org/georss",
                                  "geo": "http://www.w3.org/2003/01/geo/wgs84_pos#", "media": "http://search.yahoo.com/mrss/",
                                  "sy": "http://purl.org/rss/1.0/modules/syndication/"]

    /// `bytes` with `xmlns:PREFIX` declared on the `<rss` element; nil when it has none.
    static func declaring(_ prefix: String, in bytes: [UInt8]) -> [UInt8]? {
        let tag = Array("<rss".utf8)
        guard let start = bytes.indices.first(where: { i in
            i + tag.count < bytes.count && Array(bytes[i..<i + tag.count]) == tag
                && [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ">")].contains(bytes[i + tag.count])
        }) else { return nil }
        let uri = knownNamespaces[prefix] ?? "urn:blogbuild:undeclared:\(prefix)"
        var out = bytes
        out.insert(contentsOf: Array(" xmlns:\(prefix)=\"\(uri)\"".utf8), at: start + tag.count)
        return out
    }

    /// `http://wordpress.org/export/1.2/`, `https://wordpress.org/export/1.0/`, ...
    static func isExportNamespace(_ namespace: String) -> Bool {
        namespace.hasPrefix("http://wordpress.org/export/") || namespace.hasPrefix("https://wordpress.org/export/")
    }

    private static func item(_ e: XMLTree.Element, wp: String) -> WordPressItem {
        let content = e.first("encoded", in: "http://purl.org/rss/1.0/modules/content/")
        let excerpt = e.children.first { $0.name == "encoded" && $0.namespace.hasSuffix("/excerpt/") }
        var meta: [String: String] = [:]
        for entry in e.all("postmeta", in: wp) {
            guard let key = entry.value("meta_key", in: wp), meta[key] == nil else { continue }
            meta[key] = entry.first("meta_value", in: wp)?.text ?? ""
        }
        let terms = e.all("category").filter { $0.namespace.isEmpty }.map { term in
            WordPressItem.Term(domain: term.attributes["domain"] ?? "", nicename: term.attributes["nicename"] ?? "",
                               name: term.text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return WordPressItem(
            id: e.value("post_id", in: wp).flatMap { Int($0) } ?? 0,
            title: e.first("title")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? "",
            link: e.value("link") ?? "", guid: e.value("guid") ?? "",
            postType: e.value("post_type", in: wp) ?? "post", status: e.value("status", in: wp) ?? "publish",
            postName: e.value("post_name", in: wp) ?? "", postDate: e.value("post_date", in: wp) ?? "",
            postDateGMT: e.value("post_date_gmt", in: wp) ?? "",
            parent: e.value("post_parent", in: wp).flatMap { Int($0) } ?? 0,
            password: e.value("post_password", in: wp) ?? "",
            content: content?.text ?? "", contentLine: content?.line ?? e.line,
            excerpt: excerpt?.text ?? "", terms: terms, meta: meta,
            attachmentURL: e.value("attachment_url", in: wp) ?? "",
            commentCount: e.all("comment", in: wp).count, line: e.line)
    }
}
