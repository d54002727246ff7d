import Foundation

/// The one HTML tokenizer of blogbuild: splits HTML bytes into text, tags,
/// comments and raw text the way the HTML living standard's tokenizer does
/// (section 13.2.5), so the link checker, the feed URL rewriter, the Markdown
/// post-processing and the plain-text summary all agree on what is markup.
///
/// What it follows from the standard:
///
/// - a tag starts with `<` and an ASCII letter (`</` and a letter for an end
///   tag); any other `<` is text (`a < b`, `<3`, `<` at the end);
/// - tag and attribute names match in any ASCII case; values are double-quoted,
///   single-quoted (either may hold `>` and the other quote), unquoted (up to
///   white space or `>`), or absent; a later attribute with the same name as an
///   earlier one is a duplicate (`HTMLAttribute.isDuplicate`);
/// - white space is space, tab, LF, FF and CR (the standard's input stream turns
///   CR into LF first);
/// - a comment runs from `<!--` to the first `-->` or `--!>`, except `<!-->` and
///   `<!--->`, which are whole (empty) comments; `<!DOCTYPE …>`, other `<!…>`
///   and `<?…>` end at the first `>`, as do bogus comments such as `</ x>`;
/// - after the start tag of a raw-text element (`HTMLRawTextElement`) its
///   content is one `rawText` token up to the matching end tag (`</style` with
///   white space, `/` or `>` after it); in `<script>` the standard's escape rules
///   apply: after `<!--`, a nested `<script …>` means the next `</script>` does
///   not end the element, up to `-->`;
/// - at the end of the input a comment, doctype or bogus comment ends there; a
///   tag not closed by `>` is dropped (no token), as the standard drops it.
///
/// What it does not do: build a tree (so it cannot tell that `<title>` inside
/// `<svg>` is not RCDATA, or that `<![CDATA[` there is a CDATA section), or decode
/// character references (`HTMLEntities` does, on the ranges it gives).
///
/// It works on bytes and allocates nothing per token: the attributes of the
/// current start tag live in one reused array.
///
/// ```swift
/// var scanner = HTMLScanner(bytes)
/// while let token = scanner.next() {
///     guard case .startTag(let tag) = token else { continue }
///     for attribute in scanner.attributes where !attribute.isDuplicate { … }
/// }
/// ```
public struct HTMLScanner: IteratorProtocol {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The attributes of the start tag `next()` returned last, in the order written.
    public private(set) var attributes: [HTMLAttribute] = []
    /// Where scanning goes on.
    private var position = 0
    /// Set by the start tag of a raw-text element: its content comes next.
    private var rawTextElement: HTMLRawTextElement?
    /// Lower-cased attribute names of the current tag, only once it has many
    /// (a hostile tag with thousands of attributes stays linear).
    private var manyNames: Set<[UInt8]> = []

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        attributes.reserveCapacity(8)
    }

    /// The next token, or nil at the end of the input.
    public mutating func next() -> HTMLToken? {
        let bytes = self.bytes
        return next(readingText: { Self.firstIndex(in: bytes, of: UInt8(ascii: "<"), from: $0) ?? bytes.count })
    }

    /// `next()` for a caller that looks at every byte of text anyway (the word
    /// counter), so text is read once, not once by each: where a stretch of text
    /// starts, `readText(i)` is called, reads the bytes from `i` and returns the
    /// index of the first `<` at or after `i` (the end of the input if none). A
    /// `<` that turns out to be text is not shown to it; it is called again just
    /// after it. Text tokens are returned as `next()` returns them.
    @inline(__always)
    public mutating func next(readingText readText: (Int) -> Int) -> HTMLToken? {
        if let element = rawTextElement {
            rawTextElement = nil
            if let token = rawText(of: element) { return token }
        }
        let n = bytes.count
        let start = position
        var i = start
        while true {
            let lt = readText(i)
            guard lt < n else { break }
            if lt > start {
                // Text up to markup; the markup is read on the next call.
                if startsMarkup(at: lt) {
                    position = lt
                    return .text(start..<lt)
                }
            } else {
                switch markup(at: lt) {
                case .token(let token, let end):
                    position = end
                    return token
                case .dropped:
                    position = n
                    return nil
                case .notMarkup:
                    break
                }
            }
            i = lt + 1
        }
        position = n
        return start < n ? .text(start..<n) : nil
    }

    // MARK: Markup

    /// What a `<` starts.
    private enum Markup {
        case token(HTMLToken, end: Int)
        /// A tag the input ends inside of.
        case dropped
        /// A `<` that is text.
        case notMarkup
    }

    /// Whether the `<` at `lt` starts markup rather than being text: the tag open
    /// state's choice, made without reading the markup (`markup(at:)` agrees).
    @inline(__always)
    private func startsMarkup(at lt: Int) -> Bool {
        let n = bytes.count
        guard lt + 1 < n else { return false }
        let next = bytes[lt + 1]
        if Self.isASCIILetter(next) || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") { return true }
        return next == UInt8(ascii: "/") && lt + 2 < n
    }

    /// What starts at the `<` at `lt` (the tag open state and what follows it).
    private mutating func markup(at lt: Int) -> Markup {
        guard startsMarkup(at: lt) else { return .notMarkup }
        let n = bytes.count
        let next = bytes[lt + 1]
        if Self.isASCIILetter(next) {
            guard let tag = tag(at: lt, nameStart: lt + 1, isStart: true) else { return .dropped }
            rawTextElement = HTMLRawTextElement.named(bytes, tag.name)
            return .token(.startTag(tag), end: tag.range.upperBound)
        }
        switch next {
        case UInt8(ascii: "/"):
            let first = bytes[lt + 2]
            if Self.isASCIILetter(first) {
                guard let tag = tag(at: lt, nameStart: lt + 2, isStart: false) else { return .dropped }
                return .token(.endTag(tag), end: tag.range.upperBound)
            }
            let end = first == UInt8(ascii: ">") ? lt + 3 : afterGreaterThan(from: lt + 2)
            return .token(.comment(lt..<end), end: end)
        case UInt8(ascii: "!"):
            if lt + 3 < n, bytes[lt + 2] == UInt8(ascii: "-"), bytes[lt + 3] == UInt8(ascii: "-") {
                let end = commentEnd(from: lt + 4)
                return .token(.comment(lt..<end), end: end)
            }
            if lt + 9 <= n, Self.equals(bytes, (lt + 2)..<(lt + 9), "doctype") {
                let end = afterGreaterThan(from: lt + 9)
                return .token(.doctype(lt..<end), end: end)
            }
            let end = afterGreaterThan(from: lt + 2)
            return .token(.comment(lt..<end), end: end)
        default:  // `?`
            let end = afterGreaterThan(from: lt + 2)
            return .token(.comment(lt..<end), end: end)
        }
    }

    /// The end of a comment whose content starts at `i` (just after `<!--`).
    private func commentEnd(from start: Int) -> Int {
        let n = bytes.count
        // The comment start states: `<!-->` and `<!--->` are whole comments.
        if start < n, bytes[start] == UInt8(ascii: ">") { return start + 1 }
        if start + 1 < n, bytes[start] == UInt8(ascii: "-"), bytes[start + 1] == UInt8(ascii: ">") { return start + 2 }
        var i = start
        while let dash = firstIndex(of: UInt8(ascii: "-"), from: i) {
            if dash + 2 < n, bytes[dash + 1] == UInt8(ascii: "-") {
                if bytes[dash + 2] == UInt8(ascii: ">") { return dash + 3 }
                if bytes[dash + 2] == UInt8(ascii: "!"), dash + 3 < n, bytes[dash + 3] == UInt8(ascii: ">") { return dash + 4 }
            }
            i = dash + 1
        }
        return n
    }

    /// Just after the first `>` at or after `i`; the end of the input if none.
    private func afterGreaterThan(from i: Int) -> Int {
        firstIndex(of: UInt8(ascii: ">"), from: i).map { $0 + 1 } ?? bytes.count
    }

    // MARK: Tags

    /// Reads the tag whose `<` is at `lt` and whose name starts at `nameStart`:
    /// the tag name, before/after attribute name, attribute value and self-closing
    /// states. Fills `attributes` for a start tag. Nil when the input ends first.
    private mutating func tag(at lt: Int, nameStart: Int, isStart: Bool) -> HTMLToken.Tag? {
        let n = bytes.count
        var i = nameStart
        while i < n, !Self.endsTagName(bytes[i]) { i += 1 }
        let name = nameStart..<i
        // (Only when there is something to remove: most tags have no attributes,
        // and the generic removal is not free.)
        if isStart, !attributes.isEmpty {
            attributes.removeAll(keepingCapacity: true)
            if !manyNames.isEmpty { manyNames.removeAll(keepingCapacity: true) }
        }
        // Where the next attribute's removable span starts.
        var spanStart = i
        while true {
            while i < n, Self.isWhitespace(bytes[i]) { i += 1 }
            guard i < n else { return nil }
            switch bytes[i] {
            case UInt8(ascii: ">"):
                return HTMLToken.Tag(range: lt..<(i + 1), name: name, isSelfClosing: false)
            case UInt8(ascii: "/"):
                guard i + 1 < n else { return nil }
                if bytes[i + 1] == UInt8(ascii: ">") {
                    return HTMLToken.Tag(range: lt..<(i + 2), name: name, isSelfClosing: true)
                }
                i += 1  // a stray `/`: read on as before an attribute name
                continue
            default:
                break
            }
            // Attribute name: its first character may be `=`, `"`, `'` or `<` (parse errors, but part of the name).
            let nameStart = i
            i += 1
            while i < n, !Self.endsAttributeName(bytes[i]) { i += 1 }
            let attributeName = nameStart..<i
            var value = i..<i
            var quote: UInt8 = 0
            var end = i
            while i < n, Self.isWhitespace(bytes[i]) { i += 1 }
            if i < n, bytes[i] == UInt8(ascii: "=") {
                i += 1
                while i < n, Self.isWhitespace(bytes[i]) { i += 1 }
                guard i < n else { return nil }
                let b = bytes[i]
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    guard let close = firstIndex(of: b, from: i + 1) else { return nil }
                    value = (i + 1)..<close
                    quote = b
                    i = close + 1
                } else if b != UInt8(ascii: ">") {
                    let valueStart = i
                    while i < n, bytes[i] != UInt8(ascii: ">"), !Self.isWhitespace(bytes[i]) { i += 1 }
                    guard i < n else { return nil }
                    value = valueStart..<i
                }
                // else `name=>`: an empty value, and `>` ends the tag.
                end = i
            }
            if isStart {
                let isDuplicate = !attributes.isEmpty && seen(attributeName)
                attributes.append(HTMLAttribute(range: spanStart..<end, name: attributeName, value: value, quote: quote,
                                                isDuplicate: isDuplicate))
            }
            spanStart = end
        }
    }

    /// Whether an earlier attribute of the current tag has this name (ASCII case
    /// ignored); remembers it when not.
    private mutating func seen(_ name: Range<Int>) -> Bool {
        if attributes.count < 16 {
            for earlier in attributes where Self.equalsIgnoringCase(bytes, earlier.name, name) { return true }
            return false
        }
        if manyNames.isEmpty {
            for earlier in attributes { manyNames.insert(lowercased(earlier.name)) }
        }
        return !manyNames.insert(lowercased(name)).inserted
    }

    private func lowercased(_ range: Range<Int>) -> [UInt8] {
        bytes[range].map(Self.lower)
    }

    // MARK: Raw text

    /// The content of a raw-text element, from `position` to its end tag (which
    /// is left for `next()`), or nil when it is empty.
    private mutating func rawText(of element: HTMLRawTextElement) -> HTMLToken? {
        let start = position
        let end: Int
        switch element {
        case .plaintext: end = bytes.count
        case .script: end = scriptEnd(from: start)
        default: end = endTag(element.name, from: start)
        }
        position = end
        return end > start ? .rawText(start..<end, element) : nil
    }

    /// The `<` of the first `</name` (any case) followed by white space, `/` or
    /// `>` at or after `i` (an "appropriate end tag"); the end of the input if none.
    private func endTag(_ name: StaticString, from i: Int) -> Int {
        var i = i
        while let lt = firstIndex(of: UInt8(ascii: "<"), from: i) {
            if isEndTag(name, at: lt) { return lt }
            i = lt + 1
        }
        return bytes.count
    }

    private func isEndTag(_ name: StaticString, at lt: Int) -> Bool {
        let after = lt + 2 + name.utf8CodeUnitCount
        guard after < bytes.count, bytes[lt + 1] == UInt8(ascii: "/"), Self.equals(bytes, (lt + 2)..<after, name) else { return false }
        let b = bytes[after]
        return b == UInt8(ascii: ">") || b == UInt8(ascii: "/") || Self.isWhitespace(b)
    }

    /// Whether `<script` followed by white space, `/` or `>` starts at `lt + offset`
    /// (the script data double escape start and end states); the index after it.
    private func scriptName(at start: Int) -> Int? {
        let after = start + 6
        guard after < bytes.count, Self.equals(bytes, start..<after, "script") else { return nil }
        let b = bytes[after]
        return b == UInt8(ascii: ">") || b == UInt8(ascii: "/") || Self.isWhitespace(b) ? after + 1 : nil
    }

    /// Where a `<script>`'s content ends: the script data states of the standard.
    /// `<!--` escapes; in an escape, `<script` starts a double escape, in which
    /// `</script` does not end the element but only the double escape; `-->`
    /// ends either escape.
    private func scriptEnd(from start: Int) -> Int {
        let n = bytes.count
        var escaped = false
        var doubleEscaped = false
        var i = start
        while i < n {
            if !escaped {
                guard let lt = firstIndex(of: UInt8(ascii: "<"), from: i) else { return n }
                if isEndTag("script", at: lt) { return lt }
                if lt + 3 < n, bytes[lt + 1] == UInt8(ascii: "!"), bytes[lt + 2] == UInt8(ascii: "-"),
                   bytes[lt + 3] == UInt8(ascii: "-") {
                    escaped = true
                    i = lt + 4
                    // `<!-->`: the dashes of `<!--` count towards `-->`.
                    if i < n, bytes[i] == UInt8(ascii: ">") {
                        escaped = false
                        i += 1
                    }
                } else {
                    i = lt + 1
                }
                continue
            }
            let b = bytes[i]
            if b == UInt8(ascii: ">"), bytes[i - 1] == UInt8(ascii: "-"), bytes[i - 2] == UInt8(ascii: "-") {
                // Past `<!--`, so the two bytes before are in the escape.
                escaped = false
                doubleEscaped = false
                i += 1
            } else if b == UInt8(ascii: "<"), i + 1 < n {
                if doubleEscaped {
                    if bytes[i + 1] == UInt8(ascii: "/"), let after = scriptName(at: i + 2) {
                        doubleEscaped = false
                        i = after
                    } else {
                        i += 1
                    }
                } else if isEndTag("script", at: i) {
                    return i
                } else if let after = scriptName(at: i + 1) {
                    doubleEscaped = true
                    i = after
                } else {
                    i += 1
                }
            } else {
                i += 1
            }
        }
        return n
    }

    // MARK: Bytes

    /// The index of the first `byte` at or after `i`, found with `memchr`.
    @inline(__always)
    private func firstIndex(of byte: UInt8, from i: Int) -> Int? {
        Self.firstIndex(in: bytes, of: byte, from: i)
    }

    @inline(__always)
    private static func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, of byte: UInt8, from i: Int) -> Int? {
        guard i < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + i, Int32(byte), bytes.count - i) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// White space, `/` or `>`: the end of a tag name.
    @inline(__always)
    private static func endsTagName(_ b: UInt8) -> Bool {
        b <= 0x3E && (UInt64(1) << UInt64(b)) & 0x4000_8001_0000_3600 != 0
    }

    /// White space, `/`, `=` or `>`: the end of an attribute name.
    @inline(__always)
    private static func endsAttributeName(_ b: UInt8) -> Bool {
        b <= 0x3E && (UInt64(1) << UInt64(b)) & 0x6000_8001_0000_3600 != 0
    }

    /// Space, tab, LF, FF, CR.
    @inline(__always)
    public static func isWhitespace(_ b: UInt8) -> Bool {
        b <= 0x20 && (UInt64(1) << UInt64(b)) & 0x1_0000_3600 != 0
    }

    @inline(__always)
    static func isASCIILetter(_ b: UInt8) -> Bool {
        let l = b | 0x20
        return l >= UInt8(ascii: "a") && l <= UInt8(ascii: "z")
    }

    @inline(__always)
    public static func lower(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
    }

    /// Whether `p[range]` is `name` (lower-case ASCII), ignoring ASCII case: how
    /// tag and attribute names compare.
    @inline(__always)
    public static func equals(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        var j = 0
        for i in range {
            if lower(p[i]) != expected[j] { return false }
            j += 1
        }
        return true
    }

    private static func equalsIgnoringCase(_ p: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        var j = b.lowerBound
        for i in a {
            if lower(p[i]) != lower(p[j]) { return false }
            j += 1
        }
        return true
    }
}
