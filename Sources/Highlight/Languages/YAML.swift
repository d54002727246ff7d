// YAML, following the token kinds of Pygments' `yaml` lexer: keys are tags,
// scalars strings (plain ones too), flow-collection items variables, block
// scalars (`|`, `>`) variables. Indentation is not tracked: a block scalar
// ends at the first later line that starts (after its indentation) with a
// key or a `- ` item, which is where it ends in practice.

import Support

extension LanguageRegistry {
    static let yaml: LanguageDefinition = {
        let lineStart = ByteSet("\n")
        let space = ByteSet(" \t\n")
        // Bytes of a plain key; `<<` is the merge key.
        let keyBytes = ByteSet("A-Za-z0-9_./<$-").union(.nonASCII)
        let quoted: [Rule] = [
            Rule(.span(open: "\"", close: "\"", escape: UInt8(ascii: "\\")), .string),
            Rule(.span(open: "'", close: "'"), .string),
        ]
        let nameRun = ByteSet(" \t\n,[]{}").inverted
        let anchors: [Rule] = [
            Rule(.literal("&"), .plain, .push("anchor")),
            Rule(.literal("*"), .variable, .push("alias")),
            Rule(.literal("!"), .type, .push("tagName")),
        ]
        return LanguageDefinition(name: "yaml", aliases: ["yml"], states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "#"), .comment, after: space),
                Rule(.oneOf(["---", "..."]), .type, after: lineStart, notBefore: nameRun.removing(" \t")),
                Rule(.literal("-"), .punctuation, before: space),
                Rule(.literal("?"), .punctuation, before: space),
                Rule(.run(keyBytes), .tag, before: ByteSet(":")),
                Rule(.literal(":"), .punctuation, .push("value"), before: space),
                Rule(.literal("["), .punctuation, .push("flow")),
                Rule(.literal("{"), .punctuation, .push("flow")),
            ] + anchors + quoted + [
                Rule(.run(ByteSet("\n#").inverted), .string),
                Rule(.literal("#"), .string),
            ]),
            // The rest of a `key:` line.
            LexerState("value", [
                Rule(.literal("\n"), .plain, .pop),
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.toLineEnd(prefix: "#"), .comment, after: space),
                Rule(.literal("["), .punctuation, .push("flow")),
                Rule(.literal("{"), .punctuation, .push("flow")),
                Rule(.oneOf(["|", ">"]), .punctuation, .replace("blockHeader")),
            ] + anchors + quoted + [
                Rule(.run(ByteSet("\n#").inverted.removing(" \t")), .string),
                Rule(.literal("#"), .string),
            ]),
            LexerState("anchor", [Rule(.run(nameRun), .plain, .pop), Rule(.empty, .plain, .pop)]),
            LexerState("alias", [Rule(.run(nameRun), .variable, .pop), Rule(.empty, .plain, .pop)]),
            LexerState("tagName", [Rule(.run(nameRun), .type, .pop), Rule(.empty, .plain, .pop)]),
            // `|-`, `>+2` … then a comment at most, up to the end of the line.
            LexerState("blockHeader", [
                Rule(.run(ByteSet("0-9+-")), .punctuation),
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.toLineEnd(prefix: "#"), .comment),
                Rule(.literal("\n"), .plain, .replace("blockLine")),
                Rule(.toLineEnd(prefix: ""), .variable, .replace("blockText")),
            ]),
            LexerState("blockText", [
                Rule(.literal("\n"), .plain, .replace("blockLine")),
                Rule(.toLineEnd(prefix: ""), .variable),
            ]),
            // The start of a line inside a block scalar: a key or an item ends it.
            LexerState("blockLine", [
                Rule(.run(.whitespace), .plain),
                Rule(.literal("-"), .punctuation, .pop, before: space),
                Rule(.run(keyBytes), .tag, .pop, before: ByteSet(":")),
                Rule(.oneOf(["---", "..."]), .type, .pop, after: lineStart),
                Rule(.toLineEnd(prefix: ""), .variable, .replace("blockText")),
            ]),
            // `[a, b]`, `{k: v}`: items are variables, keys tags.
            LexerState("flow", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "#"), .comment, after: space),
                Rule(.oneOf(["[", "{"]), .punctuation, .push("flow")),
                Rule(.oneOf(["]", "}"]), .punctuation, .pop),
                Rule(.literal(","), .punctuation),
                Rule(.run(keyBytes), .tag, before: ByteSet(":")),
                Rule(.literal(":"), .punctuation),
            ] + anchors + quoted + [
                Rule(.run(ByteSet("\n#,[]{}:").inverted.removing(" \t")), .variable),
                Rule(.literal("#"), .variable),
                Rule(.literal(":"), .variable),
            ]),
        ])
    }()
}
