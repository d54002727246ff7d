/// A growable array of plain values for the index's per-word counting, read and
/// written through a pointer: a `[T]` held in a struct that is mutated for every
/// word is checked for uniqueness at each write, and that check cost more than the
/// counting. The owner calls `free()` once it is done (it is not a class: no
/// reference counting per word either).
struct SearchCountBuffer<T: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    subscript(i: Int) -> T {
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
    mutating func append(_ value: T) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        count += 1
    }

    mutating func removeAll() { count = 0 }

    /// The values as an array.
    var array: [T] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func free() { base.deallocate() }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity * 2)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
