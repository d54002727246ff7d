/// Byte-level HTML helpers for the Markdown post-processing: cmark-gfm's own
/// escaping rules (so markup we build looks like markup cmark builds), and a
/// small linear scanner over start tags and their attributes.
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
        for b in url.utf8.prefix(16) { prefix.append(lower(b)) }
        func starts(_ s: String) -> Bool { prefix.starts(with: s.utf8) }
        if starts("data:image/png") || starts("data:image/gif") || starts("data:image/jpeg")
            || starts("data:image/webp") {
            return false
        }
        return starts("javascript:") || starts("vbscript:") || starts("file:") || starts("data:")
    }

    // MARK: Scanning

    @inline(__always)
    static func lower(_ b: UInt8) -> UInt8 {
        (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) ? b | 0x20 : b
    }

    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D || b == 0x0C
    }

    @inline(__always)
    static func isASCIILetter(_ b: UInt8) -> Bool {
        let l = b | 0x20
        return l >= UInt8(ascii: "a") && l <= UInt8(ascii: "z")
    }

    /// The scalar whose UTF-8 lead byte is at `i`; nil for a continuation byte
    /// or a truncated sequence.
    static func scalar(in p: UnsafeBufferPointer<UInt8>, at i: Int) -> Unicode.Scalar? {
        let b0 = UInt32(p[i])
        let n = p.count
        var value: UInt32
        if b0 < 0x80 {
            value = b0
        } else if b0 & 0xE0 == 0xC0, i + 1 < n {
            value = (b0 & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F)
        } else if b0 & 0xF0 == 0xE0, i + 2 < n {
            value = (b0 & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F)
        } else if b0 & 0xF8 == 0xF0, i + 3 < n {
            value = (b0 & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6
                | UInt32(p[i + 3] & 0x3F)
        } else {
            return nil
        }
        return Unicode.Scalar(value)
    }

    static func isLetterOrNumber(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// What a byte is, for the word counter.
    enum ByteClass: UInt8 {
        /// ASCII letter or digit.
        case wordByte
        case space
        /// Other ASCII.
        case other
        case lessThan
        case ampersand
        /// First byte of a multi-byte UTF-8 sequence.
        case lead
        case continuation
    }

    @inline(__always)
    static func byteClass(_ b: UInt8) -> ByteClass {
        if b >= 0x80 { return b >= 0xC0 ? .lead : .continuation }
        if b >= UInt8(ascii: "a") { return b <= UInt8(ascii: "z") ? .wordByte : .other }
        if b >= UInt8(ascii: "A") { return b <= UInt8(ascii: "Z") ? .wordByte : .other }
        if b >= UInt8(ascii: "0") {
            if b <= UInt8(ascii: "9") { return .wordByte }
            return b == UInt8(ascii: "<") ? .lessThan : .other
        }
        if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D || b == 0x0C { return .space }
        return b == UInt8(ascii: "&") ? .ampersand : .other
    }

    /// `byteClass(_:).rawValue` of every byte, for the hot loop.
    static let byteClasses: [UInt8] = (0...255).map { byteClass(UInt8($0)).rawValue }

    /// One attribute of a start tag, as byte offsets into the scanned buffer.
    struct Attribute {
        /// From the whitespace before the name to the end of the value: what to
        /// cut to remove the attribute.
        var span: Range<Int>
        var name: Range<Int>
        /// Without the quotes; empty for an attribute without a value.
        var value: Range<Int>
    }

    /// Whether `p[range]` is `name` (lower-case ASCII), ignoring ASCII case.
    @inline(__always)
    static func equalsLower(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let n = name.utf8Start
        var j = 0
        for i in range {
            if lower(p[i]) != n[j] { return false }
            j += 1
        }
        return true
    }

    /// Parses the start tag whose `<` is at `start` (the next byte must be a
    /// letter). Calls `attribute` for each attribute and returns the tag name's
    /// range and the offset just after the closing `>` (or the end of the
    /// buffer for an unterminated tag).
    static func scanStartTag(_ p: UnsafeBufferPointer<UInt8>, at start: Int,
                             attribute: (Attribute) -> Void) -> (name: Range<Int>, end: Int) {
        let n = p.count
        var i = start + 1
        let nameStart = i
        while i < n, !isSpace(p[i]), p[i] != UInt8(ascii: ">"), p[i] != UInt8(ascii: "/") { i += 1 }
        let name = nameStart..<i
        while i < n {
            let spanStart = i
            while i < n, isSpace(p[i]) || p[i] == UInt8(ascii: "/") { i += 1 }
            guard i < n else { break }
            if p[i] == UInt8(ascii: ">") { return (name, i + 1) }
            let attrNameStart = i
            while i < n, !isSpace(p[i]), p[i] != UInt8(ascii: ">"), p[i] != UInt8(ascii: "="),
                  p[i] != UInt8(ascii: "/") {
                i += 1
            }
            let attrName = attrNameStart..<i
            var j = i
            while j < n, isSpace(p[j]) { j += 1 }
            var value = i..<i
            if j < n, p[j] == UInt8(ascii: "=") {
                j += 1
                while j < n, isSpace(p[j]) { j += 1 }
                if j < n, p[j] == UInt8(ascii: "\"") || p[j] == UInt8(ascii: "'") {
                    let quote = p[j]
                    let valueStart = j + 1
                    j = valueStart
                    while j < n, p[j] != quote { j += 1 }
                    value = valueStart..<j
                    if j < n { j += 1 }
                } else {
                    let valueStart = j
                    while j < n, !isSpace(p[j]), p[j] != UInt8(ascii: ">") { j += 1 }
                    value = valueStart..<j
                }
                i = j
            }
            attribute(Attribute(span: spanStart..<i, name: attrName, value: value))
        }
        return (name, n)
    }

    /// Calls `visit` with the name and attributes of each start tag of `p`, in
    /// order, passing over comments, end tags, `<!DOCTYPE>`, `<?…?>` and the text of
    /// `<script>` and `<style>`.
    static func forEachStartTag(_ p: UnsafeBufferPointer<UInt8>,
                                _ visit: (_ name: Range<Int>, _ attributes: [Attribute]) -> Void) {
        let n = p.count
        var i = 0
        var attributes: [Attribute] = []
        while i < n {
            guard p[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if i + 1 < n, isASCIILetter(p[i + 1]) {
                attributes.removeAll(keepingCapacity: true)
                let (name, end) = scanStartTag(p, at: i) { attributes.append($0) }
                visit(name, attributes)
                i = skipRawText(p, name: name, end: end)
            } else if let end = skipNonStartTag(p, at: i) {
                i = end
            } else {
                i += 1
            }
        }
    }

    /// Index of the first occurrence of `needle` (ASCII, lower-case) at or after
    /// `from`, ignoring ASCII case; `p.count` if none.
    static func find(_ needle: StaticString, in p: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        let m = needle.utf8CodeUnitCount
        let s = needle.utf8Start
        let n = p.count
        guard m > 0, n >= m else { return n }
        let first = s[0]
        var i = from
        outer: while i <= n - m {
            if lower(p[i]) == first {
                var k = 1
                while k < m {
                    if lower(p[i + k]) != s[k] { i += 1; continue outer }
                    k += 1
                }
                return i
            }
            i += 1
        }
        return n
    }

    /// Where the markup construct starting with `<` at `i` ends, when it is not
    /// a start tag: comments, end tags, `<!DOCTYPE …>`, `<?…?>`. Nil when the
    /// `<` does not start markup (a stray `<`, which cmark never emits in text).
    static func skipNonStartTag(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = p.count
        guard i + 1 < n else { return nil }
        let next = p[i + 1]
        if next == UInt8(ascii: "!") {
            if i + 3 < n, p[i + 2] == UInt8(ascii: "-"), p[i + 3] == UInt8(ascii: "-") {
                let close = find("-->", in: p, from: i + 4)
                return min(n, close + 3)
            }
            let close = find(">", in: p, from: i + 2)
            return min(n, close + 1)
        }
        if next == UInt8(ascii: "?") || (next == UInt8(ascii: "/") && i + 2 < n && isASCIILetter(p[i + 2])) {
            let close = find(">", in: p, from: i + 2)
            return min(n, close + 1)
        }
        return nil
    }

    /// After the start tag of a raw-text element (`script`, `style`), where its
    /// end tag starts; else `end` itself.
    static func skipRawText(_ p: UnsafeBufferPointer<UInt8>, name: Range<Int>, end: Int) -> Int {
        if equalsLower(p, name, "script") { return find("</script", in: p, from: end) }
        if equalsLower(p, name, "style") { return find("</style", in: p, from: end) }
        return end
    }

    /// An attribute value with character references decoded (the common
    /// named ones and numeric ones; unknown names are kept as written).
    static func decodeAttribute(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let raw = UnsafeBufferPointer(rebasing: p[range])
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        return decodeEntities(String(decoding: raw, as: UTF8.self))
    }

    static func decodeEntities(_ s: String) -> String {
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let name = after[..<semi]
            var replacement: String?
            switch name {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            case "nbsp": replacement = "\u{A0}"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if name.hasPrefix("#") {
                    replacement = UInt32(name.dropFirst(1), radix: 10).flatMap(Unicode.Scalar.init).map { String($0) }
                }
            }
            if let replacement {
                out += replacement
                rest = after[after.index(after: semi)...]
            } else {
                out += "&"
                rest = after
            }
        }
        out += rest
        return out
    }
}
