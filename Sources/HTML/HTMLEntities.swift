import Foundation

/// Character references (`&amp;`, `&#x2F;`, `&#47;`), decoded as the HTML
/// standard's tokenizer decodes them (section 13.2.5.72 on):
///
/// - named references from the standard's whole table (`HTMLEntityTable`),
///   longest match first; the legacy names a browser accepts without `;`
///   (`&amp`, `&copy`, `&not`) too, except in an attribute value when the next
///   character is `=` or a letter or digit (`?a=1&copy=2` stays as written);
/// - `&#` decimal and `&#x` hex digits, `;` optional; 0, surrogates and values
///   above U+10FFFF become U+FFFD, and 0x80–0x9F are read as Windows-1252;
/// - anything else (`&`, `&unknown;`, `&#;`, `&#xZ;`) is left as written.
public enum HTMLEntities {
    /// `p[range]` with its character references decoded.
    public static func decode(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, inAttribute: Bool) -> String {
        guard firstAmpersand(p, range) != nil else { return String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        append(p, range, inAttribute: inAttribute, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `p[range]` to `out` (as UTF-8) with its character references decoded.
    static func append(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, inAttribute: Bool, to out: inout [UInt8]) {
        var copied = range.lowerBound
        var i = range.lowerBound
        // From `&` to `&` (memchr): every text the search index reads passes through here.
        while let amp = firstAmpersand(p, i..<range.upperBound) {
            guard let (scalars, end) = reference(p, at: amp, end: range.upperBound, inAttribute: inAttribute) else {
                i = amp + 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<amp]))
            appendUTF8(scalars.0, to: &out)
            if let second = scalars.1 { appendUTF8(second, to: &out) }
            i = end
            copied = end
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<range.upperBound]))
    }

    /// The character reference whose `&` is at `i` (reading no further than
    /// `end`): its one or two code points and the index after it; nil when the
    /// `&` is not one, and is text as written.
    static func reference(_ p: UnsafeBufferPointer<UInt8>, at i: Int, end: Int,
                          inAttribute: Bool) -> (scalars: (Unicode.Scalar, Unicode.Scalar?), end: Int)? {
        let start = i + 1
        guard start < end else { return nil }
        if p[start] == UInt8(ascii: "#") { return numeric(p, from: start + 1, end: end) }
        // The run of letters and digits; every name in the table is one, with or without `;`.
        var j = start
        while j < end, j - start < 32, isAlphanumeric(p[j]) { j += 1 }
        guard j > start else { return nil }
        let table = Self.table
        if j < end, p[j] == UInt8(ascii: ";"), let value = table.value(of: p, start..<(j + 1)) {
            return (value, j + 1)
        }
        // A legacy name without `;` (at most 6 letters), longest first: `&notit;` is `¬` + `it;`.
        var length = min(j - start, 6)
        while length >= 2 {
            let nameEnd = start + length
            if let value = table.value(of: p, start..<nameEnd) {
                if inAttribute, nameEnd < end, p[nameEnd] == UInt8(ascii: "=") || isAlphanumeric(p[nameEnd]) { return nil }
                return (value, nameEnd)
            }
            length -= 1
        }
        return nil
    }

    /// `&#…` after the `#`: decimal, or hex after `x`.
    private static func numeric(_ p: UnsafeBufferPointer<UInt8>, from start: Int,
                                end: Int) -> (scalars: (Unicode.Scalar, Unicode.Scalar?), end: Int)? {
        var j = start
        let hex = j < end && (p[j] | 0x20) == UInt8(ascii: "x")
        if hex { j += 1 }
        let digitsStart = j
        var value: UInt32 = 0
        while j < end {
            let b = p[j]
            let digit: UInt32
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                digit = UInt32(b - UInt8(ascii: "0"))
            } else if hex, (b | 0x20) >= UInt8(ascii: "a"), (b | 0x20) <= UInt8(ascii: "f") {
                digit = UInt32((b | 0x20) - UInt8(ascii: "a") + 10)
            } else {
                break
            }
            // Saturate: anything past U+10FFFF is out of range however long it is.
            value = min(value * (hex ? 16 : 10) + digit, 0x110000)
            j += 1
        }
        guard j > digitsStart else { return nil }
        if j < end, p[j] == UInt8(ascii: ";") { j += 1 }
        return ((scalar(forNumericValue: value), nil), j)
    }

    /// The numeric character reference end state's fix-ups.
    private static func scalar(forNumericValue value: UInt32) -> Unicode.Scalar {
        if value >= 0x80 && value <= 0x9F {
            let mapped = windows1252[Int(value - 0x80)]
            if mapped != 0, let s = Unicode.Scalar(mapped) { return s }
        }
        // nil for 0 is handled below; surrogates and > U+10FFFF make no scalar.
        guard value != 0, let s = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return s
    }

    /// What 0x80–0x9F mean in Windows-1252, which old pages meant by `&#150;`
    /// (0: no mapping, the code point is kept).
    private static let windows1252: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    @inline(__always)
    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        let l = b | 0x20
        return (l >= UInt8(ascii: "a") && l <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }

    /// The first `&` in `p[range]`.
    @inline(__always)
    public static func firstAmpersand(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        // memchr: every text the search index reads passes through here.
        guard !range.isEmpty, let base = p.baseAddress,
              let found = memchr(base + range.lowerBound, Int32(UInt8(ascii: "&")), range.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        let v = scalar.value
        switch v {
        case 0..<0x80:
            out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | v >> 6))
            out.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | v >> 12))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | v >> 18))
            out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        }
    }

    // MARK: The table

    /// `HTMLEntityTable` read once into sorted arrays: names back to back, where
    /// each starts, and two code points per name (0 when it has one).
    private struct Table: Sendable {
        var names: [UInt8] = []
        var starts: [Int] = [0]
        var values: [UInt32] = []

        init(_ text: String) {
            for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: " "))
                guard fields.count >= 2 else { continue }
                names.append(contentsOf: fields[0])
                starts.append(names.count)
                let codes = fields.dropFirst().map { UInt32(String(decoding: $0, as: UTF8.self), radix: 16) ?? 0xFFFD }
                values.append(codes[0])
                values.append(codes.count > 1 ? codes[1] : 0)
            }
        }

        /// The code points of the name `p[range]` (exactly, `;` included when given).
        func value(of p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (Unicode.Scalar, Unicode.Scalar?)? {
            var low = 0
            var high = starts.count - 1
            while low < high {
                let mid = (low + high) / 2
                let order = compare(p, range, entry: mid)
                if order == 0 {
                    guard let first = Unicode.Scalar(values[2 * mid]) else { return nil }
                    let second = values[2 * mid + 1]
                    return (first, second == 0 ? nil : Unicode.Scalar(second))
                }
                if order < 0 { high = mid } else { low = mid + 1 }
            }
            return nil
        }

        /// Byte order of `p[range]` against the name of entry `k`: <0, 0, >0.
        private func compare(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entry k: Int) -> Int {
            let nameStart = starts[k]
            let nameCount = starts[k + 1] - nameStart
            let common = min(range.count, nameCount)
            var j = 0
            while j < common {
                let a = p[range.lowerBound + j], b = names[nameStart + j]
                if a != b { return a < b ? -1 : 1 }
                j += 1
            }
            return range.count - nameCount
        }
    }

    private static let table = Table(HTMLEntityTable.text)
}
