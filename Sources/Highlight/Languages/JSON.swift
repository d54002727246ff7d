// JSON, following the token kinds of Pygments' `json` lexer: object keys are
// tags, other strings strings, `true`/`false`/`null` keywords; `//` and `/* */`
// comments are accepted, since JSON in the wild (config files) has them.

import Support

extension LanguageRegistry {
    static let json: LanguageDefinition = {
        // A key is a string directly followed by its colon (as written in practice).
        let key = Pattern.span(open: "\"", close: "\"", escape: UInt8(ascii: "\\"), singleLine: true)
        return LanguageDefinition(name: "json", aliases: ["jsonc", "json5"], states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.span(open: "/*", close: "*/"), .comment),
                Rule(key, .tag, before: ByteSet(":")),
                Rule(key, .string),
                // Pygments counts a minus sign as part of the number.
                Rule(.literal("-"), .number, before: .digits),
                Rule(.number(), .number),
                Rule(.words(["true", "false", "null"]), .keyword),
                Rule(.run(ByteSet("{}[],")), .punctuation),
                Rule(.literal(":"), .punctuation),
            ]),
        ])
    }()
}
