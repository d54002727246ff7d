import Foundation
import Support
import BlogBuild
import Site

/// What a URL in a WordPress post points at, and what it becomes: a link to
/// another imported post or page → its blogbuild URL; a file under
/// `wp-content/uploads/` → a copy under `content/wp-content/uploads/` (with
/// `--uploads`), linked by the same site path so old image URLs keep working;
/// a WordPress archive (category, tag, feed, date) → blogbuild's page for it;
/// any other page of the old site → a site path, listed. Other sites' URLs are
/// left alone.
struct WordPressURLs {
    /// The old site's host names, lower-cased, without `www.`.
    var hosts: Set<String>
    /// The blog's path on the old site: `/`, or `/blog/` when WordPress lived there.
    var basePath: String
    /// `https://example.com`: where a root-relative upload loads from while it is not copied.
    var origin: String?
    /// Each imported post's and page's blogbuild URL, by the output path of its old URL.
    var byOldPath: [String: String] = [:]
    /// The same, by WordPress post id, for `?p=23` and `?page_id=2` links.
    var byID: [Int: String] = [:]
    /// blogbuild's tag page by WordPress category or tag slug (`nicename`).
    var tagByNicename: [String: String] = [:]
    /// Where an upload may be: the `--uploads` folder, or its `uploads/` or
    /// `wp-content/uploads/` (whichever of them the user pointed at). Empty without `--uploads`.
    var uploadRoots: [URL] = []
    /// The uploads copied so far, by their path in the site.
    private(set) var copies: [String: ImportedSite.Copy] = [:]
    /// `source` + URL already listed as not copied: each document names an upload once.
    private var listed: Set<String> = []

    init(hosts: Set<String>, basePath: String, origin: String?, uploads: URL?) {
        self.hosts = hosts
        self.basePath = basePath
        self.origin = origin
        if let uploads {
            uploadRoots = [uploads, uploads.appendingPathComponent("uploads"),
                           uploads.appendingPathComponent("wp-content/uploads")]
        }
    }

    /// `example.com` for `WWW.Example.com:443`.
    static func host(_ text: Substring) -> String {
        var host = text.lowercased()
        if !host.hasPrefix("["), let colon = host.lastIndex(of: ":") { host = String(host[..<colon]) }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// What to write instead of `url` (an attribute's value, character
    /// references decoded), or nil to leave it as written.
    mutating func rewrite(_ url: String, line: Int?, source: String, report: inout ImportReport) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        var rest: Substring
        if let schemeEnd = ["http://", "https://", "//"].first(where: { lower.hasPrefix($0) }) {
            let afterScheme = trimmed.dropFirst(schemeEnd.count)
            let hostEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
            let host = Self.host(afterScheme[..<hostEnd])
            rest = afterScheme[hostEnd...]
            // WordPress.com serves a blog's uploads from NAME.files.wordpress.com/YYYY/MM/file.
            if host.hasSuffix(".files.wordpress.com") {
                let parts = Self.split(rest)
                return upload(String(parts.path.drop { $0 == "/" }), url: trimmed, line: line, source: source, report: &report)
            }
            guard hosts.contains(host) else { return nil }
            if rest.isEmpty { rest = "/" }
        } else if trimmed.hasPrefix("/") {
            rest = Substring(trimmed)
        } else {
            return nil
        }
        let (path, query, fragment) = Self.split(rest)
        if let uploads = path.range(of: "/wp-content/uploads/") {
            return upload(String(path[uploads.upperBound...]), url: trimmed, line: line, source: source, report: &report)
        }
        // The host's other pages (a shop beside a blog at /blog/) are not this site's.
        guard basePath == "/" || path.hasPrefix(basePath) || path + "/" == basePath else { return nil }
        let sitePath = ImportAssembler.sitePath(String(path), basePath: basePath)
        let decoded = sitePath.removingPercentEncoding ?? sitePath
        if decoded == "/", let id = Self.postID(query), let target = byID[id] {
            report.count("links to posts by ?p=ID → their new URL")
            return target + fragment
        }
        if let target = byOldPath[SiteURLs.outputPath(decoded)] {
            report.count("links to posts and pages by their old URL → their new URL")
            return target + fragment
        }
        if let target = archive(decoded) {
            report.count("links to WordPress archives (category, tag, date, feed) → blogbuild's page")
            return target + fragment
        }
        let written = sitePath + (query.isEmpty ? "" : "?" + query) + fragment
        if decoded != "/" {
            report.leave(source, line: line, trimmed,
                         "a page of the old site that is not in the export: the link now points at \(written) on this site; blogbuild check reports it if nothing is there")
        }
        return written
    }

