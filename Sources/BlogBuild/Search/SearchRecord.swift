/// A document's record (`search/doc/*.json`): what a result shows.
enum SearchRecord {
    /// A result's excerpt is cut to this many characters, at a word boundary.
    static let excerptLength = 300

    static func json(_ doc: SearchDocument) -> [UInt8] {
        let summary = doc.summaryText ?? SearchPlainText.text(of: doc.summaryHTML)
        var out: [UInt8] = []
        out.append(contentsOf: "{\"t\":".utf8)
        JSONText.append(doc.title, to: &out)
        out.append(contentsOf: ",\"u\":".utf8)
        JSONText.append(doc.path, to: &out)
        out.append(contentsOf: ",\"d\":".utf8)
        JSONText.append(doc.date, to: &out)
        out.append(contentsOf: ",\"g\":[".utf8)
        for (i, name) in doc.names.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.append(name, to: &out)
        }
        out.append(contentsOf: "],\"x\":".utf8)
        JSONText.append(excerpt(summary), to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// White space made single spaces, cut at a word boundary to `excerptLength` characters.
    static func excerpt(_ text: String) -> String {
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
}
