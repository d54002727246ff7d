import Foundation

/// The surface words one task has met, by their folded UTF-8 bytes, each with
/// its term (stemmed once). A hash table of its own over byte ranges, because a
/// corpus of 10,000 posts has ten million word occurrences: making a `String` and
/// hashing it with `Hasher` for each of them would cost more than the rest of the
/// build. One per task.
struct SearchVocabulary {
    /// Per surface word: its bytes in `arena`, its hash, and its term (an index into `terms`).
    private var arena: [UInt8] = []
    private var starts: [Int32] = []
    private var lengths: [Int32] = []
    private var hashes: [UInt32] = []
    private(set) var surfaceTerms: [Int32] = []
    private(set) var surfaces: [String] = []
    private(set) var surfaceIsCJK: [Bool] = []
    /// Distinct terms, and each one's index.
    private(set) var terms: [String] = []
    private var termIndex: [String: Int32] = [:]
    /// Open addressing: surface index + 1, 0 for empty.
    private var slots: [Int32]
    private var mask: Int
    private let stemmer: SearchStemmer

    init(stemmer: SearchStemmer) {
        self.stemmer = stemmer
        slots = [Int32](repeating: 0, count: 1 << 12)
        mask = (1 << 12) - 1
    }

    var count: Int { surfaces.count }

    static let hashSeed: UInt32 = 2_166_136_261
    static let hashPrime: UInt32 = 16_777_619

    /// FNV-1a of the bytes (what the scanner works out as it lowercases a word).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h = hashSeed
        for b in bytes { h = (h ^ UInt32(b)) &* hashPrime }
        return h
    }

    /// The surface word with these folded bytes (`hash` their `hash`), added
    /// (and stemmed) when new, and its term. A CJK piece is its own term.
    mutating func surface(_ bytes: UnsafeBufferPointer<UInt8>, cjk: Bool, hash h: UInt32) -> (surface: Int32, term: Int32) {
        var slot = Int(h) & mask
        while true {
            let found = slots[slot]
            if found == 0 { break }
            let s = Int(found - 1)
            if hashes[s] == h, lengths[s] == bytes.count, equals(s, bytes) { return (Int32(s), surfaceTerms[s]) }
            slot = (slot + 1) & mask
        }
        let s = Int32(surfaces.count)
        starts.append(Int32(arena.count))
        lengths.append(Int32(bytes.count))
        hashes.append(h)
        arena.append(contentsOf: bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        surfaces.append(text)
        surfaceIsCJK.append(cjk)
        let term = cjk ? text : stemmer.stem(text)
        if let t = termIndex[term] {
            surfaceTerms.append(t)
        } else {
            let t = Int32(terms.count)
            termIndex[term] = t
            terms.append(term)
            surfaceTerms.append(t)
        }
        slots[slot] = s + 1
        if surfaces.count * 2 > slots.count { grow() }
        return (s, surfaceTerms[Int(s)])
    }

    private func equals(_ s: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[s])
        return arena.withUnsafeBufferPointer { a in
            guard let base = a.baseAddress, let other = bytes.baseAddress else { return bytes.isEmpty }
            return memcmp(base + start, other, bytes.count) == 0
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for s in 0..<surfaces.count {
            var slot = Int(hashes[s]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(s + 1)
        }
    }
}
