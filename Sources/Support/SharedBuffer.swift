extension Array where Element == UInt8 {
    /// Whether `other` is this array's very buffer (arrays copy on write, so they
    /// hold the same bytes): an O(1) test that a file is the one a memo made.
    public func sharesBuffer(with other: [UInt8]) -> Bool {
        count == other.count && withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}
