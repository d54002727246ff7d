import Support

/// Receives the tokens of a run, in order, covering the input without gaps.
protocol TokenSink {
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int)
}

/// Runs a compiled language over UTF-8 bytes: at each position the rules of
/// the current state that can start with the byte there are tried in order;
/// the first that matches emits a token and moves the state stack. A byte no
/// rule matches is emitted (with the rest of its UTF-8 sequence) as the state's
/// fallback kind. Every step consumes at least one byte, or pops a state, so a
/// run is linear in the input.
///
/// The loop reads the input and the language's `Tables` through pointers that
/// are bounds-checked in debug builds only (`UnsafeBufferPointer`,
/// `CheckedPointer`) and copies rules as plain data: per token there is no
/// allocation, no array copy and no retain/release. The one array, the state
/// stack, only changes on push and pop.
struct Lexer {
    /// Deeper nesting than this is not tracked (pushes are dropped), which
    /// bounds memory on pathological input; the output text stays exact.
    static let maxDepth = 4096

    let language: CompiledLanguage

    private static let hexDigits = ByteSet("0-9a-fA-F")
    private static let octalDigits = ByteSet("0-7")
    private static let binaryDigits = ByteSet("01")
    private static let decimalDigits = ByteSet("0-9_")
    private static let heredocWord = ByteSet("A-Za-z0-9_")

