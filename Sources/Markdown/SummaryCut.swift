import HTML

/// Cuts a summary that lists show, when it is a post's first paragraph, to at
/// most `wordLimit` words: a long opening paragraph would make the home page a
/// wall of text. The cut is at a word boundary in the text (never inside a tag
/// or a character reference), ends with "…", and closes the elements still open
/// there, so the HTML stays well-formed: `<p>… <em><a href="…">word</a></em>…</p>`.
///
/// Words are `WordCounter`'s, the reading time's: a run of text with a letter or
/// digit, which markup inside does not split. White space is where text can be
/// cut, so a language written without spaces (Japanese) is never cut.
/// Uses the one HTML scanner (`HTMLScanner`); the scan stops at the first word
/// past the limit, so a long paragraph costs no more than a short one.
public enum SummaryCut {
    /// About 60 words: three or four sentences.
    public static let wordLimit = 60

    /// `html` cut after its `limit`th word, or nil when it has no more words than that.
    public static func cut(_ html: String, limit: Int = wordLimit) -> String? {
        var html = html
        return html.withUTF8 { cut($0, limit: limit) }
    }

    static func cut(_ p: UnsafeBufferPointer<UInt8>, limit: Int) -> String? {
        var scanner = HTMLScanner(p)
        var words = WordCounter()
        // Elements open at the scanner's position, lower-cased names, outermost first.
        var open: [String] = []
        // Where white space last began in the text, with the elements open there: the
        // place to cut when the next word is one too many.
        var lastSpace: (at: Int, textStart: Int, open: [String])?
        while let token = scanner.next() {
            switch token {
            case .text(let range):
                // Fed to the counter one white-space run at a time: each piece starts where
                // white space begins (the first may not), so a word ends at a piece's start.
                var start = range.lowerBound
                while start < range.upperBound {
                    var end = start + 1
                    while end < range.upperBound, !(HTMLScanner.isWhitespace(p[end]) && !HTMLScanner.isWhitespace(p[end - 1])) {
                        end += 1
                    }
                    if HTMLScanner.isWhitespace(p[start]) { lastSpace = (start, range.lowerBound, open) }
                    var next = words
                    next.add(p, start..<end)
                    if next.words > limit {
                        guard let space = lastSpace else { return nil }
                        return close(p, at: space.at, textStart: space.textStart, open: space.open)
                    }
                    words = next
                    start = end
                }
            case .startTag(let tag):
                let name = Self.name(p, tag.name)
                if !tag.isSelfClosing && !HTMLBalance.voidElements.contains(name) { open.append(name) }
            case .endTag(let tag):
                let name = Self.name(p, tag.name)
                if let k = open.lastIndex(of: name) { open.removeSubrange(k...) }
            case .rawText, .comment, .doctype:
                break
            }
        }
        return nil
    }

    /// `p` up to `at` (a comma or colon left at the end of the text dropped), "…", and
    /// the end tags of `open`: the ellipsis after the text's inline elements
    /// (not part of a link), inside its paragraph or list item.
    private static func close(_ p: UnsafeBufferPointer<UInt8>, at: Int, textStart: Int, open: [String]) -> String {
        var end = at
        // Only in this text: before it is a tag's `>`.
        while end > textStart, Self.droppedBeforeEllipsis.contains(p[end - 1]) { end -= 1 }
        var out = Array(UnsafeBufferPointer(rebasing: p[0..<end]))
        var ellipsisWritten = false
        for name in open.reversed() {
            if !ellipsisWritten && Self.blockElements.contains(name) {
                out += "…".utf8
                ellipsisWritten = true
            }
            out += "</\(name)>".utf8
        }
        if !ellipsisWritten { out += "…".utf8 }
        return String(decoding: out, as: UTF8.self)
    }

    private static func name(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: p[range].map(HTMLScanner.lower), as: UTF8.self)
    }

    /// Punctuation that reads wrong before "…".
    private static let droppedBeforeEllipsis: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":")]

    /// Elements the ellipsis goes inside of (anything else is inline: it goes after them).
    private static let blockElements: Set<String> = ["p", "li", "dd", "dt", "blockquote", "div", "figure", "figcaption",
                                                      "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "section",
                                                      "ul", "ol", "dl", "table", "tr", "details", "summary"]
}
