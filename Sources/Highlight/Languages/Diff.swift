// Unified and context diffs, following the token kinds of Pygments' `diff`
// lexer: the kind of a line is decided by its first bytes alone.

import Support

extension LanguageRegistry {
    static let diff: LanguageDefinition = {
        let lineStart = ByteSet("\n")
        return LanguageDefinition(name: "diff", aliases: ["patch", "udiff"], states: [
            LexerState("root", [
                Rule(.toLineEnd(prefix: " "), .plain, after: lineStart),
                // A bare `---` line (context diffs) is not a deletion.
                Rule(.literal("---"), .plain, after: lineStart, notBefore: ByteSet("\n").inverted),
                Rule(.toLineEnd(prefix: "!"), .plain, after: lineStart),
                Rule(.toLineEnd(prefix: "< "), .variable, after: lineStart),
                Rule(.toLineEnd(prefix: "-"), .variable, after: lineStart),
                Rule(.toLineEnd(prefix: "> "), .string, after: lineStart),
                Rule(.toLineEnd(prefix: "+"), .string, after: lineStart),
                Rule(.toLineEnd(prefix: "@"), .keyword, after: lineStart),
                Rule(.toLineEnd(prefix: "Index"), .keyword, after: lineStart),
                Rule(.toLineEnd(prefix: "index"), .keyword, after: lineStart),
                Rule(.toLineEnd(prefix: "diff"), .keyword, after: lineStart),
                Rule(.toLineEnd(prefix: "="), .keyword, after: lineStart),
                Rule(.run(ByteSet("\n")), .plain),
                Rule(.toLineEnd(prefix: ""), .plain),
            ]),
        ])
    }()
}
