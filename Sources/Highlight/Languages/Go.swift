// Go, following the token kinds of Pygments' `go` lexer: raw strings in
// backticks (multi-line), runes, and builtin types that read as builtins
// when called (`string(b)`, `len(x)`).

import Support

extension LanguageRegistry {
    static let go: LanguageDefinition = {
        let types = [
            "uint", "uint8", "uint16", "uint32", "uint64", "int", "int8", "int16", "int32", "int64", "float",
            "float32", "float64", "complex64", "complex128", "byte", "rune", "string", "bool", "error", "uintptr",
            "any", "comparable",
        ]
        let functions = [
            "print", "println", "panic", "recover", "close", "complex", "real", "imag", "len", "cap", "append",
            "copy", "delete", "new", "make", "min", "max", "clear",
        ]
        return LanguageDefinition(name: "go", aliases: ["golang"], states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.span(open: "/*", close: "*/"), .comment),
                Rule(.words(["import", "package", "var", "func", "struct", "map", "chan", "type", "interface",
                             "const", "break", "default", "select", "case", "defer", "go", "else", "goto",
                             "switch", "fallthrough", "if", "range", "continue", "for", "return", "true",
                             "false", "iota", "nil"]), .keyword),
                Rule(.words(types + functions), .builtin, before: ByteSet("(")),
                Rule(.words(types), .type),
                Rule(.number(suffix: ByteSet("i"), leadingDot: true), .number),
                Rule(.span(open: "'", close: "'", escape: UInt8(ascii: "\\"), singleLine: true), .string),
                Rule(.span(open: "`", close: "`"), .string),
                Rule(.span(open: "\"", close: "\"", escape: UInt8(ascii: "\\"), singleLine: true), .string),
                Rule(.oneOf(["<<=", ">>=", "&^=", "...", "<<", ">>", "<=", ">=", "&^", "+=", "-=", "*=", "/=",
                             "%=", "&=", "|=", "&&", "||", "<-", "++", "--", "==", "!=", ":=", "+", "-", "*",
                             "/", "%", "&", "~", "|"]), .operator),
                Rule(.run(ByteSet("^<>=!()[]{}.,;:")), .punctuation),
                Rule(.identifier, .plain),
            ]),
        ])
    }()
}
