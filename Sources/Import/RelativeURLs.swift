import Foundation
import Support

/// Relative URLs in a body (`![](../../../assets/x.gif)`, `<img src="x.png">`,
/// `srcset`, `[next](../other/)`) were written for the old page's URL, and a
/// browser resolved them against it (stopping `..` at the root). After import
/// the page may have another URL, and blogbuild resolves a relative file path
/// against the Markdown file's folder, so each one is resolved as the browser
/// did and written root-relative (to the file's or page's new address) unless
/// the relative form still reaches the same file.
struct RelativeURLs {
    /// Each copied file's address on the old site → its path in the new site (`content/…`).
    var filesByOldURL: [String: String]
    /// Each copied file's path in the new site → the file it came from.
    var sources: [String: String]
    /// Each document's old URLs → its new URL.
    var pagesByOldURL: [String: String]

    /// `oldURLs`: each document's old URLs by its source; `urls`: its new URL.
    init(copies: [ImportedSite.Copy], documents: [ImportedSite.Document], oldURLs: [String: [String]], urls: [String: String]) {
        var files: [String: String] = [:]
        var sources: [String: String] = [:]
        for copy in copies {
            sources[copy.path] = copy.from
            let old = copy.oldURL ?? "/" + copy.path.dropFirst("content/".count)
            if files[old] == nil { files[old] = copy.path }
        }
        var pages: [String: String] = [:]
        for document in documents {
            guard let url = urls[document.source] else { continue }
            for old in oldURLs[document.source] ?? document.oldURLs {
                for form in [old, Self.servedURL(old)] where pages[form] == nil { pages[form] = url }
            }
        }
        self.filesByOldURL = files
        self.sources = sources
        self.pagesByOldURL = pages
    }

    /// A URL found in a body: where it is (UTF-16 range), and whether it shows an image.
    private struct Found {
        var range: NSRange
        var isImage: Bool
    }

    /// The body with every relative URL resolved against `oldURL` (the page's
    /// address on the old site) and written for `path` (the Markdown file written)
    /// at `newURL`. A relative image that reached no file on the old site either is
    /// listed, at its line in the written file (`bodyLine` is the body's first).
    func rewrite(_ body: String, oldURL: String, path: String, newURL: String, bodyLine: Int,
                 report: inout ImportReport) -> String {
        let found = Self.urls(in: body)
        guard !found.isEmpty else { return body }
        let ns = body as NSString
        var out = ""
        var last = 0
        for item in found {
            let written = ns.substring(with: item.range)
            guard let replacement = resolved(written, oldURL: oldURL, path: path, newURL: newURL) else { continue }
            out += ns.substring(with: NSRange(location: last, length: item.range.location - last)) + replacement.url
            last = item.range.location + item.range.length
            if replacement.url != written, replacement.exists {
                report.count("relative URLs written for the old page's address → root-relative")
            }
            if item.isImage, !replacement.exists {
                let line = bodyLine + ns.substring(to: item.range.location).utf16.count { $0 == 10 }
                report.leave(path, line: line, "image '\(replacement.url)'",
                             "'\(written)' on the old page \(oldURL) reached \(replacement.url), where the old site had no file either; the image was broken there too: fix or remove it")
            }
        }
        out += ns.substring(from: last)
        return out
    }

    /// What a relative URL becomes: nil when it is not relative (or is a link to a
    /// Markdown file, which blogbuild resolves itself); `exists` says whether the old
    /// site had a file or page at the address it reached.
    private func resolved(_ written: String, oldURL: String, path: String, newURL: String) -> (url: String, exists: Bool)? {
        guard Self.isRelative(written) else { return nil }
        let oldURL = Self.servedURL(oldURL)
        let cut = written.firstIndex { $0 == "?" || $0 == "#" } ?? written.endIndex
        let relative = String(written[..<cut])
        let suffix = String(written[cut...])
        guard !relative.isEmpty, !relative.lowercased().hasSuffix(".md") else { return nil }
        let target = Self.resolve(relative, against: oldURL)
        let decoded = target.removingPercentEncoding ?? target
        // Where blogbuild's page at `newURL` sends the relative form (nil: above the root).
        let plain = relative.removingPercentEncoding ?? relative
        let atNewURL = SitePaths.resolve(plain, against: SitePaths.folder(of: newURL))
        if let file = filesByOldURL[target] ?? filesByOldURL[decoded] {
            let site = "/" + file.dropFirst("content/".count)
            // It still works when it reaches the file from the new URL, or when it names the same
            // file from the Markdown file's folder (blogbuild then copies it beside the page).
            let folder = (path as NSString).deletingLastPathComponent
            let local = Self.resolveInside(plain, folder: folder)
            if atNewURL == site || (atNewURL != nil && local.flatMap { sources[$0] } == sources[file]) {
                return (written, true)
            }
            return (site + suffix, true)
        }
        if let page = pagesByOldURL[target] ?? pagesByOldURL[decoded] {
            return (atNewURL == page ? written : page + suffix, true)
        }
        // Nothing the import knows of is there (a file of the old theme, a list page):
        // the address the browser reached, which blogbuild reads as the browser did.
        return (target + suffix, false)
    }

