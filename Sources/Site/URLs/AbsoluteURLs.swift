import Support
import HTML

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
/// - `//cdn.example/x.png` → the scheme of `base_url` is added (see `URLReference`
///   for how references are told apart)
/// - anything with a scheme (`https:`, `mailto:`, `data:`) is left as it is
///
/// The HTML is read with `HTMLScanner`, and the URL attributes are the ones
/// `HTMLURLAttribute` names (`data` on `<object>` too), each read with its
/// character references decoded (`&#x2F;about/` is the site path `/about/`), and
/// written back escaped. Everything else is copied byte for byte: comments, the
/// content of `<script>`, `<style>` and the other raw-text elements, unterminated
/// tags, and escaped text such as HTML shown inside code blocks.
public struct AbsoluteURLs: Sendable {
    /// `base_url`, taken apart.
    let base: BaseURL

    public init(baseURL: String) {
        base = BaseURL(baseURL)
    }

    /// `base_url`, ending in `/`.
    public var baseURL: String { base.text }
    /// The host of `base_url`, lower-cased, without user info or port (for `tag:` ids).
    public var host: String { base.host }
    /// The path of `base_url`, ending in `/` (`/` or `/blog/`).
    var basePath: String { base.path }

    // MARK: Site paths

    /// `base_url` + the site path, percent-encoding what a URL cannot hold
    /// (spaces, non-ASCII): `/2021/01/x/` → `https://example.com/2021/01/x/`.
    /// Anything that is not a site path (`https://…`) is returned as it is.
    public func absolute(_ sitePath: String) -> String {
        guard sitePath.hasPrefix("/"), !sitePath.hasPrefix("//") else { return sitePath }
        return baseURL + Self.percentEncoded(String(sitePath.dropFirst()))
    }

    /// The path part of `absolute(sitePath)`: `/blog/2021/01/x/` under `https://example.com/blog/`.
    public func fullPath(_ sitePath: String) -> String {
        basePath + Self.percentEncoded(String(sitePath.drop(while: { $0 == "/" })))
    }

    /// Bytes outside RFC 3986's unreserved, reserved and `%` written as `%XX`
    /// (`SitePaths.percentEncoded`).
    public static func percentEncoded(_ s: String) -> String {
        SitePaths.percentEncoded(s)
    }

    // MARK: References

