/// A set of bytes (256 bits), for character classes and first-byte dispatch.
public struct ByteSet: Sendable, Hashable {
    @usableFromInline var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    public init() {}

    /// Bytes written like a regex class body: `"a-zA-Z_"`; a `-` first or last is itself.
    /// Only ASCII is meaningful here; add non-ASCII bytes with `nonASCII`.
    public init(_ spec: String) {
        let b = Array(spec.utf8)
        var i = 0
        while i < b.count {
            if i + 2 < b.count, b[i + 1] == UInt8(ascii: "-") {
                for x in b[i]...max(b[i], b[i + 2]) { insert(x) }
                i += 3
            } else {
                insert(b[i])
                i += 1
            }
        }
    }

    /// Every byte from 0x80 up: UTF-8 lead and continuation bytes, so identifiers
    /// may hold any non-ASCII letter.
    public static var nonASCII: ByteSet {
        var s = ByteSet()
        for x in UInt8(0x80)...UInt8(0xFF) { s.insert(x) }
        return s
    }

    public static var all: ByteSet { ByteSet().inverted }
    public static let whitespace = ByteSet(" \t\n\r\u{0B}\u{0C}")
    public static let digits = ByteSet("0-9")

    public mutating func insert(_ b: UInt8) {
        let bit = UInt64(1) << UInt64(b & 63)
        switch b >> 6 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }

    @inline(__always)
    @inlinable public func contains(_ b: UInt8) -> Bool {
        let word: UInt64
        switch b >> 6 {
        case 0: word = bits.0
        case 1: word = bits.1
        case 2: word = bits.2
        default: word = bits.3
        }
        return word & (UInt64(1) << UInt64(b & 63)) != 0
    }

    public func union(_ other: ByteSet) -> ByteSet {
        var s = self
        s.bits = (bits.0 | other.bits.0, bits.1 | other.bits.1, bits.2 | other.bits.2, bits.3 | other.bits.3)
        return s
    }

    public var inverted: ByteSet {
        var s = self
        s.bits = (~bits.0, ~bits.1, ~bits.2, ~bits.3)
        return s
    }

    public func removing(_ spec: String) -> ByteSet {
        var s = self
        for b in spec.utf8 {
            let bit = UInt64(1) << UInt64(b & 63)
            switch b >> 6 {
            case 0: s.bits.0 &= ~bit
            case 1: s.bits.1 &= ~bit
            case 2: s.bits.2 &= ~bit
            default: s.bits.3 &= ~bit
            }
        }
        return s
    }

    public static func == (a: ByteSet, b: ByteSet) -> Bool {
        a.bits.0 == b.bits.0 && a.bits.1 == b.bits.1 && a.bits.2 == b.bits.2 && a.bits.3 == b.bits.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bits.0); hasher.combine(bits.1); hasher.combine(bits.2); hasher.combine(bits.3)
    }
}
