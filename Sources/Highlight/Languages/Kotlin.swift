// Kotlin, following the token kinds of Pygments' `kotlin` lexer: string
// templates `$name` and `${…}` (with braces and strings inside), declared
// names after `class`/`fun`/`val`/`var`, members after `.` and `?.`,
// annotations and labels, and nested block comments (which Kotlin allows).

import Support

extension LanguageRegistry {
    static let kotlin: LanguageDefinition = {
        let identStart = ByteSet("a-zA-Z_").union(.nonASCII)
        let ident = ByteSet("a-zA-Z0-9_").union(.nonASCII)
        let space = ByteSet(" \t\r\n")
        let modifiers: [String] = [
            "actual", "abstract", "annotation", "companion", "const", "crossinline", "data", "enum", "expect",
            "external", "final", "infix", "inline", "inner", "internal", "lateinit", "noinline", "open",
            "operator", "override", "private", "protected", "public", "sealed", "suspend", "tailrec", "value",
        ]
        let types = ["Boolean", "Byte", "Char", "Double", "Float", "Int", "Long", "Short", "String", "Any", "Unit"]
        let stringCommon: [Rule] = [
            Rule(.escaped("\\"), .string),
            Rule(.literal("${"), .string, .push("interpolation")),
            Rule(.literal("$"), .string, .push("templateName"), before: identStart),
        ]
        return LanguageDefinition(name: "kotlin", identifierStart: identStart,
                                  identifierRest: ident, states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "#!"), .comment, after: ByteSet("\n")),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.span(open: "/*", close: "*/", nested: true), .comment),
                Rule(.literal("as?"), .keyword, after: ident.inverted),
                Rule(.oneOf(["!in", "!is"]), .keyword, notBefore: ident),
                Rule(.words(["as", "break", "by", "catch", "constructor", "continue", "do", "dynamic", "else",
                             "finally", "get", "for", "if", "init", "in", "is", "out", "reified", "return", "set",
                             "super", "this", "throw", "try", "typealias", "typeof", "vararg", "when", "where",
                             "while"]), .keyword),
                Rule(.words(["it"]), .builtin),
                Rule(.words(types), .type, .push("nullableType"), before: ByteSet("?")),
                Rule(.words(types), .type),
                Rule(.words(["true", "false", "null"]), .keyword),
                Rule(.words(["package", "import"]), .keyword, .push("import"), before: space),
                Rule(.literal("?."), .operator, .push("member"), before: identStart),
                Rule(.literal("."), .punctuation, .push("member"), before: identStart),
                Rule(.literal("@"), .attribute, .push("annotation"), before: identStart),
                Rule(.literal("@"), .attribute, after: ident),
                Rule(.words(["object"]), .keyword, .push("objectExpression"), before: space),
                Rule(.words(modifiers), .keyword, before: space),
                Rule(.words(["class", "interface", "object"]), .keyword, .push("className"), before: space),
                Rule(.words(["val", "var"]), .keyword, .push("variableName"), before: space),
                Rule(.words(["fun"]), .keyword, .push("functionName"), before: space),
                Rule(.identifier, .attribute, before: ByteSet("@")),
                Rule(.identifier, .plain),
                Rule(.literal("?."), .operator, after: ident),
                Rule(.escaped("?"), .plain, after: ident),
                Rule(.oneOf(["::", "!!", "?:", "?."]), .operator),
                Rule(.run(ByteSet("~^*!%&[]<>|+=/?-")), .operator),
                Rule(.run(ByteSet("();:,")), .punctuation),
                Rule(.literal("{"), .punctuation),
                Rule(.literal("}"), .punctuation),
                Rule(.literal("."), .punctuation),
                Rule(.literal("\"\"\""), .string, .push("multilineString")),
                Rule(.literal("\""), .string, .push("string")),
                Rule(.span(open: "'", close: "'", escape: UInt8(ascii: "\\"), singleLine: true), .string),
                Rule(.number(suffix: ByteSet("flFL"), leadingDot: false), .number),
                Rule(.span(open: "`", close: "`", singleLine: true), .plain),
            ]),
            LexerState("nullableType", [
                Rule(.literal("?"), .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("member", [
                Rule(.identifier, .attribute, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("annotation", [
                Rule(.identifier, .attribute),
                Rule(.literal("."), .attribute, before: identStart),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("import", [
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.run(space.inverted), .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("objectExpression", [
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.literal(":"), .punctuation, .replace("className")),
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("className", [
                Rule(.run(space), .plain),
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("variableName", [
                Rule(.run(space), .plain),
                Rule(.literal("("), .punctuation, .replace("destructuring")),
                Rule(.identifier, .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("destructuring", [
                Rule(.run(space), .plain),
                Rule(.literal(","), .punctuation),
                Rule(.literal(")"), .punctuation, .pop),
                Rule(.literal(":"), .punctuation),
                Rule(.identifier, .variable),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("functionName", [
                Rule(.run(space), .plain),
                Rule(.literal("<"), .operator, .push("generic")),
                Rule(.identifier, .plain, before: ByteSet(".")),
                Rule(.literal("."), .punctuation),
                Rule(.identifier, .function, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("generic", [
                Rule(.literal(">"), .operator, .pop),
                Rule(.run(space.union(ByteSet(",:"))), .punctuation),
                Rule(.words(["reified", "out", "in"]), .keyword),
                Rule(.identifier, .plain),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("templateName", [
                Rule(.identifier, .plain, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("string", fallback: .string, [
                Rule(.literal("\""), .string, .pop),
                Rule(.literal("\n"), .plain, .pop),
            ] + stringCommon + [
                Rule(.run(ByteSet("\\\"$\n").inverted), .string),
            ]),
            LexerState("multilineString", fallback: .string, [
                Rule(.literal("\"\"\""), .string, .pop),
                Rule(.literal("\""), .string),
            ] + stringCommon + [
                Rule(.run(ByteSet("\\\"$").inverted), .string),
            ]),
            LexerState("interpolation", [
                Rule(.literal("\""), .string),
                Rule(.literal("}"), .string, .pop),
                Rule(.literal("{"), .punctuation, .push("scope")),
                .include("root"),
            ]),
            LexerState("scope", [
                Rule(.literal("}"), .punctuation, .pop),
                Rule(.literal("{"), .punctuation, .push("scope")),
                .include("root"),
            ]),
        ])
    }()
}
