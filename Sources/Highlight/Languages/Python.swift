// Python, following the token kinds of Pygments' `python` lexer: triple-quoted
// strings, string prefixes, f-strings whose `{…}` hold expressions (with
// nested brackets and a `:format` spec), decorators, and names after `.`
// that are never builtins.

import Support

extension LanguageRegistry {
    static let python: LanguageDefinition = {
        let magicFunctions = [
            "__abs__", "__add__", "__aenter__", "__aexit__", "__aiter__", "__and__", "__anext__", "__await__",
            "__bool__", "__bytes__", "__call__", "__contains__", "__del__", "__delattr__", "__delitem__",
            "__dir__", "__enter__", "__eq__", "__exit__", "__float__", "__format__", "__ge__", "__get__",
            "__getattr__", "__getattribute__", "__getitem__", "__gt__", "__hash__", "__iadd__", "__index__",
            "__init__", "__int__", "__iter__", "__le__", "__len__", "__lt__", "__missing__", "__mod__", "__mul__",
            "__ne__", "__neg__", "__new__", "__next__", "__or__", "__repr__", "__reversed__",
            "__set__", "__setattr__", "__setitem__", "__str__", "__sub__", "__truediv__",
        ]
        let magicVariables = [
            "__annotations__", "__bases__", "__class__", "__closure__", "__code__", "__defaults__", "__dict__",
            "__doc__", "__file__", "__func__", "__globals__", "__module__", "__mro__", "__name__", "__qualname__",
            "__self__", "__slots__", "__weakref__",
        ]
        let builtins = [
            "__import__", "abs", "aiter", "all", "any", "bin", "bool", "bytearray", "breakpoint", "bytes",
            "callable", "chr", "classmethod", "compile", "complex", "delattr", "dict", "dir", "divmod",
            "enumerate", "eval", "filter", "float", "format", "frozenset", "getattr", "globals", "hasattr",
            "hash", "hex", "id", "input", "int", "isinstance", "issubclass", "iter", "len", "list", "locals",
            "map", "max", "memoryview", "min", "next", "object", "oct", "open", "ord", "pow", "print",
            "property", "range", "repr", "reversed", "round", "set", "setattr", "slice", "sorted",
            "staticmethod", "str", "sum", "super", "tuple", "type", "vars", "zip",
            "self", "Ellipsis", "NotImplemented", "cls",
        ]
        let exceptions = [
            "ArithmeticError", "AssertionError", "AttributeError", "BaseException", "DeprecationWarning",
            "EOFError", "Exception", "FileExistsError", "FileNotFoundError", "ImportError", "IndexError",
            "IsADirectoryError", "KeyError", "KeyboardInterrupt", "LookupError", "MemoryError",
            "ModuleNotFoundError", "NameError", "NotImplementedError", "OSError", "OverflowError",
            "PermissionError", "RecursionError", "RuntimeError", "StopAsyncIteration", "StopIteration",
            "SyntaxError", "SystemExit", "TimeoutError", "TypeError", "UnicodeDecodeError", "UnicodeEncodeError",
            "UnicodeError", "UserWarning", "ValueError", "Warning", "ZeroDivisionError", "ConnectionError",
        ]
        let space = ByteSet(" \t")
        let quotes = ByteSet("\"'")
        /// A string state closed by `close`; f-strings also open `{…}`.
        func string(_ name: String, close: String, fString: Bool, singleLine: Bool) -> LexerState {
            var rules: [Rule] = [Rule(.literal(close), .string, .pop), Rule(.escaped("\\"), .string)]
            if fString {
                rules.append(Rule(.oneOf(["{{", "}}"]), .string))
                rules.append(Rule(.literal("{"), .string, .push("formatField")))
            }
            if singleLine { rules.append(Rule(.literal("\n"), .plain, .pop)) }
            rules.append(Rule(.run(ByteSet(fString ? "\\\\\"'{\n" : "\\\\\"'\n").inverted), .string))
            rules.append(Rule(.oneOf(["\"", "'"]), .string))
            rules.append(Rule(.literal("\n"), .string))
            return LexerState(name, fallback: .string, rules)
        }
        func opener(fString: Bool) -> [Rule] {
            let p = fString ? "f" : ""
            return [
                Rule(.literal("\"\"\""), .string, .push(p + "tripleDouble")),
                Rule(.literal("'''"), .string, .push(p + "tripleSingle")),
                Rule(.literal("\""), .string, .push(p + "double")),
                Rule(.literal("'"), .string, .push(p + "single")),
            ]
        }
        return LanguageDefinition(name: "python", aliases: ["py", "python3", "py3"], states: [
            LexerState("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.toLineEnd(prefix: "#"), .comment),
                Rule(.literal("\\"), .plain),
                Rule(.words(["def"]), .keyword, .push("functionName")),
                Rule(.words(["class"]), .keyword, .push("className")),
                Rule(.words(["from"]), .keyword, .push("fromImport"), before: space),
                Rule(.words(["import"]), .keyword, .push("import"), before: space),
                Rule(.oneOf(["rf", "fr", "Rf", "rF", "fR", "Fr", "RF", "FR", "f", "F"]), .string,
                     .push("fPrefix"), before: quotes),
                Rule(.run(ByteSet("rRbBuU")), .string, before: quotes),
                Rule(.words(["assert", "async", "await", "break", "continue", "del", "elif", "else", "except",
                             "finally", "for", "global", "if", "lambda", "pass", "raise", "nonlocal", "return",
                             "try", "while", "yield", "as", "with", "True", "False", "None", "in", "is", "and",
                             "or", "not", "from", "import"]), .keyword),
                Rule(.words(builtins), .builtin),
                Rule(.words(exceptions), .type),
                Rule(.words(magicFunctions), .function),
                Rule(.words(magicVariables), .variable),
                Rule(.identifier, .plain),
            ] + opener(fString: false) + [
                Rule(.number(suffix: ByteSet("jJ"), leadingDot: true), .number),
                Rule(.literal("."), .operator, .push("member")),
                Rule(.literal("@"), .attribute, .push("decorator"), before: ByteSet("a-zA-Z_")),
                Rule(.run(ByteSet("-~+/*%=<>&^|!@")), .operator),
                // Brackets one at a time: an f-string field's closing `}` must not merge into a run.
                Rule(.oneOf(["[", "]", "{", "}", "(", ")"]), .punctuation),
                Rule(.run(ByteSet(":,;")), .punctuation),
            ]),
            LexerState("member", [
                Rule(.words(magicFunctions), .function, .pop),
                Rule(.words(magicVariables), .variable, .pop),
                Rule(.identifier, .plain, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("decorator", [
                Rule(.identifier, .attribute, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("functionName", [
                Rule(.run(space), .plain),
                Rule(.identifier, .function, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("className", [
                Rule(.run(space), .plain),
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("fromImport", [
                Rule(.words(["import"]), .keyword, .pop),
                Rule(.words(["None"]), .keyword, .pop),
                Rule(.run(space), .plain),
                Rule(.literal("."), .type),
                Rule(.identifier, .type),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("import", [
                Rule(.run(space), .plain),
                Rule(.words(["as"]), .keyword),
                Rule(.literal("."), .type),
                Rule(.literal(","), .operator),
                Rule(.identifier, .type),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("fPrefix", [
                Rule(.literal("\"\"\""), .string, .replace("ftripleDouble")),
                Rule(.literal("'''"), .string, .replace("ftripleSingle")),
                Rule(.literal("\""), .string, .replace("fdouble")),
                Rule(.literal("'"), .string, .replace("fsingle")),
                Rule(.empty, .plain, .pop),
            ]),
            string("tripleDouble", close: "\"\"\"", fString: false, singleLine: false),
            string("tripleSingle", close: "'''", fString: false, singleLine: false),
            string("double", close: "\"", fString: false, singleLine: true),
            string("single", close: "'", fString: false, singleLine: true),
            string("ftripleDouble", close: "\"\"\"", fString: true, singleLine: false),
            string("ftripleSingle", close: "'''", fString: true, singleLine: false),
            string("fdouble", close: "\"", fString: true, singleLine: true),
            string("fsingle", close: "'", fString: true, singleLine: true),
            LexerState("formatField", [
                Rule(.oneOf(["!r}", "!s}", "!a}", "=}", "}", "!r:", "!s:", "!a:", "=:", ":"]), .string, .pop),
                Rule(.oneOf(["[", "(", "{"]), .punctuation, .push("formatBrackets")),
                .include("root"),
            ]),
            LexerState("formatBrackets", [
                Rule(.oneOf(["[", "(", "{"]), .punctuation, .push("formatBrackets")),
                Rule(.oneOf(["]", ")", "}"]), .punctuation, .pop),
                .include("root"),
            ]),
        ])
    }()
}
