import Foundation

/// Pure path arithmetic on `/`-separated site paths.
public enum SitePaths {
    /// Joins a relative reference onto a folder path (`/2021/03/x/` + `../y/` → `/2021/03/y/`),
    /// or nil when it climbs above the root.
    public static func resolve(_ ref: String, against folder: String) -> String? {
        let isDir = ref.hasSuffix("/") || ref.isEmpty || ref.hasSuffix("/.") || ref.hasSuffix("/..") || ref == "." || ref == ".."
        var parts: [Substring] = ref.hasPrefix("/") ? [] : folder.split(separator: "/")
        for part in ref.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if parts.isEmpty { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        let joined = "/" + parts.joined(separator: "/")
        return isDir && joined != "/" ? joined + "/" : joined
    }

    /// The folder of a site path: `/a/b/` → `/a/b/`, `/a/404.html` → `/a/`.
    public static func folder(of url: String) -> String {
        if url.hasSuffix("/") { return url }
        guard let slash = url.lastIndex(of: "/") else { return "/" }
        return String(url[...slash])
    }

    /// Splits `path?query#fragment` into path and fragment, dropping the query.
    public static func split(_ href: String) -> (path: String, fragment: String?) {
        // Over UTF-8: `#` and `?` are ASCII, so their indices are character boundaries.
        let bytes = href.utf8
        var end = bytes.endIndex
        var fragment: String? = nil
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(href[bytes.index(after: hash)...])
            end = hash
        }
        if let q = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) { end = q }
        return (String(href[..<end]), fragment)
    }

    /// Percent-decodes a URL path (`%20` → space); invalid escapes are kept as written.
    public static func percentDecoded(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "%")) else { return s }
        return s.removingPercentEncoding ?? s
    }

    /// The one mapping from a site path to the file written there: `/` → `index.html`,
    /// `/a/b/` → `a/b/index.html`, `/404.html` → `404.html`, `/a/b` → `a/b/index.html`. A folder's
    /// file is `folderIndex`: `index.html` for a page, `index.xml` for a feed (`FeedAddress`).
    public static func outputPath(forSitePath url: String, folderIndex: String = "index.html") -> String {
        // A server decodes `/what%3F/` before it looks for the file: the file is `what?/index.html`.
        let decoded = percentDecoded(url)
        // Over UTF-8 (every route's path is made here): `/` and `.` are ASCII, so the indices are character boundaries.
        let bytes = decoded.utf8
        let slash = UInt8(ascii: "/")
        guard let start = bytes.firstIndex(where: { $0 != slash }) else { return folderIndex }
        let s = decoded[start...]
        var out = ""
        if bytes.last == slash {
            out.reserveCapacity(s.utf8.count + folderIndex.utf8.count)
            out += s
            out += folderIndex
            return out
        }
        // The last segment names a file when it has an extension (a dot).
        let lastSlash = bytes.lastIndex(of: slash).map { bytes.index(after: $0) } ?? start
        if bytes[max(lastSlash, start)...].contains(UInt8(ascii: ".")) { return String(s) }
        out.reserveCapacity(s.utf8.count + 1 + folderIndex.utf8.count)
        out += s
        out += "/"
        out += folderIndex
        return out
    }

    /// Bytes outside RFC 3986's unreserved, reserved and `%` written as `%XX`, so the
    /// result is a URI (sitemaps and `tag:` ids need one); existing escapes are kept.
    public static func percentEncoded(_ s: String) -> String {
        guard s.utf8.contains(where: { !isURIByte($0) }) else { return s }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        for b in s.utf8 {
            if isURIByte(b) {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always)
    private static func isURIByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            // unreserved, gen-delims, sub-delims, and % for escapes already there
            return "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(b)
        }
    }
}
