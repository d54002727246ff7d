/// What a run of consecutive documents adds to the index, made by one task with
/// one stemmer and one vocabulary: the group's distinct terms with their postings
/// already written as JSON (ids counted from the group's first document), its
/// surface words, and the records. `SearchIndex.Builder` merges groups in id order:
/// all it writes per term is the first id's distance from the term's last, so the
/// merge, the one part that is not parallel, stays small, and a group does not
/// depend on where in the site it falls (`SearchGroups`; the dev server keeps them across builds).
struct SearchGroupTerms: Sendable {
    /// The group's distinct terms.
    var terms: [String] = []
    /// Per term: the first document holding it (an index into the group) and its
    /// weight there (`tf × 2 + 1 when in the title`), the last document holding it,
    /// and the rest of its postings as JSON (`,Δid,w,Δid,w…`) in
    /// `rest[restEnds[t-1]..<restEnds[t]]`.
    var firstDocument: [Int32] = []
    var firstWeight: [UInt32] = []
    var lastDocument: [Int32] = []
    var restEnds: [Int] = []
    var rest: [UInt8] = []
    /// Surface words (not CJK), the term of each, and how many of the group's documents hold it.
    var surfaces: [String] = []
    var surfaceTerms: [Int32] = []
    var surfaceDocuments: [Int32] = []
    var records: [[UInt8]] = []

    init(_ docs: ArraySlice<SearchDocument>, stemmer: SearchStemmer) {
        var counter = Counter(vocabulary: SearchVocabulary(stemmer: stemmer))
        defer { counter.free() }
        // Per document (in order), its terms and weights: document `d` holds
        // `docTerms[docEnds[d-1]..<docEnds[d]]`.
        var docTerms: [Int32] = [], docWeights: [UInt32] = [], docEnds: [Int] = []
        for doc in docs {
            counter.title = true
            counter.scan(doc.title)
            counter.title = false
            for name in doc.names { counter.scan(name) }
            HTMLShownText.bytes(of: doc.bodyHTML, imageText: true, separates: SearchPlainText.separates).withUnsafeBufferPointer {
                SearchWordScanner.scan($0, into: &counter)
            }
            for k in 0..<counter.touched.count {
                let t = counter.touched[k]
                docTerms.append(t)
                docWeights.append(counter.tf[Int(t)] * 2 + (counter.inTitle[Int(t)] ? 1 : 0))
                counter.tf[Int(t)] = 0
                counter.inTitle[Int(t)] = false
            }
            counter.touched.removeAll()
            docEnds.append(docTerms.count)
            records.append(SearchRecord.json(doc))
            counter.document += 1
        }
        let vocabulary = counter.vocabulary
        terms = vocabulary.terms
        writePostings(docTerms: docTerms, docWeights: docWeights, docEnds: docEnds)
        var surfaces: [String] = [], surfaceTerms: [Int32] = [], surfaceDocuments: [Int32] = []
        for s in 0..<vocabulary.count where !vocabulary.surfaceIsCJK[s] {
            surfaces.append(vocabulary.surfaces[s])
            surfaceTerms.append(vocabulary.surfaceTerms[s])
            surfaceDocuments.append(counter.documents[s])
        }
        self.surfaces = surfaces
        self.surfaceTerms = surfaceTerms
        self.surfaceDocuments = surfaceDocuments
    }