    /// A reference as written in content, resolved against the absolute URL of its page
    /// (which has no query or fragment). Returns nil when it is already absolute.
    public func resolve(_ ref: String, page pageURL: String) -> String? {
        let page = Page(pageURL, base: baseURL, escaped: false)
        return resolveBytes(Array(ref.utf8)[...], page: page).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Rewrites the URLs in `html` (see the type's description) against `pageURL`,
    /// an absolute URL with no query or fragment. Returns `html` itself when
    /// nothing needed changing.
    public func rewrite(_ html: String, page pageURL: String) -> String {
        rewriting(html, page: Page(pageURL, base: baseURL, escaped: true))
    }

    /// Like `rewrite`, but the result is root-relative (`/blog/2021/01/x/images/a.png`):
    /// for HTML moved to another page of the same site, such as a summary on the
    /// home page, in builds whose pages link root-relative. `pagePath` is a site path.
    /// Protocol-relative references (`//cdn…`) are left as they are.
    public func rewriteRootRelative(_ html: String, page pagePath: String) -> String {
        var page = Page(fullPath(pagePath), base: basePath, escaped: true)
        page.scheme = []
        return rewriting(html, page: page)
    }

    /// Rewrites only site paths (`/about/`) in `html`: to `base_url` + path when
    /// `absolute`, else to `base_url`'s path + path (`/blog/about/`). Relative
    /// references and `#fragments` are left as written: on the page they were
    /// written for, they already work. Returns `html` itself when nothing changed.
    public func rewriteSitePaths(_ html: String, absolute: Bool) -> String {
        if !absolute && basePath == "/" { return html }
        let base = absolute ? baseURL : basePath
        var page = Page(base, base: base, escaped: true)
        page.scheme = []
        page.onlySitePaths = true
        return rewriting(html, page: page)
    }

    /// The one pass of the three rewrites: each URL attribute of each start tag
    /// resolved against `page`, every other byte copied. `html` itself when
    /// nothing changed.
    private func rewriting(_ html: String, page: Page) -> String {
        var copy = html
        return copy.withUTF8 { p -> String in
            var out: [UInt8] = []
            var copied = 0
            var changed = false
            var scanner = HTMLScanner(p)
            while let token = scanner.next() {
                guard case .startTag(let tag) = token else { continue }
                for attribute in scanner.attributes where !attribute.isDuplicate {
                    guard let kind = HTMLURLAttribute.kind(tag: tag.name, attribute: attribute.name, in: p) else { continue }
                    let value = Self.escapedValue(p, attribute.value)
                    guard let replacement = kind == .srcset ? srcset(value, page: page) : resolveBytes(value, page: page)
                    else { continue }
                    if !changed {
                        changed = true
                        out.reserveCapacity(p.count + 256)
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<attribute.value.lowerBound]))
                    if attribute.quote == 0 {
                        // An unquoted value is written quoted, with any `"` in it escaped.
                        out.append(UInt8(ascii: "\""))
                        for b in replacement {
                            if b == UInt8(ascii: "\"") { out.append(contentsOf: "&quot;".utf8) } else { out.append(b) }
                        }
                        out.append(UInt8(ascii: "\""))
                    } else {
                        out.append(contentsOf: replacement)
                    }
                    copied = attribute.value.upperBound
                }
            }
            guard changed else { return html }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<p.count]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// An attribute value as written when it has no character reference; else
    /// decoded (so `&#x2F;x` is read as the site path it is) and escaped again as
    /// `HTMLEscape` escapes the page URL it is joined to.
    private static func escapedValue(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ArraySlice<UInt8> {
        guard HTMLEntities.firstAmpersand(p, range) != nil else { return Array(UnsafeBufferPointer(rebasing: p[range]))[...] }
        return Array(HTMLEscape.text(HTMLEntities.decode(p, range, inAttribute: true)).utf8)[...]
    }

    /// A `srcset` with each candidate's URL resolved, descriptors and separators
    /// kept; nil when none changed.
    private func srcset(_ value: ArraySlice<UInt8>, page: Page) -> [UInt8]? {
        var result: [UInt8] = []
        var copied = value.startIndex
        HTMLSrcset.forEachURL(in: value) { url in
            guard let resolved = resolveBytes(value[url], page: page) else { return }
            result.append(contentsOf: value[copied..<url.lowerBound])
            result.append(contentsOf: resolved)
            copied = url.upperBound
        }
        guard copied != value.startIndex else { return nil }
        result.append(contentsOf: value[copied...])
        return result
    }

    /// What resolving against one page needs, as bytes; HTML-escaped when the
    /// result goes into an attribute value.
    private struct Page {
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
    /// Leading and trailing C0 controls and spaces are dropped, as a browser
    /// drops them; a reference that only loses those is written without them.
    private func resolveBytes(_ raw: ArraySlice<UInt8>, page: Page) -> [UInt8]? {
        var ref = raw
        while let f = ref.first, f <= 0x20 { ref = ref.dropFirst() }
        while let l = ref.last, l <= 0x20 { ref = ref.dropLast() }
        let kind = URLReference.kind(ref)
        if page.onlySitePaths && kind != .sitePath { return nil }
        var out: [UInt8]
        switch kind {
        case .empty:
            return nil
        case .absolute:
            return ref.count == raw.count ? nil : Array(ref)
        case .fragment, .query:
            out = page.url
            out.append(contentsOf: ref)
            return out
        case .networkPath:
            if page.scheme.isEmpty { return ref.count == raw.count ? nil : Array(ref) }
            out = page.scheme
            out.append(contentsOf: ref)
            return out
        case .sitePath:
            out = page.base
            out.append(contentsOf: ref.dropFirst())
        case .relative:
            out = page.folder
            out.append(contentsOf: ref)
        }
        return Self.hasDotSegment(ref) ? Self.removingDotSegments(out, pathStart: page.pathStart) : out
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
