import Foundation
import Support

/// The surface words one task has met, by their folded UTF-8 bytes, each with
/// its term (stemmed once), and how often each occurs in the document being
/// read. A hash table of its own over byte ranges, because a corpus of 10,000
/// posts has ten million word occurrences: making a `String` and hashing it with
/// `Hasher` for each of them would cost more than the rest of the build. One per
/// task; the owner calls `free()` once it is done (it is not a class: no
/// reference counting per word).
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
    /// Open addressing by the hash, through a pointer (an array held in a struct
    /// mutated for every word is checked for uniqueness at each write). A slot
    /// holds all a word needs: a word whose bytes fit in its `head` is found and
    /// counted without reading anything else (each other array read here would be
    /// a cache miss, once per word).
    private var slots: CheckedPointer<Slot>
    private var mask: Int
    /// A hash's slot is its high bits: `hash >> shift`.
    private var shift: UInt32
    /// The slots the current document has counted, in the order first met: the
    /// only ones `endDocument` reads and clears. As many as the table has slots,
    /// so a word is written to it without a check, and kept only when first met.
    private var touched: CheckedPointer<Int32>
    private var touchedCount = 0
    private let stemmer: SearchStemmer

    init(stemmer: SearchStemmer) {
        self.stemmer = stemmer
        let capacity = 1 << 12
        slots = CheckedPointer(.allocate(capacity: capacity), count: capacity)
        slots.base.initialize(repeating: Slot(), count: capacity)
        mask = capacity - 1
        shift = 32 - 12
        touched = CheckedPointer(.allocate(capacity: capacity), count: capacity)
        termIndex.reserveCapacity(capacity / 2)
    }

    func free() {
        slots.base.deallocate()
        touched.base.deallocate()
    }

    var count: Int { surfaces.count }

    /// The table's hash of a word's bytes: a word of up to eight bytes is one
    /// chunk (little-endian, zeros after the word) times a constant, so the
    /// scanner hashes a short word from the one load that lowercased it
    /// (`hash(chunk:count:)`) with one multiplication; a longer word's chunks are
    /// mixed in turn. The table takes a hash's high bits (those that every bit of
    /// the chunk reaches). Only this table uses it: the index's files do not
    /// depend on it.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return 0 }
        if n <= 8 {
            var chunk: UInt64 = 0
            for j in 0..<n { chunk |= UInt64(base[j]) << UInt64(8 * j) }
            return hash(chunk: chunk, count: n)
        }
        var h: UInt64 = 0
        var k = 0
        while k + 8 <= n {
            h = mix(h, bytes.loadEight(at: k))
            k += 8
        }
        if k < n {
            var tail: UInt64 = 0
            for j in k..<n { tail |= UInt64(base[j]) << UInt64(8 * (j - k)) }
            h = mix(h, tail)
        }
        return finish(h, count: n)
    }

    /// `hash` of a word of nine to sixteen bytes, given as two chunks (zeros after the word).
    @inline(__always)
    static func hash(chunk first: UInt64, _ second: UInt64, count: Int) -> UInt32 {
        finish(mix(mix(0, first), second), count: count)
    }

    @inline(__always)
    private static func finish(_ h: UInt64, count: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: ((h ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD) >> 32)
    }

    /// `hash` of a word of `count` bytes, at most eight, given as one chunk (zeros after the word).
    @inline(__always)
    static func hash(chunk: UInt64, count: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: (chunk &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    @inline(__always)
    private static func mix(_ h: UInt64, _ chunk: UInt64) -> UInt64 {
        let m = (h ^ chunk) &* 0x9E37_79B9_7F4A_7C15
        return m ^ (m >> 32)
    }

    /// Counts one occurrence, in the current document, of the surface word with
    /// these folded bytes (`hash` their `hash`; `inTitle` when the title has it),
    /// adding (and stemming) it when new. A CJK piece is its own term.
    @inline(__always)
    mutating func count(_ bytes: UnsafeBufferPointer<UInt8>, cjk: Bool, hash h: UInt32, inTitle: Bool) {
        let head = Slot.head(bytes)
        var k = Int(h >> shift)
        while true {
            let slot = slots[k]
            if slot.surface == 0 {
                k = add(bytes, cjk: cjk, hash: h, head: head, at: k)
                break
            }
            if slot.head == head, bytes.count <= Slot.inHead || restEquals(Int(slot.surface) - 1, bytes) { break }
            k = (k + 1) & mask
        }
        let occurrences = slots[k].occurrences
        // Without a branch: whether a word is new to the document is a coin toss.
        touched[touchedCount] = Int32(k)
        touchedCount += occurrences == 0 ? 1 : 0
        slots[k].occurrences = (occurrences &+ 1) | (inTitle ? Slot.inTitle : 0)
    }

    /// The head of the slot a word with this hash is looked for in first (a read
    /// made ahead of `count`, so its cache miss overlaps other work).
    @inline(__always)
    func peek(hash h: UInt32) -> UInt64 { slots[Int(h >> shift)].head }

    /// Ends the current document: calls `body` with each surface word it had (in
    /// the order first met), its term, how many times it had it, and whether the
    /// title had it, and clears the counts for the next.
    @inline(__always)
    mutating func endDocument(_ body: (_ surface: Int, _ term: Int, _ occurrences: UInt32, _ inTitle: Bool) -> Void) {
        for j in 0..<touchedCount {
            let k = Int(touched[j])
            let occurrences = slots[k].occurrences
            slots[k].occurrences = 0
            let s = Int(slots[k].surface) - 1
            body(s, Int(surfaceTerms[s]), occurrences & ~Slot.inTitle, occurrences & Slot.inTitle != 0)
        }
        touchedCount = 0
    }

    /// Adds a new surface word into the empty slot `k`; the slot it is in after
    /// (another when the table grew).
    @inline(never)
    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, cjk: Bool, hash h: UInt32, head: UInt64, at k: Int) -> Int {
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
        slots[k] = Slot(head: head, surface: UInt32(s + 1), occurrences: 0)
        guard surfaces.count * 2 > mask + 1 else { return k }
        return grow(following: k)
    }

    /// Whether surface `s`, whose head matched, has these bytes after the head.
    private func restEquals(_ s: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[s]), n = bytes.count
        // The head holds lengths below 255 exactly.
        guard n < 255 || lengths[s] == n else { return false }
        return arena.withUnsafeBufferPointer { a in
            guard let base = a.baseAddress, let other = bytes.baseAddress else { return false }
            // Up to 15 bytes, the last eight (which hold all after the head) in one load each.
            if n <= 15 {
                return a.loadEight(at: start + n - 8) == bytes.loadEight(at: n - 8)
            }
            return memcmp(base + start + Slot.inHead, other + Slot.inHead, n - Slot.inHead) == 0
        }
    }

    /// Doubles the table, counts kept (it can grow in the middle of a document);
    /// where slot `k` went.
    private mutating func grow(following k: Int) -> Int {
        let old = slots, oldCount = mask + 1, oldTouched = touched
        let count = oldCount * 2
        slots = CheckedPointer(.allocate(capacity: count), count: count)
        slots.base.initialize(repeating: Slot(), count: count)
        mask = count - 1
        shift -= 1
        // Where each old slot went, for the touched list.
        var moved = [Int32](repeating: -1, count: oldCount)
        for j in 0..<oldCount where old[j].surface != 0 {
            var slot = Int(hashes[Int(old[j].surface) - 1] >> shift)
            while slots[slot].surface != 0 { slot = (slot + 1) & mask }
            slots[slot] = old[j]
            moved[j] = Int32(slot)
        }
        old.base.deallocate()
        touched = CheckedPointer(.allocate(capacity: count), count: count)
        for j in 0..<touchedCount { touched[j] = moved[Int(oldTouched[j])] }
        oldTouched.base.deallocate()
        return Int(moved[k])
    }

    /// A slot of the table: a surface word's first bytes and length, its index + 1
    /// (0: the slot is empty), and its count in the current document.
    private struct Slot {
        /// How many of a word's bytes `head` holds; a shorter word is all in it.
        static let inHead = 7
        /// The bit of `occurrences` that says the title has the word.
        static let inTitle: UInt32 = 1 << 31
        /// The first `inHead` bytes (the first in the low bits, zeros after a
        /// shorter word), and the length (up to 255) in the high byte.
        var head: UInt64 = 0
        var surface: UInt32 = 0
        /// Occurrences in the current document, and `inTitle`.
        var occurrences: UInt32 = 0

        /// From one load: `SearchPieceSink` pieces have eight bytes to read.
        @inline(__always)
        static func head(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let n = bytes.count
            guard let base = bytes.baseAddress else { return 0 }
            let first = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
            let kept = n >= inHead ? first & 0x00FF_FFFF_FFFF_FFFF : first & ((1 << UInt64(8 * n)) - 1)
            return kept | UInt64(min(n, 255)) << 56
        }
    }
}
