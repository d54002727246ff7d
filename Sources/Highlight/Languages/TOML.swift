// TOML, following the token kinds of Pygments' `toml` lexer: bare keys are
// plain, table headers keywords, values after `=` numbers (dates and times
// too), strings or keywords; arrays and inline tables nest.

import Support

extension LanguageRegistry {
    static let toml: LanguageDefinition = {
        let bare = ByteSet("A-Za-z0-9_-")
        let keys: [Rule] = [
            Rule(.run(bare), .plain),
            Rule(.literal("\""), .string, .push("basicString")),
            Rule(.span(open: "'", close: "'", singleLine: true), .string),
            Rule(.literal("."), .punctuation),
        ]
        return LanguageDefinition(name: "toml", identifierStart: ByteSet("a-zA-Z_"), identifierRest: bare, states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "#"), .comment),
                Rule(.literal("="), .operator, .push("value")),
                Rule(.oneOf(["[[", "["]), .keyword, .push("tableKey")),
            ] + keys),
            LexerState("tableKey", [
                Rule(.run(bare), .keyword),
                Rule(.literal("\""), .string, .push("basicString")),
                Rule(.span(open: "'", close: "'", singleLine: true), .string),
                Rule(.literal("."), .keyword),
                Rule(.oneOf(["]]", "]"]), .keyword, .pop),
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.empty, .plain, .pop),
            ]),
            // One value after `=`: it ends at the line's end or at a `,`/`}` of an inline table.
            LexerState("value", [
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.toLineEnd(prefix: "#"), .comment),
                .include("values"),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("values", [
                Rule(.number(), .number),
                // Signs, and the rest of dates and times: `1979-05-27T07:32:00Z`.
                Rule(.run(ByteSet("0-9_:.TZz+-")), .number),
                Rule(.words(["inf", "nan"]), .number),
                Rule(.words(["true", "false"]), .keyword),
                Rule(.literal("\"\"\""), .string, .push("multilineBasicString")),
                Rule(.literal("\""), .string, .push("basicString")),
                Rule(.span(open: "'''", close: "'''"), .string),
                Rule(.span(open: "'", close: "'", singleLine: true), .string),
                Rule(.literal("["), .punctuation, .push("array")),
                Rule(.literal("{"), .punctuation, .push("inlineTable")),
            ]),
            LexerState("array", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "#"), .comment),
                Rule(.literal(","), .punctuation),
                Rule(.literal("]"), .punctuation, .pop),
                .include("values"),
            ]),
            LexerState("inlineTable", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "#"), .comment),
                Rule(.literal("="), .punctuation, .push("value")),
                Rule(.literal(","), .punctuation),
                Rule(.literal("}"), .punctuation, .pop),
            ] + keys),
            LexerState("basicString", fallback: .string, [
                Rule(.literal("\""), .string, .pop),
                Rule(.escaped("\\"), .string),
                Rule(.run(ByteSet("\"\\").inverted), .string),
            ]),
            LexerState("multilineBasicString", fallback: .string, [
                Rule(.literal("\"\"\""), .string, .pop),
                Rule(.escaped("\\"), .string),
                Rule(.run(ByteSet("\"\\").inverted), .string),
            ]),
        ])
    }()
}
