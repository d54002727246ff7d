/// Absolute URLs for feeds and the sitemap, where a relative URL means nothing:
/// a feed reader shows a post far from its page.
///
/// Site paths (`/2021/01/x/`) are joined to `base_url`. In content HTML every
/// `href`, `src`, `srcset` and `poster` is resolved against the post's absolute
/// permalink, as a browser at that page would, in one linear pass over the bytes:
///
/// - `#fn-1` → `https://example.com/2021/01/x/#fn-1` (footnotes keep working)
/// - `images/a.png`, `../y/`, `?q` → resolved against the permalink (RFC 3986)
/// - `/about/` → `base_url` + `about/`: a root-relative URL in content is a site
///   path, the same reading the link checker gives it
/// - `//cdn.example/x.png` → the scheme of `base_url` is added
/// - anything with a scheme (`https:`, `mailto:`, `data:`) is left as it is
///
/// Everything else in the HTML is copied byte for byte: comments, `<script>` and
/// `<style>` bodies, and escaped text such as HTML shown inside code blocks.
struct AbsoluteURLs: Sendable {
    /// `base_url`, taken apart.
    let base: BaseURL

    init(baseURL: String) {
        base = BaseURL(baseURL)
    }

    /// `base_url`, ending in `/`.
    var baseURL: String { base.text }
    /// The host of `base_url`, lower-cased, without user info or port (for `tag:` ids).
    var host: String { base.host }
    /// The path of `base_url`, ending in `/` (`/` or `/blog/`).
    var basePath: String { base.path }

    // MARK: Site paths

    /// `base_url` + the site path, percent-encoding what a URL cannot hold
    /// (spaces, non-ASCII): `/2021/01/x/` → `https://example.com/2021/01/x/`.
    /// Anything that is not a site path (`https://…`) is returned as it is.
    func absolute(_ sitePath: String) -> String {
        guard sitePath.hasPrefix("/"), !sitePath.hasPrefix("//") else { return sitePath }
        return baseURL + Self.percentEncoded(String(sitePath.dropFirst()))
    }

    /// The path part of `absolute(sitePath)`: `/blog/2021/01/x/` under `https://example.com/blog/`.
    func fullPath(_ sitePath: String) -> String {
        basePath + Self.percentEncoded(String(sitePath.drop(while: { $0 == "/" })))
    }

