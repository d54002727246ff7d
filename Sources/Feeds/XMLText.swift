/// Text for XML documents (feeds, the sitemap): escaping that survives anything a
/// post can contain, in one pass over the UTF-8 bytes.
///
/// - `&`, `<`, `>`, `"` and `'` become entities, so the result is safe both as
///   element text and inside a quoted attribute value. `>` is escaped too, so a
///   `]]>` in a post can never end anything.
/// - Characters XML 1.0 forbids are removed: U+0000–U+0008, U+000B, U+000C,
///   U+000E–U+001F, U+FFFE and U+FFFF (a Swift string holds no lone surrogates).
///   Tab, line feed and carriage return stay.
/// - Everything else (emoji, accents, U+2028) is written as it is: feeds are UTF-8.
///
/// HTML content is escaped as text rather than wrapped in CDATA: it is one rule,
/// and nothing inside the content can break out of it.
public enum XMLText {
    /// `s` escaped for element text or a quoted attribute value.
    public static func escape(_ s: String) -> String {
        var copy = s
        return copy.withUTF8 { bytes in
            // Fast path: most titles, URLs and dates need nothing.
            var clean = true
            for b in bytes where needsWork(b) {
                clean = false
                break
            }
            if clean { return s }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
            append(bytes, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `s` with the characters XML 1.0 forbids removed, nothing escaped
    /// (for JSON, where the same text must appear as in the XML feeds).
    static func removingForbidden(_ s: String) -> String {
        var copy = s
        return copy.withUTF8 { bytes in
            var i = 0
            let n = bytes.count
            var found = false
            while i < n {
                if forbiddenLength(bytes, at: i) > 0 { found = true; break }
                i += 1
            }
            if !found { return s }
            var out: [UInt8] = []
            out.reserveCapacity(n)
            i = 0
            while i < n {
                let skip = forbiddenLength(bytes, at: i)
                if skip > 0 { i += skip; continue }
                out.append(bytes[i])
                i += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Appends `bytes` (valid UTF-8) escaped, forbidden characters removed.
    /// Runs of bytes that need nothing are copied in one go.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var i = 0
        var run = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            guard needsWork(b) else { i += 1; continue }
            if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i])) }
            switch b {
            case UInt8(ascii: "&"): out.append(contentsOf: amp)
            case UInt8(ascii: "<"): out.append(contentsOf: lt)
            case UInt8(ascii: ">"): out.append(contentsOf: gt)
            case UInt8(ascii: "\""): out.append(contentsOf: quot)
            case UInt8(ascii: "'"): out.append(contentsOf: apos)
            default:
                let skip = forbiddenLength(bytes, at: i)
                if skip > 0 {
                    i += skip
                    run = i
                    continue
                }
                out.append(b)
            }
            i += 1
            run = i
        }
        if run < n { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<n])) }
    }

    /// Appends `s` escaped, forbidden characters removed.
    static func append(_ s: String, to out: inout [UInt8]) {
        var copy = s
        copy.withUTF8 { append($0, to: &out) }
    }

    // MARK: Bytes

    private static let amp = Array("&amp;".utf8)
    private static let lt = Array("&lt;".utf8)
    private static let gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8)
    private static let apos = Array("&#39;".utf8)

    @inline(__always)
    private static func needsWork(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "&") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") || b == UInt8(ascii: "\"")
            || b == UInt8(ascii: "'") || b < 0x20 || b == 0xEF
    }

    /// The number of bytes of a forbidden character starting at `i`, or 0.
    /// In valid UTF-8, U+FFFE and U+FFFF are exactly `EF BF BE` and `EF BF BF`.
    @inline(__always)
    static func forbiddenLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b = bytes[i]
        if b < 0x20 { return (b == 0x09 || b == 0x0A || b == 0x0D) ? 0 : 1 }
        if b == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF { return 3 }
        return 0
    }
}
