// Shell (bash, sh, zsh), following the token kinds of Pygments' `bash` lexer;
// and console sessions (`$ ` prompts, output lines), like its `console` lexer.

import Support

extension LanguageRegistry {
    /// The states of a shell script, shared by `shell` and `console`.
    static let shellStates: [LexerState] = {
        let word = ByteSet("a-zA-Z0-9_")
        let interpolation: [Rule] = [
            Rule(.literal("$(("), .keyword, .push("arithmetic")),
            Rule(.literal("$("), .keyword, .push("subshell")),
            Rule(.oneOf(["${#", "${"]), .string, .push("parameter")),
            Rule(.literal("$"), .variable, .push("variableName"), before: ByteSet("a-zA-Z_")),
            Rule(.oneOf(["$#", "$$", "$?", "$!", "$*", "$@", "$-"]), .variable),
            Rule(.literal("$"), .variable, .push("digits"), before: .digits),
            Rule(.literal("$"), .plain),
        ]
        return [
            LexerState("root", [
                // basic
                Rule(.words(["if", "fi", "else", "while", "in", "do", "done", "for", "then", "return", "function",
                             "case", "select", "break", "continue", "until", "esac", "elif"]), .keyword),
                Rule(.words(["alias", "bg", "bind", "builtin", "caller", "cd", "command", "compgen", "complete",
                             "declare", "dirs", "disown", "echo", "enable", "eval", "exec", "exit", "export",
                             "false", "fc", "fg", "getopts", "hash", "help", "history", "jobs", "kill", "let",
                             "local", "logout", "popd", "printf", "pushd", "pwd", "read", "readonly", "set",
                             "shift", "shopt", "source", "suspend", "test", "time", "times", "trap", "true",
                             "type", "typeset", "ulimit", "umask", "unalias", "unset", "wait"]), .builtin,
                     before: ByteSet(" \t\n\r)`")),
                Rule(.toLineEnd(prefix: "#!"), .comment, after: ByteSet("\n")),
                Rule(.toLineEnd(prefix: "#"), .comment),
                Rule(.escaped("\\"), .string),
                Rule(.identifier, .variable, before: ByteSet("=+")),
                Rule(.literal("+="), .operator),
                Rule(.run(ByteSet("[]{}()=")), .operator),
                Rule(.literal("<<<"), .operator),
                Rule(.heredoc(opener: "<<"), .string),
                Rule(.oneOf(["&&", "||"]), .operator),
                Rule(.literal("`"), .string, .push("backticks")),
                // data
                Rule(.oneOf(["$\"", "\""]), .string, .push("string")),
                Rule(.span(open: "$'", close: "'", escape: UInt8(ascii: "\\")), .string),
                Rule(.span(open: "'", close: "'"), .string),
                Rule(.run(ByteSet(";&|")), .punctuation),
                Rule(.run(.whitespace), .plain),
                Rule(.run(.digits), .number, notBefore: word),
                Rule(.run(ByteSet("=[]{}()$\"'`\\<&|;").union(.whitespace).inverted), .plain),
                Rule(.literal("<"), .plain),
            ] + interpolation),
            LexerState("variableName", [
                Rule(.identifier, .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("digits", [
                Rule(.run(.digits), .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("string", fallback: .string, [
                Rule(.literal("\""), .string, .pop),
                Rule(.escaped("\\"), .string),
                Rule(.run(ByteSet("\"\\$").inverted), .string),
            ] + interpolation),
            LexerState("parameter", [
                Rule(.literal("}"), .string, .pop),
                Rule(.literal(":-"), .keyword),
                Rule(.run(word), .variable),
                Rule(.run(ByteSet("}:\"'`$\\").inverted), .punctuation),
                Rule(.literal(":"), .punctuation),
                .include("root"),
            ]),
            LexerState("subshell", [
                Rule(.literal(")"), .keyword, .pop),
                .include("root"),
            ]),
            LexerState("arithmetic", [
                Rule(.literal("))"), .keyword, .pop),
                Rule(.oneOf(["**", "||", "<<", ">>", "-", "+", "*", "/", "%", "^", "|", "&", "<", ">"]), .operator),
                Rule(.number(), .number),
                Rule(.identifier, .variable),
                .include("root"),
            ]),
            LexerState("backticks", [
                Rule(.literal("`"), .string, .pop),
                .include("root"),
            ]),
        ]
    }()

    static let shell = LanguageDefinition(name: "shell", aliases: ["bash", "sh", "zsh", "ksh", "shell-script"],
                                          identifierStart: ByteSet("a-zA-Z_"), identifierRest: ByteSet("a-zA-Z0-9_"),
                                          states: shellStates)

    /// A terminal session: lines starting with a `$ `, `# ` or `% ` prompt are
    /// commands (a trailing `\` continues one, optionally after a `> ` prompt);
    /// other lines are output, left plain.
    static let console: LanguageDefinition = {
        let lineStart = ByteSet("\n")
        let session = LexerState("session", [
            Rule(.oneOf(["$ ", "# ", "% "]), .punctuation, .push("command"), after: lineStart),
            Rule(.oneOf(["$", "#", "%"]), .punctuation, .push("command"), after: lineStart, before: ByteSet("\n")),
            Rule(.toLineEnd(prefix: ""), .plain),
        ])
        let command = LexerState("command", [
            Rule(.literal("\n"), .plain, .pop),
            Rule(.literal("> "), .punctuation, after: lineStart),
            Rule(.run(ByteSet(" \t\r")), .plain),
            .include("root"),
        ])
        return LanguageDefinition(name: "console", aliases: ["shell-session", "terminal"],
                                  identifierStart: ByteSet("a-zA-Z_"), identifierRest: ByteSet("a-zA-Z0-9_"),
                                  states: [session, command] + shellStates)
    }()
}
