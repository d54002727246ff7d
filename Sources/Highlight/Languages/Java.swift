// Java, following the token kinds of Pygments' `java` lexer: names of methods
// where they are declared (`Type name(`), members after `.`, annotations,
// class names after `class`/`interface`/`record`, and text blocks `"""`.

import Support

extension LanguageRegistry {
    static let java: LanguageDefinition = {
        let identStart = ByteSet("a-zA-Z_$").union(.nonASCII)
        let ident = ByteSet("a-zA-Z0-9_$").union(.nonASCII)
        let space = ByteSet(" \t\r\n")
        // What may follow the type before a method's name (`int[] name(`).
        let typeEnd = space.union(ByteSet("["))
        let declarations: [String] = [
            "abstract", "const", "enum", "exports", "extends", "final", "implements", "native", "open",
            "opens", "permits", "private", "protected", "provides", "public", "requires", "sealed", "static",
            "strictfp", "super", "synchronized", "throws", "to", "transient", "transitive", "uses", "volatile",
            "with", "yield",
        ]
        let types = ["boolean", "byte", "char", "double", "float", "int", "long", "short", "void"]
        return LanguageDefinition(name: "java", identifierStart: identStart, identifierRest: ident, states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.span(open: "/*", close: "*/"), .comment),
                Rule(.words(["assert", "break", "case", "catch", "continue", "default", "do", "else", "finally",
                             "for", "if", "goto", "instanceof", "new", "return", "switch", "this", "throw", "try",
                             "while"]), .keyword),
                Rule(.literal("@"), .attribute, .push("annotation"), before: identStart),
                // A word followed by space may be the type before a method's name.
                Rule(.words(["record"]), .keyword, .push("className"), before: space),
                Rule(.words(declarations), .keyword, .push("methodName"), before: space),
                Rule(.words(declarations), .keyword),
                Rule(.words(types), .type, .push("methodName"), before: typeEnd),
                Rule(.words(types), .type),
                Rule(.words(["package"]), .keyword, .push("import"), before: space),
                Rule(.words(["true", "false", "null"]), .keyword),
                Rule(.words(["class", "interface", "module"]), .keyword, .push("className")),
                Rule(.words(["var"]), .keyword, .push("variableName"), before: space),
                Rule(.words(["import"]), .keyword, .push("import"), before: space),
                Rule(.literal("\"\"\""), .string, .push("textBlock"), before: ByteSet("\n")),
                Rule(.literal("\""), .string, .push("string")),
                Rule(.span(open: "'", close: "'", escape: UInt8(ascii: "\\"), singleLine: true), .string),
                Rule(.literal("."), .punctuation, .push("member"), before: identStart),
                Rule(.identifier, .plain, .push("methodName"), before: typeEnd),
                Rule(.identifier, .plain),
                Rule(.number(suffix: ByteSet("lLfFdD"), leadingDot: true), .number),
                Rule(.literal(">"), .operator, .push("methodName"), before: space),
                Rule(.run(ByteSet("~^*!%&[]<>|+=/?-")), .operator),
                Rule(.run(ByteSet("();:,")), .punctuation),
                Rule(.literal("."), .punctuation),
                Rule(.run(ByteSet("{}")), .punctuation),
            ]),
            LexerState("methodName", [
                Rule(.run(space), .plain),
                Rule(.literal("[]"), .operator),
                Rule(.identifier, .function, .pop, before: ByteSet("(")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("annotation", [
                Rule(.identifier, .attribute),
                Rule(.literal("."), .attribute, before: identStart),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("member", [
                Rule(.identifier, .attribute, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("className", [
                Rule(.run(space), .plain),
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("variableName", [
                Rule(.run(space), .plain),
                Rule(.identifier, .plain, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("import", [
                Rule(.run(space), .plain),
                Rule(.words(["static", "module"]), .keyword),
                Rule(.run(ByteSet("a-zA-Z0-9_.*").union(.nonASCII)), .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("string", fallback: .string, [
                Rule(.literal("\""), .string, .pop),
                Rule(.literal("\n"), .plain, .pop),
                Rule(.escaped("\\"), .string),
                Rule(.run(ByteSet("\\\"\n").inverted), .string),
            ]),
            LexerState("textBlock", fallback: .string, [
                Rule(.literal("\"\"\""), .string, .pop),
                Rule(.escaped("\\"), .string),
                Rule(.run(ByteSet("\\\"").inverted), .string),
                Rule(.literal("\""), .string),
            ]),
        ])
    }()
}
