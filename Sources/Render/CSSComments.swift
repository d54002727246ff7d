/// Removes `/* … */` comments from a stylesheet, so the built-in theme's CSS
/// can explain itself in the repository without every reader downloading the
/// explanations (a post page plus its CSS must stay under 31 KB).
///
/// A byte scanner, not a CSS parser: quoted strings (with `\` escapes) and
/// unquoted `url(…)` are copied untouched, since `/*` inside them is text.
/// A comment between two non-space bytes becomes `/**/`, because it separates
/// tokens there (`a/**/b` is not `ab`); a comment alone on its line goes with
/// its line. Everything else is copied byte for byte.
///
/// `compact`: also drops the white space a browser ignores: around `{ } ; , >`,
/// after `:`, the last `;` of a block, and runs of white space (newlines
/// included) become one space. Spaces that separate tokens stay: descendant
/// combinators (`.toc h2`), values (`0 0 .35rem`) and `calc(a + b)` (around
/// `+` and `-` they are required).
enum CSSComments {
    static func strip(_ css: [UInt8], compact: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(css.count)
        let n = css.count
        var i = 0
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
        while i < n {
            let b = css[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                // A string, to its closing quote or the end of its line (an unclosed string ends there in CSS).
                var j = i + 1
                while j < n, css[j] != b, css[j] != 0x0A {
                    j += css[j] == UInt8(ascii: "\\") ? 2 : 1
                }
                j = min(n, j < n && css[j] == b ? j + 1 : j)
                out += css[i..<j]
                i = j
            } else if b == UInt8(ascii: "("), isURL(out) {
                // Unquoted `url(` … `)`: copied as is (a quoted one is a string, handled above).
                var j = i + 1
                while j < n, css[j] == 0x20 || css[j] == 0x09 { j += 1 }
                if j < n, css[j] == UInt8(ascii: "\"") || css[j] == UInt8(ascii: "'") {
                    out.append(b)
                    i += 1
                    continue
                }
                while j < n, css[j] != UInt8(ascii: ")") {
                    j += css[j] == UInt8(ascii: "\\") ? 2 : 1
                }
                j = min(n, j + 1)
                out += css[i..<j]
                i = j
            } else if b == UInt8(ascii: "/"), i + 1 < n, css[i + 1] == UInt8(ascii: "*") {
                var j = i + 2
                while j + 1 < n, !(css[j] == UInt8(ascii: "*") && css[j + 1] == UInt8(ascii: "/")) { j += 1 }
                // Unclosed: the comment runs to the end, as in CSS.
                j = j + 1 < n ? j + 2 : n
                // Spaces (not newlines) before the comment on its line, and after it.
                var lineStart = out.count
                while lineStart > 0, out[lineStart - 1] == 0x20 || out[lineStart - 1] == 0x09 { lineStart -= 1 }
                var after = j
                while after < n, css[after] == 0x20 || css[after] == 0x09 { after += 1 }
                let aloneOnLine = (lineStart == 0 || out[lineStart - 1] == 0x0A)
                    && (after == n || css[after] == 0x0A || css[after] == 0x0D)
                if aloneOnLine {
                    out.removeSubrange(lineStart...)
                    if after < n, css[after] == 0x0D { after += 1 }
                    if after < n, css[after] == 0x0A { after += 1 }
                    i = after
                } else {
                    if let last = out.last, !isSpace(last), j < n, !isSpace(css[j]) {
                        out += Array("/**/".utf8)
                    }
                    i = j
                }
            } else if compact, isSpace(b) {
                var j = i + 1
                while j < n, isSpace(css[j]) { j += 1 }
                // Kept as one space only between two bytes it may separate.
                if let last = out.last, !isSpace(last), !Self.tightAfter.contains(last),
                   j < n, !Self.tightBefore.contains(css[j]) {
                    out.append(0x20)
                }
                i = j
            } else if compact, b == UInt8(ascii: ";") {
                var j = i + 1
                while j < n, isSpace(css[j]) { j += 1 }
                // A block's last declaration needs no `;`.
                if !(j < n && css[j] == UInt8(ascii: "}")) { out.append(b) }
                i += 1
            } else {
                if compact, Self.tightBefore.contains(b), let last = out.last, last == 0x20 { out.removeLast() }
                out.append(b)
                i += 1
            }
        }
        return out
    }

    /// Bytes after which white space means nothing.
    private static let tightAfter: Set<UInt8> = Set("{};,>:".utf8)
    /// Bytes before which white space means nothing.
    private static let tightBefore: Set<UInt8> = Set("{};,>".utf8)

    /// Whether a `(` now opens `url(` (any case): `url` ends `out` and does
    /// not end a longer name.
    private static func isURL(_ out: [UInt8]) -> Bool {
        guard out.count >= 3 else { return false }
        let u = out[out.count - 3] | 0x20, r = out[out.count - 2] | 0x20, l = out[out.count - 1] | 0x20
        guard u == UInt8(ascii: "u"), r == UInt8(ascii: "r"), l == UInt8(ascii: "l") else { return false }
        guard out.count > 3 else { return true }
        let p = out[out.count - 4]
        let isNameByte = (p | 0x20 >= UInt8(ascii: "a") && p | 0x20 <= UInt8(ascii: "z"))
            || (p >= UInt8(ascii: "0") && p <= UInt8(ascii: "9")) || p == UInt8(ascii: "-") || p == UInt8(ascii: "_")
            || p >= 0x80
        return !isNameByte
    }
}
