/// The opening tag of a WordPress shortcode, read as WordPress's own
/// `get_shortcode_regex` reads it: `[` and a name, attributes up to the `]`
/// (quoted values may hold anything but the quote), an optional `/` before it.
/// Works on UTF-8 bytes, so its ranges are byte offsets into the post's content.
struct WordPressShortcode: Sendable, Equatable {
    /// Lower-cased: `caption`, `code`, `gallery`.
    var name: String
    /// The tag, `[` to `]` inclusive.
    var range: Range<Int>
    /// Named attributes by lower-cased name; positional ones by their place (`0`, `1`).
    var attributes: [String: String]
    /// Whether any attribute was written `name=value`.
    var hasNamedAttributes: Bool
    /// Written `[name /]`.
    var isSelfClosing: Bool

    /// Attributes longer than this are not a shortcode WordPress wrote; stopping
    /// there keeps a body full of `[` linear.
    private static let longest = 4096

    /// The shortcode whose `[` is at `i`; nil when the bracket opens something
    /// else (`[1]` is a footnote mark, `[ x ]` is prose, `[[x]]` is WordPress's escape).
    static func open(at i: Int, in b: [UInt8]) -> WordPressShortcode? {
        guard i + 2 < b.count, b[i] == UInt8(ascii: "["), isLetter(b[i + 1]) else { return nil }
        var j = i + 1
        while j < b.count, isNameByte(b[j]) { j += 1 }
        guard j < b.count, b[j] == UInt8(ascii: "]") || b[j] == UInt8(ascii: "/") || isSpace(b[j]) else { return nil }
        let name = String(decoding: b[(i + 1)..<j], as: UTF8.self).lowercased()
        // The attributes: up to the first `]` outside quotes; a `[` means this was no tag.
        let attributesStart = j
        var quote: UInt8 = 0
        while j < b.count, j - attributesStart < longest {
            let c = b[j]
            if quote != 0 {
                if c == quote { quote = 0 }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: "]") {
                break
            } else if c == UInt8(ascii: "[") {
                return nil
            }
            j += 1
        }
        guard j < b.count, b[j] == UInt8(ascii: "]") else { return nil }
        var text = Array(b[attributesStart..<j])
        var selfClosing = false
        while let last = text.last, isSpace(last) { text.removeLast() }
        if text.last == UInt8(ascii: "/") {
            selfClosing = true
            text.removeLast()
        }
        let (attributes, named) = parseAttributes(text)
        return WordPressShortcode(name: name, range: i..<(j + 1), attributes: attributes, hasNamedAttributes: named,
                                  isSelfClosing: selfClosing)
    }

    /// The first `[/name]` at or after `from` (any letter case).
    static func close(_ name: String, from: Int, in b: [UInt8]) -> Range<Int>? {
        let tag = Array("[/\(name)]".utf8)
        guard tag.count <= b.count else { return nil }
        var i = from
        while i + tag.count <= b.count {
            if b[i] == UInt8(ascii: "["), b[i + 1] == UInt8(ascii: "/") {
                var k = 2
                while k < tag.count, lower(b[i + k]) == tag[k] { k += 1 }
                if k == tag.count { return i..<(i + tag.count) }
            }
            i += 1
        }
        return nil
    }

    /// The names of every `[/name]` in `b`, lower-cased: a shortcode with a
    /// closing tag is one even without attributes (`[note]…[/note]`).
    static func closingNames(in b: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        var i = 0
        while i + 3 < b.count {
            if b[i] == UInt8(ascii: "["), b[i + 1] == UInt8(ascii: "/"), isLetter(b[i + 2]) {
                var j = i + 2
                while j < b.count, isNameByte(b[j]) { j += 1 }
                if j < b.count, b[j] == UInt8(ascii: "]") {
                    names.insert(String(decoding: b[(i + 2)..<j], as: UTF8.self).lowercased())
                }
                i = j
                continue
            }
            i += 1
        }
        return names
    }

    /// `id="x" align='y' width=300 "positional" bare` as WordPress's
    /// `shortcode_parse_atts` splits it.
    private static func parseAttributes(_ t: [UInt8]) -> ([String: String], Bool) {
        var out: [String: String] = [:]
        var named = false
        var position = 0
        var i = 0
        func skipSpace() { while i < t.count, isSpace(t[i]) { i += 1 } }
        func value() -> String {
            if i < t.count, t[i] == UInt8(ascii: "\"") || t[i] == UInt8(ascii: "'") {
                let q = t[i]
                let start = i + 1
                i = start
                while i < t.count, t[i] != q { i += 1 }
                let v = String(decoding: t[start..<min(i, t.count)], as: UTF8.self)
                if i < t.count { i += 1 }
                return v
            }
            let start = i
            while i < t.count, !isSpace(t[i]) { i += 1 }
            return String(decoding: t[start..<i], as: UTF8.self)
        }
        while true {
            skipSpace()
            guard i < t.count else { break }
            let start = i
            while i < t.count, isNameByte(t[i]) { i += 1 }
            let key = String(decoding: t[start..<i], as: UTF8.self).lowercased()
            var j = i
            while j < t.count, isSpace(t[j]) { j += 1 }
            if !key.isEmpty, j < t.count, t[j] == UInt8(ascii: "=") {
                i = j + 1
                skipSpace()
                out[key] = value()
                named = true
            } else {
                i = start
                out[String(position)] = value()
                position += 1
            }
        }
        return (out, named)
    }

    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
    private static func isNameByte(_ c: UInt8) -> Bool {
        isLetter(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
    }
    private static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
    private static func lower(_ c: UInt8) -> UInt8 { c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c | 0x20 : c }
}
