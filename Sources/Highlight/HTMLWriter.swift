/// Writes tokens as HTML into a byte buffer: `<span class="tok-kind">` around
/// each run of one kind (adjacent tokens of a kind are merged), text escaped
/// like cmark escapes it (`&`, `<`, `>`, `"`). Plain text, punctuation and
/// operators are not wrapped: they take the code's own colour, and a span
/// around every `.`, `(`, `=` would add a third to a code-heavy page's weight
/// (the default theme's post pages must stay under 30 KB).
///
/// With `lines`, every source line is wrapped in `<span class="line">` (`line ln`
/// when numbered, plus ` hl` when marked) and token spans are closed and reopened
/// around each newline, which stays outside the line span so the text copies
/// cleanly; the numbers come from a CSS counter, so they are not text either.
struct HTMLWriter: TokenSink {
    let p: UnsafeBufferPointer<UInt8>
    var out: [UInt8]
    let lines: LineOptions?
    private var kind = TokenKind.plain
    private var start = 0
    private var end = 0
    private var line = 0
    private var lineOpen = false

    init(_ p: UnsafeBufferPointer<UInt8>, into out: [UInt8], lines: LineOptions?) {
        self.p = p
        self.out = out
        self.lines = lines
        self.out.reserveCapacity(out.count + p.count * 2)
    }

    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int) {
        // Raw values: enum `==` is a generic call in unoptimised (test) builds.
        let raw = kind.rawValue
        let kind = raw == TokenKind.punctuation.rawValue || raw == TokenKind.operator.rawValue ? .plain : kind
        if spaceEnd > spaceStart {
            // Spaces between two tokens of one kind join them (`public static`,
            // comment lines): one span instead of two.
            if kind.rawValue == self.kind.rawValue, start == spaceEnd {
                self.end = end
                spaceStart = 0
                spaceEnd = 0
                return
            }
            flush()
            self.kind = .plain
            self.start = spaceStart
            self.end = spaceEnd
            spaceStart = 0
            spaceEnd = 0
        }
        if kind.rawValue == self.kind.rawValue, start == self.end {
            self.end = end
            return
        }
        if kind.rawValue == 0, self.kind.rawValue != 0, start == self.end, isSpace(start, end) {
            spaceStart = start
            spaceEnd = end
            return
        }
        flush()
        self.kind = kind
        self.start = start
        self.end = end
    }

    private var spaceStart = 0
    private var spaceEnd = 0

    /// Only spaces and tabs (and newlines when lines are not wrapped).
    private func isSpace(_ s: Int, _ e: Int) -> Bool {
        var i = s
        while i < e {
            let b = p[i]
            guard b == 0x20 || b == 0x09 || (b == 0x0A && lines == nil) else { return false }
            i += 1
        }
        return true
    }

    /// Writes what is pending and closes the last line; call once at the end.
    mutating func finish() {
        flush()
        if spaceEnd > spaceStart {
            kind = .plain
            start = spaceStart
            end = spaceEnd
            flush()
        }
        if lineOpen { out.append(contentsOf: HTMLWriter.closeSpan) }
        lineOpen = false
    }

    private static let closeSpan: [UInt8] = Array("</span>".utf8)

    private mutating func flush() {
        guard end > start else { return }
        if lines == nil {
            writeToken(start, end)
        } else {
            var i = start
            while i < end {
                var j = i
                while j < end, p[j] != 0x0A { j += 1 }
                if !lineOpen { openLine() }
                if j > i { writeToken(i, j) }
                if j < end {
                    out.append(contentsOf: HTMLWriter.closeSpan)
                    out.append(0x0A)
                    lineOpen = false
                    j += 1
                }
                i = j
            }
        }
        start = end
    }

    private mutating func openLine() {
        line += 1
        out.append(contentsOf: (lines?.numbers == true ? "<span class=\"line ln" : "<span class=\"line").utf8)
        if let lines, lines.isHighlighted(line) { out.append(contentsOf: " hl".utf8) }
        out.append(contentsOf: "\">".utf8)
        lineOpen = true
    }

    private mutating func writeToken(_ s: Int, _ e: Int) {
        let wrapped = kind.rawValue != TokenKind.plain.rawValue
        if wrapped { out.append(contentsOf: TokenKind.openTags[Int(kind.rawValue)]) }
        HTMLWriter.appendEscaped(p, s, e, to: &out)
        if wrapped { out.append(contentsOf: HTMLWriter.closeSpan) }
    }

    // Made once: an array literal at the call would be allocated per entity.
    private static let entityAmp: [UInt8] = Array("&amp;".utf8)
    private static let entityLT: [UInt8] = Array("&lt;".utf8)
    private static let entityGT: [UInt8] = Array("&gt;".utf8)
    private static let entityQuot: [UInt8] = Array("&quot;".utf8)

    /// `p[s..<e]` with `&<>"` as entities, copied in runs between them.
    static func appendEscaped(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, to out: inout [UInt8]) {
        var runStart = s
        var i = s
        while i < e {
            let b = p[i]
            // Everything above '>' and most below it needs nothing.
            if b > 0x3E || (b != 0x26 && b != 0x3C && b != 0x3E && b != 0x22) {
                i += 1
                continue
            }
            if i > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart..<i])) }
            switch b {
            case 0x26: out.append(contentsOf: entityAmp)
            case 0x3C: out.append(contentsOf: entityLT)
            case 0x3E: out.append(contentsOf: entityGT)
            default: out.append(contentsOf: entityQuot)
            }
            i += 1
            runStart = i
        }
        if e > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart..<e])) }
    }
}

/// Line numbers and highlighted lines for one code block (from the info
/// string: `{linenos, hl=3-5}`).
public struct LineOptions: Sendable, Hashable {
    /// Number the lines (with a CSS counter, so the numbers are not part of the text).
    public var numbers: Bool
    /// 1-based line ranges to mark.
    public var highlighted: [ClosedRange<Int>]

    public init(numbers: Bool = false, highlighted: [ClosedRange<Int>] = []) {
        self.numbers = numbers
        self.highlighted = highlighted
    }

    func isHighlighted(_ line: Int) -> Bool { highlighted.contains { $0.contains(line) } }

    /// Parses the `{…}` part of an info string: comma- or space-separated
    /// `linenos` and `hl=1,4-6` / `hl_lines=…`; nil when it asks for nothing.
    /// Unknown items are ignored.
    public static func parse<S: StringProtocol>(_ text: S) -> LineOptions? {
        var options = LineOptions()
        var inHL = false
        let cleaned = String(text.filter { $0 != "\"" && $0 != "'" && $0 != "{" && $0 != "}" })
        for item in cleaned.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            let lower = item.lowercased()
            if lower == "linenos" || lower == "linenos=true" || lower == "linenos=table" || lower == "linenos=inline" {
                options.numbers = true
                inHL = false
                continue
            }
            var range = Substring(lower)
            if let eq = lower.firstIndex(of: "=") {
                let key = lower[..<eq]
                inHL = key == "hl" || key == "hl_lines"
                guard inHL else { continue }
                range = lower[lower.index(after: eq)...]
            } else if !inHL {
                continue
            }
            let bounds = range.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            if bounds.count == 1, let a = bounds[0], a > 0 {
                options.highlighted.append(a...a)
            } else if bounds.count == 2, let a = bounds[0], let b = bounds[1], a > 0, b >= a {
                options.highlighted.append(a...b)
            }
        }
        return options.numbers || !options.highlighted.isEmpty ? options : nil
    }
}
