import HTML

/// Makes WordPress's stored text read as Markdown the way WordPress showed it.
/// WordPress keeps paragraphs as text separated by blank lines (its `wpautop`
/// adds the `<p>` when it shows them) and treats every other character as
/// text; cmark-gfm makes the same paragraphs, but would also read:
///
/// - a line indented by four spaces or a tab as code: indentation is removed
///   from every line that starts a block or is prose (not inside an HTML block,
///   where it means nothing, nor in the blocks `WordPressBody` keeps away);
/// - `*`, `_`, `` ` ``, `~`, `\` in prose, and `#`, `>`, `-`, `+`, `1.`, `===`
///   at a line's start, as emphasis, code, headings, quotes and lists: each is
///   escaped with `\` (only in prose: inside an HTML block a `\` would show);
/// - a line break inside a paragraph as a space: it becomes `<br />`, as
///   WordPress shows it.
///
/// What cmark-gfm reads as an HTML block is found by its own rules (CommonMark
/// 0.29, section 4.6) and left alone.
enum WordPressProse {
    /// `text` split into lines; lines starting with U+E000 are `WordPressBody`'s placeholders.
    static func guardMarkdown(_ text: [UInt8], report: inout ImportReport) -> [UInt8] {
        var counts = Counts()
        var out: [UInt8] = []
        out.reserveCapacity(text.count + text.count / 16)
        var paragraph: [ArraySlice<UInt8>] = []
        /// nil: not in an HTML block; `[]`: one a blank line ends; else the text that ends it.
        var htmlEnd: [UInt8]?
        var inParagraph = false
        func flush() {
            guard !paragraph.isEmpty else { return }
            out += escape(paragraph, counts: &counts)
            out.append(10)
            paragraph = []
        }
        for line in text.split(separator: 10, omittingEmptySubsequences: false) {
            if let end = htmlEnd {
                out += line
                out.append(10)
                if end.isEmpty ? isBlank(line) : contains(lowercased(line), end) { htmlEnd = nil }
                continue
            }
            if isBlank(line) || line.first == 0xEE {
                flush()
                out += line
                out.append(10)
                inParagraph = false
                continue
            }
            let indent = line.prefix { $0 == 32 || $0 == 9 }
            let stripped = line.dropFirst(indent.count)
            if indent.count >= 4 || indent.contains(9) { counts.indented += 1 }
            if let end = htmlBlockEnd(stripped, inParagraph: inParagraph) {
                flush()
                out += stripped
                out.append(10)
                let rest = lowercased(stripped.dropFirst(2))
                htmlEnd = end.isEmpty || !contains(rest, end) ? end : nil
                inParagraph = false
                continue
            }
            paragraph.append(stripped)
            inParagraph = true
        }
        flush()
        if out.last == 10 { out.removeLast() }
        if counts.indented > 0 { report.count("indented lines → unindented (Markdown would read them as code)", counts.indented) }
        if counts.escaped > 0 { report.count("Markdown characters in WordPress's text (* _ ` # > - 1.) → escaped with \\", counts.escaped) }
        if counts.breaks > 0 { report.count("line breaks inside a paragraph → <br /> (as WordPress shows them)", counts.breaks) }
        return out
    }

    private struct Counts {
        var indented = 0, escaped = 0, breaks = 0
    }

    // MARK: - HTML blocks

