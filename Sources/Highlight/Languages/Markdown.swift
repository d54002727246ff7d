// Markdown, following the token kinds of Pygments' `markdown` lexer: `#`
// headings, list and quote markers, inline code, links, ~~strikethrough~~,
// @mentions; fenced code blocks are lexed as Swift, shell or JavaScript when
// the fence names one of them (their states are embedded, `embeddedLanguageStates` in HTML.swift),
// and are a plain string otherwise.

import Support

extension LanguageRegistry {
    static let markdown: LanguageDefinition = {
        let lineStart = ByteSet("\n")
        let fenceEnd = [Rule(.literal("```"), .string, .pop, after: lineStart)]
        let listMarkers: [Rule] = [
            Rule(.oneOf(["- [ ]", "- [x]", "- [X]", "* [ ]", "* [x]", "* [X]"]), .keyword, before: ByteSet(" ")),
            Rule(.oneOf(["-", "*"]), .keyword, before: ByteSet(" \t")),
            Rule(.run(.digits), .keyword, .push("orderedDot"), before: ByteSet(".")),
            Rule(.literal(">"), .keyword, .push("quote"), before: ByteSet(" \t")),
        ]
        let word = ByteSet("a-zA-Z0-9_/:").union(.nonASCII)
        return LanguageDefinition(name: "markdown", aliases: ["md", "mdown"], states: [
            LexerState("root", [
                Rule(.toLineEnd(prefix: "#"), .keyword, after: lineStart),
                Rule(.span(open: "```\n", close: "\n```"), .string, after: lineStart),
                Rule(.literal("```"), .string, .push("fenceLanguage"), after: lineStart),
                Rule(.run(ByteSet(" \t")), .plain, .push("indented"), after: lineStart),
            ] + listMarkers.map { rule in
                var rule = rule
                rule.after = lineStart
                return rule
            } + [.include("inline")]),
            LexerState("indented", listMarkers + [
                Rule(.literal("```"), .string, .replace("fenceLanguage")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("orderedDot", [
                Rule(.literal("."), .keyword, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("quote", [
                Rule(.literal(" "), .keyword),
                Rule(.toLineEnd(prefix: ""), .plain, .pop),
            ]),
            LexerState("inline", [
                Rule(.run(ByteSet(" \t\r")), .plain),
                Rule(.literal("\n"), .plain),
                Rule(.escaped("\\"), .plain),
                Rule(.span(open: "`", close: "`", singleLine: true), .string),
                Rule(.span(open: "~~", close: "~~", singleLine: true), .variable),
                Rule(.oneOf(["@", "#"]), .variable, .push("mention"), before: word),
                Rule(.oneOf(["![", "["]), .plain, .push("linkText")),
                Rule(.run(ByteSet("`[\\").union(.whitespace).inverted), .plain),
            ]),
            LexerState("mention", [
                Rule(.run(word), .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("linkText", [
                Rule(.oneOf(["]("]), .plain, .replace("linkURL")),
                Rule(.literal("]"), .plain, .pop),
                Rule(.run(ByteSet("]\n").inverted), .tag),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("linkURL", [
                Rule(.literal(")"), .plain, .pop),
                Rule(.run(ByteSet(")\n").inverted), .attribute),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("fenceLanguage", [
                Rule(.words(["swift"], ignoreCase: true), .string, .replace("swift.root")),
                Rule(.words(["bash", "sh", "zsh", "shell"], ignoreCase: true), .string, .replace("shell.root")),
                Rule(.words(["javascript", "js"], ignoreCase: true), .string, .replace("js.root")),
                Rule(.run(ByteSet("\n").inverted), .string, .replace("fencedText")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("fencedText", fallback: .string, fenceEnd + [
                Rule(.run(ByteSet("`\n").inverted), .string),
                Rule(.literal("\n"), .plain),
                Rule(.literal("`"), .string),
            ]),
        ] + embeddedLanguageStates(swift, prefix: "swift.", first: fenceEnd)
          + embeddedLanguageStates(shell, prefix: "shell.", first: fenceEnd)
          + embeddedLanguageStates(javaScript, prefix: "js.", first: fenceEnd))
    }()
}