    /// `path`, the query (without `?`) and the fragment (with `#`).
    private static func split(_ rest: Substring) -> (path: Substring, query: Substring, fragment: String) {
        var path = rest
        var fragment = ""
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[hash...])
            path = path[..<hash]
        }
        var query: Substring = ""
        if let mark = path.firstIndex(of: "?") {
            query = path[path.index(after: mark)...]
            path = path[..<mark]
        }
        return (path, query, fragment)
    }

    /// `23` for `p=23` or `page_id=23` (`&`-separated, any place).
    private static func postID(_ query: Substring) -> Int? {
        for pair in query.split(whereSeparator: { $0 == "&" || $0 == ";" }) {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, ["p", "page_id"].contains(kv[0]) else { continue }
            return Int(kv[1])
        }
        return nil
    }

    /// blogbuild's page for a WordPress archive URL: `/category/a/b/` and
    /// `/tag/b/` → `/tags/b/` (when an imported post has that tag), `/feed/` →
    /// `/feed.xml`, `/2019/` and `/2019/03/` → `/archive/`, `/author/x/` → `/`.
    private func archive(_ path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard let first = parts.first else { return nil }
        if parts == ["feed"] || parts == ["feed", "rss2"] || parts == ["feed", "atom"] {
            return parts.last == "atom" ? "/atom.xml" : "/feed.xml"
        }
        if (first == "category" || first == "tag") && parts.count >= 2, let tag = tagByNicename[parts.last!] { return tag }
        if first == "author" && parts.count == 2 { return "/" }
        if (1...3).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), parts[0].count == 4,
           parts.dropFirst().allSatisfy({ $0.count == 2 }) {
            return SiteURLs.archive
        }
        return nil
    }

    /// A file under `wp-content/uploads/` (`rel`: `2019/03/shot.png`, as written in
    /// the URL): copied from the uploads folder, its new site path returned; listed
    /// (and left as written) when there is no uploads folder or the file is not in it.
    mutating func upload(_ rel: String, url: String, line: Int?, source: String, report: inout ImportReport) -> String? {
        let (path, _, _) = Self.split(Substring(rel))
        let decoded = path.removingPercentEncoding ?? String(path)
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            report.leave(source, line: line, url, "not a file under wp-content/uploads/: left as written")
            return nil
        }
        guard !uploadRoots.isEmpty else {
            if listed.insert(source + "\n" + url).inserted {
                report.leave(source, line: line, url,
                             "an upload, not copied: import with --uploads DIR (the old site's wp-content/uploads folder) to copy it; until then it points at the old site (blogbuild check reports it while base_url is on the old site's host)")
            }
            // A root-relative one would be read on this site, under its base path.
            guard url.hasPrefix("/"), !url.hasPrefix("//"), let origin else { return nil }
            return origin + url
        }
        var used = decoded
        var file = find(decoded)
        if file == nil, let original = Self.unresized(decoded), let found = find(original) {
            // WordPress links a resized copy (`shot-300x200.png`); a folder without them still has the original.
            used = original
            file = found
            report.count("resized upload not in --uploads → its original")
        }
        let sitePath = "/wp-content/uploads/" + (used.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? used)
        guard let file else {
            // Linked where the others are, so blogbuild check reports it until the file is there.
            report.leave(source, line: line, url,
                         "an upload not in the --uploads folder: now linked as \(sitePath); put the file at content/wp-content/uploads/\(decoded)")
            return sitePath
        }
        let target = "content/wp-content/uploads/" + used
        copies[target] = ImportedSite.Copy(path: target, from: file.path)
        report.count("wp-content/uploads URLs → local copies (same site path)")
        return sitePath
    }

    /// The regular file `rel` under the first uploads folder that has it.
    private func find(_ rel: String) -> URL? {
        for root in uploadRoots {
            let file = root.appendingPathComponent(rel)
            var info = stat()
            // A symbolic link could copy anything on the machine into the site.
            if lstat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return file }
        }
        return nil
    }

    /// `2019/03/shot.png` for `2019/03/shot-300x200.png`; nil for a name without a size.
    static func unresized(_ rel: String) -> String? {
        guard let dot = rel.lastIndex(of: "."), let dash = rel[..<dot].lastIndex(of: "-") else { return nil }
        let size = rel[rel.index(after: dash)..<dot].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, size.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return String(rel[..<dash] + rel[dot...])
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
