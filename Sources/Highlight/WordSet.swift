/// A fixed set of words looked up straight from the input bytes (no String or
/// Array made per lookup): open addressing on an FNV-1a hash.
public struct WordSet: Sendable {
    let ignoreCase: Bool
    let bytes: [UInt8]
    let starts: [Int32]
    /// Slot → word index + 1 (0: empty).
    let slots: [Int32]
    let mask: Int

    public init(_ words: [String], ignoreCase: Bool = false) {
        self.ignoreCase = ignoreCase
        var bytes: [UInt8] = []
        var starts: [Int32] = [0]
        var size = 8
        while size < words.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for (index, word) in words.enumerated() {
            let w = word.utf8.map { ignoreCase ? WordSet.lower($0) : $0 }
            bytes.append(contentsOf: w)
            starts.append(Int32(bytes.count))
            var slot = Int(WordSet.hash(w, 0, w.count, ignoreCase: false)) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index + 1)
        }
        self.bytes = bytes
        self.starts = starts
        self.slots = slots
        self.mask = size - 1
    }

    @inline(__always)
    static func lower(_ b: UInt8) -> UInt8 { b >= 65 && b <= 90 ? b | 0x20 : b }

    @inline(__always)
    static func hash<C: RandomAccessCollection>(_ p: C, _ start: Int, _ end: Int, ignoreCase: Bool) -> UInt32
    where C.Element == UInt8, C.Index == Int {
        var h: UInt32 = 2_166_136_261
        var i = start
        while i < end {
            h = (h ^ UInt32(ignoreCase ? lower(p[i]) : p[i])) &* 16_777_619
            i += 1
        }
        return h
    }

    /// Whether `p[start..<end]` is one of the words; `hash` is `WordSet.hash` of it
    /// (with this set's `ignoreCase`).
    func contains(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, hash: UInt32) -> Bool {
        var slot = Int(hash) & mask
        let length = end - start
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return false }
            let s = Int(starts[entry - 1]), e = Int(starts[entry])
            if e - s == length {
                var k = 0
                while k < length, bytes[s + k] == (ignoreCase ? WordSet.lower(p[start + k]) : p[start + k]) { k += 1 }
                if k == length { return true }
            }
            slot = (slot + 1) & mask
        }
    }
}
