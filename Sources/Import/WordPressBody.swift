import Foundation
import HTML

/// Turns a WordPress post's stored content into a blogbuild body that renders
/// as WordPress showed it. The HTML stays HTML (raw HTML passes through
/// cmark-gfm); what WordPress itself would have expanded is translated:
///
/// - `[caption]<img …> Text[/caption]` → `<figure><img …><figcaption>Text</figcaption></figure>`;
/// - `[code lang=x]`, `[sourcecode language="x"]`, `[php]`… → fenced code, the
///   HTML entities the editor stored decoded (a one-line `[code]` in a sentence → `<code>`);
/// - URLs in `href`, `src` and `srcset`: see `WordPressURLs`;
/// - `[[gallery]]`, WordPress's escape, → `[gallery]`.
///
/// Every other shortcode, `<!--nextpage-->` and a URL alone on its line (an
/// oEmbed) is left as written and listed at its line in the export. `<pre>`,
/// `<script>`, `<style>` and the fenced code are kept out of `WordPressProse`,
/// which makes the rest safe to read as Markdown.
struct WordPressBody {
    private let b: [UInt8]
    private let source: String
    /// The export's line of the content's first byte.
    private let firstLine: Int
    /// Byte offsets where each line of the content starts.
    private let lineStarts: [Int]
    /// Names with a `[/name]` somewhere in the content.
    private let closers: Set<String>
    /// Attachment URL by WordPress id, to name a gallery's images.
    private let attachments: [Int: String]
    private var urls: WordPressURLs
    private var report: ImportReport
    /// The body so far, with a placeholder line for each block in `blocks`.
    private var out: [UInt8] = []
    /// Pieces kept away from `WordPressProse`: fenced code, `<pre>`, figures.
    private var blocks: [[UInt8]] = []
    /// Set after a block: the text that follows starts a new paragraph, without
    /// the blank lines it brought.
    private var afterBlock = false
    /// Shortcodes and elements found unclosed: none closes later either, so a
    /// body with thousands of them is still read in one pass.
    private var unclosed: Set<String> = []

    /// Names of SyntaxHighlighter's language shortcodes (`[php]…[/php]`), taken as
    /// code when they have a closing tag.
    static let languageShortcodes: Set<String> = [
        "as3", "actionscript3", "bash", "shell", "sh", "c", "cpp", "c-sharp", "csharp", "css", "delphi", "pascal",
        "diff", "patch", "erlang", "go", "golang", "groovy", "haskell", "html", "java", "javafx", "js", "javascript",
        "jscript", "json", "kotlin", "latex", "lua", "matlab", "objc", "perl", "pl", "php", "powershell", "ps", "py",
        "python", "r", "rails", "ror", "ruby", "rb", "rust", "scala", "sql", "swift", "ts", "typescript", "vb",
        "vbnet", "xml", "xhtml", "xslt", "yaml", "yml",
    ]
    /// Shortcodes WordPress itself registers: listed even without attributes.
    static let coreShortcodes: Set<String> = ["gallery", "embed", "audio", "video", "playlist", "caption", "wp_caption"]

    /// The body for `content`, whose first byte is on `line` of the export.
    static func translate(_ content: String, line: Int, source: String, urls: inout WordPressURLs,
                          attachments: [Int: String], report: inout ImportReport) -> String {
        // The placeholder character cannot come from the content.
        let bytes = Array(content.replacingOccurrences(of: "\u{E000}", with: "\u{FFFD}").utf8)
        var body = WordPressBody(bytes: bytes, source: source, line: line, urls: urls, attachments: attachments, report: report)
        body.scan()
        var text = WordPressProse.guardMarkdown(body.out, report: &body.report)
        text = body.substituteBlocks(text)
        urls = body.urls
        report = body.report
        var result = String(decoding: text, as: UTF8.self)
        while result.last?.isWhitespace == true { result.removeLast() }
        return result.isEmpty ? "" : result + "\n"
    }

