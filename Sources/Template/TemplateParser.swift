/// Turns a template's source into nodes: finds the standalone lines (left out of the
/// output, their blanks kept as indentation), matches sections to their close tags with
/// an explicit stack rather than recursion, and reports what is malformed. Never fails:
/// a broken template still parses to something, with problems saying what is wrong.
struct TemplateParser: Sendable {
    /// How deep sections (and parents and blocks) may nest in one template. The compiler
    /// and the renderer recurse once per level, so hostile input must not nest without bound.
    static let maxNesting = 100

    private let name: String
    private let label: String
    private let bytes: [UInt8]
    private var tokens: [ScannedToken] = []
    private var problems: [TemplateProblem] = []

    /// An opening tag whose close tag has not come yet, and the nodes found inside it.
    private struct OpenTag: Sendable {
        let token: ScannedToken
        var nodes: [ParsedNode] = []
    }

    private var stack: [OpenTag] = []

    private init(name: String, label: String, bytes: [UInt8]) {
        self.name = name
        self.label = label
        self.bytes = bytes
    }

    /// Parses one template of a set.
    static func parse(name: String, label: String, text: String) -> ParsedTemplate {
        var parser = TemplateParser(name: name, label: label, bytes: Array(text.utf8))
        var scanner = TagScanner(bytes: parser.bytes)
        scanner.scan()
        parser.tokens = scanner.tokens
        for (at, message) in scanner.problems { parser.report(at, message) }
        let startsLine = parser.markStandaloneLines()
        let nodes = parser.buildTree(startsLine: startsLine)
        return ParsedTemplate(name: name, label: label, nodes: nodes, problems: parser.problems)
    }

    // MARK: Standalone lines

    /// Marks every standalone line: blanks and one tag that can stand alone (section,
    /// close, comment, partial, parent, block, set-delimiter or pragma tag), or blanks and
    /// adjacent inheritance tags (`{{<parent}}{{$block}}`, `{{/block}}{{/parent}}`,
    /// `{{$block}}{{/block}}`: the spec counts these pairs as standalone). Its blanks and
    /// line end leave the output and its tags learn the indentation. Returns, per token,
    /// whether a kept line of the source starts there.
    ///
    /// The one exception is the spec's `{{$block}}{{/block}}` alone on a line: its line
    /// end stays (the block's content usually has none of its own), only the blanks go.
    private mutating func markStandaloneLines() -> [Bool] {
        let inheritance = inheritanceTags()
        var startsLine = [Bool](repeating: false, count: tokens.count)
        var i = 0
        while i < tokens.count {
            var j = i
            var tags = 0
            var blank = true
            var endsWithNewline = false
            // Whether the tags so far are adjacent inheritance tags.
            var pairs = true
            var previousWasTag = false
            while j < tokens.count {
                let t = tokens[j]
                j += 1
                if t.kind == .text {
                    endsWithNewline = bytes[t.end - 1] == UInt8(ascii: "\n")
                    if !isBlank(t.start, t.end) { blank = false }
                    previousWasTag = false
                    if endsWithNewline { break }
                } else {
                    tags += 1
                    if !t.kind.canStandAlone { blank = false }
                    if !inheritance[j - 1] || (tags > 1 && !previousWasTag) { pairs = false }
                    previousWasTag = true
                }
            }
            guard blank && (tags == 1 || (tags > 1 && pairs)) else {
                startsLine[i] = true
                i = j
                continue
            }
            let indentation = tokens[i].kind == .text ? Array(bytes[tokens[i].start..<tokens[i].end]) : []
            for k in i..<j {
                tokens[k].isStandalone = true
                if tokens[k].kind != .text { tokens[k].indentation = indentation }
            }
            if endsWithNewline, let last = (i..<j).last(where: { tokens[$0].kind != .text }),
               last > i, tokens[last].kind == .close, tokens[last - 1].kind == .block,
               tokens[last - 1].content == tokens[last].content {
                // `{{$block}}{{/block}}`: keep the line end.
                let end = tokens[j - 1].end
                let newline = end >= 2 && bytes[end - 2] == UInt8(ascii: "\r") ? end - 2 : end - 1
                tokens[j - 1].start = max(tokens[j - 1].start, newline)
                tokens[j - 1].isStandalone = false
            }
            i = j
        }
        return startsLine
    }

    /// Per token: a parent or block tag, or the close tag that ends one. Only the
    /// innermost open tag is matched (a mismatch is an error reported later anyway), so
    /// that hostile input costs linear time.
    private func inheritanceTags() -> [Bool] {
        var result = [Bool](repeating: false, count: tokens.count)
        var open: [(name: String, inheritance: Bool)] = []
        for (i, t) in tokens.enumerated() {
            switch t.kind {
            case .section, .inverted:
                open.append((t.content, false))
            case .parent, .block:
                open.append((t.isDynamic ? "*" + t.content : t.content, true))
                result[i] = true
            case .close:
                guard let top = open.last, top.name == t.content || top.name == "*" + t.content else { break }
                result[i] = top.inheritance
                open.removeLast()
            default:
                break
            }
        }
        return result
    }

