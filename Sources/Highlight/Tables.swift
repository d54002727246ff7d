import Support

/// What a flat rule's pattern is; the operands live in `FlatRule.a/b/c`.
enum FlatOp: UInt8 {
    case literal, escaped, oneOf, run, identifier, words, number, span, toLineEnd, regex, heredoc, empty
}

/// A compiled rule as plain data (no arrays, no references), so that reading
/// one in the lexer's inner loop is a copy of bytes. Byte strings are
/// `(offset, count)` into `Tables.bytes`; lists and word-set tables are
/// offsets into `Tables.ints`.
struct FlatRule {
    var op: FlatOp
    var kind: TokenKind
    /// 0 none, 1 pop, 2 push `target`, 3 replace with `target`.
    var move: UInt8
    var target: Int32
    /// literal/escaped/toLineEnd/heredoc/span-open bytes; oneOf: first (offset, count) pair in `ints`;
    /// words: the word bytes' base in `bytes`, `aCount` the longest word's length.
    var a: Int32 = 0
    var aCount: Int32 = 0
    /// span: close bytes; words: the word end offsets' base in `ints` (`bCount` words).
    var b: Int32 = 0
    var bCount: Int32 = 0
    /// words: the hash slots' base in `ints`, `cCount` = mask.
    var c: Int32 = 0
    var cCount: Int32 = 0
    /// The byte the match must have second, or -1: checked before calling the
    /// matcher, which rejects most candidates of a shared first byte (`$(`,
    /// `${`, `$$` …) without a call.
    var second: Int16 = -1
    /// span: the escape byte or -1.
    var escape: Int16 = -1
    /// span: nested; number: leadingDot; words: ignoreCase.
    var flag: Bool = false
    var singleLine: Bool = false
    /// Indices into `Tables.sets`, -1 for none (a small rule copies fast: in
    /// unoptimised builds reading a field can copy the whole struct).
    /// run: the set; number: suffix; regex: flags.
    var set: Int32 = -1
    var after: Int32 = -1
    var before: Int32 = -1
    var notBefore: Int32 = -1
    var afterValueNotIn: Int32 = -1
}

/// A compiled language's tables behind raw pointers, allocated once per
/// language and never resized (see `CompiledLanguage`). A value of this type
/// is a handful of pointers: copying it costs no reference counting.
struct Tables {
    let rules: CheckedPointer<FlatRule>
    let dispatch: CheckedPointer<Int32>
    let order: CheckedPointer<Int32>
    let fallbacks: CheckedPointer<TokenKind>
    let bytes: CheckedPointer<UInt8>
    let ints: CheckedPointer<Int32>
    let sets: CheckedPointer<ByteSet>
    let identifierStart: ByteSet
    let identifierRest: ByteSet

    init(rules compiled: [CompiledLanguage.CompiledRule], dispatch: [Int32], order: [Int32], fallbacks: [TokenKind],
         identifierStart: ByteSet, identifierRest: ByteSet) {
        var bytes: [UInt8] = []
        var ints: [Int32] = []
        var sets: [ByteSet] = []
        func addSet(_ set: ByteSet?) -> Int32 {
            guard let set else { return -1 }
            if let k = sets.firstIndex(of: set) { return Int32(k) }
            sets.append(set)
            return Int32(sets.count - 1)
        }
        func add(_ b: [UInt8]) -> (Int32, Int32) {
            defer { bytes += b }
            return (Int32(bytes.count), Int32(b.count))
        }
        var flat: [FlatRule] = []
        for rule in compiled {
            var f = FlatRule(op: .empty, kind: rule.kind, move: 0, target: 0)
            switch rule.move {
            case .none: break
            case .pop: f.move = 1
            case .push(let s): f.move = 2; f.target = Int32(s)
            case .replace(let s): f.move = 3; f.target = Int32(s)
            }
            f.after = addSet(rule.after)
            f.before = addSet(rule.before)
            f.notBefore = addSet(rule.notBefore)
            f.afterValueNotIn = addSet(rule.afterValueNotIn)
            switch rule.matcher {
            case .literal(let b): f.op = .literal; (f.a, f.aCount) = add(b)
            case .escaped(let b): f.op = .escaped; (f.a, f.aCount) = add(b)
            case .toLineEnd(let b): f.op = .toLineEnd; (f.a, f.aCount) = add(b)
            case .heredoc(let b): f.op = .heredoc; (f.a, f.aCount) = add(b)
            case .oneOf(let list):
                f.op = .oneOf
                let pairs = list.map(add)
                f.a = Int32(ints.count)
                f.aCount = Int32(list.count)
                for (offset, count) in pairs { ints += [offset, count] }
            case .run(let set): f.op = .run; f.set = addSet(set)
            case .identifier: f.op = .identifier
            case .words(let words):
                f.op = .words
                f.flag = words.ignoreCase
                f.a = Int32(bytes.count)
                bytes += words.bytes
                f.aCount = zip(words.starts, words.starts.dropFirst()).map { $1 - $0 }.max() ?? 0
                f.b = Int32(ints.count)
                f.bCount = Int32(words.starts.count)
                ints += words.starts
                f.c = Int32(ints.count)
                f.cCount = Int32(words.mask)
                ints += words.slots
            case .number(let suffix, let leadingDot): f.op = .number; f.set = addSet(suffix); f.flag = leadingDot
            case .span(let open, let close, let escape, let nested, let singleLine):
                f.op = .span
                (f.a, f.aCount) = add(open)
                (f.b, f.bCount) = add(close)
                f.escape = Int16(escape)
                f.flag = nested
                f.singleLine = singleLine
            case .regex(let flags): f.op = .regex; f.set = addSet(flags)
            case .empty: f.op = .empty
            }
            switch rule.matcher {
            case .literal(let b), .escaped(let b), .toLineEnd(let b), .heredoc(let b), .span(let b, _, _, _, _):
                if b.count >= 2 { f.second = Int16(b[1]) }
            default: break
            }
            flat.append(f)
        }
        self.rules = Tables.copy(flat)
        self.dispatch = Tables.copy(dispatch)
        self.order = Tables.copy(order)
        self.fallbacks = Tables.copy(fallbacks)
        self.bytes = Tables.copy(bytes)
        self.ints = Tables.copy(ints)
        self.sets = Tables.copy(sets)
        self.identifierStart = identifierStart
        self.identifierRest = identifierRest
    }

    /// A fresh allocation holding the elements (at least one slot, so it is never empty).
    private static func copy<T>(_ array: [T]) -> CheckedPointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(1, array.count))
        _ = UnsafeMutableBufferPointer(start: pointer, count: array.count).initialize(from: array)
        return CheckedPointer(pointer, count: array.count)
    }

    func deallocate() {
        rules.base.deallocate()
        dispatch.base.deallocate()
        order.base.deallocate()
        fallbacks.base.deallocate()
        bytes.base.deallocate()
        ints.base.deallocate()
        sets.base.deallocate()
    }
}
