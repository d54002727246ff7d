import Load
import Support
import Output
import Site
import Feeds
import Pages

/// The search index of a site, as the files under `search/` (docs/SEARCH.md):
/// a manifest, the dictionary of surface words by their first characters, the
/// postings by a hash of the term, and the records in groups. The same site
/// gives the same bytes.
enum SearchIndex {
    static let format = 2
    /// The output folder the index is written under (beside the search page, `search/index.html`).
    static let folder = String(SiteURLs.searchFile("").dropFirst())
    /// The output path of the index's file `name` (`dict/ab.json`): under `folder`, the name as it is
    /// (a dictionary key is text, not a URL path, so it is not percent-decoded).
    static func file(_ name: String) -> String { folder + name }

    /// Whether an output path is one of the index's files (all JSON, under `folder`).
    static func isIndexFile(_ path: String) -> Bool { path.hasPrefix(folder) && path.hasSuffix(".json") }
    /// Scalars of a surface word that name its dictionary file.
    static let dictionaryKeyLength = 2
    static let recordsPerFile = 32
    /// A posting bucket holds about this many bytes (before gzip) on average.
    static let bucketBytes = 16_384
    static let maxBuckets = 4096
    /// Files made between two looks at the yield signal.
    static let yieldRun = 64

    /// The files of the index for `site` (its pages as `routes` has them), paths
    /// under `search/`. With a memo, the groups of documents the last build
    /// analysed, unchanged, are taken from it. Nil when `yield` was raised first
    /// (groups are analysed a batch at a time); the memo then keeps what it had and
    /// the groups analysed so far.
    static func files(for site: Site, routes: [Route], memo: (any SearchGroupStore)? = nil,
                      yield: YieldSignal = .never) -> [OutputFile]? {
        guard let docs = SearchDocument.all(in: site, routes: routes, yield: yield) else { return nil }
        let algorithm = SearchStemmer.algorithm(forLanguage: site.config.language)
        let groups = SearchGroups.groups(of: docs)
        let known = memo?.take(stemmer: algorithm) ?? [:]
        var kept: [SearchGroups.Key: SearchGroups.Analysed] = [:]
        var builder = Builder()
        var analysedGroups = 0
        // Groups on all cores, one stemmer (and its cache) per group, merged in id
        // order as they come so only one batch is held at a time (without a memo).
        let batch = 8
        var start = 0
        while start < groups.count {
            if yield.isRaised {
                memo?.keep(kept.merging(known) { mine, _ in mine }, stemmer: algorithm, analysed: analysedGroups)
                return nil
            }
            let end = min(start + batch, groups.count)
            let reused = groups[start..<end].map { range -> SearchGroupTerms? in
                guard let entry = known[SearchGroups.key(docs[range])], entry.documents.elementsEqual(docs[range]) else { return nil }
                return entry.terms
            }
            analysedGroups += reused.filter { $0 == nil }.count
            let analysed = Array(zip(groups[start..<end], reused)).parallelMap { range, reused in
                reused ?? SearchGroupTerms(docs[range], stemmer: SearchStemmer(algorithm: algorithm))
            }
            for (range, terms) in zip(groups[start..<end], analysed) {
                builder.add(terms, first: range.lowerBound)
                if memo != nil { kept[SearchGroups.key(docs[range])] = SearchGroups.Analysed(documents: Array(docs[range]), terms: terms) }
            }
            start = end
        }
        memo?.keep(kept, stemmer: algorithm, analysed: analysedGroups)
        let named = docs.indices.filter { docs[$0].isNamePage }
        return builder.files(language: site.config.language, stemmer: algorithm ?? "", namePages: named, yield: yield)
    }

