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
    /// Open addressing by the hash. A slot holds all a lookup needs, so a word
    /// whose bytes fit in its `head` is found without reading anything else (each
    /// other array read here would be a cache miss, once per word).
    private var slots: [Slot]
    private var mask: Int
    private let stemmer: SearchStemmer

    init(stemmer: SearchStemmer) {
        self.stemmer = stemmer
        slots = [Slot](repeating: Slot(), count: 1 << 12)
        mask = (1 << 12) - 1
    }

    var count: Int { surfaces.count }

    /// The table's hash of a word's bytes, taken eight at a time (little-endian,
    /// the last eight padded with zeros), so the scanner can hash a short word
    /// from the one load that lowercased it (`hash(chunk:count:)`). Only this
    /// table uses it: the index's files do not depend on it.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return finish(0, count: 0) }
        var h: UInt64 = 0
        var k = 0
        while k + 8 <= n {
            h = mix(h, UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)))
            k += 8
        }
        if k < n {
            var tail: UInt64 = 0
            for j in k..<n { tail |= UInt64(base[j]) << UInt64(8 * (j - k)) }
            h = mix(h, tail)
        }
        return finish(h, count: n)
    }

    /// `hash` of a word of `count` bytes, at most eight, given as one chunk (zeros after the word).
    @inline(__always)
    static func hash(chunk: UInt64, count: Int) -> UInt32 {
        finish(mix(0, chunk), count: count)
    }

    @inline(__always)
    private static func mix(_ h: UInt64, _ chunk: UInt64) -> UInt64 {
        let m = (h ^ chunk) &* 0x9E37_79B9_7F4A_7C15
        return m ^ (m >> 32)
    }

    @inline(__always)
    private static func finish(_ h: UInt64, count: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: ((h ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD) >> 32)
    }

    /// The surface word with these folded bytes (`hash` their `hash`), added
    /// (and stemmed) when new, and its term. A CJK piece is its own term.
    mutating func surface(_ bytes: UnsafeBufferPointer<UInt8>, cjk: Bool, hash h: UInt32) -> (surface: Int32, term: Int32) {
        let head = Slot.head(bytes)
        var slot = Int(h) & mask
        while true {
            let found = slots[slot]
            if found.surface == 0 { break }
            if found.head == head {
                let s = Int(found.surface) - 1
                if bytes.count <= Slot.inHead || restEquals(s, bytes) { return (Int32(s), Int32(found.term)) }
            }
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
        slots[slot] = Slot(head: head, surface: UInt32(s + 1), term: UInt32(surfaceTerms[Int(s)]))
        if surfaces.count * 2 > slots.count { grow() }
        return (s, surfaceTerms[Int(s)])
    }

    /// Whether surface `s`, whose head matched, has these bytes after the head.
    private func restEquals(_ s: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[s]), n = bytes.count
        // The head holds lengths below 255 exactly.
        guard n < 255 || lengths[s] == n else { return false }
        return arena.withUnsafeBufferPointer { a in
            guard let base = a.baseAddress, let other = bytes.baseAddress else { return false }
            return memcmp(base + start + Slot.inHead, other + Slot.inHead, n - Slot.inHead) == 0
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        for found in old where found.surface != 0 {
            var slot = Int(hashes[Int(found.surface) - 1]) & mask
            while slots[slot].surface != 0 { slot = (slot + 1) & mask }
            slots[slot] = found
        }
    }

    /// A slot of the table: a surface word's first bytes and length, its index + 1
    /// (0: the slot is empty), and its term.
    private struct Slot {
        /// How many of a word's bytes `head` holds; a shorter word is all in it.
        static let inHead = 7
        /// The first `inHead` bytes (the first in the low bits, zeros after a
        /// shorter word), and the length (up to 255) in the high byte.
        var head: UInt64 = 0
        var surface: UInt32 = 0
        var term: UInt32 = 0

        @inline(__always)
        static func head(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var v = UInt64(min(bytes.count, 255)) << 56
            for k in 0..<min(bytes.count, inHead) { v |= UInt64(bytes[k]) << UInt64(8 * k) }
            return v
        }
    }
}
