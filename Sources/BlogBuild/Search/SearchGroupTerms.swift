/// What a run of consecutive documents adds to the index, made by one task with
/// one stemmer and one vocabulary: the group's distinct terms and surface words,
/// each document's terms with their weights, and the records. `SearchIndex`
/// merges groups in id order.
struct SearchGroupTerms: Sendable {
    /// The group's distinct terms; `docTerms` and `surfaceTerms` index into it.
    var terms: [String]
    /// Surface words (not CJK), the term of each, and how many of the group's documents hold it.
    var surfaces: [String]
    var surfaceTerms: [Int32]
    var surfaceDocuments: [Int32]
    /// Per document (in order), its terms and `tf × 2 + (1 when in the title)`:
    /// document `d` holds `docTerms[docEnds[d-1]..<docEnds[d]]`.
    var docTerms: [Int32] = []
    var docWeights: [UInt32] = []
    var docEnds: [Int] = []
    var records: [[UInt8]] = []

    init(_ docs: ArraySlice<SearchDocument>, stemmer: SearchStemmer) {
        var counter = Counter(vocabulary: SearchVocabulary(stemmer: stemmer))
        for doc in docs {
            counter.title = true
            counter.scan(doc.title)
            counter.title = false
            for name in doc.names { counter.scan(name) }
            HTMLShownText.bytes(of: doc.bodyHTML, separates: SearchPlainText.separates).withUnsafeBufferPointer {
                SearchWordScanner.scan($0, into: &counter)
            }
            for t in counter.touched {
                docTerms.append(t)
                docWeights.append(counter.tf[Int(t)] * 2 + (counter.inTitle[Int(t)] ? 1 : 0))
                counter.tf[Int(t)] = 0
                counter.inTitle[Int(t)] = false
            }
            counter.touched.removeAll(keepingCapacity: true)
            docEnds.append(docTerms.count)
            records.append(SearchRecord.json(doc))
            counter.document += 1
        }
        let vocabulary = counter.vocabulary
        terms = vocabulary.terms
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

    /// Counts one document's terms at a time; surfaces' document counts for the group.
    private struct Counter: SearchPieceSink {
        var vocabulary: SearchVocabulary
        var title = false
        var document: Int32 = 0
        /// Per term: occurrences in the current document, and whether the title has it.
        var tf: [UInt32] = []
        var inTitle: [Bool] = []
        /// Terms the current document has, in the order first met.
        var touched: [Int32] = []
        /// Per surface: the last document that had it, and how many did.
        var lastDocument: [Int32] = []
        var documents: [Int32] = []

        mutating func piece(_ bytes: UnsafeBufferPointer<UInt8>, cjk: Bool) {
            let s = Int(vocabulary.surface(bytes, cjk: cjk))
            if s == lastDocument.count { lastDocument.append(-1); documents.append(0) }
            if lastDocument[s] != document { lastDocument[s] = document; documents[s] += 1 }
            let t = Int(vocabulary.surfaceTerms[s])
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
