// JavaScript, following the token kinds of Pygments' `javascript` lexer, with
// template literals whose `${…}` may hold braces and further templates, and
// regex literals told from division by the token before the `/`.

import Support

extension LanguageRegistry {
    static let javaScript = javaScriptFamily(name: "javascript", aliases: ["js", "mjs", "cjs", "jsx"])

    static let javaScriptIdentifierStart = ByteSet("a-zA-Z_$").union(.nonASCII)
    static let javaScriptIdentifier = ByteSet("a-zA-Z0-9_$").union(.nonASCII)

    /// JavaScript's tables; a dialect (TypeScript) puts its own rules ahead of
    /// JavaScript's in `root` and adds the states they push.
    static func javaScriptFamily(name: String, aliases: [String], rootFirst: [Rule] = [],
                                 moreStates: [LexerState] = []) -> LanguageDefinition {
        let identStart = javaScriptIdentifierStart
        let ident = javaScriptIdentifier
        // After these a `/` divides; after anything else (or a keyword) it starts a regex.
        let valueEnd = ident.union(ByteSet(")]}\"'`"))
        return LanguageDefinition(name: name, aliases: aliases,
                                  identifierStart: identStart, identifierRest: ident, states: [
            LexerState("root", rootFirst + [
                Rule(.toLineEnd(prefix: "#!"), .comment, after: ByteSet("\n")),
                Rule(.run(.whitespace), .plain),
                Rule(.literal("<!--"), .comment),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.span(open: "/*", close: "*/"), .comment),
                Rule(.regex(flags: ByteSet("dgimsuvy")), .regex, afterValueNotIn: valueEnd),
                Rule(.number(suffix: ByteSet("n"), leadingDot: true), .number),
                Rule(.oneOf(["...", "=>"]), .punctuation),
                Rule(.oneOf([">>>=", ">>>", "<<=", ">>=", "**=", "||=", "&&=", "??=", "===", "!==", "++", "--", "??",
                             "<<", ">>", "==", "!=", "<=", ">=", "**", "||", "&&", "+=", "-=", "*=", "/=", "%=",
                             "&=", "|=", "^=", "~", "?", ":", "=", "!", "<", ">", "+", "-", "*", "/", "%", "&",
                             "|", "^"]), .operator),
                // `{`/`}` one at a time: a substitution's closing `}` must not merge into a run (`${f(x)}`).
                Rule(.oneOf(["{", "}"]), .punctuation),
                Rule(.run(ByteSet("()[];,.")), .punctuation),
                Rule(.words(["typeof", "instanceof", "in", "void", "delete", "new"]), .keyword),
                Rule(.words([
                    "constructor", "from", "as", "for", "while", "do", "break", "return", "continue", "switch",
                    "case", "default", "if", "else", "throw", "try", "catch", "finally", "yield", "await", "async",
                    "this", "of", "static", "export", "import", "debugger", "extends", "super", "var", "let",
                    "const", "with", "function", "class", "abstract", "boolean", "byte", "char", "double", "enum",
                    "final", "float", "goto", "implements", "int", "interface", "long", "native", "package",
                    "private", "protected", "public", "short", "synchronized", "throws", "transient", "volatile",
                    "true", "false", "null", "NaN", "Infinity", "undefined",
                ]), .keyword),
                Rule(.words([
                    "Array", "Boolean", "Date", "BigInt", "Function", "Math", "ArrayBuffer", "Number", "Object",
                    "RegExp", "String", "Promise", "Proxy", "decodeURI", "decodeURIComponent", "encodeURI",
                    "encodeURIComponent", "eval", "isFinite", "isNaN", "parseFloat", "parseInt", "DataView",
                    "document", "window", "globalThis", "global", "Symbol", "Intl", "WeakSet", "WeakMap", "Set",
                    "Map", "Reflect", "JSON", "Atomics", "Int8Array", "Int16Array", "Int32Array", "BigInt64Array",
                    "Float32Array", "Float64Array", "Uint8ClampedArray", "Uint8Array", "Uint16Array",
                    "Uint32Array", "BigUint64Array",
                ]), .builtin),
                Rule(.words(["Error", "EvalError", "InternalError", "RangeError", "ReferenceError", "SyntaxError",
                             "TypeError", "URIError"]), .type),
                Rule(.identifier, .plain),
                Rule(.span(open: "\"", close: "\"", escape: UInt8(ascii: "\\"), singleLine: true), .string),
                Rule(.span(open: "'", close: "'", escape: UInt8(ascii: "\\"), singleLine: true), .string),
                Rule(.literal("`"), .string, .push("template")),
                Rule(.literal("#"), .plain, .push("privateName")),
            ]),
            LexerState("privateName", [
                Rule(.identifier, .plain, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("template", fallback: .string, [
                Rule(.literal("`"), .string, .pop),
                Rule(.escaped("\\"), .string),
                Rule(.literal("${"), .string, .push("substitution")),
                Rule(.run(ByteSet("`\\$").inverted), .string),
            ]),
            LexerState("substitution", [
                Rule(.literal("}"), .string, .pop),
                Rule(.literal("{"), .punctuation, .push("braces")),
                .include("root"),
            ]),
            LexerState("braces", [
                Rule(.literal("}"), .punctuation, .pop),
                Rule(.literal("{"), .punctuation, .push("braces")),
                .include("root"),
            ]),
        ] + moreStates)
    }
}
