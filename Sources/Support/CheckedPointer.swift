/// A pointer together with how many values from it its owner may read and write.
/// Every access is bounds-checked in debug builds (so the test suite and the
/// fuzz tests stop at the first access past the end, at the line that made it);
/// in release builds the checks are compiled out and it costs what the bare
/// pointer does. The hot loops of the search index and of a page's shown text
/// write through these, not through `UnsafeMutablePointer`, so that an
/// off-by-one is a failed assertion in a test rather than a heap quietly
/// overwritten in a user's build (issue 40: one post too many in a group
/// corrupted `malloc`'s bookkeeping).
public struct CheckedPointer<T> {
    /// The first value.
    public let base: UnsafeMutablePointer<T>
    /// How many values from `base` belong to the owner.
    public let count: Int

    @inline(__always)
    @inlinable public init(_ base: UnsafeMutablePointer<T>, count: Int) {
        self.base = base
        self.count = count
    }

    @inline(__always)
    @inlinable public subscript(i: Int) -> T {
        unsafeAddress {
            assert(i >= 0 && i < count, "CheckedPointer: index \(i) outside 0..<\(count)")
            return UnsafePointer(base + i)
        }
        nonmutating unsafeMutableAddress {
            assert(i >= 0 && i < count, "CheckedPointer: index \(i) outside 0..<\(count)")
            return base + i
        }
    }

    /// The pointer `k` values on (at most to the end), with the rest of the room.
    @inline(__always)
    @inlinable public static func + (p: CheckedPointer, k: Int) -> CheckedPointer {
        assert(k >= 0 && k <= p.count, "CheckedPointer: step \(k) outside 0...\(p.count)")
        return CheckedPointer(p.base + k, count: p.count - k)
    }

    @inline(__always)
    @inlinable public static func += (p: inout CheckedPointer, k: Int) { p = p + k }

    /// How many values `other` is after this one.
    @inline(__always)
    @inlinable public func distance(to other: CheckedPointer) -> Int { base.distance(to: other.base) }

    /// Sets the first `n` values to `source`'s.
    @inline(__always)
    @inlinable public func initialize(from source: UnsafePointer<T>, count n: Int) {
        assert(n >= 0 && n <= count, "CheckedPointer: \(n) values into room for \(count)")
        base.initialize(from: source, count: n)
    }
}

extension CheckedPointer where T == UInt8 {
    /// Stores eight bytes from the first (little-endian), which must all be the owner's.
    @inline(__always)
    @inlinable public func storeEight(_ word: UInt64) {
        assert(count >= 8, "CheckedPointer: an eight-byte store into room for \(count)")
        UnsafeMutableRawPointer(base).storeBytes(of: word.littleEndian, as: UInt64.self)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The eight bytes at `i` (little-endian), all inside the buffer: checked in debug builds.
    @inline(__always)
    @inlinable public func loadEight(at i: Int) -> UInt64 {
        assert(i >= 0 && i + 8 <= count, "loadEight: bytes \(i)..<\(i + 8) outside 0..<\(count)")
        return UInt64(littleEndian: UnsafeRawPointer(baseAddress.unsafelyUnwrapped + i).loadUnaligned(as: UInt64.self))
    }
}