    /// Bytes outside RFC 3986's unreserved, reserved and `%` written as `%XX`, so the
    /// result is a URI (sitemaps and `tag:` ids need one); existing escapes are kept.
    static func percentEncoded(_ s: String) -> String {
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

    // MARK: References

    /// A reference as written in content, resolved against the absolute URL of its page
    /// (which has no query or fragment). Returns nil when it is already absolute.
    func resolve(_ ref: String, page pageURL: String) -> String? {
        let page = Page(pageURL, base: baseURL, escaped: false)
        return resolveBytes(Array(ref.utf8)[...], page: page).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Rewrites the URLs in `html` (see the type's description) against `pageURL`,
    /// an absolute URL with no query or fragment. Returns `html` itself when
    /// nothing needed changing.
    func rewrite(_ html: String, page pageURL: String) -> String {
        let page = Page(pageURL, base: baseURL, escaped: true)
        var copy = html
        return copy.withUTF8 { bytes -> String in
            var rewriter = Rewriter(bytes: bytes, urls: self, page: page)
            guard let out = rewriter.run() else { return html }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Like `rewrite`, but the result is root-relative (`/blog/2021/01/x/images/a.png`):
    /// for HTML moved to another page of the same site, such as a summary on the
    /// home page, in builds whose pages link root-relative. `pagePath` is a site path.
    /// Protocol-relative references (`//cdn…`) are left as they are.
    func rewriteRootRelative(_ html: String, page pagePath: String) -> String {
        var page = Page(fullPath(pagePath), base: basePath, escaped: true)
        page.scheme = []
        var copy = html
        return copy.withUTF8 { bytes -> String in
            var rewriter = Rewriter(bytes: bytes, urls: self, page: page)
            guard let out = rewriter.run() else { return html }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Rewrites only site paths (`/about/`) in `html`: to `base_url` + path when
    /// `absolute`, else to `base_url`'s path + path (`/blog/about/`). Relative
    /// references and `#fragments` are left as written: on the page they were
    /// written for, they already work. Returns `html` itself when nothing changed.
    func rewriteSitePaths(_ html: String, absolute: Bool) -> String {
        if !absolute && basePath == "/" { return html }
        let base = absolute ? baseURL : basePath
        var page = Page(base, base: base, escaped: true)
        page.scheme = []
        page.onlySitePaths = true
        var copy = html
        return copy.withUTF8 { bytes -> String in
            var rewriter = Rewriter(bytes: bytes, urls: self, page: page)
            guard let out = rewriter.run() else { return html }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// What resolving against one page needs, as bytes; HTML-escaped when the
    /// result goes into an attribute value.
    fileprivate struct Page {
        /// The page URL.
        var url: [UInt8]
        /// The page URL up to and including the last `/` of its path.
        var folder: [UInt8]
        /// `base_url`.
        var base: [UInt8]
        /// `https:`.
        var scheme: [UInt8]
        /// Length of `scheme://authority` in `url`, where the path starts.
        var pathStart: Int
        /// Rewrite `/site/paths` only; leave relative references and fragments.
        var onlySitePaths = false

        init(_ pageURL: String, base: String, escaped: Bool) {
            let page = escaped ? HTMLEscape.text(pageURL) : pageURL
            url = Array(page.utf8)
            let folderEnd = page.lastIndex(of: "/").map { page.index(after: $0) } ?? page.endIndex
            folder = Array(page[..<folderEnd].utf8)
            self.base = Array((escaped ? HTMLEscape.text(base) : base).utf8)
            let schemeEnd = page.firstIndex(of: ":") ?? page.startIndex
            scheme = Array(page[...schemeEnd].utf8)
            if let r = page.range(of: "://") {
                let rest = page[r.upperBound...]
                pathStart = page.utf8.distance(from: page.startIndex, to: rest.firstIndex(of: "/") ?? rest.endIndex)
            } else {
                pathStart = 0
            }
        }
    }

    /// The resolved bytes of one reference, or nil when it stays as it is.
    fileprivate func resolveBytes(_ raw: ArraySlice<UInt8>, page: Page) -> [UInt8]? {
        var ref = raw
        while let f = ref.first, Self.isSpace(f) { ref = ref.dropFirst() }
        while let l = ref.last, Self.isSpace(l) { ref = ref.dropLast() }
        guard let first = ref.first else { return nil }
        if page.onlySitePaths && first != UInt8(ascii: "/") { return nil }
        var out: [UInt8]
        switch first {
        case UInt8(ascii: "#"), UInt8(ascii: "?"):
            out = page.url
            out.append(contentsOf: ref)
            return out
        case UInt8(ascii: "/"):
            if ref.count > 1, ref[ref.startIndex + 1] == UInt8(ascii: "/") {
                if page.scheme.isEmpty { return ref.count == raw.count ? nil : Array(ref) }
                out = page.scheme
                out.append(contentsOf: ref)
                return out
            }
            out = page.base
            out.append(contentsOf: ref.dropFirst())
        default:
            if Self.hasScheme(ref) { return ref.count == raw.count ? nil : Array(ref) }
            out = page.folder
            out.append(contentsOf: ref)
        }
        return Self.hasDotSegment(ref) ? Self.removingDotSegments(out, pathStart: page.pathStart) : out
    }

    @inline(__always)
    fileprivate static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }

    /// `scheme:` before any `/`, `?` or `#` (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )).
    private static func hasScheme(_ ref: ArraySlice<UInt8>) -> Bool {
        var i = ref.startIndex
        while i < ref.endIndex {
            let b = ref[i]
            if b == UInt8(ascii: ":") { return i > ref.startIndex }
            let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
            let ok = letter || (i > ref.startIndex && ((b >= 48 && b <= 57) || b == UInt8(ascii: "+")
                                                        || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")))
            if !ok { return false }
            i += 1
        }
        return false
    }

    /// Whether the path part of `ref` has a `.` or `..` segment.
    private static func hasDotSegment(_ ref: ArraySlice<UInt8>) -> Bool {
        var segmentStart = ref.startIndex
        var i = ref.startIndex
        while true {
            let atEnd = i == ref.endIndex || ref[i] == UInt8(ascii: "?") || ref[i] == UInt8(ascii: "#")
            if atEnd || ref[i] == UInt8(ascii: "/") {
                let seg = ref[segmentStart..<i]
                if seg.elementsEqual([46]) || seg.elementsEqual([46, 46]) { return true }
                if atEnd { return false }
                segmentStart = i + 1
            }
            i += 1
        }
    }

    /// RFC 3986 section 5.2.4 on the path of an absolute URL (after `pathStart`),
    /// never climbing above the root; query and fragment are kept as they are.
    private static func removingDotSegments(_ url: [UInt8], pathStart: Int) -> [UInt8] {
        let start = min(pathStart, url.count)
        var pathEnd = start
        while pathEnd < url.count, url[pathEnd] != UInt8(ascii: "?"), url[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
        let segments = url[start..<pathEnd].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        var kept: [ArraySlice<UInt8>] = []
        var trailingSlash = false
        for seg in segments {
            trailingSlash = false
            if seg.elementsEqual([46]) {
                trailingSlash = true
            } else if seg.elementsEqual([46, 46]) {
                if !kept.isEmpty { kept.removeLast() }
                trailingSlash = true
            } else {
                kept.append(seg)
            }
        }
        var out = Array(url[..<start])
        for seg in kept {
            out.append(UInt8(ascii: "/"))
            out.append(contentsOf: seg)
        }
        if trailingSlash || kept.isEmpty { out.append(UInt8(ascii: "/")) }
        out.append(contentsOf: url[pathEnd...])
        return out
    }
}

/// The single pass of `AbsoluteURLs.rewrite`: finds start tags, their `href`,
/// `src`, `srcset` and `poster` values, and copies everything else unchanged.
private struct Rewriter {
    let bytes: UnsafeBufferPointer<UInt8>
    let urls: AbsoluteURLs
    let page: AbsoluteURLs.Page
    var out: [UInt8] = []
    /// Bytes before this index are already in `out` (or replaced).
    var copied = 0
    var changed = false

    init(bytes: UnsafeBufferPointer<UInt8>, urls: AbsoluteURLs, page: AbsoluteURLs.Page) {
        self.bytes = bytes
        self.urls = urls
        self.page = page
    }

    /// The rewritten bytes, or nil when nothing changed.
    mutating func run() -> [UInt8]? {
        let n = bytes.count
        var i = 0
        while i < n {
            guard bytes[i] == UInt8(ascii: "<"), i + 1 < n else { i += 1; continue }
            let next = bytes[i + 1]
            if next == UInt8(ascii: "!") {
                i = skipMarkupDeclaration(from: i)
            } else if isLetter(next) {
                i = startTag(from: i + 1)
            } else {
                i += 1  // `</…>`, `<?…>`, or a stray `<`: nothing to rewrite
            }
        }
        guard changed else { return nil }
        out.append(contentsOf: bytes[copied..<n])
        return out
    }

    /// Past `<!-- … -->`, `<![CDATA[ … ]]>` or `<!DOCTYPE …>`.
    private func skipMarkupDeclaration(from i: Int) -> Int {
        if matches("<!--", at: i) { return find("-->", from: i + 4).map { $0 + 3 } ?? bytes.count }
        if matches("<![CDATA[", at: i) { return find("]]>", from: i + 9).map { $0 + 3 } ?? bytes.count }
        return find(">", from: i).map { $0 + 1 } ?? bytes.count
    }

    /// Reads one start tag whose name begins at `i`; returns the index after it
    /// (and after the body of a raw-text element).
    private mutating func startTag(from start: Int) -> Int {
        let n = bytes.count
        var i = start
        while i < n, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") { i += 1 }
        let name = bytes[start..<i]
        while i < n {
            while i < n, isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "/") { i += 1 }
            if i >= n { break }
            if bytes[i] == UInt8(ascii: ">") { i += 1; break }
            let nameStart = i
            while i < n, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">"),
                  bytes[i] != UInt8(ascii: "/") { i += 1 }
            let attr = attributeKind(bytes[nameStart..<i])
            var j = i
            while j < n, isSpace(bytes[j]) { j += 1 }
            guard j < n, bytes[j] == UInt8(ascii: "=") else { continue }  // no value
            j += 1
            while j < n, isSpace(bytes[j]) { j += 1 }
            guard j < n else { i = j; break }
            let quote = bytes[j]
            let valueStart: Int, valueEnd: Int
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                valueStart = j + 1
                var k = valueStart
                while k < n, bytes[k] != quote { k += 1 }
                valueEnd = k
                i = min(n, k + 1)
            } else {
                valueStart = j
                var k = j
                while k < n, !isSpace(bytes[k]), bytes[k] != UInt8(ascii: ">") { k += 1 }
                valueEnd = k
                i = k
            }
            guard attr != .other else { continue }
            let value = Array(bytes[valueStart..<valueEnd])[...]
            let replacement = attr == .srcset ? srcset(value) : urls.resolveBytes(value, page: page)
            guard let replacement else { continue }
            begin()
            out.append(contentsOf: bytes[copied..<valueStart])
            let needsQuotes = !(quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"))
            if needsQuotes {
                // An unquoted value is written quoted, with any `"` in it escaped.
                out.append(UInt8(ascii: "\""))
                for b in replacement {
                    if b == UInt8(ascii: "\"") { out.append(contentsOf: "&quot;".utf8) } else { out.append(b) }
                }
                out.append(UInt8(ascii: "\""))
            } else {
                out.append(contentsOf: replacement)
            }
            copied = valueEnd
        }
        // Raw-text elements: their bodies are not markup.
        for raw in ["script", "style", "textarea", "title"] where equalsIgnoringCase(name, raw) {
            return findClosing(raw, from: i)
        }
        return i
    }

    private mutating func begin() {
        if !changed {
            changed = true
            out.reserveCapacity(bytes.count + 256)
        }
    }

    /// A `srcset` with each candidate's URL resolved, descriptors kept.
    private func srcset(_ value: ArraySlice<UInt8>) -> [UInt8]? {
        var result: [UInt8] = []
        var any = false
        var i = value.startIndex
        let end = value.endIndex
        while i < end {
            while i < end, isSpace(value[i]) || value[i] == UInt8(ascii: ",") { result.append(value[i]); i += 1 }
            if i >= end { break }
            let start = i
            while i < end, !isSpace(value[i]) { i += 1 }
            var urlEnd = i
            while urlEnd > start, value[urlEnd - 1] == UInt8(ascii: ",") { urlEnd -= 1 }
            if let r = urls.resolveBytes(value[start..<urlEnd], page: page) {
                result.append(contentsOf: r)
                any = true
            } else {
                result.append(contentsOf: value[start..<urlEnd])
            }
            result.append(contentsOf: value[urlEnd..<i])
            if urlEnd < i { continue }  // the URL ended with a comma: no descriptors
            var depth = 0
            while i < end {
                let b = value[i]
                if b == UInt8(ascii: "(") { depth += 1 } else if b == UInt8(ascii: ")") { depth -= 1 }
                if b == UInt8(ascii: ","), depth <= 0 { break }
                result.append(b)
                i += 1
            }
        }
        return any ? result : nil
    }

    // MARK: Bytes

    private enum Attribute { case url, srcset, other }

    private func attributeKind(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Attribute {
        switch name.count {
        case 3: return equalsIgnoringCase(name, "src") ? .url : .other
        case 4: return equalsIgnoringCase(name, "href") ? .url : .other
        case 6:
            if equalsIgnoringCase(name, "srcset") { return .srcset }
            return equalsIgnoringCase(name, "poster") ? .url : .other
        default: return .other
        }
    }

    private func equalsIgnoringCase(_ s: Slice<UnsafeBufferPointer<UInt8>>, _ lower: String) -> Bool {
        s.count == lower.utf8.count && zip(s, lower.utf8).allSatisfy { ($0 | 0x20) == $1 }
    }

    private func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }

    private func isSpace(_ b: UInt8) -> Bool { AbsoluteURLs.isSpace(b) }

    private func matches(_ s: String, at i: Int) -> Bool {
        let u = s.utf8
        return i + u.count <= bytes.count && zip(bytes[i..<(i + u.count)], u).allSatisfy { $0 == $1 }
    }

    private func find(_ s: String, from i: Int) -> Int? {
        guard let first = s.utf8.first else { return nil }
        var k = i
        while k < bytes.count {
            if bytes[k] == first, matches(s, at: k) { return k }
            k += 1
        }
        return nil
    }

    /// The index of `</name` (any case) at or after `i`, or the end.
    private func findClosing(_ name: String, from i: Int) -> Int {
        var k = i
        let len = name.utf8.count
        while k + 1 < bytes.count {
            if bytes[k] == UInt8(ascii: "<"), bytes[k + 1] == UInt8(ascii: "/"), k + 2 + len <= bytes.count,
               equalsIgnoringCase(bytes[(k + 2)..<(k + 2 + len)], name) {
                return k
            }
            k += 1
        }
        return bytes.count
    }
}