    private init(bytes: [UInt8], source: String, line: Int, urls: WordPressURLs, attachments: [Int: String], report: ImportReport) {
        b = bytes
        self.source = source
        firstLine = line
        var starts = [0]
        for (i, c) in bytes.enumerated() where c == 10 { starts.append(i + 1) }
        lineStarts = starts
        closers = WordPressShortcode.closingNames(in: bytes)
        self.attachments = attachments
        self.urls = urls
        self.report = report
    }

    /// The export's line of byte `offset` of the content.
    private func line(at offset: Int) -> Int {
        var low = 0, high = lineStarts.count
        while low < high {
            let mid = (low + high) / 2
            if lineStarts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return firstLine + low - 1
    }

    // MARK: - The content, piece by piece

    /// Splits the content into text and the pieces that are not text (code
    /// shortcodes, captions, `<pre>` and its kin), left to right.
    private mutating func scan() {
        var i = 0
        var textStart = 0
        while i < b.count {
            // `[[code]]` is WordPress's escape: text, translated with the text around it.
            if b[i] == UInt8(ascii: "["), i + 1 < b.count, b[i + 1] != UInt8(ascii: "["), i == 0 || b[i - 1] != UInt8(ascii: "["),
               let shortcode = WordPressShortcode.open(at: i, in: b), !shortcode.isSelfClosing {
                let isCode = shortcode.name == "code" || shortcode.name == "sourcecode" || Self.languageShortcodes.contains(shortcode.name)
                let isCaption = shortcode.name == "caption" || shortcode.name == "wp_caption"
                if isCode || isCaption, !unclosed.contains("[" + shortcode.name) {
                    guard let close = WordPressShortcode.close(shortcode.name, from: shortcode.range.upperBound, in: b) else {
                        unclosed.insert("[" + shortcode.name)
                        i += 1
                        continue
                    }
                    if isCode {
                        appendText(textStart..<i)
                        code(shortcode, close: close)
                        i = close.upperBound
                        textStart = i
                        continue
                    }
                    if let figure = figure(shortcode, close: close) {
                        appendText(textStart..<i)
                        appendBlock(figure)
                        report.count("[caption] → <figure> with <figcaption>")
                        i = close.upperBound
                        textStart = i
                        continue
                    }
                }
            } else if b[i] == UInt8(ascii: "<"), let end = rawElementEnd(at: i) {
                appendText(textStart..<i)
                appendBlock(Array(b[i..<end]))
                i = end
                textStart = i
                continue
            }
            i += 1
        }
        appendText(textStart..<b.count)
    }

    /// Where the `<pre>`, `<script>` or `<style>` element starting at `i` ends
    /// (just after its end tag); nil when `i` starts none of them or it is not closed.
    private mutating func rawElementEnd(at i: Int) -> Int? {
        for name in ["pre", "script", "style"] where !unclosed.contains(name) {
            let open = Array(("<" + name).utf8)
            guard i + open.count < b.count, zip(open, b[i...]).allSatisfy({ $0 == Self.lower($1) }) else { continue }
            let after = b[i + open.count]
            guard after == UInt8(ascii: ">") || after == 32 || after == 9 || after == 10 else { continue }
            let close = Array(("</" + name).utf8)
            var j = i + open.count
            while j + close.count < b.count {
                if b[j] == UInt8(ascii: "<"), zip(close, b[j...]).allSatisfy({ $0 == Self.lower($1) }),
                   let gt = b[(j + close.count)...].firstIndex(of: UInt8(ascii: ">")) {
                    return gt + 1
                }
                j += 1
            }
            unclosed.insert(name)
            return nil
        }
        return nil
    }

    private static func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c | 0x20 : c }

    private mutating func appendText(_ range: Range<Int>) {
        appendRaw(translatedText(range))
    }

    /// Appends text; after a block, without the blank lines and indentation it starts with.
    private mutating func appendRaw(_ bytes: [UInt8]) {
        var text = bytes[...]
        if afterBlock {
            text = text.drop { $0 == 10 || $0 == 13 || $0 == 32 || $0 == 9 }
            if text.isEmpty { return }
            afterBlock = false
        }
        out.append(contentsOf: text)
    }

