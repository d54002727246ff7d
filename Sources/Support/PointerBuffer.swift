/// A growable array of plain values read and written through a pointer, for the
/// loops that run once per word or byte of a site (the search index's counting,
/// the shown text of a page): a `[T]` held in a struct that is mutated for every
/// value is checked for uniqueness at each write, and that check cost more than
/// the work. The owner calls `free()` once it is done (it is not a class: no
/// reference counting per value either). What it hands out to be written
/// through (`values`, `end`) is a `CheckedPointer`: bounds-checked in debug builds.
public struct PointerBuffer<T: BitwiseCopyable> {
    @usableFromInline var base: UnsafeMutablePointer<T>
    /// How many values it holds.
    @inlinable public var count: Int { stored }
    /// `count`, written only here (a setter of `count` could not be private and inlined across modules).
    @usableFromInline var stored = 0
    @usableFromInline var capacity: Int

    @inlinable public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    @inlinable public subscript(i: Int) -> T {
        get {
            precondition(i >= 0 && i < count)
            return base[i]
        }
        nonmutating set {
            precondition(i >= 0 && i < count)
            base[i] = newValue
        }
    }

    @inline(__always)
    @inlinable public mutating func append(_ value: T) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: value)
        stored += 1
    }

    @inlinable public mutating func removeAll() { stored = 0 }

    /// At least `newCount` values: any added are `value`.
    @inlinable public mutating func extend(to newCount: Int, with value: T) {
        guard newCount > count else { return }
        reserve(newCount - count)
        (base + count).initialize(repeating: value, count: newCount - count)
        stored = newCount
    }

    /// The values as an array.
    @inlinable public var array: [T] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The values, valid until the buffer is next changed.
    @inlinable public var buffer: UnsafeBufferPointer<T> { UnsafeBufferPointer(start: base, count: count) }

    /// Room for at least `extra` values after the last: a writer that checked once
    /// writes them at `end` and then counts them with `added(_:)`.
    @inline(__always)
    @inlinable public mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: max(capacity * 2, count + extra)) }
    }

    /// Where the next value goes, with the room reserved after it.
    @inlinable public var end: CheckedPointer<T> { CheckedPointer(base + count, count: capacity - count) }

    /// The values, to be read and written in place (valid until the buffer is
    /// next grown); only the first `count` are the buffer's.
    @inlinable public var values: CheckedPointer<T> { CheckedPointer(base, count: count) }

    /// Counts `k` values written at `end` (room for them reserved).
    @inline(__always)
    @inlinable public mutating func added(_ k: Int) {
        precondition(k >= 0 && count + k <= capacity)
        stored += k
    }

    @inlinable public func free() { base.deallocate() }

    @usableFromInline mutating func grow(to larger: Int) {
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: larger)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = larger
    }
}
