// Rust, following the token kinds of Pygments' `rust` lexer: lifetimes told
// from char literals, raw strings `r#"…"#`, nested block comments, doc
// comments (as strings, like Pygments), attributes `#[…]` and macros `name!`.

import Support

extension LanguageRegistry {
    static let rust: LanguageDefinition = {
        let keywordTypes = ["u8", "u16", "u32", "u64", "u128", "i8", "i16", "i32", "i64", "i128", "usize",
                            "isize", "f32", "f64", "char", "str", "bool"]
        let builtins = [
            "Copy", "Send", "Sized", "Sync", "Unpin", "Drop", "Fn", "FnMut", "FnOnce", "drop", "Box", "ToOwned",
            "Clone", "PartialEq", "PartialOrd", "Eq", "Ord", "AsRef", "AsMut", "Into", "From", "Default",
            "Iterator", "Extend", "IntoIterator", "DoubleEndedIterator", "ExactSizeIterator", "Option", "Some",
            "None", "Result", "Ok", "Err", "String", "ToString", "Vec",
        ]
        let macros = [
            "asm", "assert", "assert_eq", "assert_ne", "cfg", "column", "compile_error", "concat", "dbg",
            "debug_assert", "debug_assert_eq", "debug_assert_ne", "env", "eprint", "eprintln", "file", "format",
            "format_args", "include", "include_bytes", "include_str", "line", "macro_rules", "matches",
            "module_path", "option_env", "panic", "print", "println", "stringify", "thread_local", "todo",
            "unimplemented", "unreachable", "vec", "write", "writeln",
        ]
        let identStart = ByteSet("a-zA-Z_")
        let space = ByteSet(" \t\r\n")
        let string: [Rule] = [
            Rule(.literal("\""), .string, .pop),
            Rule(.escaped("\\"), .string),
            Rule(.run(ByteSet("\"\\").inverted), .string),
        ]
        return LanguageDefinition(name: "rust", aliases: ["rs"], states: [
            LexerState("root", [
                Rule(.run(space), .plain),
                Rule(.toLineEnd(prefix: "//!"), .string),
                Rule(.toLineEnd(prefix: "///"), .string),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.span(open: "/**", close: "*/", nested: true), .string),
                Rule(.span(open: "/*!", close: "*/", nested: true), .string),
                Rule(.span(open: "/*", close: "*/", nested: true), .comment),
                Rule(.literal("$"), .preprocessor, .push("macroParameter")),
                Rule(.words(["as", "async", "await", "box", "const", "crate", "dyn", "else", "extern", "for", "if",
                             "impl", "in", "loop", "match", "move", "mut", "pub", "ref", "return", "static",
                             "super", "trait", "unsafe", "use", "where", "while", "abstract", "become", "do",
                             "final", "macro", "override", "priv", "typeof", "try", "unsized", "virtual", "yield",
                             "true", "false", "let", "break", "continue"]), .keyword),
                Rule(.words(["self", "Self"]), .builtin),
                Rule(.words(["mod"]), .keyword, .push("moduleName")),
                Rule(.words(["fn"]), .keyword, .push("functionName")),
                Rule(.words(["struct", "enum", "type", "union"]), .keyword, .push("typeName")),
                Rule(.words(keywordTypes), .keyword, after: .digits),
                Rule(.words(keywordTypes), .type),
                Rule(.words(builtins), .builtin),
                Rule(.oneOf(macros.map { $0 + "!" }), .function),
                Rule(.literal("::"), .punctuation, before: ByteSet("a-zA-Z0-9_")),
                Rule(.oneOf([":", "->"]), .punctuation, .push("typeName")),
                Rule(.number(), .number),
                Rule(.oneOf(["b\"", "\""]), .string, .push("string")),
                Rule(.span(open: "r###\"", close: "\"###"), .string),
                Rule(.span(open: "r##\"", close: "\"##"), .string),
                Rule(.span(open: "r#\"", close: "\"#"), .string),
                Rule(.span(open: "r\"", close: "\""), .string),
                Rule(.span(open: "br#\"", close: "\"#"), .string),
                Rule(.span(open: "br\"", close: "\""), .string),
                // `'a` is a lifetime (or, closed by a quote, the char `'a'`); a quote
                // before anything else opens a char literal.
                Rule(.literal("'"), .operator, .push("lifetime"), before: identStart),
                Rule(.span(open: "'", close: "'", escape: UInt8(ascii: "\\"), singleLine: true), .string),
                Rule(.span(open: "b'", close: "'", escape: UInt8(ascii: "\\"), singleLine: true), .string),
                Rule(.oneOf(["..=", ".."]), .operator),
                Rule(.run(ByteSet("{}()[],.;")), .punctuation),
                Rule(.run(ByteSet("-+*/%&|<>^!~@=?")), .operator),
                Rule(.literal("r#"), .plain, before: identStart),
                Rule(.identifier, .plain),
                Rule(.oneOf(["#![", "#["]), .preprocessor, .push("attribute")),
            ]),
            LexerState("macroParameter", [
                Rule(.identifier, .preprocessor, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("moduleName", [
                Rule(.run(space), .plain),
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("functionName", [
                Rule(.run(space), .plain),
                Rule(.identifier, .function, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("typeName", [
                Rule(.run(space), .plain),
                Rule(.literal("&"), .keyword),
                Rule(.literal("'"), .operator, .push("lifetime")),
                Rule(.words(builtins), .builtin),
                Rule(.words(keywordTypes), .type),
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("lifetime", [
                Rule(.identifier, .string, .replace("charClose"), before: ByteSet("'")),
                Rule(.words(["static", "_"]), .builtin, .pop),
                Rule(.identifier, .attribute, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("charClose", [
                Rule(.literal("'"), .string, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("string", fallback: .string, string),
            LexerState("attribute", fallback: .preprocessor, [
                Rule(.literal("\""), .string, .push("string")),
                Rule(.literal("["), .preprocessor, .push("attribute")),
                Rule(.literal("]"), .preprocessor, .pop),
                Rule(.run(ByteSet("\"[]").inverted), .preprocessor),
            ]),
        ])
    }()
}
