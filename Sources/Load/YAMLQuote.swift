/// A quoted YAML value left open: `title: "Kettle notes` with no closing `"`.
/// libyaml then reads on, and reports the problem where it gives up (the end of
/// the front matter, or a later line where another value's quote happens to close
/// this one); the author's mistake is where the quote opens. Found by reading the
/// text again after libyaml failed (never on a YAML text that parsed).
struct YAMLQuote: Equatable, Sendable {
    /// `"` or `'`.
    var mark: Character
    /// Where the quote opens (1-based line and column of the YAML text).
    var opens: SourceLocation
    /// The line of the quote libyaml took for its end, nil when there is none.
    var closesOnLine: Int?

    /// The first quoted value that opens at or before `limit` and either never closes
    /// or closes only where text follows on that line (the opening quote of a later
    /// value). A quoted value that runs over lines and ends at its closing quote is
    /// valid YAML and not reported. Block scalars (`|`, `>`) and comments are skipped.
    static func unclosed(in yaml: String, before limit: SourceLocation) -> YAMLQuote? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        var open: YAMLQuote?
        var blockIndent: Int?  // indentation of the key whose block scalar's lines are being skipped
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let indent = line.prefix { $0 == " " }.count
            if open == nil, let parent = blockIndent {
                if indent == line.count || indent > parent { continue }
                blockIndent = nil
            }
            var i = 0
            var previous: Unicode.Scalar = " "
            // The last non-blank character outside quotes on this line: a quote opens a value
            // only where one starts (`key: "`, `- '`, `[`, `{`, `,`), not inside text (`Rock 'n' roll`).
            var significant: Unicode.Scalar?
            while i < line.count {
                let c = line[i]
                if let quote = open {
                    if quote.mark == "\"" && c == "\\" {
                        i += 2
                        continue
                    }
                    if Character(c) == quote.mark {
                        if quote.mark == "'", i + 1 < line.count, line[i + 1] == "'" {
                            i += 2
                            continue
                        }
                        open = nil
                        if quote.opens.line != number {
                            let rest = String(String.UnicodeScalarView(line[(i + 1)...])).drop { $0 == " " || $0 == "\t" }
                            if let first = rest.first, !"#,]}:".contains(first) {
                                var found = quote
                                found.closesOnLine = number
                                return found
                            }
                        }
                    }
                } else if c == "#" && (previous == " " || previous == "\t") {
                    break
                } else if c == "\"" || c == "'", significant.map({ "[{,:-?".unicodeScalars.contains($0) }) ?? true,
                          " \t[{,".unicodeScalars.contains(previous) {
                    let at = SourceLocation(line: number, column: i + 1)
                    guard (at.line, at.column) <= (limit.line, limit.column) else { return nil }
                    open = YAMLQuote(mark: Character(c), opens: at, closesOnLine: nil)
                }
                if open == nil, c != " ", c != "\t" { significant = c }
                previous = c
                i += 1
            }
            if open == nil, opensBlockScalar(line) { blockIndent = indent }
        }
        return open
    }

    /// `key: |`, `- >-`, `key: |2 # comment`: the lines below are text, not YAML.
    private static func opensBlockScalar(_ line: [Unicode.Scalar]) -> Bool {
        var text = String(String.UnicodeScalarView(line))
        if let comment = text.range(of: " #") { text = String(text[..<comment.lowerBound]) }
        text = String(text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        let indicator = text.reversed().prefix { "-+0123456789".contains($0) }.count
        let head = text.dropLast(indicator)
        guard let last = head.last, last == "|" || last == ">" else { return false }
        let before = head.dropLast()
        return before.allSatisfy { $0 == " " } || before.hasSuffix(": ") || before.hasSuffix("- ") || before.hasSuffix(":\t")
    }
}
