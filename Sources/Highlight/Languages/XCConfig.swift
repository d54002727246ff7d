// Xcode build configuration files (`.xcconfig`), which Pygments has no lexer for:
// `// comments`; `#include "Other.xcconfig"` and `#include? "…"` as preprocessor
// lines; `SETTING[sdk=iphoneos*][arch=arm64] = value` with the setting name an
// attribute, conditions keywords, `=` an operator; in values, `$(VAR)`,
// `${VAR}` and `$VAR` references variables and quoted text strings.

import Support

extension LanguageRegistry {
    static let xcconfig: LanguageDefinition = {
        let name = ByteSet("A-Za-z0-9_")
        let references: [Rule] = [
            Rule(.literal("$("), .variable, .push("parenReference")),
            Rule(.literal("${"), .variable, .push("braceReference")),
            Rule(.run(ByteSet("$")), .variable, .push("bareReference"), before: ByteSet("A-Za-z_")),
        ]
        return LanguageDefinition(name: "xcconfig", identifierStart: ByteSet("A-Za-z_"), identifierRest: name, states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.oneOf(["#include?", "#include"]), .preprocessor, .push("include")),
                Rule(.run(name), .attribute, .push("setting")),
            ]),
            LexerState("include", [
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.span(open: "\"", close: "\"", singleLine: true), .string),
                Rule(.literal("\n"), .plain, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            // After the name: conditions in brackets, then `=` and the value.
            LexerState("setting", [
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.literal("["), .punctuation, .push("condition")),
                Rule(.literal("="), .operator, .replace("value")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("condition", [
                Rule(.literal("]"), .punctuation, .pop),
                Rule(.literal("="), .operator),
                Rule(.literal(","), .punctuation),
                Rule(.words(["sdk", "arch", "config", "variant", "dialect"]), .keyword),
                Rule(.run(ByteSet("]=,\n").inverted), .string),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("value", [
                Rule(.literal("\n"), .plain, .pop),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.span(open: "\"", close: "\"", singleLine: true), .string),
            ] + references + [
                Rule(.run(ByteSet("$\"/\n").inverted), .plain),
                Rule(.literal("/"), .plain),
            ]),
            LexerState("parenReference", [
                Rule(.literal(")"), .variable, .pop),
            ] + references + [
                Rule(.run(ByteSet(")$\n").inverted), .variable),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("braceReference", [
                Rule(.literal("}"), .variable, .pop),
                Rule(.run(ByteSet("}\n").inverted), .variable),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("bareReference", [
                Rule(.run(name), .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
        ])
    }()
}