    /// A piece on lines of its own, a blank line before and after, kept from
    /// `WordPressProse` behind a placeholder line.
    private mutating func appendBlock(_ bytes: [UInt8]) {
        while let last = out.last, last == 32 || last == 9 { out.removeLast() }
        if !out.isEmpty {
            if out.last != 10 { out.append(10) }
            if out.count < 2 || out[out.count - 2] != 10 { out.append(10) }
        }
        out.append(contentsOf: Self.placeholder(blocks.count))
        out.append(contentsOf: [10, 10])
        blocks.append(bytes)
        afterBlock = true
    }

    /// A private-use character, the block's number, the character again.
    private static func placeholder(_ n: Int) -> [UInt8] {
        Array("\u{E000}\(n)\u{E000}".utf8)
    }

    private func substituteBlocks(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count + blocks.reduce(0) { $0 + $1.count })
        let mark = Array("\u{E000}".utf8)
        var i = 0
        while i < text.count {
            if text[i] == mark[0], text[i...].starts(with: mark) {
                var j = i + mark.count
                var n = 0
                while j < text.count, text[j] >= 48, text[j] <= 57 { n = n * 10 + Int(text[j] - 48); j += 1 }
                if text[j...].starts(with: mark), n < blocks.count {
                    result.append(contentsOf: blocks[n])
                    i = j + mark.count
                    continue
                }
            }
            result.append(text[i])
            i += 1
        }
        return result
    }

    // MARK: - Code

    /// `[code lang="swift"]…[/code]` → fenced code; a one-line one inside a sentence → `<code>`.
    private mutating func code(_ shortcode: WordPressShortcode, close: Range<Int>) {
        let inner = Array(b[shortcode.range.upperBound..<close.lowerBound])
        let lineStart = b[..<shortcode.range.lowerBound].lastIndex(of: 10).map { $0 + 1 } ?? 0
        let lineEnd = b[close.upperBound...].firstIndex(of: 10) ?? b.count
        let alone = b[lineStart..<shortcode.range.lowerBound].allSatisfy { $0 == 32 || $0 == 9 }
            && b[close.upperBound..<lineEnd].allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 }
        if !inner.contains(10) && !alone {
            // Inside a sentence: the stored text is already HTML.
            appendRaw(Array("<code>".utf8) + inner + Array("</code>".utf8))
            report.count("one-line [code] in a sentence → <code>")
            return
        }
        var code = Self.decodeEntities(inner)
        while let first = code.first, first == "\n" || first == "\r" { code.removeFirst() }
        while let last = code.last, last.isWhitespace { code.removeLast() }
        let language = Self.language(shortcode)
        // A fence longer than any run of backticks in the code cannot end early.
        var longest = 0, run = 0
        for c in code.utf8 { run = c == UInt8(ascii: "`") ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        appendBlock(Array((fence + language + "\n" + code + "\n" + fence).utf8))
        report.count("[code] and [sourcecode] → fenced code, entities decoded")
    }

    /// The fence's language: `lang`, `language`, or the shortcode's own name (`[php]`).
    private static func language(_ shortcode: WordPressShortcode) -> String {
        var language = shortcode.attributes["lang"] ?? shortcode.attributes["language"]
            ?? (languageShortcodes.contains(shortcode.name) ? shortcode.name : "")
        language = language.lowercased()
        if ["plain", "text", "plaintext", "txt", "none"].contains(language) { return "" }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789+#._-")
        return language.allSatisfy(allowed.contains) ? language : ""
    }

    /// `&lt;` → `<`, once: what the visual editor stored is what the author typed.
    static func decodeEntities(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { HTMLEntities.decode($0, 0..<$0.count, inAttribute: false) }
    }

    // MARK: - Captions

    /// `[caption …]<a><img></a> Text[/caption]` → a figure; nil when it holds no image.
    private mutating func figure(_ shortcode: WordPressShortcode, close: Range<Int>) -> [UInt8]? {
        let inner = shortcode.range.upperBound..<close.lowerBound
        let bytes = b
        // The image (or the link around it) first, then the caption's text.
        let media: Range<Int>? = bytes.withUnsafeBufferPointer { p in
            let sub = UnsafeBufferPointer(rebasing: p[inner])
            var scanner = HTMLScanner(sub)
            var linkStart: Int?
            var sawImage = false
            while let token = scanner.next() {
                switch token {
                case .text(let r):
                    if linkStart == nil && !sub[r].allSatisfy({ $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }) { return nil }
                case .startTag(let tag):
                    if HTMLScanner.equals(sub, tag.name, "img") {
                        if linkStart == nil { return (tag.range.lowerBound + inner.lowerBound)..<(tag.range.upperBound + inner.lowerBound) }
                        sawImage = true
                    } else if HTMLScanner.equals(sub, tag.name, "a"), linkStart == nil {
                        linkStart = tag.range.lowerBound
                    } else if linkStart == nil {
                        return nil
                    }
                case .endTag(let tag):
                    if HTMLScanner.equals(sub, tag.name, "a"), let start = linkStart {
                        return sawImage ? (start + inner.lowerBound)..<(tag.range.upperBound + inner.lowerBound) : nil
                    }
                default:
                    if linkStart == nil { return nil }
                }
            }
            return nil
        }
        guard let media else { return nil }
        let caption: [UInt8]
        if let written = shortcode.attributes["caption"] {
            caption = Array(written.utf8)
        } else {
            caption = translatedText(media.upperBound..<inner.upperBound)
        }
        var figure = Array("<figure>".utf8) + translatedText(media)
        let isSpace = { (c: UInt8) in c == 32 || c == 10 || c == 9 || c == 13 }
        let trimmed = caption.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        if !trimmed.isEmpty {
            figure += Array("<figcaption>".utf8) + trimmed + Array("</figcaption>".utf8)
        }
        figure += Array("</figure>".utf8)
        // One line: a blank line inside would end cmark's HTML block early.
        return figure.map { $0 == 10 || $0 == 13 ? 32 : $0 }
    }

    // MARK: - Text

    /// `range` with its URLs rewritten and `[[x]]` unescaped; lists the
    /// shortcodes, page breaks and oEmbed lines in it.
    private mutating func translatedText(_ range: Range<Int>) -> [UInt8] {
        guard !range.isEmpty else { return [] }
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        var texts: [Range<Int>] = []
        let bytes = b
        bytes.withUnsafeBufferPointer { p in
            let sub = UnsafeBufferPointer(rebasing: p[range])
            let base = range.lowerBound
            var scanner = HTMLScanner(sub)
            var codeDepth = 0
            while let token = scanner.next() {
                switch token {
                case .startTag(let tag):
                    if HTMLScanner.equals(sub, tag.name, "code") { codeDepth += 1 }
                    for attribute in scanner.attributes where !attribute.isDuplicate {
                        guard let kind = HTMLURLAttribute.kind(tag: tag.name, attribute: attribute.name, in: sub) else { continue }
                        let at = line(at: base + attribute.value.lowerBound)
                        if kind == .srcset {
                            var urlRanges: [Range<Int>] = []
                            HTMLSrcset.forEachURL(in: sub[attribute.value]) { urlRanges.append($0) }
                            for r in urlRanges {
                                let url = HTMLEntities.decode(sub, r, inAttribute: true)
                                if let new = urls.rewrite(url, line: at, source: source, report: &report) {
                                    edits.append(((base + r.lowerBound)..<(base + r.upperBound), Self.attributeText(new)))
                                }
                            }
                        } else {
                            let url = HTMLEntities.decode(sub, attribute.value, inAttribute: true)
                            if let new = urls.rewrite(url, line: at, source: source, report: &report) {
                                let r = attribute.value
                                edits.append(((base + r.lowerBound)..<(base + r.upperBound), Self.attributeText(new)))
                            }
                        }
                    }
                case .endTag(let tag):
                    if HTMLScanner.equals(sub, tag.name, "code") { codeDepth = max(0, codeDepth - 1) }
                case .text(let r):
                    if codeDepth == 0 { texts.append((base + r.lowerBound)..<(base + r.upperBound)) }
                case .comment(let r):
                    let comment = String(decoding: sub[r], as: UTF8.self)
                    if comment.replacingOccurrences(of: " ", with: "").lowercased() == "<!--nextpage-->" {
                        report.leave(source, line: line(at: base + r.lowerBound), comment,
                                     "WordPress split the post into pages here; blogbuild shows it on one page (the comment is invisible)")
                    }
                default:
                    break
                }
            }
        }
        for text in texts {
            shortcodes(in: text, edits: &edits)
            embeds(in: text)
        }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var copied = range.lowerBound
        for edit in edits where edit.range.lowerBound >= copied {
            result.append(contentsOf: b[copied..<edit.range.lowerBound])
            result.append(contentsOf: edit.bytes)
            copied = edit.range.upperBound
        }
        result.append(contentsOf: b[copied..<range.upperBound])
        return result
    }

    /// A URL as an attribute's value: `&` and quotes as references.
    private static func attributeText(_ url: String) -> [UInt8] {
        Array(url.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;").utf8)
    }

    /// Lists the shortcodes in the text `range`; unescapes `[[x]]`.
    private mutating func shortcodes(in range: Range<Int>, edits: inout [(range: Range<Int>, bytes: [UInt8])]) {
        var i = range.lowerBound
        while i < range.upperBound {
            guard b[i] == UInt8(ascii: "[") else { i += 1; continue }
            if i + 1 < b.count, b[i + 1] == UInt8(ascii: "["), let inner = WordPressShortcode.open(at: i + 1, in: b),
               inner.range.upperBound < b.count, b[inner.range.upperBound] == UInt8(ascii: "]") {
                // `[[gallery]]` is how WordPress writes a shortcode as text.
                edits.append((i..<(i + 1), []))
                edits.append((inner.range.upperBound..<(inner.range.upperBound + 1), []))
                report.count("[[shortcode]] (WordPress's escape) → [shortcode]")
                i = inner.range.upperBound + 1
                continue
            }
            guard let shortcode = WordPressShortcode.open(at: i, in: b) else { i += 1; continue }
            let isShortcode = Self.coreShortcodes.contains(shortcode.name) || shortcode.hasNamedAttributes
                || shortcode.isSelfClosing || closers.contains(shortcode.name)
            if isShortcode {
                let construct = String(decoding: b[shortcode.range], as: UTF8.self)
                report.leave(source, line: line(at: i), construct, note(for: shortcode))
            }
            i = shortcode.range.upperBound
        }
    }

    private mutating func note(for shortcode: WordPressShortcode) -> String {
        switch shortcode.name {
        case "gallery":
            let ids = (shortcode.attributes["ids"] ?? shortcode.attributes["include"] ?? "")
                .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            var images: [String] = []
            for id in ids {
                guard let url = attachments[id] else { continue }
                // With --uploads the gallery's files are copied, ready to be written as images.
                images.append(urls.rewrite(url, line: nil, source: source, report: &report) ?? url)
            }
            let listed = images.isEmpty ? "" : " (its images: " + images.joined(separator: ", ") + ")"
            return "a WordPress gallery, left as text: blogbuild has no galleries; write its images as HTML or Markdown" + listed
        case "embed", "video", "audio", "playlist":
            return "WordPress embedded media here; left as text: paste the provider's embed HTML, or a link"
        case "caption", "wp_caption":
            return "a caption without an image (or without [/caption]); left as text"
        default:
            return "a shortcode (from WordPress or a plugin) blogbuild does not run; left as text: replace it with HTML or Markdown"
        }
    }

    /// Lists each URL that stands alone on its line: WordPress embedded what it
    /// points at (oEmbed); blogbuild shows the URL, linked.
    private mutating func embeds(in range: Range<Int>) {
        var start = range.lowerBound
        if start > 0 && b[start - 1] != 10 {
            guard let next = b[start..<range.upperBound].firstIndex(of: 10) else { return }
            start = next + 1
        }
        while start < range.upperBound {
            let end = b[start...].firstIndex(of: 10) ?? b.count
            guard end <= range.upperBound else { return }
            let line = String(decoding: b[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if (line.hasPrefix("http://") || line.hasPrefix("https://")), !line.contains(where: \.isWhitespace) {
                report.leave(source, line: self.line(at: start), line,
                             "a URL alone on its line: WordPress embedded what it points at (a video, a post); blogbuild shows the link")
            }
            start = end + 1
        }
    }
}
