import HTML

/// Counts the words of a page's text, for the reading time. A word is a run of
/// non-space text with at least one letter or digit, in any script; markup
/// between text runs (a tag, a comment) does not split a word, and a character
/// reference joins a word without making one. Fed the text runs of a page in
/// order: as `HTMLScanner.next(readingText:)`'s reader (`text(_:from:)`), which
/// finds the end of each run in the same pass, and with `add` for raw text.
struct WordCounter {
    private(set) var words = 0
    /// 1 while in a word that has been counted (it has had a letter or digit).
    private var counted = 0
    /// `byteClasses`, held: the loop is entered for every run of text.
    private let table = Self.byteClasses

    /// Counts the words of `p[range]`, continuing the word the last run ended in.
    mutating func add(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        _ = count(p, from: range.lowerBound, to: range.upperBound, stopAtLessThan: false)
    }

    /// Counts the words from `i` up to the first `<` and returns its index (the
    /// end of `p` if none): the text reader of `HTMLScanner.next(readingText:)`.
    mutating func text(_ p: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        count(p, from: i, to: p.count, stopAtLessThan: true)
    }

    /// The one loop of `add` and `text`; returns where it stopped.
    @inline(__always)
    private mutating func count(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to n: Int, stopAtLessThan: Bool) -> Int {
        // Locals, so the loop keeps them in registers.
        var words = self.words, counted = self.counted
        defer { (self.words, self.counted) = (words, counted) }
        return self.table.withUnsafeBufferPointer { table in
            var i = start
            while i < n {
                let byteClass = table[Int(p[i])]
                if byteClass < 3 {
                    // Letter/digit (0), space (1) or other ASCII (2): the common
                    // case, without branches or a dependency through memory.
                    let isWord = byteClass == 0 ? 1 : 0
                    let isSpace = byteClass == 1 ? 1 : 0
                    words &+= isWord & (counted ^ 1)
                    counted = (counted | isWord) & (isSpace ^ 1)
                    i &+= 1
                    continue
                }
                switch byteClass {
                case ByteClass.lessThan.rawValue:
                    if stopAtLessThan { return i }
                    i += 1
                case ByteClass.lead.rawValue:
                    if counted == 0, Self.isLetterOrNumber(Self.scalar(in: p, at: i, end: n)) {
                        words += 1
                        counted = 1
                    }
                    i += 1
                case ByteClass.ampersand.rawValue:
                    var j = i + 1
                    while j < n, j - i <= 32, table[Int(p[j])] == 0 || p[j] == UInt8(ascii: "#") { j += 1 }
                    i = (j < n && j > i + 1 && p[j] == UInt8(ascii: ";")) ? j + 1 : i + 1
                default:  // a continuation byte
                    i += 1
                }
            }
            return n
        }
    }

    /// What a byte is, for the counter.
    private enum ByteClass: UInt8 {
        /// ASCII letter or digit.
        case wordByte
        case space
        /// Other ASCII.
        case other
        /// `<`: where a text run may end.
        case lessThan
        case ampersand
        /// First byte of a multi-byte UTF-8 sequence.
        case lead
        case continuation
    }

    private static func byteClass(_ b: UInt8) -> ByteClass {
        if b >= 0x80 { return b >= 0xC0 ? .lead : .continuation }
        if b >= UInt8(ascii: "a") { return b <= UInt8(ascii: "z") ? .wordByte : .other }
        if b >= UInt8(ascii: "A") { return b <= UInt8(ascii: "Z") ? .wordByte : .other }
        if b >= UInt8(ascii: "0") {
            if b <= UInt8(ascii: "9") { return .wordByte }
            return b == UInt8(ascii: "<") ? .lessThan : .other
        }
        if HTMLScanner.isWhitespace(b) { return .space }
        return b == UInt8(ascii: "&") ? .ampersand : .other
    }

    /// `byteClass(_:).rawValue` of every byte, for the hot loop.
    private static let byteClasses: [UInt8] = (0...255).map { byteClass(UInt8($0)).rawValue }

    /// The scalar whose UTF-8 lead byte is at `i`; nil for a truncated sequence.
    private static func scalar(in p: UnsafeBufferPointer<UInt8>, at i: Int, end n: Int) -> Unicode.Scalar? {
        let b0 = UInt32(p[i])
        var value: UInt32
        if b0 & 0xE0 == 0xC0, i + 1 < n {
            value = (b0 & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F)
        } else if b0 & 0xF0 == 0xE0, i + 2 < n {
            value = (b0 & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F)
        } else if b0 & 0xF8 == 0xF0, i + 3 < n {
            value = (b0 & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6
                | UInt32(p[i + 3] & 0x3F)
        } else {
            return nil
        }
        return Unicode.Scalar(value)
    }

    private static func isLetterOrNumber(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
