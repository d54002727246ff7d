/// The text a reader sees in HTML: summaries as descriptions, feed texts, imported titles.
public enum PlainText {
    /// The text of an HTML fragment, as a reader sees it: what `HTMLScanner` reads
    /// as text (not tags, comments, or the content of `<script>`, `<style>` and
    /// the other raw-text elements a page does not show; see
    /// `HTMLRawTextElement.isShownAsText`), with character references decoded and
    /// every run of white space (Unicode's, so `&nbsp;` too) made one space,
    /// none at either end. Linear: a summary can be a whole 10 MB paragraph.
    public static func of(_ html: String) -> String {
        let text = HTMLShownText.bytes(of: html)
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var space = false
        text.withUnsafeBufferPointer { t in
            var i = 0
            while i < t.count {
                let b = t[i]
                let length = b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                let end = min(i + length, t.count)
                if Self.isWhiteSpace(t, i..<end) {
                    space = !out.isEmpty
                } else {
                    if space {
                        out.append(0x20)
                        space = false
                    }
                    if length == 1 {
                        out.append(b)
                    } else {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: t[i..<end]))
                    }
                }
                i = end
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the character in `t[range]` (UTF-8) is white space in Unicode's
    /// sense (White_Space: also VT, NEL, NBSP and the typographic spaces). Above ASCII only U+0085, U+00A0, U+1680, U+2000–U+205F and U+3000
    /// are, whose lead bytes are C2 and E1–E3: only those are decoded.
    private static func isWhiteSpace(_ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let b = t[range.lowerBound]
        if b < 0x80 { return HTMLScanner.isWhitespace(b) || b == 0x0B }
        guard b == 0xC2 || (b >= 0xE1 && b <= 0xE3) else { return false }
        let scalar = String(decoding: UnsafeBufferPointer(rebasing: t[range]), as: UTF8.self).unicodeScalars.first
        return scalar?.properties.isWhitespace ?? false
    }
}
