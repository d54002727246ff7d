import Support
import HTML
import Feeds

/// A document's record (`search/doc/*.json`): what a result shows.
enum SearchRecord {
    /// A result's excerpt is cut to this many characters, at a word boundary.
    static let excerptLength = 300

    /// `text`: a buffer for the summary's text, kept for all documents.
    static func json(_ doc: SearchDocument, text: inout PointerBuffer<UInt8>) -> [UInt8] {
        let shown: String
        if let summary = doc.summaryText {
            shown = excerpt(summary)
        } else {
            HTMLShownText.write(doc.summaryHTML, imageText: false, separates: SearchPlainText.separates, into: &text)
            shown = asciiExcerpt(text.buffer) ?? excerpt(String(decoding: text.buffer, as: UTF8.self))
        }
        var out: [UInt8] = []
        out.append(contentsOf: "{\"t\":".utf8)
        JSONText.append(doc.title, to: &out)
        out.append(contentsOf: ",\"u\":".utf8)
        JSONText.append(doc.path, to: &out)
        out.append(contentsOf: ",\"d\":".utf8)
        JSONText.append(doc.date, to: &out)
        if !doc.dateText.isEmpty {
            // The date as the post's page prints it: a result reads as the site does.
            out.append(contentsOf: ",\"f\":".utf8)
            JSONText.append(doc.dateText, to: &out)
        }
        out.append(contentsOf: ",\"g\":[".utf8)
        for (i, name) in doc.names.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.append(name, to: &out)
        }
        out.append(contentsOf: "],\"x\":".utf8)
        JSONText.append(shown, to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// White space made single spaces, cut at a word boundary to `excerptLength` characters.
    static func excerpt(_ text: String) -> String {
        var copy = text
        if let ascii = copy.withUTF8({ asciiExcerpt($0) }) { return ascii }
        // A summary can be a whole 10 MB paragraph: only its start can be shown.
        let words = text.prefix(excerptLength * 4).split(whereSeparator: { $0.isWhitespace })
        var out = ""
        var length = 0
        for word in words {
            let next = length == 0 ? word.count : length + 1 + word.count
            if next > excerptLength {
                if out.isEmpty { out = String(word.prefix(excerptLength - 1)) }
                return out + "…"
            }
            if !out.isEmpty { out += " " }
            out += word
            length = next
        }
        return out
    }

    /// `excerpt` of a text (UTF-8) whose start is ASCII without `\r` (where a byte is a
    /// character, and white space is tab, line feed, vertical tab, form feed or
    /// space), on its bytes; nil for any other text.
    private static func asciiExcerpt(_ p: UnsafeBufferPointer<UInt8>) -> String? {
        let n = min(p.count, excerptLength * 4)
        for i in 0..<n where p[i] >= 0x80 || p[i] == 0x0D { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(excerptLength + 3)
        var i = 0
        while i < n {
            let b = p[i]
            if b == 0x20 || (b >= 0x09 && b <= 0x0C) { i += 1; continue }
            var e = i + 1
            while e < n, !(p[e] == 0x20 || (p[e] >= 0x09 && p[e] <= 0x0C)) { e += 1 }
            let next = out.isEmpty ? e - i : out.count + 1 + (e - i)
            if next > excerptLength {
                if out.isEmpty { out.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + excerptLength - 1)])) }
                out.append(contentsOf: "…".utf8)
                return String(decoding: out, as: UTF8.self)
            }
            if !out.isEmpty { out.append(0x20) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<e]))
            i = e
        }
        return String(decoding: out, as: UTF8.self)
    }
}
