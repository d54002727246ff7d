/// The fixed vocabulary a language's rules are written in. Every matcher runs
/// on UTF-8 bytes, costs O(bytes it consumes) when it matches and O(1) (or the
/// length of one identifier) when it fails, and never backtracks: openers of
/// strings, comments and regexes commit, so an unterminated one runs to the end
/// of its line or of the input instead of failing and being rescanned.

import Support

public indirect enum Pattern: Sendable {
    /// Exactly these bytes.
    case literal(String)
    /// The first of these literals that matches (list longer ones first).
    case oneOf([String])
    /// `prefix` and the one character after it (an escape like `\\n`).
    case escaped(String)
    /// One or more bytes of the set.
    case run(ByteSet)
    /// An identifier (the language's `identifierStart`/`identifierRest`).
    case identifier
    /// An identifier that is one of the words (whole words only).
    case words(WordSet)
    /// A number: `0x`/`0o`/`0b` prefixed digits, or decimal digits with an
    /// optional fraction (only when a digit follows the dot) and exponent;
    /// `_` separators; then any run of `suffix` bytes (`n`, `L`, `f`, `u`…).
    case number(suffix: ByteSet = ByteSet(), leadingDot: Bool = false)
    /// `open` … `close`; `escape` skips the byte after it; with `nested`, inner
    /// `open`s need their own `close`. With `singleLine` it also ends before a
    /// newline. Always succeeds once `open` matched (runs to the end if unclosed).
    case span(open: String, close: String, escape: UInt8? = nil, nested: Bool = false, singleLine: Bool = false)
    /// `prefix` then everything up to (not including) the end of the line.
    case toLineEnd(prefix: String)
    /// A `/regex/flags` literal (JavaScript style: `/` inside `[…]` does not
    /// end it, `\` escapes). Unterminated: up to the end of the line.
    case regex(flags: ByteSet)
    /// A heredoc: `opener` (`<<`, `<<<`), optional `-`/`~`, optional quote,
    /// a word; then everything through the first later line that starts (after
    /// spaces/tabs) with that word not followed by an identifier byte.
    case heredoc(opener: String)
    /// Matches nothing; only useful with `.pop` (leave a state when nothing in it fits).
    case empty
    /// Not a pattern: the rules of another state, in place (resolved when compiled).
    case include(String)

    /// An identifier in `words`.
    public static func words(_ list: [String], ignoreCase: Bool = false) -> Pattern {
        .words(WordSet(list, ignoreCase: ignoreCase))
    }
}

/// What the state stack does after a rule matched.
public enum Action: Sendable {
    case none
    /// Enter a state (its rules apply until it pops).
    case push(String)
    /// Leave the current state.
    case pop
    /// Leave the current state and enter another.
    case replace(String)
}

/// One rule of a state: a pattern, the kind of what it matches, an action, and
/// O(1) context checks.
public struct Rule: Sendable {
    public var pattern: Pattern
    public var kind: TokenKind
    public var action: Action
    /// The byte before the match must be in this set (the start of the input
    /// counts as a newline), e.g. `"\n"` for “at the start of a line”.
    public var after: ByteSet?
    /// The byte after the match must be in this set (not at the end of input).
    public var before: ByteSet?
    /// The byte after the match must not be in this set (fine at the end).
    public var notBefore: ByteSet?
    /// Only when the last significant token (not space, not comment) does not
    /// end in one of these bytes, or was a keyword/operator/punctuation: tells a
    /// regex from a division.
    public var afterValueNotIn: ByteSet?

    public init(_ pattern: Pattern, _ kind: TokenKind, _ action: Action = .none, after: ByteSet? = nil,
                before: ByteSet? = nil, notBefore: ByteSet? = nil, afterValueNotIn: ByteSet? = nil) {
        self.pattern = pattern
        self.kind = kind
        self.action = action
        self.after = after
        self.before = before
        self.notBefore = notBefore
        self.afterValueNotIn = afterValueNotIn
    }

    /// The rules of another state, in place.
    public static func include(_ state: String) -> Rule { Rule(.include(state), .plain) }
}

/// A state: its rules, tried in order, and the kind of a byte none of them matches.
public struct LexerState: Sendable {
    public var name: String
    public var fallback: TokenKind
    public var rules: [Rule]

    public init(_ name: String, fallback: TokenKind = .plain, _ rules: [Rule]) {
        self.name = name
        self.fallback = fallback
        self.rules = rules
    }
}

/// A language as data: names, identifier bytes and states (the first is where lexing starts).
public struct LanguageDefinition: Sendable {
    /// The canonical name, lower-case, e.g. `swift`.
    public var name: String
    /// Other names for the info string, lower-case, e.g. `js`.
    public var aliases: [String]
    public var identifierStart: ByteSet
    public var identifierRest: ByteSet
    public var states: [LexerState]
    /// Start in this state (above the first) when the code does not contain
    /// `marker`: PHP snippets written without `<?php` are PHP, not HTML, as Rouge
    /// and Chroma read them.
    public var inlineStart: (state: String, marker: String)?

    public init(name: String, aliases: [String] = [], identifierStart: ByteSet = ByteSet("a-zA-Z_").union(.nonASCII),
                identifierRest: ByteSet = ByteSet("a-zA-Z0-9_").union(.nonASCII), states: [LexerState],
                inlineStart: (state: String, marker: String)? = nil) {
        self.name = name
        self.aliases = aliases
        self.identifierStart = identifierStart
        self.identifierRest = identifierRest
        self.states = states
        self.inlineStart = inlineStart
    }
}