    /// The address a browser shows for an old URL: one without an extension
    /// (Hugo's `url: about`, Jekyll's `permalink: /about`) is a folder's
    /// `index.html`, and servers redirect `/about` to `/about/`.
    static func servedURL(_ url: String) -> String {
        guard !url.hasSuffix("/"), let last = url.split(separator: "/").last, !last.contains(".") else { return url }
        return url + "/"
    }

    /// Neither absolute (`/x`, `https:`, `//host`, `mailto:`) nor a fragment, query or template.
    static func isRelative(_ url: String) -> Bool {
        guard let first = url.first, !"/#?{<$%".contains(first) else { return false }
        // A scheme: letters before a `:` that comes before any `/`.
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") { return false }
        return !url.contains("{{") && !url.contains("{%")
    }

    /// `rel` resolved against the page address `base` as a browser does: from the
    /// base's folder, `..` stopping at the root.
    static func resolve(_ rel: String, against base: String) -> String {
        var parts = base.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast()  // the page's own name, or "" after its trailing slash
        parts.removeAll { $0.isEmpty }
        let pieces = rel.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (i, piece) in pieces.enumerated() {
            let isLast = i == pieces.count - 1
            switch piece {
            case ".": if isLast { parts.append("") }
            case "..":
                if !parts.isEmpty { parts.removeLast() }
                if isLast { parts.append("") }
            default: parts.append(piece)
            }
        }
        let joined = parts.joined(separator: "/")
        return "/" + joined.replacingOccurrences(of: "//", with: "/")
    }

    /// `rel` resolved against a folder of the site (`content/posts`), nil when it leaves the site.
    static func resolveInside(_ rel: String, folder: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for piece in rel.split(separator: "/") {
            switch piece {
            case ".": continue
            case "..":
                guard parts.count > 1 else { return nil }
                parts.removeLast()
            default: parts.append(String(piece))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Every URL in Markdown links and images (inline and reference definitions) and in
    /// HTML `src`, `href`, `poster` and `srcset`, outside fenced code and code spans, in order.
    private static func urls(in body: String) -> [Found] {
        let ns = body as NSString
        var found: [Found] = []
        let patterns: [(String, Int, Bool?)] = [
            (#"(!?)\[[^\[\]\n]*\]\(\s*<?([^)\s>]+)"#, 2, nil),
            // One level of nesting: the link around an image `[![alt](small.png)](big.png)`.
            (#"(!?)\[(?:[^\[\]\n]|!?\[[^\]\n]*\]\([^)\n]*\))*\]\(\s*<?([^)\s>]+)"#, 2, nil),
            (#"(?m)^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)"#, 1, false),
            (#"(?i)<(\w+)[^>]*?\s(?:src|href|poster)\s*=\s*["']([^"']*)["']"#, 2, nil),
        ]
        let code = codeRanges(body)
        func inCode(_ r: NSRange) -> Bool { code.contains { NSLocationInRange(r.location, $0) } }
        for (pattern, group, image) in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            for match in regex.matches(in: body, range: NSRange(location: 0, length: ns.length)) {
                let range = match.range(at: group)
                guard range.location != NSNotFound, !inCode(range) else { continue }
                let isImage = image ?? {
                    let first = ns.substring(with: match.range(at: 1)).lowercased()
                    return first == "!" || first == "img" || first == "source" || first == "video"
                }()
                found.append(Found(range: range, isImage: isImage))
            }
        }
        // srcset: comma-separated `URL width` candidates.
        if let regex = try? NSRegularExpression(pattern: #"(?i)\ssrcset\s*=\s*["']([^"']*)["']"#) {
            for match in regex.matches(in: body, range: NSRange(location: 0, length: ns.length)) where !inCode(match.range(at: 1)) {
                let value = match.range(at: 1)
                var offset = value.location
                for candidate in ns.substring(with: value).components(separatedBy: ",") {
                    let trimmed = candidate.drop { $0.isWhitespace }
                    let lead = candidate.utf16.count - trimmed.utf16.count
                    let url = trimmed.prefix { !$0.isWhitespace }
                    if !url.isEmpty { found.append(Found(range: NSRange(location: offset + lead, length: url.utf16.count), isImage: true)) }
                    offset += candidate.utf16.count + 1
                }
            }
        }
        // An `<img src>` inside a Markdown link's text is found once by each pattern: keep one.
        var seen = Set<Int>()
        return found.sorted { $0.range.location < $1.range.location }.filter { seen.insert($0.range.location).inserted }
    }

    /// The UTF-16 ranges of fenced code blocks and inline code spans.
    private static func codeRanges(_ body: String) -> [NSRange] {
        let ns = body as NSString
        var out: [NSRange] = []
        for pattern in [#"(?ms)^ {0,3}(`{3,}|~{3,})[^\n]*\n.*?^ {0,3}\1[`~]*[ \t]*$"#, #"(`+)[^`\n](?:.*?[^`])??\1(?!`)"#] {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            out += regex.matches(in: body, range: NSRange(location: 0, length: ns.length)).map(\.range)
        }
        return out
    }
}