    /// The per-document lists turned into per-term postings (a counting sort, so
    /// each term's documents stay in order).
    private mutating func writePostings(docTerms: [Int32], docWeights: [UInt32], docEnds: [Int]) {
        let count = terms.count
        var starts = [Int](repeating: 0, count: count + 1)
        for t in docTerms { starts[Int(t) + 1] += 1 }
        for t in 0..<count { starts[t + 1] += starts[t] }
        var fill = starts
        var byTermDoc = [Int32](repeating: 0, count: docTerms.count)
        var byTermWeight = [UInt32](repeating: 0, count: docTerms.count)
        var from = 0
        for (d, end) in docEnds.enumerated() {
            for k in from..<end {
                let t = Int(docTerms[k])
                byTermDoc[fill[t]] = Int32(d)
                byTermWeight[fill[t]] = docWeights[k]
                fill[t] += 1
            }
            from = end
        }
        firstDocument.reserveCapacity(count)
        firstWeight.reserveCapacity(count)
        lastDocument.reserveCapacity(count)
        restEnds.reserveCapacity(count)
        // Written through a pointer into room for the longest it can be (a comma and
        // up to ten digits per number): appending to an array checked its capacity
        // and uniqueness at every digit.
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, docTerms.count * 22))
        defer { out.deallocate() }
        var n = 0
        for t in 0..<count {
            let first = starts[t], end = starts[t + 1]
            firstDocument.append(byTermDoc[first])
            firstWeight.append(byTermWeight[first])
            lastDocument.append(byTermDoc[end - 1])
            for k in (first + 1)..<max(first + 1, end) {
                out[n] = UInt8(ascii: ",")
                n = Self.writeNumber(UInt32(byTermDoc[k] - byTermDoc[k - 1]), to: out, at: n + 1)
                out[n] = UInt8(ascii: ",")
                n = Self.writeNumber(byTermWeight[k], to: out, at: n + 1)
            }
            restEnds.append(n)
        }
        rest = Array(UnsafeBufferPointer(start: out, count: n))
    }

    /// `n`'s decimal digits at `out + at`; the index after them.
    @inline(__always)
    private static func writeNumber(_ n: UInt32, to out: UnsafeMutablePointer<UInt8>, at: Int) -> Int {
        if n < 10 {
            out[at] = UInt8(truncatingIfNeeded: 48 + n)
            return at + 1
        }
        if n < 100 {
            out[at] = UInt8(truncatingIfNeeded: 48 + n / 10)
            out[at + 1] = UInt8(truncatingIfNeeded: 48 + n % 10)
            return at + 2
        }
        var digits = 1, rest = n / 10
        while rest > 0 { digits += 1; rest /= 10 }
        var v = n
        for k in stride(from: at + digits - 1, through: at, by: -1) {
            out[k] = UInt8(truncatingIfNeeded: 48 + v % 10)
            v /= 10
        }
        return at + digits
    }

    /// Counts one document's terms at a time; surfaces' document counts for the group.
    private struct Counter: SearchPieceSink {
        var vocabulary: SearchVocabulary
        var title = false
        var document: Int32 = 0
        /// Per term: occurrences in the current document, and whether the title has it.
        var tf = SearchCountBuffer<UInt32>()
        var inTitle = SearchCountBuffer<Bool>()
        /// Terms the current document has, in the order first met.
        var touched = SearchCountBuffer<Int32>()
        /// Per surface: the last document that had it, and how many did.
        var lastDocument = SearchCountBuffer<Int32>()
        var documents = SearchCountBuffer<Int32>()
        var wordPieces: [String: [SearchText.Piece]] = [:]

        func free() {
            tf.free()
            inTitle.free()
            touched.free()
            lastDocument.free()
            documents.free()
        }

        mutating func piece(_ bytes: UnsafeBufferPointer<UInt8>, cjk: Bool, hash: UInt32) {
            let found = vocabulary.surface(bytes, cjk: cjk, hash: hash)
            let s = Int(found.surface), t = Int(found.term)
            if s == lastDocument.count { lastDocument.append(-1); documents.append(0) }
            if lastDocument[s] != document { lastDocument[s] = document; documents[s] += 1 }
            if t == tf.count { tf.append(0); inTitle.append(false) }
            if tf[t] == 0 { touched.append(Int32(t)) }
            tf[t] += 1
            if title { inTitle[t] = true }
        }

        mutating func scan(_ text: String) {
            var copy = text
            copy.withUTF8 { SearchWordScanner.scan($0, into: &self) }
        }
    }
}
