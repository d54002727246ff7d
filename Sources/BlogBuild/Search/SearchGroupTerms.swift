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
        let vocabulary = SearchVocabulary(stemmer: stemmer)
        var tf: [UInt32] = []
        var inTitle: [Bool] = []
        var touched: [Int32] = []
        var lastDocument: [Int32] = []
        var documents: [Int32] = []
        var d: Int32 = 0
        func add(_ bytes: UnsafeBufferPointer<UInt8>, cjk: Bool, title: Bool) {
            let s = Int(vocabulary.surface(bytes, cjk: cjk))
            if s == lastDocument.count { lastDocument.append(-1); documents.append(0) }
            if lastDocument[s] != d { lastDocument[s] = d; documents[s] += 1 }
            let t = Int(vocabulary.surfaceTerms[s])
            if t == tf.count { tf.append(0); inTitle.append(false) }
            if tf[t] == 0 { touched.append(Int32(t)) }
            tf[t] += 1
            if title { inTitle[t] = true }
        }
        func scan(_ text: String, title: Bool) {
            var copy = text
            copy.withUTF8 { SearchWordScanner.scan($0) { add($0, cjk: $1, title: title) } }
        }
        for doc in docs {
            scan(doc.title, title: true)
            for name in doc.names { scan(name, title: false) }
            HTMLShownText.bytes(of: doc.bodyHTML, separates: SearchPlainText.separates).withUnsafeBufferPointer {
                SearchWordScanner.scan($0) { add($0, cjk: $1, title: false) }
            }
            for t in touched {
                docTerms.append(t)
                docWeights.append(tf[Int(t)] * 2 + (inTitle[Int(t)] ? 1 : 0))
                tf[Int(t)] = 0
                inTitle[Int(t)] = false
            }
            touched.removeAll(keepingCapacity: true)
            docEnds.append(docTerms.count)
            records.append(SearchRecord.json(doc))
            d += 1
        }
        terms = vocabulary.terms
        var surfaces: [String] = [], surfaceTerms: [Int32] = [], surfaceDocuments: [Int32] = []
        for s in 0..<vocabulary.count where !vocabulary.surfaceIsCJK[s] {
            surfaces.append(vocabulary.surfaces[s])
            surfaceTerms.append(vocabulary.surfaceTerms[s])
            surfaceDocuments.append(documents[s])
        }
        self.surfaces = surfaces
        self.surfaceTerms = surfaceTerms
        self.surfaceDocuments = surfaceDocuments
    }
}