    /// Whether `needle` occurs in `buffer` (a linear scan: the needle is a few bytes).
    static func contains(_ buffer: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, buffer.count >= needle.count else { return false }
        var i = 0
        while i + needle.count <= buffer.count {
            if buffer[i] == first, buffer[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    func run<S: TokenSink>(_ buffer: UnsafeBufferPointer<UInt8>, into sink: inout S) {
        guard buffer.count > 0 else { return }
        let p = buffer
        var m = Matching(p: p, n: buffer.count, t: language.tables)
        let t = m.t
        let n = m.n
        let whitespace = ByteSet.whitespace
        var stack: [Int] = [0]
        stack.reserveCapacity(64)
        var state = 0
        if let inline = language.inlineState, !Self.contains(buffer, language.inlineMarker) {
            stack.append(inline)
            state = inline
        }
        var i = 0
        // The last token that is neither space nor comment (regex vs division).
        // Kinds are compared by raw value: `==` on the enum is a generic call
        // in unoptimised builds.
        var lastByte: UInt8 = 0
        var lastKind = TokenKind.plain.rawValue

        while i < n {
            let byte = p[i]
            var matchedEnd = -1
            var matched = -1
            let k = state &* 256 &+ Int(byte)
            var r = Int(t.dispatch[k])
            let upper = Int(t.dispatch[k &+ 1])
            while r < upper {
                let index = Int(t.order[r])
                r &+= 1
                let rule = t.rules[index]
                if rule.after >= 0, !t.sets[Int(rule.after)].contains(i == 0 ? 0x0A : p[i &- 1]) { continue }
                if rule.afterValueNotIn >= 0, lastKind != TokenKind.keyword.rawValue, t.sets[Int(rule.afterValueNotIn)].contains(lastByte) {
                    continue
                }
                if rule.second >= 0, i &+ 1 >= n || Int16(p[i &+ 1]) != rule.second { continue }
                let end = m.match(rule, i)
                if end < 0 { continue }
                if end == i {
                    // Only a pop may match nothing (it still makes progress).
                    guard rule.move == 1, stack.count > 1 else { continue }
                }
                if rule.before >= 0, end >= n || !t.sets[Int(rule.before)].contains(p[end]) { continue }
                if rule.notBefore >= 0, end < n, t.sets[Int(rule.notBefore)].contains(p[end]) { continue }
                matched = index
                matchedEnd = end
                break
            }

            if matched >= 0 {
                let kind = t.rules[matched].kind
                if matchedEnd > i {
                    sink.emit(kind, i, matchedEnd)
                    let last = p[matchedEnd &- 1]
                    if kind.rawValue != TokenKind.comment.rawValue, !whitespace.contains(last) {
                        lastByte = last
                        lastKind = kind.rawValue
                    }
                    i = matchedEnd
                }
                switch t.rules[matched].move {
                case 0: break
                case 1:
                    if stack.count > 1 { stack.removeLast() }
                    state = stack[stack.count - 1]
                case 2:
                    if stack.count < Lexer.maxDepth {
                        state = Int(t.rules[matched].target)
                        stack.append(state)
                    }
                default:
                    state = Int(t.rules[matched].target)
                    stack[stack.count - 1] = state
                }
            } else {
                var j = i &+ 1
                while j < n, p[j] & 0xC0 == 0x80 { j &+= 1 }
                let kind = t.fallbacks[state]
                sink.emit(kind, i, j)
                if kind.rawValue != TokenKind.comment.rawValue, !whitespace.contains(byte) {
                    lastByte = p[j &- 1]
                    lastKind = kind.rawValue
                }
                i = j
            }
        }
    }

    /// The matchers over one input; all state is plain values and pointers.
    private struct Matching {
        let p: UnsafeBufferPointer<UInt8>
        let n: Int
        let t: Tables
        /// The identifier at `scanPosition`, scanned once however many word rules look at it.
        var scanPosition = -1
        var scanEnd = 0
        var hash: UInt32 = 0
        var foldedHash: UInt32 = 0
        var hashed = false

        init(p: UnsafeBufferPointer<UInt8>, n: Int, t: Tables) {
            self.p = p
            self.n = n
            self.t = t
        }

        /// The end of the identifier at `i` (`i` if there is none). Inside an
        /// identifier scanned before, the end is that one's: a long identifier
        /// that no rule consumes (only word rules look at it, the fallback
        /// takes a byte) is then scanned once, not once per byte.
        private mutating func identifier(_ i: Int) -> Int {
            if scanPosition == i { return scanEnd }
            var j = i
            if t.identifierStart.contains(p[i]) {
                if i > scanPosition, i < scanEnd {
                    j = scanEnd
                } else {
                    j &+= 1
                    while j < n, t.identifierRest.contains(p[j]) { j &+= 1 }
                }
            }
            scanPosition = i
            scanEnd = j
            hashed = false
            return j
        }

        /// The plain and case-folded hashes of the identifier at `scanPosition`, made once.
        private mutating func hashIdentifier() {
            if hashed { return }
            var h: UInt32 = 2_166_136_261, f: UInt32 = 2_166_136_261
            var k = scanPosition
            while k < scanEnd {
                h = (h ^ UInt32(p[k])) &* 16_777_619
                f = (f ^ UInt32(WordSet.lower(p[k]))) &* 16_777_619
                k &+= 1
            }
            hash = h
            foldedHash = f
            hashed = true
        }

        /// Whether the `count` pool bytes at `offset` are at `i`.
        private func has(_ offset: Int32, _ count: Int32, at i: Int) -> Bool {
            let c = Int(count)
            guard i &+ c <= n else { return false }
            let bytes = t.bytes + Int(offset)
            var k = 0
            while k < c {
                if p[i &+ k] != bytes[k] { return false }
                k &+= 1
            }
            return true
        }

        /// The end of the rule's match at `i`, or -1.
        mutating func match(_ rule: FlatRule, _ i: Int) -> Int {
            switch rule.op {
            case .literal:
                // The dispatch table already checked the first byte.
                if rule.aCount == 1 { return i &+ 1 }
                return has(rule.a, rule.aCount, at: i) ? i &+ Int(rule.aCount) : -1
            case .escaped:
                return escaped(rule, i)
            case .oneOf:
                return oneOf(rule, i)
            case .run:
                return run(rule, i)
            case .identifier:
                let end = identifier(i)
                return end > i ? end : -1
            case .words:
                let end = identifier(i)
                guard end > i else { return -1 }
                // Longer than every word: no need to hash it (keeps long runs linear).
                guard end &- i <= Int(rule.aCount) else { return -1 }
                hashIdentifier()
                return words(rule, i, end) ? end : -1
            case .number:
                return number(i, suffix: t.sets[Int(rule.set)], leadingDot: rule.flag)
            case .span:
                return span(rule, i)
            case .toLineEnd:
                return toLineEnd(rule, i)
            case .regex:
                return regex(i, flags: t.sets[Int(rule.set)])
            case .heredoc:
                return heredoc(i, rule.a, rule.aCount)
            case .empty:
                return i
            }
        }

        // Each matcher is its own function: in unoptimised builds a function's
        // locals are set up on every call, so one big switch body would pay
        // for all of them on every token.

        private func escaped(_ rule: FlatRule, _ i: Int) -> Int {
            guard has(rule.a, rule.aCount, at: i) else { return -1 }
            var j = i &+ Int(rule.aCount)
            if j < n {
                j &+= 1
                while j < n, p[j] & 0xC0 == 0x80 { j &+= 1 }
            }
            return j
        }

        private func oneOf(_ rule: FlatRule, _ i: Int) -> Int {
            var k = Int(rule.a)
            let end = k &+ 2 &* Int(rule.aCount)
            while k < end {
                if has(t.ints[k], t.ints[k &+ 1], at: i) { return i &+ Int(t.ints[k &+ 1]) }
                k &+= 2
            }
            return -1
        }

        private func run(_ rule: FlatRule, _ i: Int) -> Int {
            let set = t.sets[Int(rule.set)]
            var j = i
            while j < n, set.contains(p[j]) { j &+= 1 }
            return j > i ? j : -1
        }

        private func toLineEnd(_ rule: FlatRule, _ i: Int) -> Int {
            guard has(rule.a, rule.aCount, at: i) else { return -1 }
            var j = i &+ Int(rule.aCount)
            while j < n, p[j] != 0x0A { j &+= 1 }
            return j
        }

        /// Whether `p[start..<end]` is one of the rule's words (open addressing, see `WordSet`).
        private func words(_ rule: FlatRule, _ start: Int, _ end: Int) -> Bool {
            let ignoreCase = rule.flag
            let words = t.bytes + Int(rule.a)
            let starts = t.ints + Int(rule.b)
            let slots = t.ints + Int(rule.c)
            let mask = Int(rule.cCount)
            var slot = Int(ignoreCase ? foldedHash : hash) & mask
            let length = end &- start
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return false }
                let s = Int(starts[entry &- 1]), e = Int(starts[entry])
                if e &- s == length {
                    var k = 0
                    while k < length, words[s &+ k] == (ignoreCase ? WordSet.lower(p[start &+ k]) : p[start &+ k]) {
                        k &+= 1
                    }
                    if k == length { return true }
                }
                slot = (slot &+ 1) & mask
            }
        }

        private func span(_ rule: FlatRule, _ i: Int) -> Int {
            let open = rule.a, openCount = rule.aCount
            let close = rule.b, closeCount = rule.bCount
            guard has(open, openCount, at: i) else { return -1 }
            let escape = Int(rule.escape)
            let nested = rule.flag, singleLine = rule.singleLine
            let openFirst = t.bytes[Int(open)], closeFirst = t.bytes[Int(close)]
            var j = i &+ Int(openCount)
            var depth = 1
            while j < n {
                let b = p[j]
                if Int(b) == escape {
                    j = min(n, j &+ 2)
                } else if singleLine, b == 0x0A {
                    return j
                } else if b == closeFirst, has(close, closeCount, at: j) {
                    j &+= Int(closeCount)
                    depth &-= 1
                    if depth == 0 { return j }
                } else if nested, b == openFirst, has(open, openCount, at: j) {
                    j &+= Int(openCount)
                    depth &+= 1
                } else {
                    j &+= 1
                }
            }
            return n
        }

        private func regex(_ i: Int, flags: ByteSet) -> Int {
            guard p[i] == UInt8(ascii: "/") else { return -1 }
            var j = i &+ 1
            var inClass = false
            while j < n {
                let b = p[j]
                if b == UInt8(ascii: "\\") {
                    j &+= 2
                    continue
                }
                if b == 0x0A { return j }
                if b == UInt8(ascii: "[") { inClass = true }
                if b == UInt8(ascii: "]") { inClass = false }
                j &+= 1
                if b == UInt8(ascii: "/"), !inClass {
                    while j < n, flags.contains(p[j]) { j &+= 1 }
                    return j
                }
            }
            return n
        }

        private func isDigit(_ k: Int) -> Bool { k < n && p[k] >= 0x30 && p[k] <= 0x39 }

        /// The end of a run of `set` bytes (and `_`) from `j`.
        private func digits(_ j: Int, _ set: ByteSet) -> Int {
            var j = j
            while j < n, set.contains(p[j]) || p[j] == UInt8(ascii: "_") { j &+= 1 }
            return j
        }

        private func number(_ i: Int, suffix: ByteSet, leadingDot: Bool) -> Int {
            var j = i
            if p[i] == UInt8(ascii: "0"), i &+ 2 < n {
                let base: ByteSet?
                switch p[i &+ 1] | 0x20 {
                case UInt8(ascii: "x"): base = Lexer.hexDigits
                case UInt8(ascii: "o"): base = Lexer.octalDigits
                case UInt8(ascii: "b"): base = Lexer.binaryDigits
                default: base = nil
                }
                if let base, base.contains(p[i &+ 2]) {
                    j = digits(i &+ 2, base)
                    while j < n, suffix.contains(p[j]) { j &+= 1 }
                    return j
                }
            }
            if isDigit(i) {
                j = digits(j, .digits)
                if j < n, p[j] == UInt8(ascii: "."), isDigit(j &+ 1) {
                    j = digits(j &+ 1, .digits)
                }
            } else if leadingDot, p[i] == UInt8(ascii: "."), isDigit(i &+ 1) {
                j = digits(j &+ 1, .digits)
            } else {
                return -1
            }
            if j < n, p[j] | 0x20 == UInt8(ascii: "e") {
                let k = j &+ 1 < n && (p[j &+ 1] == UInt8(ascii: "+") || p[j &+ 1] == UInt8(ascii: "-")) ? j &+ 2 : j &+ 1
                if isDigit(k) {
                    j = digits(k, .digits)
                }
            }
            while j < n, suffix.contains(p[j]) { j &+= 1 }
            return j
        }

        private func heredoc(_ i: Int, _ opener: Int32, _ openerCount: Int32) -> Int {
            guard has(opener, openerCount, at: i) else { return -1 }
            var j = i &+ Int(openerCount)
            if j < n, p[j] == UInt8(ascii: "-") || p[j] == UInt8(ascii: "~") { j &+= 1 }
            while j < n, p[j] == 0x20 || p[j] == 0x09 { j &+= 1 }
            var quote: UInt8 = 0
            if j < n, p[j] == UInt8(ascii: "'") || p[j] == UInt8(ascii: "\"") {
                quote = p[j]
                j &+= 1
            } else if j < n, p[j] == UInt8(ascii: "\\") {
                j &+= 1
            }
            let wordStart = j
            let word = Lexer.heredocWord
            while j < n, word.contains(p[j]) { j &+= 1 }
            let wordEnd = j
            guard wordEnd > wordStart else { return -1 }
            if quote != 0, j < n, p[j] == quote { j &+= 1 }
            let length = wordEnd &- wordStart
            // Skip the rest of the opening line, then look for the terminator line.
            while j < n, p[j] != 0x0A { j &+= 1 }
            while j < n {
                j &+= 1 // past the newline
                var k = j
                while k < n, p[k] == 0x20 || p[k] == 0x09 { k &+= 1 }
                if k &+ length <= n {
                    var same = true
                    var m = 0
                    while m < length {
                        if p[k &+ m] != p[wordStart &+ m] { same = false; break }
                        m &+= 1
                    }
                    if same, k &+ length == n || !word.contains(p[k &+ length]) { return k &+ length }
                }
                while j < n, p[j] != 0x0A { j &+= 1 }
            }
            return n
        }
    }
}
