import Support
import HTML

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
        // Per term: its occurrences in the current document (`Counter.inTitle`
        // set when the title has it), and the terms the document has, in the order
        // first met; per surface: how many of the group's documents have it.
        var termCounts = PointerBuffer<UInt32>()
        var documentTerms = PointerBuffer<Int32>()
        var documentsHaving = PointerBuffer<Int32>()
        // Per document (in order), its terms and weights: document `d` holds
        // `docTerms[docEnds[d-1]..<docEnds[d]]`.
        var docTerms = PointerBuffer<Int32>(), docWeights = PointerBuffer<UInt32>()
        var docEnds: [Int] = []
        // A body's text, one buffer for all of them.
        var text = PointerBuffer<UInt8>(capacity: 1 << 16)
        defer {
            text.free()
            counter.vocabulary.free()
            termCounts.free()
            documentTerms.free()
            documentsHaving.free()
            docTerms.free()
            docWeights.free()
        }
        // Read in place through a pointer: `for doc in docs` copied each document,
        // and `docs[d].title` on the slice copied it for every field read.
        var made: [[UInt8]] = []
        made.reserveCapacity(docs.count)
        docs.withUnsafeBufferPointer { docs in
            for d in docs.indices {
                counter.title = true
                counter.scan(docs[d].title)
                counter.title = false
                for name in docs[d].names { counter.scan(name) }
                // What the page shows beside its body (a summary, a tagline): words too.
                if !docs[d].leadHTML.isEmpty {
                    HTMLShownText.write(docs[d].leadHTML, imageText: true, separates: SearchPlainText.separates, into: &text)
                    SearchWordScanner.scan(text.buffer, into: &counter)
                }
                HTMLShownText.write(docs[d].bodyHTML, imageText: true, separates: SearchPlainText.separates, into: &text)
                SearchWordScanner.scan(text.buffer, into: &counter)
                // The document's surface words (each counted in its slot of the
                // vocabulary, not once more per word here) summed into its terms, through
                // pointers (room for every surface and term made first).
                documentsHaving.extend(to: counter.vocabulary.count, with: 0)
                termCounts.extend(to: counter.vocabulary.terms.count, with: 0)
                // One more than the terms there are: the write below is made for every
                // surface, new term or not, at the slot after the last new one, and once
                // the document has had every term (the first document of a group has
                // nothing else) that slot is one past the last term. Room for only the
                // terms overwrote the heap by four bytes (issue 40's `malloc(): invalid
                // next size`).
                documentTerms.reserve(counter.vocabulary.terms.count + 1)
                let having = documentsHaving.values, counts = termCounts.values, newTerms = documentTerms.end
                var newTermCount = 0
                counter.vocabulary.endDocument { s, t, occurrences, inTitle in
                    having[s] += 1
                    let known = counts[t]
                    // Kept only when the term is new to the document, without a branch (a coin toss).
                    newTerms[newTermCount] = Int32(t)
                    newTermCount += known == 0 ? 1 : 0
                    counts[t] = (known + occurrences) | (inTitle ? Counter.inTitle : 0)
                }
                documentTerms.added(newTermCount)
                for k in 0..<documentTerms.count {
                    let t = Int(documentTerms[k]), counted = termCounts[t]
                    docTerms.append(Int32(t))
                    docWeights.append((counted & ~Counter.inTitle) * 2 + (counted & Counter.inTitle != 0 ? 1 : 0))
                    termCounts[t] = 0
                }
                documentTerms.removeAll()
                docEnds.append(docTerms.count)
                made.append(SearchRecord.json(docs[d], text: &text))
            }
        }
        records = made
        let vocabulary = counter.vocabulary
        terms = vocabulary.terms
        writePostings(docTerms: docTerms.buffer, docWeights: docWeights.buffer, docEnds: docEnds)
        var surfaces: [String] = [], surfaceTerms: [Int32] = [], surfaceDocuments: [Int32] = []
        for s in 0..<vocabulary.count where !vocabulary.surfaceIsCJK[s] {
            surfaces.append(vocabulary.surfaces[s])
            surfaceTerms.append(vocabulary.surfaceTerms[s])
            surfaceDocuments.append(s < documentsHaving.count ? documentsHaving[s] : 0)
        }
        self.surfaces = surfaces
        self.surfaceTerms = surfaceTerms
        self.surfaceDocuments = surfaceDocuments
    }

    /// The per-document lists turned into per-term postings (a counting sort, so
    /// each term's documents stay in order).
    private mutating func writePostings(docTerms: UnsafeBufferPointer<Int32>, docWeights: UnsafeBufferPointer<UInt32>, docEnds: [Int]) {
        let count = terms.count
        // Where each term's entries start in `sorted`, through pointers (an array's
        // bounds and uniqueness were checked at every entry).
        let starts = UnsafeMutableBufferPointer<Int>.allocate(capacity: count + 1)
        let fill = UnsafeMutableBufferPointer<Int>.allocate(capacity: count + 1)
        // Each entry's document and weight side by side: the sort writes each
        // entry to a place of its own, one cache line rather than two.
        let sorted = UnsafeMutableBufferPointer<(document: Int32, weight: UInt32)>.allocate(capacity: max(1, docTerms.count))
        defer {
            starts.deallocate()
            fill.deallocate()
            sorted.deallocate()
        }
        starts.initialize(repeating: 0)
        for t in docTerms { starts[Int(t) + 1] += 1 }
        for t in 0..<count { starts[t + 1] += starts[t] }
        _ = fill.initialize(from: starts)
        var from = 0
        for (d, end) in docEnds.enumerated() {
            for k in from..<end {
                let t = Int(docTerms[k]), at = fill[t]
                sorted[at] = (Int32(d), docWeights[k])
                fill[t] = at + 1
            }
            from = end
        }
        firstDocument.reserveCapacity(count)
        firstWeight.reserveCapacity(count)
        lastDocument.reserveCapacity(count)
        restEnds.reserveCapacity(count)
        // Written through a pointer, into room for the longest it can be (a comma and
        // up to ten digits per number), then copied once into the array that keeps it.
        var out = PointerBuffer<UInt8>(capacity: docTerms.count * 6)
        defer { out.free() }
        for t in 0..<count {
            let first = starts[t], end = starts[t + 1]
            firstDocument.append(sorted[first].document)
            firstWeight.append(sorted[first].weight)
            lastDocument.append(sorted[end - 1].document)
            out.reserve((end - first) * 22)
            let base = out.end
            var n = 0
            for k in (first + 1)..<max(first + 1, end) {
                base[n] = UInt8(ascii: ",")
                n = Self.writeNumber(UInt32(sorted[k].document - sorted[k - 1].document), to: base, at: n + 1)
                base[n] = UInt8(ascii: ",")
                n = Self.writeNumber(sorted[k].weight, to: base, at: n + 1)
            }
            out.added(n)
            restEnds.append(out.count)
        }
        rest = out.array
    }

    /// `n`'s decimal digits at `out + at`; the index after them.
    @inline(__always)
    private static func writeNumber(_ n: UInt32, to out: CheckedPointer<UInt8>, at: Int) -> Int {
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

    /// Hands the scanner's pieces to the vocabulary, which counts them.
    private struct Counter: SearchPieceSink {
        /// The bit of a count that says the title has the word.
        static let inTitle: UInt32 = 1 << 31
        var vocabulary: SearchVocabulary
        var title = false
        var wordPieces: [String: [SearchText.Piece]] = [:]

        @inline(__always)
        mutating func piece(_ bytes: UnsafeBufferPointer<UInt8>, cjk: Bool, hash: UInt32) {
            vocabulary.count(bytes, cjk: cjk, hash: hash, inTitle: title)
        }

        var peeked: UInt64 = 0

        @inline(__always)
        func peek(hash: UInt32) -> UInt64 { vocabulary.peek(hash: hash) }

        mutating func scan(_ text: String) {
            var copy = text
            copy.withUTF8 { SearchWordScanner.scan($0, into: &self) }
        }
    }
}
