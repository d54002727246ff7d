import Foundation

/// The words of a text as the search index sees them (docs/SEARCH.md, section 2):
/// runs of letters, marks, digits and `_`; CJK runs cut into character pairs;
/// code identifiers whole and in parts; each piece folded (NFKD, nonspacing
/// marks dropped, lowercased). `templates/assets/search.js` does exactly the same
/// to a query, so a query word and an indexed word meet.
enum SearchText {
    /// A piece of a word, folded.
    struct Piece {
        var text: String
        /// A CJK character pair (or a lone CJK character): not stemmed, not in the dictionary.
        var isCJK: Bool
        /// Word position, counted through the text: pieces of one identifier share one.
        var position: Int
    }

    /// Pieces longer than this (in scalars, before folding) are not words a
    /// reader types: hashes, base64, minified names. Left out of the index.
    static let longestPiece = 40

    /// Calls `body` with every piece of `text`, positions counted from `start`;
    /// returns the position after the last word.
    @discardableResult
    static func pieces(of text: String, from start: Int = 0, _ body: (Piece) -> Void) -> Int {
        var position = start
        var word: [Unicode.Scalar] = []
        word.reserveCapacity(64)
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                position = pieces(ofWord: word, from: position, body)
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { position = pieces(ofWord: word, from: position, body) }
        return position
    }

