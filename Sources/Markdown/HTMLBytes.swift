import HTML

/// cmark-gfm's own escaping rules, for the markup the Markdown post-processing
/// builds (so it looks like markup cmark builds). Reading HTML is `HTMLScanner`'s.
enum HTMLBytes {
    // MARK: Escaping, as cmark-gfm does it

    /// `houdini_escape_html0(…, secure: 0)`: `"`, `&`, `<`, `>`.
    static func appendEscapedText<S: Sequence>(_ bytes: S, to out: inout [UInt8]) where S.Element == UInt8 {
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            default: out.append(b)
            }
        }
    }

    /// `houdini_escape_href`: URL-safe bytes as they are, `&` and `'` as
    /// entities, everything else as `%XX`.
    static func appendEscapedHref<S: Sequence>(_ bytes: S, to out: inout [UInt8]) where S.Element == UInt8 {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        for b in bytes {
            if isHrefSafe(b) {
                out.append(b)
            } else if b == UInt8(ascii: "&") {
                out.append(contentsOf: "&amp;".utf8)
            } else if b == UInt8(ascii: "'") {
                out.append(contentsOf: "&#x27;".utf8)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
    }

    /// The `HREF_SAFE` table of cmark-gfm: `-_.+!*(),%#@?=;:/$~` and alphanumerics.
    @inline(__always)
    static func isHrefSafe(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "!"),
             UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "%"),
             UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"),
             UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "$"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// cmark-gfm's `_scan_dangerous_url`: `javascript:`, `vbscript:`, `file:` and
    /// `data:` (except `data:image/png|gif|jpeg|webp`), case-insensitively. In
    /// safe mode such URLs are rendered empty.
    static func isDangerousURL(_ url: String) -> Bool {
        var prefix: [UInt8] = []
        prefix.reserveCapacity(16)
        for b in url.utf8.prefix(16) { prefix.append(HTMLScanner.lower(b)) }
        func starts(_ s: String) -> Bool { prefix.starts(with: s.utf8) }
        if starts("data:image/png") || starts("data:image/gif") || starts("data:image/jpeg")
            || starts("data:image/webp") {
            return false
        }
        return starts("javascript:") || starts("vbscript:") || starts("file:") || starts("data:")
    }
}
