// Ruby, following the token kinds of Pygments' `ruby` lexer: heredocs
// (`<<~EOS`), `#{…}` interpolation with nested braces, symbols and `key:`
// hash keys, `@ivars`, regex literals, `%w[…]` lists, and method names after
// `.` that are never builtins.

import Support

extension LanguageRegistry {
    static let ruby: LanguageDefinition = {
        let identStart = ByteSet("a-zA-Z_").union(.nonASCII)
        let ident = ByteSet("a-zA-Z0-9_").union(.nonASCII)
        let space = ByteSet(" \t")
        let builtins = [
            "Array", "Float", "Integer", "String", "__id__", "__send__", "abort", "ancestors", "at_exit",
            "autoload", "binding", "callcc", "caller", "chomp", "chop", "class_eval", "class_variables", "clone",
            "const_get", "const_missing", "const_set", "constants", "display", "dup", "eval", "exec", "exit",
            "fail", "fork", "format", "freeze", "getc", "gets", "global_variables", "gsub", "hash", "id",
            "included_modules", "inspect", "instance_eval", "instance_method", "instance_methods",
            "instance_variable_get", "instance_variable_set", "instance_variables", "lambda", "load",
            "local_variables", "method", "method_missing", "methods", "module_eval", "name", "object_id", "open",
            "p", "print", "printf", "private_class_method", "private_instance_methods", "private_methods", "proc",
            "protected_instance_methods", "protected_methods", "public_class_method", "public_instance_methods",
            "public_methods", "putc", "puts", "rand", "readline", "readlines", "require", "scan", "select",
            "self", "send", "set_trace_func", "singleton_methods", "sleep", "split", "sprintf", "srand", "sub",
            "syscall", "system", "taint", "test", "to_a", "to_s", "trace_var", "trap", "untaint", "untrace_var",
            "warn", "__FILE__", "__LINE__",
        ]
        let interpolation: [Rule] = [
            Rule(.literal("#{"), .string, .push("interpolation")),
            Rule(.escaped("\\"), .string),
        ]
        return LanguageDefinition(name: "ruby", aliases: ["rb", "duby"], identifierStart: identStart,
                                  identifierRest: ident, states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "#"), .comment),
                Rule(.span(open: "=begin", close: "\n=end"), .comment, after: ByteSet("\n")),
                Rule(.words(["BEGIN", "END", "alias", "begin", "break", "case", "do", "else", "elsif", "end",
                             "ensure", "for", "if", "in", "next", "redo", "rescue", "raise", "retry", "return",
                             "super", "then", "undef", "unless", "until", "when", "while", "yield"]), .keyword),
                Rule(.words(["module"]), .keyword, .push("moduleName")),
                Rule(.words(["def"]), .keyword, .push("methodName")),
                Rule(.words(["class"]), .keyword, .push("className")),
                Rule(.words(["initialize", "new", "loop", "include", "extend", "attr_reader", "attr_writer",
                             "attr_accessor", "attr", "catch", "throw", "private", "module_function", "public",
                             "protected", "true", "false", "nil", "not", "and", "or"]), .keyword),
                Rule(.words(builtins), .builtin),
                // `names << name` appends: a heredoc's name follows `<<` (or `<<~`, `<<-`) at once.
                Rule(.oneOf(["<< ", "<<\t", "<<=", "<<\n"]), .operator),
                Rule(.heredoc(opener: "<<"), .string, after: ByteSet(" \t(,=\n")),
                Rule(.run(ByteSet("A-Z")), .variable, .push("constant")),
                Rule(.identifier, .string, before: ByteSet(":")),
                Rule(.identifier, .plain, .push("predicate")),
                Rule(.literal("@@"), .variable, .push("variableName")),
                Rule(.literal("@"), .variable, .push("variableName")),
                Rule(.literal("$"), .variable, .push("variableName")),
                Rule(.literal("::"), .operator),
                Rule(.literal(":"), .string, .push("symbol"), before: identStart.union(ByteSet("@"))),
                Rule(.literal(":\""), .string, .push("string")),
                Rule(.literal("\""), .string, .push("string")),
                Rule(.literal("'"), .string, .push("singleQuoted")),
                Rule(.literal("`"), .string, .push("string")),
                Rule(.oneOf(["%w[", "%i[", "%q[", "%W[", "%I[", "%Q["]), .string, .push("percentBracket")),
                Rule(.oneOf(["%w(", "%i(", "%q(", "%W(", "%I(", "%Q("]), .string, .push("percentParen")),
                Rule(.literal("%r{"), .regex, .push("regexBrace")),
                Rule(.literal("/"), .operator, before: ByteSet(" \t=")),
                Rule(.regex(flags: ByteSet("mixounse")), .regex, after: ByteSet("=<>~!:(,[ \t\n")),
                Rule(.number(), .number),
                Rule(.oneOf(["...", ".."]), .operator),
                Rule(.literal("."), .operator, .push("member")),
                Rule(.oneOf(["**", "<=>", "<<", ">>", ">=", "<=", "=~", "===", "!~", "&&", "||", "..."]), .operator),
                Rule(.run(ByteSet("[]")), .operator),
                Rule(.run(ByteSet("-+/*%=<>&!^|~")), .operator),
                // `{`/`}` one at a time: an interpolation's closing `}` must not merge into a run.
                Rule(.oneOf(["{", "}"]), .punctuation),
                Rule(.run(ByteSet("();,?:\\")), .punctuation),
            ]),
            LexerState("constant", [
                Rule(.run(ident), .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("predicate", [
                Rule(.oneOf(["?", "!"]), .plain, .pop, notBefore: ByteSet("=")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("member", [
                Rule(.identifier, .plain, .replace("predicate")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("variableName", [
                Rule(.identifier, .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("symbol", [
                Rule(.run(ByteSet("@")), .string),
                Rule(.identifier, .string, .replace("symbolEnd")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("symbolEnd", [
                Rule(.oneOf(["?", "!"]), .string, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("moduleName", [
                Rule(.run(space), .plain),
                Rule(.identifier, .type),
                Rule(.literal("::"), .type, before: identStart),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("methodName", [
                Rule(.run(space), .plain),
                Rule(.words(["self"]), .type, before: ByteSet(".")),
                Rule(.literal("."), .operator),
                Rule(.identifier, .function, .replace("methodSuffix")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("methodSuffix", [
                Rule(.oneOf(["?", "!", "="]), .function, .pop, notBefore: ByteSet("=~>")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("className", [
                Rule(.run(space), .plain),
                Rule(.literal("<<"), .operator, .pop),
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("string", fallback: .string, [
                Rule(.oneOf(["\"", "`"]), .string, .pop),
            ] + interpolation + [
                Rule(.run(ByteSet("\"`\\#").inverted), .string),
            ]),
            LexerState("singleQuoted", fallback: .string, [
                Rule(.literal("'"), .string, .pop),
                Rule(.escaped("\\"), .string),
                Rule(.run(ByteSet("'\\").inverted), .string),
            ]),
            LexerState("percentBracket", fallback: .string, [
                Rule(.literal("]"), .string, .pop),
                Rule(.literal("["), .string, .push("percentBracket")),
                Rule(.run(ByteSet("[]").inverted), .string),
            ]),
            LexerState("percentParen", fallback: .string, [
                Rule(.literal(")"), .string, .pop),
                Rule(.literal("("), .string, .push("percentParen")),
                Rule(.run(ByteSet("()").inverted), .string),
            ]),
            LexerState("regexBrace", fallback: .regex, [
                Rule(.oneOf(["}mixounse"]), .regex, .pop),
                Rule(.literal("}"), .regex, .pop),
                Rule(.literal("#{"), .string, .push("interpolation")),
                Rule(.escaped("\\"), .regex),
                Rule(.run(ByteSet("}\\#").inverted), .regex),
            ]),
            LexerState("interpolation", [
                Rule(.literal("}"), .string, .pop),
                Rule(.literal("{"), .string, .push("interpolation")),
                .include("root"),
            ]),
        ])
    }()
}
