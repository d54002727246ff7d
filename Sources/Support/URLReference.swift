/// What kind of URL reference a page holds (an `href`, a `src`, a front-matter
/// image): one reading for the link checker, the copier of relative files, the
/// image sizer and the feeds' URL rewriter.
///
/// The rules are RFC 3986's, with what browsers add (the WHATWG URL standard,
/// for an `http`/`https` page): leading C0 controls and spaces are ignored, tab
/// and newlines are ignored anywhere, and `\` counts as `/` at the start.
///
/// - `https:…`, `mailto:…`, `data:…`: a scheme, `ALPHA *( ALPHA / DIGIT / "+" /
///   "-" / "." ) ":"` before any `/`, `?` or `#` (ASCII only: `1x:` and `é:` are
///   paths);
/// - `//host/x`: a network-path (protocol-relative) reference. It names another
///   host (or this one by its name), never a site path: it is external, and a
///   rewriter gives it the page's scheme;
/// - `/x`: a site path; `?q`, `#f`: the page itself; anything else: relative to
///   the page's folder.
public enum URLReference {
    /// The kinds, in the order `kind(_:)` tells them apart.
    public enum Kind: Sendable, Hashable {
        /// `https://…`, `mailto:…`: has a scheme.
        case absolute
        /// `//host/…`
        case networkPath
        /// `/about/`
        case sitePath
        /// `#top`
        case fragment
        /// `?page=2`
        case query
        /// `images/a.png`, `../x/`, `./a:b` (where `a:b` would be a scheme).
        case relative
        /// `` (the page itself, too).
        case empty
    }

    /// The kind of `ref`, as written in the page (character references decoded).
    public static func kind<C: Collection<UInt8>>(_ ref: C) -> Kind {
        var i = ref.startIndex
        let end = ref.endIndex
        while i < end, ref[i] <= 0x20 { ref.formIndex(after: &i) }
        guard i < end else { return .empty }
        switch ref[i] {
        case UInt8(ascii: "#"): return .fragment
        case UInt8(ascii: "?"): return .query
        case UInt8(ascii: "/"), UInt8(ascii: "\\"):
            ref.formIndex(after: &i)
            while i < end, isTabOrNewline(ref[i]) { ref.formIndex(after: &i) }
            return i < end && (ref[i] == UInt8(ascii: "/") || ref[i] == UInt8(ascii: "\\")) ? .networkPath : .sitePath
        default:
            return hasScheme(ref[i...]) ? .absolute : .relative
        }
    }

    /// Whether `ref` leaves the site: it has a scheme or names a host (`//host`).
    public static func isExternal(_ ref: String) -> Bool {
        let k = kind(ref.utf8)
        return k == .absolute || k == .networkPath
    }

    /// A scheme and `:` at the start of `ref` (no leading white space).
    private static func hasScheme<C: Collection<UInt8>>(_ ref: C) -> Bool {
        var first = true
        for b in ref {
            if isTabOrNewline(b) { continue }
            if b == UInt8(ascii: ":") { return !first }
            let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
            let other = (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "+")
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            guard letter || (!first && other) else { return false }
            first = false
        }
        return false
    }

    @inline(__always)
    private static func isTabOrNewline(_ b: UInt8) -> Bool { b == 0x09 || b == 0x0A || b == 0x0D }
}
