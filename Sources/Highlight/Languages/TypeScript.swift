// TypeScript: JavaScript's tables (template literals, regex vs division) plus
// the words and type annotations of Pygments' `typescript` lexer.

import Support

extension LanguageRegistry {
    static let typeScript: LanguageDefinition = {
        let identStart = javaScriptIdentifierStart
        let ident = javaScriptIdentifier
        return javaScriptFamily(name: "typescript", aliases: ["ts", "tsx", "mts", "cts"], rootFirst: [
            // TypeScript's own words, ahead of JavaScript's (Pygments' `typescript` lexer).
            Rule(.words(["abstract", "implements", "private", "protected", "public", "readonly", "enum",
                         "interface", "override", "declare", "type", "module"]),
                 .keyword),
            Rule(.words(["string", "boolean", "number"]), .type),
            Rule(.literal("@"), .keyword, .push("decorator"), before: identStart),
            // `name: Type` (also `key: value` — Pygments reads the word after a colon as a type).
            Rule(.literal(":"), .operator, .push("annotation"), after: ident.union(ByteSet("?. \t"))),
        ], moreStates: [
            LexerState("decorator", [
                Rule(.identifier, .keyword, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("annotation", [
                Rule(.run(ByteSet(" \t\n")), .plain),
                Rule(.run(ident.union(ByteSet("?."))), .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
        ])
    }()
}