    /// `\p{L}\p{M}\p{N}_`.
    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 {
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39) || v == 0x5F
        }
        // General Punctuation (spaces, dashes, quotes, `…`) has no letter, mark or
        // number, and is most of a text's non-ASCII: no property lookup for it.
        if v >= 0x2000 && v <= 0x206F { return false }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Han, Hiragana, Katakana and Hangul, by block (the same ranges as search.js).
    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x11FF, 0x3005...0x3007, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F,
             0x20000...0x2FFFF:
            return true
        default:
            return false
        }
    }

    static func isMark(_ s: Unicode.Scalar) -> Bool {
        guard s.value >= 0x300 else { return false }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// One run of word scalars: its CJK and other segments in order.
    private static func pieces(ofWord word: [Unicode.Scalar], from start: Int, _ body: (Piece) -> Void) -> Int {
        var position = start
        var i = 0
        while i < word.count {
            let cjk = isCJK(word[i])
            var j = i + 1
            // A mark continues whatever segment it follows.
            while j < word.count, isCJK(word[j]) == cjk || isMark(word[j]) { j += 1 }
            let segment = word[i..<j]
            if cjk {
                position = cjkPieces(segment, from: position, body)
            } else {
                if identifierPieces(segment, at: position, body) { position += 1 }
            }
            i = j
        }
        return position
    }

    /// Overlapping pairs of a CJK run (a lone character is itself), one position
    /// each, then each character of a longer run on its own.
    private static func cjkPieces(_ run: ArraySlice<Unicode.Scalar>, from start: Int, _ body: (Piece) -> Void) -> Int {
        // Marks belong to the character before them.
        var chars: [ArraySlice<Unicode.Scalar>] = []
        var k = run.startIndex
        while k < run.endIndex {
            var e = k + 1
            while e < run.endIndex, isMark(run[e]) { e += 1 }
            chars.append(run[k..<e])
            k = e
        }
        // Each character folded once (a pair is its two characters' folds).
        let folded = chars.map(foldCJK)
        if chars.count == 1 {
            body(Piece(text: folded[0], isCJK: true, position: start))
            return start + 1
        }
        for c in 0..<(chars.count - 1) {
            body(Piece(text: folded[c] + folded[c + 1], isCJK: true, position: start + c))
        }
        // Each character alone too, so a query of one character (猫) finds the
        // runs that hold it; a longer query uses only the pairs.
        for c in 0..<chars.count {
            body(Piece(text: folded[c], isCJK: true, position: start + min(c, chars.count - 2)))
        }
        return start + chars.count - 1
    }

    /// A non-CJK segment: the word, or an identifier whole and its parts
    /// (split at `_` and at case changes). False when it held no piece.
    private static func identifierPieces(_ segment: ArraySlice<Unicode.Scalar>, at position: Int,
                                         _ body: (Piece) -> Void) -> Bool {
        var parts: [ArraySlice<Unicode.Scalar>] = []
        var k = segment.startIndex
        while k < segment.endIndex {
            if segment[k] == "_" { k += 1; continue }
            var e = k + 1
            while e < segment.endIndex, segment[e] != "_", !isCaseBoundary(segment, before: e) { e += 1 }
            parts.append(segment[k..<e])
            k = e
        }
        guard let first = parts.first, let last = parts.last else { return false }
        if parts.count > 1 {
            let whole = segment[first.startIndex..<last.endIndex]
            if whole.count <= longestPiece { body(Piece(text: fold(whole), isCJK: false, position: position)) }
        }
        for part in parts where part.count <= longestPiece {
            body(Piece(text: fold(part), isCJK: false, position: position))
        }
        return true
    }

    /// `aB`, `1B` (digits stay with what is before them) and `ABc` (before the `B`).
    private static func isCaseBoundary(_ s: ArraySlice<Unicode.Scalar>, before e: Int) -> Bool {
        let here = s[e]
        guard isUpper(here) else { return false }
        let before = s[e - 1]
        if isLower(before) || isDigit(before) { return true }
        if isUpper(before), e + 1 < s.endIndex, isLower(s[e + 1]) { return true }
        return false
    }

    private static func isUpper(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (s.value >= 0x41 && s.value <= 0x5A) : s.properties.isUppercase
    }

    private static func isLower(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (s.value >= 0x61 && s.value <= 0x7A) : s.properties.isLowercase
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (s.value >= 0x30 && s.value <= 0x39) : s.properties.generalCategory == .decimalNumber
    }

    /// NFKD, nonspacing marks dropped, lowercased; ASCII needs only the last.
    static func fold<S: Collection>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        if scalars.allSatisfy({ $0.value < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(scalars.count)
            for s in scalars {
                let v = UInt8(s.value)
                bytes.append(v >= 0x41 && v <= 0x5A ? v + 0x20 : v)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return fold(String(view))
    }

    /// `fold` of one CJK character (with the marks after it), without Foundation
    /// for what a CJK text is made of: a unified ideograph has no decomposition and
    /// no case, so it is itself; a Hangul syllable decomposes by arithmetic (Unicode
    /// 3.12) into jamo, which have no case; kana, jamo, compatibility ideographs
    /// and halfwidth forms are looked up in a table made once with `fold`. The
    /// same result as `fold` (tested over every scalar of the CJK blocks), at a
    /// small part of its cost: CJK text is cut into pairs, so a Chinese post has
    /// about as many pieces as characters.
    static func foldCJK(_ char: ArraySlice<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        for s in char {
            let v = s.value
            switch v {
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0x20000...0x2F7FF, 0x2FA20...0x2FFFF:
                out.append(s)
            case 0xAC00...0xD7A3:
                let index = v - 0xAC00
                out.append(Unicode.Scalar(0x1100 + index / 588)!)
                out.append(Unicode.Scalar(0x1161 + (index % 588) / 28)!)
                if index % 28 != 0 { out.append(Unicode.Scalar(0x11A7 + index % 28)!) }
            default:
                if let known = cjkFolds[v] {
                    out.append(contentsOf: known.unicodeScalars)
                } else if s.properties.generalCategory != .nonspacingMark {
                    out.append(contentsOf: fold(String(s)).unicodeScalars)
                }
            }
        }
        return String(out)
    }

    /// `fold` of each scalar of the CJK blocks that is neither a unified ideograph
    /// nor a Hangul syllable (about 1,700), made on first use.
    private static let cjkFolds: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        let blocks: [ClosedRange<UInt32>] = [0x1100...0x11FF, 0x3005...0x3007, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF,
                                             0xD7A4...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x2F800...0x2FA1F]
        for block in blocks {
            for v in block {
                guard let s = Unicode.Scalar(v) else { continue }
                table[v] = fold(String(s))
            }
        }
        return table
    }()

    /// `fold` of a whole string (a query word, a tag name).
    static func fold(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for s in text.decomposedStringWithCompatibilityMapping.unicodeScalars
        where s.properties.generalCategory != .nonspacingMark {
            kept.append(s)
        }
        return String(kept).lowercased()
    }
}