    /// Block-level tag names that start an HTML block of CommonMark's kind 6.
    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
        "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe",
        "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p",
        "param", "section", "source", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr",
        "track", "ul",
    ]

    /// When `line` starts an HTML block, what ends it: `[]` for a blank line,
    /// else the text whose line is the block's last (`-->`, `</pre>`); nil when
    /// it starts none. A lone tag (kind 7) cannot interrupt a paragraph.
    private static func htmlBlockEnd(_ line: ArraySlice<UInt8>, inParagraph: Bool) -> [UInt8]? {
        guard line.first == UInt8(ascii: "<") else { return nil }
        let lower = lowercased(line)
        func after(_ prefix: String) -> UInt8? {
            let p = Array(prefix.utf8)
            guard lower.starts(with: p) else { return nil }
            return lower.count > p.count ? lower[p.count] : 10
        }
        for name in ["script", "pre", "style", "textarea"] {
            if let next = after("<" + name), next == 32 || next == 9 || next == 10 || next == UInt8(ascii: ">") {
                return Array("</\(name)>".utf8)
            }
        }
        if lower.starts(with: Array("<!--".utf8)) { return Array("-->".utf8) }
        if lower.starts(with: Array("<?".utf8)) { return Array("?>".utf8) }
        if lower.starts(with: Array("<![cdata[".utf8)) { return Array("]]>".utf8) }
        if lower.count > 2, lower[1] == UInt8(ascii: "!"), lower[2] >= UInt8(ascii: "a"), lower[2] <= UInt8(ascii: "z") {
            return Array(">".utf8)
        }
        let nameStart = lower.count > 1 && lower[1] == UInt8(ascii: "/") ? 2 : 1
        var nameEnd = nameStart
        while nameEnd < lower.count, isAlphanumeric(lower[nameEnd]) { nameEnd += 1 }
        let name = String(decoding: lower[nameStart..<nameEnd], as: UTF8.self)
        let next = nameEnd < lower.count ? lower[nameEnd] : 10
        if blockTags.contains(name), next == 32 || next == 9 || next == 10 || next == UInt8(ascii: ">")
            || (next == UInt8(ascii: "/") && nameEnd + 1 < lower.count && lower[nameEnd + 1] == UInt8(ascii: ">")) {
            return []
        }
        guard !inParagraph, !name.isEmpty else { return nil }
        // Kind 7: one whole start or end tag, then only blanks.
        let bytes = Array(line)
        return bytes.withUnsafeBufferPointer { p -> [UInt8]? in
            var scanner = HTMLScanner(p)
            guard let token = scanner.next() else { return nil }
            switch token {
            case .startTag(let tag), .endTag(let tag):
                guard tag.range.lowerBound == 0, p[tag.range.upperBound...].allSatisfy({ $0 == 32 || $0 == 9 }) else { return nil }
                return []
            default:
                return nil
            }
        }
    }

    // MARK: - Prose

    /// The lines of one paragraph, joined by `<br />` and a line break, with what
    /// Markdown would read as syntax escaped in their text (not in their tags).
    private static func escape(_ lines: [ArraySlice<UInt8>], counts: inout Counts) -> [UInt8] {
        var joined: [UInt8] = []
        for (n, line) in lines.enumerated() {
            if n > 0 { joined.append(10) }
            joined += line
        }
        let tildes = joined.count { $0 == UInt8(ascii: "~") } >= 2
        var out: [UInt8] = []
        out.reserveCapacity(joined.count + 16)
        func escaped(_ c: UInt8) {
            out.append(UInt8(ascii: "\\"))
            out.append(c)
            counts.escaped += 1
        }
        joined.withUnsafeBufferPointer { p in
            var scanner = HTMLScanner(p)
            var copied = 0
            var lineStart = true
            while let token = scanner.next() {
                let range = token.range
                if range.lowerBound > copied { out += p[copied..<range.lowerBound] }
                copied = range.upperBound
                guard case .text(let r) = token else {
                    out += p[range]
                    lineStart = false
                    continue
                }
                var i = r.lowerBound
                while i < r.upperBound {
                    if lineStart {
                        lineStart = false
                        i = escapeLineStart(p, at: i, out: &out, counts: &counts)
                        continue
                    }
                    let c = p[i]
                    if c == 10 {
                        // As wpautop: no second break after a `<br />` the author wrote.
                        if !endsWithBreak(out) {
                            out += Array("<br />".utf8)
                            counts.breaks += 1
                        }
                        out.append(10)
                        lineStart = true
                        i += 1
                        continue
                    }
                    if let end = urlEnd(p, at: i) {
                        out += p[i..<end]
                        i = end
                        continue
                    }
                    switch c {
                    case UInt8(ascii: "*"), UInt8(ascii: "`"):
                        escaped(c)
                    case UInt8(ascii: "_"):
                        let before = i > 0 ? p[i - 1] : 32
                        let after = i + 1 < p.count ? p[i + 1] : 32
                        if isWordByte(before) && isWordByte(after) { out.append(c) } else { escaped(c) }
                    case UInt8(ascii: "~"):
                        if tildes { escaped(c) } else { out.append(c) }
                    case UInt8(ascii: "\\"):
                        if i + 1 < p.count, isASCIIPunctuation(p[i + 1]) { escaped(c) } else { out.append(c) }
                    default:
                        out.append(c)
                    }
                    i += 1
                }
            }
            if copied < p.count { out += p[copied...] }
        }
        return out
    }

    /// Whether `out` ends with a `<br>` (any spelling), blanks after it aside.
    private static func endsWithBreak(_ out: [UInt8]) -> Bool {
        var end = out.count
        while end > 0, out[end - 1] == 32 || out[end - 1] == 9 { end -= 1 }
        guard end > 0, out[end - 1] == UInt8(ascii: ">"), let lt = out[..<end].lastIndex(of: UInt8(ascii: "<")) else { return false }
        let tag = lowercased(out[lt..<end]).filter { $0 != 32 && $0 != 9 && $0 != UInt8(ascii: "/") }
        return tag == Array("<br>".utf8)
    }

    /// Escapes what would start a heading, quote, list, rule or setext underline
    /// at `i`, the start of a line; returns where the caller goes on.
    private static func escapeLineStart(_ p: UnsafeBufferPointer<UInt8>, at i: Int, out: inout [UInt8], counts: inout Counts) -> Int {
        func endsMarker(_ j: Int) -> Bool { j >= p.count || p[j] == 32 || p[j] == 9 || p[j] == 10 }
        let c = p[i]
        let lineEnd = p[i...].firstIndex(of: 10) ?? p.count
        let line = p[i..<lineEnd]
        if c == UInt8(ascii: "#") {
            var j = i
            while j < p.count, p[j] == c { j += 1 }
            if j - i <= 6 && endsMarker(j) {
                out += [UInt8(ascii: "\\"), c]
                counts.escaped += 1
                return i + 1
            }
        }
        let isRule = (c == UInt8(ascii: "=") || c == UInt8(ascii: "-")) && line.allSatisfy { $0 == c || $0 == 32 || $0 == 9 }
        if c == UInt8(ascii: ">") || isRule || ((c == UInt8(ascii: "-") || c == UInt8(ascii: "+")) && endsMarker(i + 1)) {
            out += [UInt8(ascii: "\\"), c]
            counts.escaped += 1
            return i + 1
        }
        var j = i
        while j < p.count, j - i < 10, p[j] >= 48, p[j] <= 57 { j += 1 }
        if j > i, j - i <= 9, j < p.count, p[j] == UInt8(ascii: ".") || p[j] == UInt8(ascii: ")"), endsMarker(j + 1) {
            out += p[i..<j]
            out += [UInt8(ascii: "\\"), p[j]]
            counts.escaped += 1
            return j + 1
        }
        return i
    }

    /// The end of a bare URL starting at `i` (left as written: GitHub's autolinks
    /// read it whole, and a `\` inside would change it); nil when none starts there.
    private static func urlEnd(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        guard p[i] == UInt8(ascii: "h") || p[i] == UInt8(ascii: "w"), i == 0 || !isWordByte(p[i - 1]) else { return nil }
        let rest = UnsafeBufferPointer(rebasing: p[i...])
        guard rest.starts(with: "http://".utf8) || rest.starts(with: "https://".utf8) || rest.starts(with: "www.".utf8) else { return nil }
        var j = i
        while j < p.count, p[j] != 32, p[j] != 9, p[j] != 10, p[j] != UInt8(ascii: "<") { j += 1 }
        return j
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 } }

    private static func lowercased<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] {
        bytes.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    private static func isAlphanumeric(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90)
    }

    /// A letter or digit, or any byte of a non-ASCII character (most are letters).
    private static func isWordByte(_ c: UInt8) -> Bool { isAlphanumeric(c) || c >= 0x80 }

    private static func isASCIIPunctuation(_ c: UInt8) -> Bool {
        (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)
    }
}
