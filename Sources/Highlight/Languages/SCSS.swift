// SCSS, following the token kinds of Pygments' `scss` lexer, which reads
// everything outside `$variable:` declarations and value-taking at-rules as a
// selector (so `color: red` inside a block is tag, decorator, tag), with
// `#{…}` interpolation in selectors, values, strings and comments.

import Support

extension LanguageRegistry {
    static let scss: LanguageDefinition = {
        let word = ByteSet("a-zA-Z0-9_-").union(.nonASCII)
        let interpolation = Rule(.literal("#{"), .string, .push("interpolation"))
        let strings: [Rule] = [
            Rule(.literal("\""), .string, .push("doubleQuoted")),
            Rule(.literal("'"), .string, .push("singleQuoted")),
        ]
        // Selector rules; from the start state each also enters `selector` (as
        // Pygments does for anything that is not a declaration or at-rule).
        func selector(fromRoot: Bool) -> [Rule] {
            let enter: Action = fromRoot ? .push("selector") : .none
            return [
                Rule(.run(ByteSet(" \t\n\r")), .plain),
                Rule(.literal(":"), .attribute, .push(fromRoot ? "rootPseudoClass" : "pseudoClass")),
                Rule(.literal("."), .type, .push(fromRoot ? "rootClassName" : "className")),
                Rule(.literal("#"), .type, .push(fromRoot ? "rootClassName" : "className")),
                Rule(.run(word), .tag, enter),
                Rule(.literal("#{"), .string, .push("interpolation")),
                Rule(.literal("&"), .keyword, enter),
                Rule(.run(ByteSet("~^*![]()<>|+=@:;,./?-")), .operator, enter),
                Rule(.literal("\""), .string, .push("doubleQuoted")),
                Rule(.literal("'"), .string, .push("singleQuoted")),
            ]
        }
        func name(_ state: String, _ kind: TokenKind, fromRoot: Bool) -> LexerState {
            LexerState(state, [
                Rule(.run(word), kind),
                interpolation,
                Rule(.empty, .plain, .pop),
            ])
        }
        func string(_ name: String, _ quote: String) -> LexerState {
            LexerState(name, fallback: .string, [
                Rule(.literal(quote), .string, .pop),
                Rule(.literal("\n"), .plain, .pop),
                Rule(.escaped("\\"), .string),
                interpolation,
                Rule(.run(ByteSet("\n\\#" + quote).inverted), .string),
            ])
        }
        let endOfValue = Rule(.run(ByteSet(";{}")), .punctuation, .pop)
        return LanguageDefinition(name: "scss", identifierStart: ByteSet("a-zA-Z_-").union(.nonASCII),
                                  identifierRest: word, states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.span(open: "/*", close: "*/"), .comment),
                Rule(.literal("@for"), .keyword, .push("for"), notBefore: word),
                Rule(.oneOf(["@import", "@debug", "@warn", "@if", "@while", "@media"]), .keyword, .push("value"),
                     notBefore: word),
                Rule(.literal("@mixin"), .keyword, .push("mixinName"), notBefore: word),
                Rule(.literal("@include"), .keyword, .push("includeName"), notBefore: word),
                Rule(.literal("@"), .keyword, .push("atKeyword"), before: word),
                Rule(.literal("$"), .variable, .push("declaration"), before: word),
                Rule(.run(ByteSet("{}")), .punctuation),
            ] + selector(fromRoot: true)),
            // Only a brace ends a selector (Pygments reads `;` there as an operator).
            LexerState("selector", selector(fromRoot: false) + [Rule(.run(ByteSet("{}")), .punctuation, .pop)]),
            LexerState("atKeyword", [
                Rule(.run(word), .keyword, .replace("selector")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("mixinName", [
                Rule(.literal(" "), .function, .replace("mixinWord")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("mixinWord", [
                Rule(.run(word), .function, .replace("value")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("includeName", [
                Rule(.literal(" "), .attribute, .replace("includeWord")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("includeWord", [
                Rule(.run(word), .attribute, .replace("value")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("declaration", [
                Rule(.run(word), .variable),
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.literal(":"), .operator, .replace("value")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("for", [
                Rule(.words(["from", "to", "through"]), .keyword),
                .include("value"),
            ]),
            LexerState("value", [
                Rule(.run(ByteSet(" \t\n\r")), .plain),
                Rule(.literal("!"), .variable, .push("valueWord"), before: word),
                Rule(.literal("$"), .variable, .push("valueWord"), before: word),
                Rule(.literal("url("), .string, .push("url")),
                Rule(.identifier, .function, before: ByteSet("(")),
                Rule(.words(cssProperties + scssValueWords), .variable),
                Rule(.words(cssValueKeywords), .variable),
                Rule(.words(["true", "false"]), .plain),
                Rule(.words(["and", "or", "not"]), .keyword),
                Rule(.span(open: "/*", close: "*/"), .comment),
                Rule(.toLineEnd(prefix: "//"), .comment),
                interpolation,
                Rule(.literal("#"), .number, .push("hex"), before: ByteSet("a-zA-Z0-9")),
                Rule(.literal("-"), .number, before: ByteSet("0-9.")),
                Rule(.number(leadingDot: true), .number, .push("unit")),
                Rule(.run(ByteSet("~^*!&%<>|+=@:,./?-")), .operator),
                Rule(.run(ByteSet("[]()")), .punctuation),
                endOfValue,
                Rule(.identifier, .plain),
            ] + strings),
            LexerState("valueWord", [
                Rule(.run(word), .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("hex", [
                Rule(.run(ByteSet("a-zA-Z0-9")), .number, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("unit", [
                Rule(.literal("%"), .type, .pop),
                Rule(.run(ByteSet("a-z")), .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("url", fallback: .string, [
                Rule(.literal(")"), .string, .pop),
                interpolation,
                Rule(.run(ByteSet("\n#)").inverted), .string),
            ]),
            LexerState("interpolation", [
                Rule(.literal("}"), .string, .pop),
                .include("value"),
            ]),
            name("pseudoClass", .attribute, fromRoot: false),
            name("className", .type, fromRoot: false),
            name("rootPseudoClass", .attribute, fromRoot: true),
            name("rootClassName", .type, fromRoot: true),
            string("doubleQuoted", "\""),
            string("singleQuoted", "'"),
        ])
    }()

    /// Value words Pygments' `scss` lexer knows besides the CSS property names.
    static let scssValueWords: [String] = [
        "above", "absolute", "always", "armenian", "aural", "auto", "avoid", "baseline", "behind", "below",
        "bidi-override", "blink", "block", "bold", "bolder", "both", "capitalize", "center", "center-left",
        "center-right", "circle", "cjk-ideographic", "close-quote", "collapse", "condensed", "continuous", "cross",
        "crosshair", "cursive", "dashed", "decimal", "decimal-leading-zero", "default", "digits", "disc", "dotted",
        "double", "e-resize", "embed", "expanded", "extra-condensed", "extra-expanded", "fantasy", "far-left",
        "far-right", "fast", "faster", "fixed", "georgian", "groove", "hebrew", "help", "hidden", "hide", "high",
        "higher", "hiragana", "hiragana-iroha", "icon", "inherit", "inline", "inline-table", "inside", "invert",
        "italic", "justify", "katakana", "katakana-iroha", "landscape", "large", "larger", "left-side", "leftwards",
        "level", "lighter", "line-through", "list-item", "loud", "low", "lower", "lower-alpha", "lower-greek",
        "lower-roman", "lowercase", "ltr", "medium", "message-box", "middle", "mix", "monospace", "n-resize",
        "narrower", "ne-resize", "no-close-quote", "no-open-quote", "no-repeat", "none", "normal", "nowrap",
        "nw-resize", "oblique", "once", "open-quote", "outset", "outside", "overline", "pointer", "portrait", "px",
        "relative", "repeat", "repeat-x", "repeat-y", "rgb", "ridge", "right-side", "rightwards", "s-resize",
        "sans-serif", "scroll", "se-resize", "semi-condensed", "semi-expanded", "separate", "serif", "show", "silent",
        "slow", "slower", "small-caps", "small-caption", "smaller", "soft", "solid", "spell-out", "square", "static",
        "status-bar", "super", "sw-resize", "table-caption", "table-cell", "table-column", "table-column-group",
        "table-footer-group", "table-header-group", "table-row", "table-row-group", "text", "text-bottom", "text-top",
        "thick", "thin", "transparent", "ultra-condensed", "ultra-expanded", "underline", "upper-alpha",
        "upper-latin", "upper-roman", "uppercase", "url", "visible", "w-resize", "wait", "wider", "x-fast", "x-high",
        "x-large", "x-loud", "x-low", "x-small", "x-soft", "xx-large", "xx-small", "yes",
    ]
}