    /// Only spaces and tabs, apart from a final line end (`\n` or `\r\n`).
    private func isBlank(_ start: Int, _ end: Int) -> Bool {
        var stop = end
        if stop > start && bytes[stop - 1] == UInt8(ascii: "\n") {
            stop -= 1
            if stop > start && bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
        }
        return bytes[start..<stop].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    // MARK: Tree

    private mutating func buildTree(startsLine: [Bool]) -> [ParsedNode] {
        stack = [OpenTag(token: ScannedToken(kind: .text, start: 0, end: 0, position: TagPosition(line: 1, column: 1)))]
        // Inside a section opened too deep: its tags are only counted, to find its end.
        var skipping = 0
        var reportedDepth = false
        for (i, token) in tokens.enumerated() {
            if skipping > 0 {
                switch token.kind {
                case .section, .inverted, .parent, .block: skipping += 1
                case .close: skipping -= 1
                default: break
                }
                continue
            }
            if startsLine[i] { append(.lineStart) }
            switch token.kind {
            case .text:
                if !token.isStandalone { append(.text(Array(bytes[token.start..<token.end]))) }
            case .variable(let escaped):
                if let name = DottedName(token.content) {
                    append(.variable(name, escaped: escaped, token.position))
                } else {
                    report(token.position, "invalid tag name '\(token.content)'")
                }
            case .section, .inverted, .parent, .block:
                if stack.count > Self.maxNesting {
                    if !reportedDepth { report(token.position, "sections nested more than \(Self.maxNesting) deep") }
                    reportedDepth = true
                    skipping = 1
                } else {
                    stack.append(OpenTag(token: token))
                }
            case .close:
                close(with: token)
            case .partial:
                if token.isDynamic && DottedName(token.content) == nil {
                    report(token.position, "invalid tag name '\(token.content)'")
                } else {
                    append(.partial(reference(token), token.position))
                }
            case .comment, .delimiters, .pragma:
                break
            }
        }
        while stack.count > 1 {
            let open = stack[stack.count - 1].token
            report(open.position, "\(Self.word(for: open)) '\(Self.written(open))' is never closed")
            finishTop(closedBy: nil)
        }
        return stack[0].nodes
    }

    private mutating func append(_ node: ParsedNode) {
        stack[stack.count - 1].nodes.append(node)
    }

    /// A close tag: ends the innermost open section when the names match; otherwise the
    /// sections it skips are reported where they open, and closed with it.
    private mutating func close(with token: ScannedToken) {
        guard stack.count > 1 else {
            report(token.position, "\(token.display) closes a section that was never opened")
            return
        }
        let match = stack.indices.dropFirst().last { Self.closes(token, stack[$0].token) } ?? stack.count - 1
        while stack.count - 1 >= match {
            let open = stack[stack.count - 1].token
            if !Self.closes(token, open) {
                report(open.position, "\(Self.word(for: open)) '\(Self.written(open))' is closed by \(token.display) (line \(token.position.line))")
            }
            finishTop(closedBy: token)
        }
    }

    private static func closes(_ close: ScannedToken, _ open: ScannedToken) -> Bool {
        close.content == open.content || (open.isDynamic && close.content == "*" + open.content)
    }

    private static func word(for open: ScannedToken) -> String {
        switch open.kind {
        case .parent: return "parent"
        case .block: return "block"
        default: return "section"
        }
    }

    private static func written(_ open: ScannedToken) -> String {
        open.isDynamic ? "*" + open.content : open.content
    }

    /// Turns the innermost open tag and its nodes into one node of the tag around it.
    private mutating func finishTop(closedBy close: ScannedToken?) {
        let open = stack.removeLast()
        let token = open.token
        switch token.kind {
        case .section, .inverted:
            guard let name = DottedName(token.content) else {
                report(token.position, "invalid tag name '\(token.content)'")
                return
            }
            append(.section(name, inverted: token.kind == .inverted, body: open.nodes, token.position))
        case .parent:
            if token.isDynamic && DottedName(token.content) == nil {
                report(token.position, "invalid tag name '\(token.content)'")
                return
            }
            // Only blocks count inside a parent tag: the spec ignores other text there.
            let overrides = open.nodes.compactMap { node -> ParsedBlock? in
                if case .block(let block) = node { return block }
                return nil
            }
            append(.parent(reference(token), overrides: overrides, token.position))
        case .block:
            append(.block(ParsedBlock(
                name: token.content, body: open.nodes, isStandalone: token.isStandalone,
                before: token.indentation, commonIndentation: commonIndentation(open: token, close: close),
                position: token.position)))
        default:
            break
        }
    }

    private func reference(_ token: ScannedToken) -> PartialReference {
        PartialReference(name: token.content, isDynamic: token.isDynamic,
                         indentation: token.isStandalone ? token.indentation : nil)
    }

    /// The blanks all non-blank source lines of a standalone block's content start with
    /// (standalone tag lines inside it included, as the spec's text-based re-indentation
    /// sees them).
    private func commonIndentation(open: ScannedToken, close: ScannedToken?) -> [UInt8] {
        guard open.isStandalone else { return [] }
        var start = open.end
        while start < bytes.count && bytes[start] != UInt8(ascii: "\n") { start += 1 }
        start += 1
        var end = close?.start ?? bytes.count
        if let close, close.isStandalone {
            while end > 0 && bytes[end - 1] != UInt8(ascii: "\n") { end -= 1 }
        }
        var common: [UInt8]?
        var lineStart = start
        while lineStart < end {
            var p = lineStart
            while p < end && (bytes[p] == UInt8(ascii: " ") || bytes[p] == UInt8(ascii: "\t")) { p += 1 }
            var lineEnd = p
            while lineEnd < end && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let blank = p == lineEnd || (p + 1 == lineEnd && bytes[p] == UInt8(ascii: "\r"))
            if !blank {
                let blanks = bytes[lineStart..<p]
                if let known = common {
                    common = Array(zip(known, blanks).prefix { $0.0 == $0.1 }.map(\.0))
                } else {
                    common = Array(blanks)
                }
            }
            lineStart = lineEnd + 1
        }
        return common ?? []
    }

    private mutating func report(_ at: TagPosition, _ message: String) {
        problems.append(TemplateProblem(template: name, label: label, line: at.line, column: at.column,
                                        message: message, kind: .syntax))
    }
}
