import Support

/// What `SearchWordScanner` hands each piece to: a protocol, not a closure, so the
/// counting state is not boxed and checked for exclusive access at every word.
protocol SearchPieceSink {
    /// A piece's folded bytes (valid only during the call), and whether it is CJK.
    /// `hash` is `SearchVocabulary.hash(bytes)`. Eight bytes can be read from the
    /// piece's start however short it is (the vocabulary reads its first bytes in one load).
    mutating func piece(_ bytes: UnsafeBufferPointer<UInt8>, cjk: Bool, hash: UInt32)
    /// Words that are not ASCII, cut by `SearchText` once (Foundation's NFKD is slow), by their text.
    var wordPieces: [String: [SearchText.Piece]] { get set }
    /// The first bytes of the place a piece with this hash is looked for: the
    /// scanner reads it one short word ahead (and hands that word on after the
    /// one before it), so the read's cache miss overlaps other work.
    mutating func peek(hash: UInt32) -> UInt64
    /// Where the scanner leaves the sum of what it peeked, so the reads are kept.
    var peeked: UInt64 { get set }
}

/// `SearchText.pieces` over UTF-8 bytes, fast where text is ASCII: a word of
/// ASCII letters, digits and `_` is split and lowercased in place, byte by byte,
/// with the same rules; any other word goes through `SearchText` itself. Positions
/// are not needed here (the index keeps none), only the pieces.
enum SearchWordScanner {
    /// Hands each piece of `text` to `sink`.
    static func scan<Sink: SearchPieceSink>(_ text: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
        // A piece lowercased, in a buffer of its own (an array would be checked for uniqueness at every word),
        // with room for an eight-byte read from its start (`SearchPieceSink`).
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: SearchText.longestPiece + 24)
        scratch.initialize(repeating: 0)
        defer { scratch.deallocate() }
        var i = 0
        let n = text.count
        var waiting: Waiting = (0, 0, 0, 0)
        var peeked: UInt64 = 0
        while i < n {
            // Skip to a word's first byte: eight bytes at a time past ASCII that is
            // not a word character (a text's spaces and punctuation).
            if i + 8 <= n {
                let starts = startBytes(text.loadEight(at: i))
                if starts == 0 {
                    i += 8
                    continue
                }
                i += starts.trailingZeroBitCount >> 3
            }
            let b = text[i]
            if b < 0x80 {
                if !isASCIIWord(b) { i += 1; continue }
            } else {
                let (scalar, length) = decode(text, at: i)
                if !SearchText.isWordScalar(scalar) { i += length; continue }
            }
            // The word's end, and whether it is all ASCII.
            let start = i
            // Eight bytes at a time while they are ASCII word characters (most of a
            // word). An ASCII byte that stops them ends the word; one of 0x80 or more
            // may be a letter, and is read on below.
            var ended = false
            while i + 8 <= n {
                let stops = stops(text.loadEight(at: i))
                if stops != 0 {
                    i += stops.trailingZeroBitCount >> 3
                    ended = text[i] < 0x80
                    break
                }
                i += 8
            }
            var ascii = true
            while !ended, i < n {
                let c = text[i]
                if c < 0x80 {
                    if !isASCIIWord(c) { break }
                    i += 1
                } else {
                    let (scalar, length) = decode(text, at: i)
                    if !SearchText.isWordScalar(scalar) { break }
                    ascii = false
                    i += length
                }
            }
            if ascii, i - start <= 8, start + 8 <= n,
               let lower = shortPlainWord(text.loadEight(at: start), count: i - start) {
                // Handed on one word late: its slot is read now, and that read's
                // cache miss overlaps the work on the word before.
                let hash = SearchVocabulary.hash(chunk: lower, count: i - start)
                peeked &+= sink.peek(hash: hash)
                if waiting.count > 0 { handOn(waiting, scratch: scratch, into: &sink) }
                waiting = (lower, 0, i - start, hash)
                continue
            }
            // The same for a word of nine to sixteen bytes, from two loads.
            if ascii, i - start > 8, i - start <= 16, start + 16 <= n,
               let lower = shortPlainWord(text.loadEight(at: start), count: 8),
               let rest = shortPlainWord(text.loadEight(at: start + 8), count: i - start - 8, capitalFirst: false) {
                let hash = SearchVocabulary.hash(chunk: lower, rest, count: i - start)
                peeked &+= sink.peek(hash: hash)
                if waiting.count > 0 { handOn(waiting, scratch: scratch, into: &sink) }
                waiting = (lower, rest, i - start, hash)
                continue
            }
            if waiting.count > 0 {
                handOn(waiting, scratch: scratch, into: &sink)
                waiting.count = 0
            }
            if ascii {
                asciiPieces(UnsafeBufferPointer(rebasing: text[start..<i]), scratch: scratch, into: &sink)
            } else {
                nonASCIIWord(UnsafeBufferPointer(rebasing: text[start..<i]), scratch: scratch, into: &sink)
            }
        }
        if waiting.count > 0 { handOn(waiting, scratch: scratch, into: &sink) }
        sink.peeked &+= peeked
    }

    /// A short word waiting to be handed on: its bytes lowercased (zeros after
    /// them; the ninth to sixteenth in `rest`), how many, and its hash.
    private typealias Waiting = (chunk: UInt64, rest: UInt64, count: Int, hash: UInt32)

    @inline(__always)
    private static func handOn<Sink: SearchPieceSink>(_ word: Waiting, scratch: UnsafeMutableBufferPointer<UInt8>,
                                                      into sink: inout Sink) {
        guard let out = scratch.baseAddress else { return }
        let room = CheckedPointer(out, count: scratch.count)
        room.storeEight(word.chunk)
        (room + 8).storeEight(word.rest)
        sink.piece(UnsafeBufferPointer(start: out, count: word.count), cjk: false, hash: word.hash)
    }

    /// A word with a scalar beyond ASCII, in the segments `SearchText` cuts it into
    /// (CJK and not, a mark going with the segment before it), each cut on its own:
    /// the pieces of a word are its segments' pieces in order. A run of unified
    /// ideographs, most of a Chinese text, is cut into pairs and characters on its
    /// bytes (an ideograph folds to itself); an ASCII segment as an ASCII word; any
    /// other through `SearchText`.
    private static func nonASCIIWord<Sink: SearchPieceSink>(_ w: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>,
                                                            into sink: inout Sink) {
        var i = 0
        while i < w.count {
            let (first, firstLength) = scalar(w, at: i)
            let cjk = SearchText.isCJK(first)
            var ideographs = cjk && isPlainIdeograph(first)
            var ascii = firstLength == 1
            var j = i + firstLength
            while j < w.count {
                let (next, length) = scalar(w, at: j)
                if SearchText.isCJK(next) != cjk, !SearchText.isMark(next) { break }
                if ideographs, !isPlainIdeograph(next) { ideographs = false }
                if length > 1 { ascii = false }
                j += length
            }
            let segment = UnsafeBufferPointer(rebasing: w[i..<j])
            if ideographs {
                ideographPieces(segment, scratch: scratch, into: &sink)
            } else if ascii {
                asciiPieces(segment, scratch: scratch, into: &sink)
            } else {
                let word = String(decoding: segment, as: UTF8.self)
                var found: [SearchText.Piece] = []
                if let known = sink.wordPieces[word] {
                    found = known
                } else {
                    SearchText.pieces(of: word) { if !$0.text.isEmpty { found.append($0) } }
                    // A run of CJK text is a whole sentence: not worth keeping.
                    if segment.count <= 64 { sink.wordPieces[word] = found }
                }
                for piece in found { nonASCIIPiece(piece, scratch: scratch, into: &sink) }
            }
            i = j
        }
    }

    /// A unified ideograph (three UTF-8 bytes, no decomposition, no case: `fold` leaves it as it is).
    @inline(__always)
    private static func isPlainIdeograph(_ s: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(s.value) || (0x3400...0x4DBF).contains(s.value)
    }

    /// The scalar at `i` (an ASCII byte or `decode`'s) and its length in bytes.
    @inline(__always)
    private static func scalar(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        p[i] < 0x80 ? (Unicode.Scalar(p[i]), 1) : decode(p, at: i)
    }

    /// A run of unified ideographs (three bytes each) as `SearchText.cjkPieces` cuts
    /// it: a lone character is itself; a longer run gives its overlapping pairs,
    /// then each character on its own. Each piece is its bytes as they are.
    private static func ideographPieces<Sink: SearchPieceSink>(_ run: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>,
                                                               into sink: inout Sink) {
        guard let from = run.baseAddress, let out = scratch.baseAddress else { return }
        let chars = run.count / 3
        // Copied where eight bytes can be read from its start (`SearchPieceSink`).
        func hand(_ at: Int, _ count: Int) {
            out.update(from: from + at, count: count)
            let bytes = UnsafeBufferPointer(start: UnsafePointer(out), count: count)
            sink.piece(bytes, cjk: true, hash: SearchVocabulary.hash(bytes))
        }
        if chars == 1 {
            hand(0, 3)
            return
        }
        for c in 0..<(chars - 1) { hand(3 * c, 6) }
        for c in 0..<chars { hand(3 * c, 3) }
    }

    /// A piece cut by `SearchText`, copied where eight bytes can be read from its start.
    private static func nonASCIIPiece<Sink: SearchPieceSink>(_ piece: SearchText.Piece, scratch: UnsafeMutableBufferPointer<UInt8>,
                                                             into sink: inout Sink) {
        var text = piece.text
        let fits = text.withUTF8 { utf8 -> Bool in
            guard let from = utf8.baseAddress, let out = scratch.baseAddress, utf8.count + 8 <= scratch.count else { return false }
            out.update(from: from, count: utf8.count)
            let bytes = UnsafeBufferPointer(start: UnsafePointer(out), count: utf8.count)
            sink.piece(bytes, cjk: piece.isCJK, hash: SearchVocabulary.hash(bytes))
            return true
        }
        if fits { return }
        let padded = Array(text.utf8) + repeatElement(0, count: 8)
        padded.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[0..<(all.count - 8)])
            sink.piece(bytes, cjk: piece.isCJK, hash: SearchVocabulary.hash(bytes))
        }
    }

    /// A word of at most eight ASCII word characters, the first `count` of `bytes`
    /// (the first in the low bits), lowercased when it is one part (no `_`, no
    /// capital but the first), all eight bytes at once; nil for any other.
    /// `capitalFirst: false` for a longer word's bytes after its first eight (no capital at all).
    @inline(__always)
    private static func shortPlainWord(_ bytes: UInt64, count: Int, capitalFirst: Bool = true) -> UInt64? {
        let word = count == 8 ? bytes : bytes & ((1 << UInt64(8 * count)) - 1)
        let capitals = within(word, 0x41, 0x5A)
        let z = word ^ 0x5F5F_5F5F_5F5F_5F5F
        let underscores = ~(((z & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | z) & 0x8080_8080_8080_8080
        guard capitals & (capitalFirst ? ~0x80 : ~0) == 0, underscores == 0 else { return nil }
        // A capital's high bit, moved to 0x20, makes it lower case.
        return word | (capitals >> 2)
    }

    /// For each byte below 0x80 of `v`, its high bit set when it is in `lo...hi`.
    @inline(__always)
    private static func within(_ v: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // Bit 7 of `b + 0x80 - lo` says b >= lo, of `b + 0x7F - hi` says b > hi.
        return (v &+ (0x80 - lo) &* ones) & ~(v &+ (0x7F - hi) &* ones) & 0x8080_8080_8080_8080
    }

    /// Eight bytes (the first in the low bits): the high bit of each byte set where
    /// it is not an ASCII word character (`isASCIIWord`), or is not ASCII. Exact up
    /// to the first such byte (a byte of 0x80 or more may carry into those after it).
    @inline(__always)
    private static func stops(_ x: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        return (~wordBytes(x) & high) | (x & high)
    }

    /// Eight bytes (the first in the low bits): the high bit of each byte set where
    /// it is an ASCII word character or is not ASCII (where a word may start). Exact
    /// up to the first such byte, as `stops` is.
    @inline(__always)
    private static func startBytes(_ x: UInt64) -> UInt64 {
        wordBytes(x) | (x & 0x8080_8080_8080_8080)
    }

    /// The high bit of each byte of `x` set where it is an ASCII word character;
    /// exact up to the first byte of 0x80 or more.
    @inline(__always)
    private static func wordBytes(_ x: UInt64) -> UInt64 {
        let letters = within(x | 0x2020_2020_2020_2020, 0x61, 0x7A)
        let digits = within(x, 0x30, 0x39)
        let z = x ^ 0x5F5F_5F5F_5F5F_5F5F
        let underscores = ~(((z & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | z) & 0x8080_8080_8080_8080
        return letters | digits | underscores
    }

    /// `0`–`9`, `A`–`Z`, `_`, `a`–`z`, by bit masks (a byte below 0x80).
    @inline(__always)
    private static func isASCIIWord(_ b: UInt8) -> Bool {
        let mask: UInt64 = b < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return (mask >> UInt64(b & 63)) & 1 != 0
    }

    private static func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
    private static func isLower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// The scalar at `i` and its length in bytes (U+FFFD for a malformed sequence, one byte).
    private static func decode(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let b = p[i]
        let length = b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
        guard b >= 0xC2, i + length <= p.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            let c = p[i + k]
            guard c & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | UInt32(c & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// An ASCII word: whole and parts as `SearchText.identifierPieces` makes them.
    private static func asciiPieces<Sink: SearchPieceSink>(_ w: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>,
                                                           into sink: inout Sink) {
        // Most words are one part (no `_`, no case change) and short: lowercased and
        // hashed in the same pass that finds they are, and handed on.
        if w.count <= SearchText.longestPiece {
            var plain = true
            for j in 0..<w.count {
                let c = w[j]
                var lower = c
                if isUpper(c) {
                    if j > 0, isBoundary(w, before: j) { plain = false; break }
                    lower = c + 0x20
                } else if c == 0x5F {
                    plain = false
                    break
                }
                scratch[j] = lower
            }
            if plain {
                let piece = UnsafeBufferPointer(rebasing: scratch[0..<w.count])
                sink.piece(piece, cjk: false, hash: SearchVocabulary.hash(piece))
                return
            }
        } else {
            var plain = w[0] != 0x5F
            var e = 1
            while plain, e < w.count {
                if w[e] == 0x5F || isBoundary(w, before: e) { plain = false }
                e += 1
            }
            // One part too long to be a word.
            if plain { return }
        }
        // Parts, found twice (how many, then each handed on): a list of them would
        // be allocated for every identifier.
        var parts = 0, first = 0, last = 0
        forEachPart(w) { start, end in
            if parts == 0 { first = start }
            last = end
            parts += 1
        }
        if parts > 1 { emit(w, first, last, scratch: scratch, into: &sink) }
        forEachPart(w) { start, end in emit(w, start, end, scratch: scratch, into: &sink) }
    }

    /// Calls `body` with each part of an ASCII word (its start and end): the
    /// word split at `_` and at case changes.
    @inline(__always)
    private static func forEachPart(_ w: UnsafeBufferPointer<UInt8>, _ body: (Int, Int) -> Void) {
        var k = 0
        while k < w.count {
            if w[k] == 0x5F { k += 1; continue }
            var e = k + 1
            while e < w.count, w[e] != 0x5F, !isBoundary(w, before: e) { e += 1 }
            body(k, e)
            k = e
        }
    }

    /// `w[from..<to]` lowercased, to the sink, unless it is too long to be a word.
    private static func emit<Sink: SearchPieceSink>(_ w: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int,
                                                    scratch: UnsafeMutableBufferPointer<UInt8>, into sink: inout Sink) {
        guard to - from <= SearchText.longestPiece else { return }
        for j in from..<to {
            let c = w[j]
            scratch[j - from] = isUpper(c) ? c + 0x20 : c
        }
        let piece = UnsafeBufferPointer(rebasing: scratch[0..<(to - from)])
        sink.piece(piece, cjk: false, hash: SearchVocabulary.hash(piece))
    }

    private static func isBoundary(_ w: UnsafeBufferPointer<UInt8>, before e: Int) -> Bool {
        guard isUpper(w[e]) else { return false }
        let before = w[e - 1]
        if isLower(before) || isDigit(before) { return true }
        return isUpper(before) && e + 1 < w.count && isLower(w[e + 1])
    }
}