    /// A non-negative number's decimal digits.
    static func appendNumber(_ n: Int, to out: inout [UInt8]) {
        if n < 10 { out.append(UInt8(48 + n)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = n
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(48 + rest % 10)
                rest /= 10
                count += 1
            }
            for k in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[k]) }
        }
    }

    /// FNV-1a (32 bit) of the term's UTF-8 bytes: its posting bucket, modulo the count.
    static func hash(_ term: String) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in term.utf8 {
            h ^= UInt32(b)
            h = h &* 16_777_619
        }
        return h
    }

    /// A dictionary file's name: the key's scalars, `a`–`z` and `0`–`9` as
    /// themselves, any other as `_hex_`.
    static func dictionaryFileName(_ surface: String) -> String {
        var name = ""
        for s in surface.unicodeScalars.prefix(dictionaryKeyLength) {
            if (s.value >= 0x61 && s.value <= 0x7A) || (s.value >= 0x30 && s.value <= 0x39) {
                name.unicodeScalars.append(s)
            } else {
                name += "_" + String(s.value, radix: 16) + "_"
            }
        }
        return name
    }

    /// Merges documents in id order into postings and the dictionary.
    struct Builder {
        private var termIDs: [String: Int] = [:]
        private var terms: [String] = []
        /// Per term: its postings as JSON numbers (`Δid,w,Δid,w`), and the last id.
        private var postings: [[UInt8]] = []
        private var lastDoc: [Int] = []
        private var surfaces: [String: (term: Int, df: Int)] = [:]
        private var records: [[UInt8]] = []

        /// Adds a group whose first document has id `first` (groups come in id order).
        mutating func add(_ group: SearchGroupTerms, first: Int) {
            var from = 0
            var global: [Int] = []
            global.reserveCapacity(group.terms.count)
            for (t, term) in group.terms.enumerated() {
                let g: Int
                if let known = termIDs[term] { g = known } else {
                    g = terms.count
                    termIDs[term] = g
                    terms.append(term)
                    postings.append([])
                    lastDoc.append(0)
                }
                let id = first + Int(group.firstDocument[t])
                if !postings[g].isEmpty { postings[g].append(UInt8(ascii: ",")) }
                SearchIndex.appendNumber(id - lastDoc[g], to: &postings[g])
                postings[g].append(UInt8(ascii: ","))
                SearchIndex.appendNumber(Int(group.firstWeight[t]), to: &postings[g])
                let end = group.restEnds[t]
                if end > from { postings[g].append(contentsOf: group.rest[from..<end]) }
                from = end
                lastDoc[g] = first + Int(group.lastDocument[t])
                global.append(g)
            }
            records.append(contentsOf: group.records)
            for (s, surface) in group.surfaces.enumerated() {
                // One lookup: the term is set when the surface is new. (Read before: a
                // default that read `group` copied the whole group each time.)
                let term = global[Int(group.surfaceTerms[s])], n = Int(group.surfaceDocuments[s])
                surfaces[surface, default: (term: term, df: 0)].df += n
            }
        }

        /// The files, consuming the postings. `namePages`: the ids of the documents that are the own page of what their title names.
        /// The index's files; nil when `yield` was raised first (asked every `yieldRun` files).
        mutating func files(language: String, stemmer: String, namePages: [Int] = [], yield: YieldSignal = .never) -> [OutputFile]? {
            var files: [OutputFile] = []
            let total = zip(postings, terms).reduce(0) { $0 + $1.0.count + $1.1.utf8.count + 5 }
            var buckets = 1
            while buckets < SearchIndex.maxBuckets, buckets * SearchIndex.bucketBytes < total { buckets *= 2 }

            // Postings: each bucket's terms in UTF-8 order.
            var byBucket = [[Int]](repeating: [], count: buckets)
            for (t, term) in terms.enumerated() { byBucket[Int(SearchIndex.hash(term) % UInt32(buckets))].append(t) }
            for (b, members) in byBucket.enumerated() {
                if b % SearchIndex.yieldRun == 0, yield.isRaised { return nil }
                var out: [UInt8] = [UInt8(ascii: "{")]
                for (i, t) in members.sorted(by: { utf8Less(terms[$0], terms[$1]) }).enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    JSONText.append(terms[t], to: &out)
                    out.append(contentsOf: ":[".utf8)
                    out.append(contentsOf: postings[t])
                    out.append(UInt8(ascii: "]"))
                    postings[t] = []
                }
                out.append(UInt8(ascii: "}"))
                files.append(OutputFile(path: file("post/\(b).json"), contents: .bytes(out)))
            }

            // Dictionary: surface words by their first characters, in UTF-8 order.
            var byKey: [String: [String]] = [:]
            for surface in surfaces.keys { byKey[SearchIndex.dictionaryFileName(surface), default: []].append(surface) }
            for (k, (key, words)) in byKey.enumerated() {
                if k % SearchIndex.yieldRun == 0, yield.isRaised { return nil }
                var out: [UInt8] = [UInt8(ascii: "[")]
                for (i, surface) in words.sorted(by: utf8Less).enumerated() {
                    guard let entry = surfaces[surface] else { continue }
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    out.append(UInt8(ascii: "["))
                    appendEntry(surface, entry, to: &out)
                    out.append(UInt8(ascii: "]"))
                }
                out.append(UInt8(ascii: "]"))
                files.append(OutputFile(path: file("dict/\(key).json"), contents: .bytes(out)))
            }

            // Typo neighbours (`SearchTypos`): each long word under its first or second
            // letter left out, by that variant's first characters, in UTF-8 order.
            if yield.isRaised { return nil }
            var byNearKey: [String: [(variant: String, surface: String)]] = [:]
            for surface in surfaces.keys {
                for variant in SearchTypos.variants(of: surface) {
                    byNearKey[SearchIndex.dictionaryFileName(variant), default: []].append((variant, surface))
                }
            }
            for (k, (key, entries)) in byNearKey.enumerated() {
                if k % SearchIndex.yieldRun == 0, yield.isRaised { return nil }
                var out: [UInt8] = [UInt8(ascii: "[")]
                let sorted = entries.sorted { $0.variant != $1.variant ? utf8Less($0.variant, $1.variant) : utf8Less($0.surface, $1.surface) }
                for (i, near) in sorted.enumerated() {
                    guard let entry = surfaces[near.surface] else { continue }
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    out.append(UInt8(ascii: "["))
                    JSONText.append(near.variant, to: &out)
                    out.append(UInt8(ascii: ","))
                    appendEntry(near.surface, entry, to: &out)
                    out.append(UInt8(ascii: "]"))
                }
                out.append(UInt8(ascii: "]"))
                files.append(OutputFile(path: file("near/\(key).json"), contents: .bytes(out)))
            }

            // Records, `recordsPerFile` to a file.
            for (k, first) in stride(from: 0, to: records.count, by: SearchIndex.recordsPerFile).enumerated() {
                var out: [UInt8] = [UInt8(ascii: "[")]
                for id in first..<min(first + SearchIndex.recordsPerFile, records.count) {
                    if id > first { out.append(UInt8(ascii: ",")) }
                    out.append(contentsOf: records[id])
                }
                out.append(UInt8(ascii: "]"))
                files.append(OutputFile(path: file("doc/\(k).json"), contents: .bytes(out)))
            }

            var manifest: [UInt8] = Array("{\"format\":\(SearchIndex.format),\"docs\":\(records.count),\"language\":".utf8)
            JSONText.append(language, to: &manifest)
            manifest.append(contentsOf: ",\"stemmer\":".utf8)
            JSONText.append(stemmer, to: &manifest)
            manifest.append(contentsOf: (",\"dict\":\(SearchIndex.dictionaryKeyLength),\"buckets\":\(buckets),"
                                         + "\"perRecordFile\":\(SearchIndex.recordsPerFile)").utf8)
            // The dictionary and neighbour files there are: a query asks for no other.
            appendKeys(",\"keys\":", byKey.keys, to: &manifest)
            appendKeys(",\"near\":", byNearKey.keys, to: &manifest)
            manifest.append(contentsOf: ",\"named\":[".utf8)
            for (i, id) in namePages.enumerated() {
                if i > 0 { manifest.append(UInt8(ascii: ",")) }
                SearchIndex.appendNumber(id, to: &manifest)
            }
            manifest.append(UInt8(ascii: "]"))
            manifest.append(UInt8(ascii: "}"))
            files.append(OutputFile(path: file("index.json"), contents: .bytes(manifest)))
            return files.sorted { $0.path < $1.path }
        }

        /// A dictionary entry's fields after `[`: `"surface",df` and `,"term"` when the term is another.
        private func appendEntry(_ surface: String, _ entry: (term: Int, df: Int), to out: inout [UInt8]) {
            JSONText.append(surface, to: &out)
            out.append(UInt8(ascii: ","))
            SearchIndex.appendNumber(entry.df, to: &out)
            if terms[entry.term] != surface {
                out.append(UInt8(ascii: ","))
                JSONText.append(terms[entry.term], to: &out)
            }
        }

        /// `name` and the file keys as one string, space-separated, in byte order
        /// (one string: shorter than an array, and gzip takes the rest).
        private func appendKeys(_ name: String, _ keys: some Collection<String>, to out: inout [UInt8]) {
            out.append(contentsOf: name.utf8)
            JSONText.append(keys.sorted(by: utf8Less).joined(separator: " "), to: &out)
        }

        private func utf8Less(_ a: String, _ b: String) -> Bool {
            a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }
}
