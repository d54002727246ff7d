// HTML and XML, following the token kinds of Pygments' `html` and `xml`
// lexers. HTML `<style>` and `<script>` bodies are lexed as CSS and
// JavaScript (their states are embedded under a prefix); PHP reuses the HTML
// states with its `<?php … ?>` blocks added (see PHP.swift).

import Support

extension LanguageRegistry {
    /// Another language's states renamed with `prefix` (so they can live in
    /// one definition with others); `first` rules go ahead of its start state's.
    static func embeddedLanguageStates(_ language: LanguageDefinition, prefix: String,
                                       first: [Rule]) -> [LexerState] {
        func renamed(_ rule: Rule) -> Rule {
            var rule = rule
            if case .include(let name) = rule.pattern { rule.pattern = .include(prefix + name) }
            switch rule.action {
            case .push(let name): rule.action = .push(prefix + name)
            case .replace(let name): rule.action = .replace(prefix + name)
            case .none, .pop: break
            }
            return rule
        }
        return language.states.enumerated().map { index, state in
            LexerState(prefix + state.name, fallback: state.fallback,
                       (index == 0 ? first : []) + state.rules.map(renamed))
        }
    }

    /// HTML's states; `code` rules (PHP blocks) are tried first in text, tags and attribute values.
    static func htmlStates(code: [Rule] = []) -> [LexerState] {
        let name = ByteSet("a-zA-Z0-9_:.-").union(.nonASCII)
        let attributeName = ByteSet("a-zA-Z0-9_:-").union(.nonASCII)
        let close: [Rule] = [
            Rule(.run(.whitespace), .plain),
            Rule(.run(name), .tag),
            Rule(.literal(">"), .punctuation, .pop),
            Rule(.empty, .plain, .pop),
        ]
        func tag(_ body: String?) -> LexerState {
            LexerState(body.map { "\($0)Tag" } ?? "tag", code + [
                Rule(.run(.whitespace), .plain),
                Rule(.run(attributeName), .attribute),
                Rule(.literal("="), .operator, .push("attributeValue")),
                Rule(.oneOf(["/>", ">"]), .punctuation, body.map { Action.replace("\($0).root") } ?? Action.pop),
                Rule(.literal("/"), .punctuation, before: ByteSet(" \t\n>")),
            ])
        }
        // `</s…` ends a script or style body (checked where a token starts,
        // so not inside its strings and comments).
        func endOfBody(_ initial: String) -> [Rule] {
            [Rule(.literal("</"), .punctuation, .replace("closeTag"), before: ByteSet(initial + initial.uppercased()))]
        }
        return [
            LexerState("root", code + [
                Rule(.run(ByteSet("<&").inverted), .plain),
                Rule(.literal("&"), .variable, .push("entity"), before: ByteSet("a-zA-Z0-9#")),
                Rule(.run(ByteSet("&")), .plain),
                Rule(.span(open: "<![CDATA[", close: "]]>"), .preprocessor),
                Rule(.span(open: "<!--", close: "-->"), .comment),
                Rule(.span(open: "<?", close: "?>"), .preprocessor),
                Rule(.span(open: "<!", close: ">"), .preprocessor),
                Rule(.literal("</"), .punctuation, .push("closeTag")),
                Rule(.literal("<"), .punctuation, .push("tagName"), before: name),
                Rule(.run(ByteSet("<")), .plain, notBefore: name.union(ByteSet("/!?"))),
            ]),
            LexerState("entity", [
                Rule(.literal(";"), .variable, .pop),
                Rule(.run(ByteSet(";<&").union(.whitespace).inverted), .variable),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("tagName", [
                Rule(.words(["script"], ignoreCase: true), .tag, .replace("scriptTag"), notBefore: name),
                Rule(.words(["style"], ignoreCase: true), .tag, .replace("styleTag"), notBefore: name),
                Rule(.run(name), .tag, .replace("tag")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("closeTag", close),
            tag(nil), tag("script"), tag("style"),
            LexerState("attributeValue", code + [
                Rule(.run(.whitespace), .plain),
                Rule(.literal("\""), .string, .replace("doubleQuoted")),
                Rule(.literal("'"), .string, .replace("singleQuoted")),
                Rule(.run(ByteSet(">").union(.whitespace).inverted), .string, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("doubleQuoted", fallback: .string, code + [
                Rule(.literal("\""), .string, .pop),
                Rule(.run(ByteSet("\"<").inverted), .string),
            ]),
            LexerState("singleQuoted", fallback: .string, code + [
                Rule(.literal("'"), .string, .pop),
                Rule(.run(ByteSet("'<").inverted), .string),
            ]),
        ] + (embeddedLanguageStates(javaScript, prefix: "script.", first: endOfBody("s"))
             + embeddedLanguageStates(css, prefix: "style.", first: endOfBody("s"))).map { state in
            LexerState(state.name, fallback: state.fallback, code + state.rules)
        }
    }

    static let html = LanguageDefinition(name: "html", aliases: ["htm", "xhtml"],
                                         identifierStart: ByteSet("a-zA-Z0-9_$-").union(.nonASCII),
                                         identifierRest: ByteSet("a-zA-Z0-9_$-").union(.nonASCII),
                                         states: htmlStates())

    static let xml: LanguageDefinition = {
        let name = ByteSet("a-zA-Z0-9_:.-").union(.nonASCII)
        return LanguageDefinition(name: "xml", aliases: ["plist", "svg", "rss", "atom", "xsl"], states: [
            LexerState("root", [
                Rule(.run(ByteSet("<&").inverted), .plain),
                Rule(.literal("&"), .variable, .push("entity"), before: ByteSet("a-zA-Z0-9#")),
                Rule(.run(ByteSet("&")), .plain),
                Rule(.span(open: "<![CDATA[", close: "]]>"), .preprocessor),
                Rule(.span(open: "<!--", close: "-->"), .comment),
                Rule(.span(open: "<?", close: "?>"), .preprocessor),
                Rule(.span(open: "<!", close: ">"), .preprocessor),
                Rule(.literal("</"), .tag, .push("closeTag")),
                Rule(.literal("<"), .tag, .push("tagName"), before: name),
                Rule(.run(ByteSet("<")), .plain, notBefore: name.union(ByteSet("/!?"))),
            ]),
            LexerState("entity", [
                Rule(.literal(";"), .variable, .pop),
                Rule(.run(ByteSet(";<&").union(.whitespace).inverted), .variable),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("closeTag", [
                Rule(.run(name.union(.whitespace)), .tag),
                Rule(.literal(">"), .tag, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("tagName", [
                Rule(.run(name), .tag, .replace("tag")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("tag", [
                Rule(.run(.whitespace), .plain),
                Rule(.run(name), .attribute),
                Rule(.literal("="), .attribute, .push("attributeValue")),
                Rule(.oneOf(["/>", ">"]), .tag, .pop),
                Rule(.literal("/"), .tag, before: ByteSet(" \t\n>")),
            ]),
            LexerState("attributeValue", [
                Rule(.run(.whitespace), .plain),
                Rule(.span(open: "\"", close: "\""), .string, .pop),
                Rule(.span(open: "'", close: "'"), .string, .pop),
                Rule(.run(ByteSet(">").union(.whitespace).inverted), .string, .pop),
                Rule(.empty, .plain, .pop),
            ]),
        ])
    }()
}
