// Swift, following the token kinds of Pygments' `swift` lexer, plus what it
// misses: nested block comments, raw strings `#"…"#` (up to `###`) with `\#(…)`, and
// interpolation `\(…)` with nested parentheses in every string form (coloured as
// code, where Pygments colours them as string).

import Support

extension LanguageRegistry {
    static let swift: LanguageDefinition = {
        let ident = ByteSet("a-zA-Z0-9_").union(.nonASCII)
        let space = ByteSet(" \t\r\n")
        let keywords: [String] = [
            "as", "async", "await", "break", "case", "catch", "continue", "default", "defer", "do", "else",
            "fallthrough", "for", "guard", "if", "in", "is", "repeat", "return", "switch", "throw", "try",
            "where", "while",
            // Reserved (contextual) words.
            "associativity", "convenience", "dynamic", "didSet", "final", "get", "indirect", "infix", "inout",
            "lazy", "left", "mutating", "none", "nonmutating", "optional", "override", "postfix", "precedence",
            "prefix", "Protocol", "required", "rethrows", "right", "set", "throws", "Type", "unowned", "weak",
            "willSet",
            // Constants.
            "dynamicType", "false", "nil", "self", "Self", "super", "true", "_",
            // Declarations that do not name what follows.
            "actor", "associatedtype", "deinit", "init", "internal", "operator", "private", "public", "static",
            "subscript", "typealias",
        ]
        let builtins: [String] = [
            "Any", "AnyClass", "AnyObject", "Array", "Bool", "Character", "ClosedRange", "Comparable",
            "ContiguousArray", "Dictionary", "Double", "Equatable", "Float", "Float32", "Float64", "Hashable",
            "Int", "Int8", "Int16", "Int32", "Int64", "Optional", "Range", "RawRepresentable", "Slice",
            "StaticString", "String", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UnicodeScalar",
            "Unmanaged", "UnsafeBufferPointer", "UnsafeMutableBufferPointer", "UnsafeMutablePointer",
            "UnsafePointer", "UTF8", "UTF16", "UTF32", "Void", "Selector", "NSObject", "NSString", "NSError",
            // Global functions.
            "abs", "assert", "assertionFailure", "contains", "count", "debugPrint", "dropFirst", "dropLast",
            "dump", "filter", "first", "indices", "insert", "isEmpty", "last", "map", "max", "min",
            "numericCast", "precondition", "preconditionFailure", "print", "reduce", "removeAll", "removeLast",
            "reversed", "sort", "sorted", "split", "stride", "swap", "unsafeBitCast", "withExtendedLifetime",
            "withUnsafeMutablePointer", "withUnsafePointer", "fatalError", "prefix", "suffix", "zip",
        ]
        // Interpolation and escapes shared by every string form; `close` ends it.
        func string(_ name: String, close: String, interpolation: String, raw: Bool, singleLine: Bool) -> LexerState {
            var rules: [Rule] = [
                Rule(.literal(close), .string, .pop),
                Rule(.literal(interpolation), .string, .push("interpolation")),
            ]
            if !raw { rules.append(Rule(.escaped("\\"), .string, notBefore: nil)) }
            if singleLine { rules.append(Rule(.literal("\n"), .plain, .pop)) }
            rules.append(Rule(.run(ByteSet("\\\"\n").inverted), .string))
            return LexerState(name, fallback: .string, rules)
        }
        return LanguageDefinition(name: "swift", states: [
            LexerState("root", [
                Rule(.run(space), .plain),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.span(open: "/*", close: "*/", nested: true), .comment),
                Rule(.oneOf(["#if", "#elseif", "#else", "#endif", "#available"]), .preprocessor, .push("directive"),
                     notBefore: ident),
                Rule(.oneOf(["#selector", "#file", "#line", "#column", "#function"]), .keyword, notBefore: ident),
                Rule(.literal("import"), .keyword, .push("module"), notBefore: ident),
                Rule(.words(["class", "enum", "extension", "struct", "protocol"]), .keyword, .push("typeName")),
                Rule(.words(["func"]), .keyword, .push("functionName")),
                Rule(.words(["var", "let"]), .keyword, .push("variableName")),
                Rule(.words(keywords), .keyword),
                Rule(.words(builtins), .builtin),
                Rule(.oneOf(["@objc", "@IBAction", "@IBOutlet", "@IBInspectable", "@NSManaged", "@NSCopying"]),
                     .keyword, notBefore: ident),
                Rule(.literal("@"), .attribute, .push("attribute")),
                Rule(.oneOf((0...9).map { "$\($0)" }), .variable),
                Rule(.number(), .number),
                // Raw strings with up to three `#`s, longest delimiter first (`##"a "# b"##`).
                Rule(.literal("###\"\"\""), .string, .push("rawMultiString3")),
                Rule(.literal("###\""), .string, .push("rawString3")),
                Rule(.literal("##\"\"\""), .string, .push("rawMultiString2")),
                Rule(.literal("##\""), .string, .push("rawString2")),
                Rule(.literal("#\"\"\""), .string, .push("rawMultiString")),
                Rule(.literal("#\""), .string, .push("rawString")),
                Rule(.literal("\"\"\""), .string, .push("multiString")),
                Rule(.literal("\""), .string, .push("string")),
                Rule(.literal("->"), .punctuation),
                Rule(.run(ByteSet("<&?")), .punctuation, before: ident),
                Rule(.run(ByteSet(">!?")), .punctuation, after: ident),
                // Parentheses on their own: in an interpolation, a run such as `])`
                // would swallow the `)` that closes it.
                Rule(.run(ByteSet("{}[].,:;=@#`?")), .punctuation),
                Rule(.run(ByteSet("()")), .punctuation),
                Rule(.run(ByteSet("/=+!*%<>&|^?~-")), .operator),
                Rule(.identifier, .plain),
            ]),
            LexerState("typeName", [
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("functionName", [
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.identifier, .function, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("variableName", [
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.identifier, .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("attribute", [
                Rule(.identifier, .attribute, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("module", [
                Rule(.literal("\n"), .plain, .pop),
                Rule(.identifier, .type),
                .include("root"),
            ]),
            LexerState("directive", [
                Rule(.literal("\n"), .plain, .pop),
                Rule(.words(keywords), .keyword),
                Rule(.identifier, .preprocessor),
                .include("root"),
            ]),
            string("string", close: "\"", interpolation: "\\(", raw: false, singleLine: true),
            string("multiString", close: "\"\"\"", interpolation: "\\(", raw: false, singleLine: false),
            string("rawString", close: "\"#", interpolation: "\\#(", raw: true, singleLine: true),
            string("rawMultiString", close: "\"\"\"#", interpolation: "\\#(", raw: true, singleLine: false),
            string("rawString2", close: "\"##", interpolation: "\\##(", raw: true, singleLine: true),
            string("rawMultiString2", close: "\"\"\"##", interpolation: "\\##(", raw: true, singleLine: false),
            string("rawString3", close: "\"###", interpolation: "\\###(", raw: true, singleLine: true),
            string("rawMultiString3", close: "\"\"\"###", interpolation: "\\###(", raw: true, singleLine: false),
            // `\(` and the `)` that closes it are the string's; the code between is code,
            // its own parentheses included (`\(a.joined(separator: ", "))`): Pygments
            // colours those as string too, which reads as if the call were text.
            LexerState("interpolation", [
                Rule(.literal("("), .punctuation, .push("interpolationParens")),
                Rule(.literal(")"), .string, .pop),
                .include("root"),
            ]),
            LexerState("interpolationParens", [
                Rule(.literal("("), .punctuation, .push("interpolationParens")),
                Rule(.literal(")"), .punctuation, .pop),
                .include("root"),
            ]),
        ])
    }()
}
