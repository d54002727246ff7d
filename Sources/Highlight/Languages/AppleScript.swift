// AppleScript, following the token kinds of Pygments' `applescript` lexer:
// `--` and `#` line comments, nested `(* *)` comments, `¬` continuations,
// «raw codes», multi-word commands (`display dialog`, `do shell script`) and
// operators (`is greater than`), and `as class` coercions.

import Support

extension LanguageRegistry {
    static let appleScript: LanguageDefinition = {
        let rest = ByteSet("a-zA-Z0-9_").union(.nonASCII)
        var leadC2 = ByteSet()
        leadC2.insert(0xC2)
        func phrases(_ list: [String]) -> Pattern { .oneOf(list.sorted { $0.count > $1.count }) }
        let classes = ["alias", "application", "boolean", "class", "constant", "date", "file", "integer", "list",
                       "number", "real", "record", "reference", "script", "text", "string"]
        let studioClasses = ["application", "button", "cell", "control", "document", "item", "text", "view", "panel",
                             "menu", "matrix", "slider", "drawer", "toolbar", "bundle", "movie", "pasteboard",
                             "responder", "formatter", "event", "data", "box", "browser", "stepper", "sound"]
        return LanguageDefinition(name: "applescript", aliases: ["osascript"],
                                  identifierStart: ByteSet("a-zA-Z").union(.nonASCII), identifierRest: rest, states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.literal("¬"), .string, before: ByteSet("\n\r")),
                Rule(.literal("'s"), .plain, before: .whitespace),
                Rule(.toLineEnd(prefix: "--"), .comment),
                Rule(.toLineEnd(prefix: "#"), .comment),
                Rule(.span(open: "(*", close: "*)", nested: true), .comment),
                Rule(.run(ByteSet("(){}!,.:")), .punctuation),
                Rule(.literal("«"), .plain, .push("rawCode")),
                Rule(.oneOf(["≠", "≥", "≤", "÷", ">=", "<=", "-", "*", "+", "&", ">", "<", "=", "/", "^"]), .operator),
                // Operator words.
                Rule(phrases(["greater than", "less than", "comes after", "comes before", "come after", "come before",
                              "starts with", "start with", "begins with", "begin with", "ends with", "end with",
                              "contained by", "equal to", "isn't", "doesn't", "reference to", "ref to"]),
                     .keyword, notBefore: rest),
                Rule(.words(["and", "or", "is", "equals", "equal", "does", "contains", "contain", "div", "mod", "not",
                             "ref"]), .keyword),
                Rule(.words(["in", "on", "script", "to"]), .keyword, after: ByteSet("\n"), before: .whitespace),
                Rule(.words(["as"]), .keyword, .push("coercion"), before: ByteSet(" ")),
                // Constants.
                Rule(phrases(["current application", "missing value", "text item delimiters"]), .variable,
                     notBefore: rest),
                Rule(.words(["AppleScript", "false", "linefeed", "pi", "quote", "result", "return", "space", "tab",
                             "true", "version"]), .variable),
                // Commands.
                Rule(phrases(["ASCII character", "ASCII number", "choose URL", "choose application", "choose color",
                              "choose file name", "choose file", "choose folder", "choose from list",
                              "choose remote application", "clipboard info", "close access", "current date",
                              "display alert", "display dialog", "do shell script", "get eof", "get volume settings",
                              "info for", "list disks", "list folder", "load script", "mount volume",
                              "open for access", "open location", "path to", "random number", "run script",
                              "scripting components", "set eof", "set the clipboard to", "set volume", "store script",
                              "system attribute", "system info", "the clipboard", "time to GMT", "quoted form"]),
                     .builtin, notBefore: rest),
                Rule(.words(["activate", "beep", "close", "copy", "count", "delay", "delete", "duplicate", "exists",
                             "launch", "log", "make", "new", "offset", "open", "print", "quit", "read", "round", "run",
                             "say", "summarize", "write"]), .builtin),
                // Control and declarations.
                Rule(phrases(["using terms from", "with timeout of", "with timeout", "with transaction"]), .keyword,
                     notBefore: rest),
                Rule(.words(["considering", "else", "error", "exit", "from", "if", "ignoring", "in", "repeat", "tell",
                             "then", "times", "to", "try", "until", "while", "by", "continue", "end", "it", "its", "me",
                             "my", "return", "of", "as", "global", "local", "prop", "property", "set", "get"]),
                     .keyword),
                Rule(.words(["but", "put", "returning", "the"]), .builtin),
                Rule(phrases(["attribute runs", "attribute run", "apart from", "aside from", "instead of", "out of",
                              "in back of", "in front of", "back of", "front of"]), .builtin, notBefore: rest),
                Rule(.words(["attachment", "attachments", "character", "characters", "day", "days", "month", "months",
                             "paragraph", "paragraphs", "word", "words", "year", "years", "about", "above", "against",
                             "around", "at", "below", "beneath", "beside", "between", "for", "given", "on", "onto",
                             "over", "since"]), .builtin),
                // AppleScript Studio properties, classes and commands.
                Rule(.words(["name", "title", "path", "position", "size", "bounds", "visible", "enabled", "contents",
                             "content", "id", "index", "properties", "class", "width", "window", "hidden", "label",
                             "state", "value", "font", "image", "volume", "key", "identifier", "frontmost", "modal",
                             "editable", "types", "sheet", "tag", "toolbar", "view", "menu", "sound", "miniaturized",
                             "zoomed", "resizable", "floating", "opaque", "prompt", "formatter", "closeable"]),
                     .attribute),
                Rule(.words(studioClasses + studioClasses.map { $0 + "s" }), .builtin),
                Rule(.words(["animate", "append", "center", "display", "go", "hide", "highlight", "pause", "play",
                             "register", "resume", "scroll", "select", "show", "start", "stop", "synchronize",
                             "update"]), .builtin),
                Rule(.words(["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
                             "tenth", "after", "back", "before", "behind", "every", "front", "last", "middle", "some",
                             "that", "through", "thru", "where", "whose"]), .builtin),
                Rule(.span(open: "\"", close: "\"", escape: UInt8(ascii: "\\")), .string),
                Rule(.identifier, .variable),
                Rule(.number(leadingDot: true), .number),
            ]),
            // Anything up to `»` (its first UTF-8 byte is 0xC2); other
            // characters starting with 0xC2 fall back to builtin too.
            LexerState("rawCode", fallback: .builtin, [
                Rule(.literal("»"), .plain, .pop),
                Rule(.run(leadC2.inverted), .builtin),
            ]),
            LexerState("coercion", [
                Rule(.literal(" "), .keyword),
                Rule(phrases(["POSIX file", "RGB color", "Unicode text", "unit types"]), .type, .pop, notBefore: rest),
                Rule(.words(classes), .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
        ])
    }()
}
