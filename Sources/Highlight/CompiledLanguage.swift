/// A `LanguageDefinition` made ready to run: includes flattened, state names
/// turned into indices, literals into bytes, and per state a first-byte
/// dispatch table so that at each position only the rules that can start with
/// that byte are tried. Built once per language, immutable, shared by all tasks.
///
/// The lexer's hot loop reads only plain-data tables behind raw pointers
/// (`Tables`): rules as fixed-size structs whose literals and word sets are
/// offsets into one byte pool and one integer pool. Reading a rule then copies
/// no array and touches no reference count, which matters most in unoptimised
/// (test) builds, where every array access and enum payload copy is a call.
/// `@unchecked Sendable`: the pointers are written once in `init`, only read
/// afterwards, and freed in `deinit`.

import Support

public final class CompiledLanguage: @unchecked Sendable {
    enum Matcher: Sendable {
        case literal([UInt8])
        case escaped([UInt8])
        case oneOf([[UInt8]])
        case run(ByteSet)
        case identifier
        case words(WordSet)
        case number(suffix: ByteSet, leadingDot: Bool)
        case span(open: [UInt8], close: [UInt8], escape: Int, nested: Bool, singleLine: Bool)
        case toLineEnd([UInt8])
        case regex(flags: ByteSet)
        case heredoc([UInt8])
        case empty
    }

    enum Move: Sendable {
        case none, pop
        case push(Int)
        case replace(Int)
    }

    struct CompiledRule: Sendable {
        var matcher: Matcher
        var kind: TokenKind
        var move: Move
        var after: ByteSet?
        var before: ByteSet?
        var notBefore: ByteSet?
        var afterValueNotIn: ByteSet?
    }

    let name: String
    let aliases: [String]
    let identifierStart: ByteSet
    let identifierRest: ByteSet
    let rules: [CompiledRule]
    let fallbacks: [TokenKind]
    /// For each state 256 offsets into `ruleOrder`, then one end marker (see `candidates`).
    let dispatch: [Int32]
    let ruleOrder: [Int32]
    /// The same rules and tables as plain data behind pointers, for `Lexer`.
    let tables: Tables
    /// The state to start in (above state 0) when the code lacks `inlineMarker`.
    let inlineState: Int?
    let inlineMarker: [UInt8]

    init(_ definition: LanguageDefinition) {
        name = definition.name
        aliases = definition.aliases
        identifierStart = definition.identifierStart
        identifierRest = definition.identifierRest
        var stateIndex: [String: Int] = [:]
        for (i, state) in definition.states.enumerated() where stateIndex[state.name] == nil { stateIndex[state.name] = i }
        let byName = Dictionary(definition.states.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        inlineState = definition.inlineStart.flatMap { stateIndex[$0.state] }
        inlineMarker = Array((definition.inlineStart?.marker ?? "").utf8)

        func flatten(_ state: LexerState, _ seen: Set<String>) -> [Rule] {
            var out: [Rule] = []
            for rule in state.rules {
                if case .include(let other) = rule.pattern {
                    // A cycle or an unknown name adds nothing.
                    if !seen.contains(other), let included = byName[other] {
                        out += flatten(included, seen.union([other]))
                    }
                } else {
                    out.append(rule)
                }
            }
            return out
        }

        func move(_ action: Action) -> Move {
            switch action {
            case .none: return .none
            case .pop: return .pop
            case .push(let s): return stateIndex[s].map(Move.push) ?? .none
            case .replace(let s): return stateIndex[s].map(Move.replace) ?? .pop
            }
        }

        var rules: [CompiledRule] = []
        var dispatch: [Int32] = []
        var order: [Int32] = []
        var fallbacks: [TokenKind] = []
        let identStart = definition.identifierStart
        for state in definition.states {
            fallbacks.append(state.fallback)
            let flat = flatten(state, [state.name])
            var firsts: [(Int, ByteSet)] = []
            for rule in flat {
                let matcher = CompiledLanguage.matcher(rule.pattern)
                firsts.append((rules.count, CompiledLanguage.firstBytes(matcher, identStart)))
                rules.append(CompiledRule(matcher: matcher, kind: rule.kind, move: move(rule.action), after: rule.after,
                                          before: rule.before, notBefore: rule.notBefore,
                                          afterValueNotIn: rule.afterValueNotIn))
            }
            for b in 0..<256 {
                dispatch.append(Int32(order.count))
                for (index, set) in firsts where set.contains(UInt8(b)) { order.append(Int32(index)) }
            }
        }
        dispatch.append(Int32(order.count))
        self.rules = rules
        self.dispatch = dispatch
        self.ruleOrder = order
        self.fallbacks = fallbacks
        self.tables = Tables(rules: rules, dispatch: dispatch, order: order, fallbacks: fallbacks,
                             identifierStart: identifierStart, identifierRest: identifierRest)
    }

    deinit { tables.deallocate() }

    /// States are laid out 256 entries apart plus one final end marker, so
    /// `dispatch[state * 256 + b + 1]` is the end of the range.
    @inline(__always)
    func candidates(state: Int, byte: UInt8) -> Range<Int> {
        let k = state &* 256 &+ Int(byte)
        return Int(dispatch[k])..<Int(dispatch[k &+ 1])
    }

    private static func matcher(_ pattern: Pattern) -> Matcher {
        switch pattern {
        case .literal(let s): return .literal(Array(s.utf8))
        case .escaped(let s): return .escaped(Array(s.utf8))
        case .oneOf(let list): return .oneOf(list.map { Array($0.utf8) })
        case .run(let set): return .run(set)
        case .identifier: return .identifier
        case .words(let set): return .words(set)
        case .number(let suffix, let leadingDot): return .number(suffix: suffix, leadingDot: leadingDot)
        case .span(let open, let close, let escape, let nested, let singleLine):
            // An empty opener or closer cannot delimit anything.
            if open.isEmpty || close.isEmpty { return open.isEmpty ? .empty : .toLineEnd(Array(open.utf8)) }
            return .span(open: Array(open.utf8), close: Array(close.utf8), escape: escape.map(Int.init) ?? -1,
                         nested: nested, singleLine: singleLine)
        case .toLineEnd(let prefix): return .toLineEnd(Array(prefix.utf8))
        case .regex(let flags): return .regex(flags: flags)
        case .heredoc(let opener): return .heredoc(Array(opener.utf8))
        case .empty, .include: return .empty
        }
    }

    private static func firstBytes(_ matcher: Matcher, _ identStart: ByteSet) -> ByteSet {
        func first(_ bytes: [UInt8]) -> ByteSet {
            var s = ByteSet()
            if let b = bytes.first { s.insert(b) } else { s = .all }
            return s
        }
        switch matcher {
        case .literal(let b), .escaped(let b), .toLineEnd(let b), .heredoc(let b): return first(b)
        case .oneOf(let list): return list.reduce(ByteSet()) { $0.union(first($1)) }
        case .run(let set): return set
        case .identifier, .words: return identStart
        case .number(_, let leadingDot): return leadingDot ? ByteSet("0-9.") : .digits
        case .span(let open, _, _, _, _): return first(open)
        case .regex: return ByteSet("/")
        case .empty: return .all
        }
    }
}
