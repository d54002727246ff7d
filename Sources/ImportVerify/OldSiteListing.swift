import Foundation
import BlogBuild
import Feeds

/// Every HTML page and every feed a generator wrote into its output folder, as
/// the URL paths a static server answers them at (`/`, `/posts/hello/`,
/// `/about.html`, `/index.xml`), sorted.
public struct OldSiteListing: Sendable, Equatable {
    public var pages: [String]
    public var feeds: [String]

    /// Bytes of a file's start looked at to tell a feed from other XML (a sitemap).
    static let sniffed = 3000

    /// Lists `output`. Dot files and folders are left out (a server does not serve them).
    public static func list(_ output: URL) -> OldSiteListing {
        var pages: [String] = [], feeds: [String] = []
        let root = output.standardizedFileURL.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return OldSiteListing(pages: [], feeds: []) }
        for case let relative as String in walker {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let ext = (name as NSString).pathExtension.lowercased()
            if ext == "html" || ext == "htm" {
                pages.append(urlPath(ofFile: relative))
            } else if isFeed(URL(fileURLWithPath: root + "/" + relative)) {
                feeds.append(urlPath(ofFile: relative))
            }
        }
        return OldSiteListing(pages: pages.sorted(), feeds: feeds.sorted())
    }

    /// The URL path a static server answers for an output file: `index.html` → `/`,
    /// `a/index.html` → `/a/`, other files by their name, percent-encoded as a link would be.
    public static func urlPath(ofFile relative: String) -> String {
        var rel = relative
        if rel == "index.html" { return "/" }
        if rel.hasSuffix("/index.html") { rel = String(rel.dropLast("index.html".count)) }
        return "/" + (rel.addingPercentEncoding(withAllowedCharacters: allowed) ?? rel)
    }

    /// What a path keeps unencoded: ASCII letters and digits and `-._~!$&'()*+,;=:@/`.
    static let allowed: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")
        return set
    }()

    /// Is `file` a feed: RSS, Atom or RDF by its root element, or a JSON Feed by its version.
    static func isFeed(_ file: URL) -> Bool {
        let ext = file.pathExtension.lowercased()
        guard ["xml", "atom", "rss", "json"].contains(ext),
              let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        if ext == "json" {
            guard let data = try? handle.readToEnd() else { return false }
            return FeedEntryIDs.isJSONFeed(data)
        }
        let head = String(decoding: (try? handle.read(upToCount: sniffed)) ?? Data(), as: UTF8.self)
        return ["<rss", "<feed", "<rdf:RDF"].contains { tag in
            var from = head.startIndex
            while let r = head.range(of: tag, range: from..<head.endIndex) {
                if r.upperBound < head.endIndex, let next = head[r.upperBound].unicodeScalars.first,
                   next == " " || next == ">" || next == "\n" || next == "\r" || next == "\t" { return true }
                from = r.upperBound
            }
            return false
        }
    }
}
