/// Splits a template's source into text pieces and tags, following set-delimiter tags
/// as it goes. One pass over the bytes; columns are counted incrementally so that a
/// long line full of tags costs no more than a short one.
struct TagScanner: Sendable {
    private let bytes: [UInt8]
    private(set) var tokens: [ScannedToken] = []
    /// Problems as (where, message): the parser knows which template they belong to.
    private(set) var problems: [(TagPosition, String)] = []

    private var line = 1
    private var lineStart = 0
    // Last column computed on the current line, so the next one continues from there.
    private var columnOffset = 0
    private var columnValue = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Scans the whole source. An unclosed tag ends the scan: what follows it cannot be
    /// told apart from the tag's content.
    mutating func scan() {
        var open: [UInt8] = [UInt8(ascii: "{"), UInt8(ascii: "{")]
        var close: [UInt8] = [UInt8(ascii: "}"), UInt8(ascii: "}")]
        let n = bytes.count
        var pos = 0
        while pos < n {
            let tagStart = find(open, from: pos) ?? n
            addText(from: pos, to: tagStart)
            if tagStart == n { break }
            let at = position(of: tagStart)
            let sigilAt = tagStart + open.count
            let sigil = sigilAt < n ? bytes[sigilAt] : 0
            var kind: ScannedToken.Kind
            var contentStart = sigilAt + 1
            var closer = close
            switch sigil {
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: "="): kind = .delimiters; closer = [UInt8(ascii: "=")] + close
            case UInt8(ascii: "{"): kind = .variable(escaped: false); closer = [UInt8(ascii: "}")] + close
            case UInt8(ascii: "&"): kind = .variable(escaped: false)
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            case UInt8(ascii: "%"): kind = .pragma
            default: kind = .variable(escaped: true); contentStart = sigilAt
            }
            guard let closeAt = find(closer, from: min(contentStart, n)) else {
                problems.append((at, "a tag is not closed (missing '\(String(decoding: closer, as: UTF8.self))')"))
                return
            }
            let end = closeAt + closer.count
            var token = ScannedToken(kind: kind, start: tagStart, end: end, position: at)
            var content = Self.trimmed(String(decoding: bytes[contentStart..<closeAt], as: UTF8.self))
            switch kind {
            case .delimiters:
                let parts = content.split(whereSeparator: Self.isBlank).map(Array.init)
                if parts.count == 2, !parts[0].contains("="), !parts[1].contains("=") {
                    open = Array(String(parts[0]).utf8)
                    close = Array(String(parts[1]).utf8)
                } else {
                    problems.append((at, "invalid set-delimiter tag"))
                }
            case .pragma:
                problems.append((at, "pragmas are not supported"))
            case .partial, .parent:
                if content.hasPrefix("*") {
                    token.isDynamic = true
                    content = Self.trimmed(String(content.dropFirst()))
                }
            case .close:
                token.display = String(decoding: open, as: UTF8.self) + "/" + content + String(decoding: close, as: UTF8.self)
            default:
                break
            }
            token.content = content
            if kind != .comment && kind != .delimiters && kind != .pragma && !Self.isValidName(content) {
                problems.append((at, content.isEmpty ? "a tag has no name" : "invalid tag name '\(content)'"))
                countLines(from: tagStart, to: end)
                pos = end
                continue
            }
            tokens.append(token)
            countLines(from: tagStart, to: end)
            pos = end
        }
    }

    /// Adds the text in `from..<to` as pieces that each end at a newline (or at `to`).
    private mutating func addText(from: Int, to: Int) {
        var pieceStart = from
        var i = from
        while i < to {
            if bytes[i] == UInt8(ascii: "\n") {
                tokens.append(ScannedToken(kind: .text, start: pieceStart, end: i + 1, position: position(of: pieceStart)))
                newLine(at: i + 1)
                pieceStart = i + 1
            }
            i += 1
        }
        if pieceStart < to {
            tokens.append(ScannedToken(kind: .text, start: pieceStart, end: to, position: position(of: pieceStart)))
        }
    }

    private mutating func countLines(from: Int, to: Int) {
        for i in from..<to where bytes[i] == UInt8(ascii: "\n") { newLine(at: i + 1) }
    }

    private mutating func newLine(at offset: Int) {
        line += 1
        lineStart = offset
        columnOffset = offset
        columnValue = 1
    }

    /// Line and column of `offset`, which is never before the last one asked for.
    private mutating func position(of offset: Int) -> TagPosition {
        var i = columnOffset
        while i < offset {
            // Continuation bytes of a UTF-8 sequence do not start a new scalar.
            if bytes[i] & 0xC0 != 0x80 { columnValue += 1 }
            i += 1
        }
        columnOffset = offset
        return TagPosition(line: line, column: columnValue)
    }

    /// The first place `needle` occurs at or after `from`.
    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var i = from
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first {
                var k = 1
                while k < needle.count && bytes[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    static func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }

    static func trimmed(_ s: String) -> String {
        guard let first = s.firstIndex(where: { !isBlank($0) }), let last = s.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(s[first...last])
    }

    /// Tag names are non-empty and blank-free; what they mean is checked later.
    static func isValidName(_ s: String) -> Bool { !s.isEmpty && !s.contains(where: isBlank) }
}
