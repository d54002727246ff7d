/// How deep a YAML text nests, checked before Yams reads it: Yams builds its
/// tree recursively, one call per level, and a front matter of 10,000 nested
/// `[` (or indented lines) would overflow the stack. Counts flow collections
/// (`[` and `{` outside quotes and comments) and block levels (indentation, and
/// `- ` entries that open a sequence on the same line). It errs toward counting
/// more, never less; real front matter nests a few levels.
enum YAMLDepth {
    static let limit = 64

    /// Where nesting first passes `limit` (1-based line and column), or nil.
    static func firstTooDeep(in yaml: String) -> SourceLocation? {
        var indents: [Int] = []  // block levels open, by indentation
        var flow = 0
        var line = 0
        for text in yaml.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            line += 1
            let bytes = Array(text)
            var i = 0
            if flow == 0 {
                while i < bytes.count, bytes[i] == 0x20 { i += 1 }
                if i == bytes.count || bytes[i] == UInt8(ascii: "#") { continue }
                while let last = indents.last, last >= i { indents.removeLast() }
                indents.append(i)
                // `- - - x`: each dash opens a sequence inside the last.
                var dashes = 0
                while i + 1 < bytes.count, bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == 0x20 {
                    dashes += 1
                    i += 2
                    while i < bytes.count, bytes[i] == 0x20 { i += 1 }
                }
                if indents.count + dashes > limit { return SourceLocation(line: line, column: i + 1) }
            }
            var quote: UInt8 = 0
            var previous: UInt8 = 0x20
            // The last byte that was not a space: `[` opens a collection only where a
            // value starts (`a[1]` in a plain scalar is text).
            var significant: UInt8 = 0
            while i < bytes.count {
                let b = bytes[i]
                if quote != 0 {
                    if b == quote { quote = 0 }
                } else if b == UInt8(ascii: "#") && (previous == 0x20 || previous == 0x09) {
                    break
                } else if (b == UInt8(ascii: "\"") || b == UInt8(ascii: "'")) && (previous == 0x20 || previous == UInt8(ascii: "[")
                            || previous == UInt8(ascii: "{") || previous == UInt8(ascii: ",") || previous == UInt8(ascii: ":")) {
                    quote = b
                } else if (b == UInt8(ascii: "[") || b == UInt8(ascii: "{"))
                            && (flow > 0 || [0, UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "?")].contains(significant)) {
                    flow += 1
                    if indents.count + flow > limit { return SourceLocation(line: line, column: i + 1) }
                } else if (b == UInt8(ascii: "]") || b == UInt8(ascii: "}")) && flow > 0 {
                    flow -= 1
                }
                previous = b
                if b != 0x20 && b != 0x09 { significant = b }
                i += 1
            }
        }
        return nil
    }
}
