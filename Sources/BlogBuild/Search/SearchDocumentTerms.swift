/// What one document adds to the index: its terms with their weight, the
/// surface words that led to them, and its record. Made on all cores, one
/// document at a time; `SearchIndex` merges them in id order.
struct SearchDocumentTerms: Sendable {
    struct Term: Sendable {
        var term: String
        /// `tf × 2 + (1 when in the title)`.
        var weight: UInt32
    }

    /// Distinct terms, in no particular order.
    var terms: [Term]
    /// Distinct surface words (not CJK) and the term each was indexed as.
    var surfaces: [(surface: String, term: String)]
    /// The record's JSON object (`search/doc/*.json`).
    var record: [UInt8]

    /// A result's excerpt is cut to this many characters, at a word boundary.
    static let excerptLength = 300

    init(_ doc: SearchDocument, stemmer: SearchStemmer) {
        var counts: [String: UInt32] = [:]
        var inTitle = Set<String>()
        var surfaceTerms: [String: String] = [:]
        func add(_ piece: SearchText.Piece, title: Bool) {
            guard !piece.text.isEmpty else { return }
            let term: String
            if piece.isCJK {
                term = piece.text
            } else if let known = surfaceTerms[piece.text] {
                term = known
            } else {
                term = stemmer.stem(piece.text)
                surfaceTerms[piece.text] = term
            }
            counts[term, default: 0] += 1
            if title { inTitle.insert(term) }
        }
        // Positions are not kept (phrases are checked against the page: docs/SEARCH.md).
        SearchText.pieces(of: doc.title) { add($0, title: true) }
        for name in doc.names { SearchText.pieces(of: name) { add($0, title: false) } }
        SearchText.pieces(of: SearchPlainText.text(of: doc.bodyHTML)) { add($0, title: false) }
        terms = counts.map { term, tf in Term(term: term, weight: tf * 2 + (inTitle.contains(term) ? 1 : 0)) }
        surfaces = surfaceTerms.map { ($0.key, $0.value) }
        record = Self.record(doc)
    }

    private static func record(_ doc: SearchDocument) -> [UInt8] {
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
