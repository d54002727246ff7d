// CSS, following the token kinds of Pygments' `css` lexer: selectors (tags,
// `.class`, `#id`, `:pseudo`), at-rules, declarations (`property: value`) with
// numbers and units, functions, `var(--x)` and `!important`.

import Support

extension LanguageRegistry {
    static let css: LanguageDefinition = {
        let identStart = ByteSet("a-zA-Z0-9_-").union(.nonASCII)
        let ident = ByteSet("a-zA-Z0-9_-").union(.nonASCII)
        let letter = ByteSet("a-zA-Z_")
        let strings: [Rule] = [
            Rule(.span(open: "\"", close: "\"", escape: UInt8(ascii: "\\")), .string),
            Rule(.span(open: "'", close: "'", escape: UInt8(ascii: "\\")), .string),
        ]
        let numbers: [Rule] = [
            Rule(.literal("#"), .number, .push("hex"), before: ByteSet("a-zA-Z0-9")),
            Rule(.oneOf(["-", "+"]), .number, before: ByteSet("0-9.")),
            Rule(.number(leadingDot: true), .number, .push("unit")),
        ]
        return LanguageDefinition(name: "css", identifierStart: identStart, identifierRest: ident, states: [
            LexerState("root", [.include("basics")]),
            LexerState("basics", [
                Rule(.run(.whitespace), .plain),
                Rule(.span(open: "/*", close: "*/"), .comment),
                Rule(.literal("{"), .punctuation, .push("content")),
                Rule(.oneOf(["::", ":"]), .punctuation, .push("pseudo"), before: ident),
                Rule(.literal("."), .punctuation, .push("className"), before: ident),
                Rule(.literal("#"), .punctuation, .push("className"), before: ident),
                Rule(.literal("@"), .punctuation, .push("atKeyword"), before: ident),
                Rule(.identifier, .tag),
                Rule(.run(ByteSet("~^*!%&$[]()<>|+=@,/?-")), .operator),
                Rule(.oneOf([".", ":"]), .operator),
                Rule(.literal(";"), .operator),
            ] + strings),
            LexerState("pseudo", [
                Rule(.identifier, .attribute, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("className", [
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("atKeyword", [
                Rule(.identifier, .keyword, .replace("atrule")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("atrule", [
                Rule(.literal("{"), .punctuation, .replace("atcontent")),
                Rule(.literal(";"), .punctuation, .pop),
                .include("basics"),
            ]),
            LexerState("atcontent", [
                Rule(.literal("}"), .punctuation, .pop),
                .include("basics"),
            ]),
            LexerState("content", [
                Rule(.run(.whitespace), .plain),
                Rule(.literal("}"), .punctuation, .pop),
                Rule(.literal(";"), .punctuation),
                Rule(.span(open: "/*", close: "*/"), .comment),
                Rule(.oneOf(cssVendorPrefixes), .keyword, .push("vendorProperty")),
                Rule(.words(cssProperties), .keyword),
                Rule(.run(ByteSet("-")), .variable, .push("customProperty"), before: letter),
                Rule(.identifier, .plain),
                Rule(.literal(":"), .punctuation, .push("value")),
            ]),
            LexerState("vendorProperty", [
                Rule(.identifier, .plain, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("customProperty", [
                Rule(.identifier, .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("value", [
                Rule(.empty, .plain, .pop, before: ByteSet("}")),
                Rule(.run(.whitespace), .plain),
                Rule(.literal(";"), .punctuation, .pop),
                Rule(.span(open: "/*", close: "*/"), .comment),
                Rule(.oneOf(cssVendorPrefixes), .builtin),
                Rule(.literal("!important"), .preprocessor),
                .include("functionNames"),
                Rule(.words(cssValueKeywords), .keyword),
                Rule(.words(cssProperties), .keyword),
            ] + numbers + [
                Rule(.run(ByteSet("~^*!%&<>|+=@:./?-")), .operator),
                Rule(.run(ByteSet("[](),")), .punctuation),
                Rule(.identifier, .plain),
            ] + strings),
            LexerState("functionNames", [
                Rule(.words(cssFunctions + ["url"]), .builtin, .push("function"), before: ByteSet("(")),
                Rule(.identifier, .function, .push("function"), before: ByteSet("(")),
            ]),
            LexerState("function", [
                Rule(.run(.whitespace), .plain),
                Rule(.literal("("), .punctuation),
                Rule(.literal(")"), .punctuation, .pop),
                Rule(.run(ByteSet("-")), .variable, .push("customProperty"), before: letter),
                Rule(.oneOf(cssVendorPrefixes), .keyword),
                .include("functionNames"),
                Rule(.words(cssValueKeywords), .keyword),
                Rule(.span(open: "/*", close: "*/"), .comment),
            ] + numbers + [
                Rule(.run(ByteSet("*+/-")), .operator),
                Rule(.literal(","), .punctuation),
                Rule(.identifier, .plain),
            ] + strings),
            LexerState("hex", [
                Rule(.run(ByteSet("a-zA-Z0-9")), .number, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("unit", [
                Rule(.words(cssUnits), .type, .pop),
                Rule(.literal("%"), .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
        ])
    }()
}
