// C, Objective-C and C++, following the token kinds of Pygments' `c`,
// `objective-c` and `cpp` lexers: preprocessor lines (with `\` continuation,
// `#if 0` blocks as comments, `#include` files), names of functions defined or
// declared at file level, `case` labels, and for Objective-C `@"…"`, boxed
// literals, `@interface` class names and method selectors.

import Support

extension LanguageRegistry {
    private enum CDialect { case c, objectiveC, cpp }

    /// Words shared by the three languages.
    private static let cKeywords: [String] = [
        "asm", "auto", "break", "struct", "union", "const", "constexpr", "continue", "default", "do", "else", "enum", "extern",
        "for", "goto", "if", "register", "restricted", "return", "sizeof", "static", "switch", "typedef",
        "typeof", "typeof_unqual", "volatile", "while", "thread_local", "alignas", "alignof", "static_assert",
        "_Pragma",
        "inline", "_inline", "__inline", "naked", "restrict", "thread",
        "__asm", "__based", "__except", "__stdcall", "__cdecl", "__fastcall", "__declspec", "__finally",
        "__try", "__leave", "__forceinline", "__assume", "__int8", "__int16", "__int32", "__int64", "__wchar_t",
    ]
    private static let cTypes: [String] = [
        "bool", "int", "long", "float", "short", "double", "char", "unsigned", "signed", "void", "_BitInt",
        "__int128",
        // Standard library, C99 fixed width and POSIX types.
        "size_t", "ssize_t", "off_t", "wchar_t", "ptrdiff_t", "sig_atomic_t", "fpos_t", "clock_t", "time_t",
        "va_list", "jmp_buf", "FILE", "DIR", "div_t", "ldiv_t", "mbstate_t", "wctrans_t", "wint_t", "wctype_t",
        "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
        "int_least8_t", "int_least16_t", "int_least32_t", "int_least64_t", "uint_least8_t", "uint_least16_t",
        "uint_least32_t", "uint_least64_t", "int_fast8_t", "int_fast16_t", "int_fast32_t", "int_fast64_t",
        "uint_fast8_t", "uint_fast16_t", "uint_fast32_t", "uint_fast64_t", "intptr_t", "uintptr_t",
        "intmax_t", "uintmax_t",
        "clockid_t", "dev_t", "gid_t", "id_t", "ino_t", "key_t", "mode_t", "pid_t", "rlim_t", "sig_t",
        "sigset_t", "socklen_t", "timer_t", "uid_t",
        "atomic_bool", "atomic_int", "atomic_uint", "atomic_long", "atomic_size_t", "atomic_intptr_t",
    ]
    private static let cOnlyKeywords: [String] = [
        "_Alignas", "_Alignof", "_Noreturn", "_Generic", "_Thread_local", "_Static_assert", "_Imaginary",
        "noreturn", "imaginary", "complex",
    ]
    private static let cOnlyTypes: [String] = ["_Bool", "_Complex", "_Atomic", "_Decimal32", "_Decimal64", "_Decimal128"]
    private static let cppKeywords: [String] = [
        "catch", "const_cast", "delete", "dynamic_cast", "explicit", "export", "friend", "mutable", "new",
        "operator", "private", "protected", "public", "reinterpret_cast", "class", "__restrict", "static_cast",
        "template", "this", "throw", "throws", "try", "typeid", "using", "virtual", "concept", "decltype",
        "noexcept", "override", "final", "constinit", "consteval", "co_await", "co_return", "co_yield",
        "requires", "import", "module", "typename", "and", "and_eq", "bitand", "bitor", "compl", "not",
        "not_eq", "or", "or_eq", "xor", "xor_eq",
    ]
    /// Objective-C keywords (Pygments highlights the property attributes everywhere).
    private static let objcKeywords: [String] = [
        "__bridge", "__bridge_transfer", "__autoreleasing", "__block", "__weak", "__strong", "weak", "strong",
        "copy", "retain", "assign", "unsafe_unretained", "atomic", "nonatomic", "readonly", "readwrite",
        "setter", "getter", "typeof", "in", "out", "inout", "release", "class",
    ]
    /// Words after `@`.
    private static let objcAtKeywords: [String] = [
        "selector", "private", "protected", "public", "encode", "synchronized", "try", "throw", "catch",
        "finally", "end", "property", "synthesize", "dynamic", "optional", "required", "autoreleasepool",
        "import",
    ]
    private static let objcTypes: [String] = [
        "id", "instancetype", "Class", "IMP", "SEL", "BOOL", "IBOutlet", "IBAction", "unichar",
        "Boolean", "UInt8", "SInt8", "UInt16", "SInt16", "UInt32", "SInt32",
    ]
    /// Common Foundation, UIKit and AppKit classes and protocols (Pygments' Cocoa list).
    private static let cocoaNames: [String] = [
        "NSObject", "NSString", "NSMutableString", "NSArray", "NSMutableArray", "NSDictionary",
        "NSMutableDictionary", "NSSet", "NSMutableSet", "NSNumber", "NSValue", "NSData", "NSMutableData",
        "NSDate", "NSDateFormatter", "NSError", "NSException", "NSURL", "NSURLRequest", "NSMutableURLRequest",
        "NSURLSession", "NSURLSessionDataTask", "NSURLResponse", "NSHTTPURLResponse", "NSNotification",
        "NSNotificationCenter", "NSUserDefaults", "NSBundle", "NSFileManager", "NSJSONSerialization",
        "NSOperationQueue", "NSThread", "NSTimer", "NSRunLoop", "NSCache", "NSIndexPath", "NSPredicate",
        "NSSortDescriptor", "NSAttributedString", "NSMutableAttributedString", "NSProcessInfo", "NSUUID",
        "NSCoder", "NSKeyedArchiver", "NSKeyedUnarchiver", "NSLock", "NSCharacterSet", "NSScanner",
        "UIView", "UIViewController", "UITableView", "UITableViewCell", "UICollectionView", "UILabel",
        "UIButton", "UIImage", "UIImageView", "UIColor", "UIFont", "UIApplication", "UIWindow", "UIScreen",
        "UINavigationController", "UIScrollView", "UITextField", "UIAlertController", "UIAlertAction",
        "NSView", "NSViewController", "NSWindow", "NSWindowController", "NSApplication", "NSColor", "NSImage",
        "NSFont", "NSTextField", "NSButton", "NSTableView", "NSMenu", "NSMenuItem",
        "NSCopying", "NSCoding", "NSSecureCoding", "NSMutableCopying", "NSFastEnumeration",
        "UITableViewDataSource", "UITableViewDelegate", "UICollectionViewDataSource",
        "UICollectionViewDelegate", "UIApplicationDelegate", "UIScrollViewDelegate", "UITextFieldDelegate",
        "NSApplicationDelegate", "NSWindowDelegate", "NSTableViewDataSource", "NSTableViewDelegate",
        "NSURLSessionDelegate", "NSURLSessionDataDelegate",
    ]

    private static func cFamily(_ dialect: CDialect, name: String, aliases: [String]) -> LanguageDefinition {
        let ident = ByteSet("a-zA-Z0-9_$").union(.nonASCII)
        let lineStart = ByteSet("\n \t")
        var keywords = cKeywords
        var types = cTypes
        switch dialect {
        case .c: keywords += cOnlyKeywords; types += cOnlyTypes
        case .objectiveC: keywords += cOnlyKeywords + objcKeywords; types += cOnlyTypes + objcTypes
        case .cpp: keywords += cppKeywords; types += ["char8_t", "char16_t", "char32_t"]
        }
        var builtins = ["true", "false", "NULL", "nullptr"]
        if dialect == .objectiveC { builtins += ["YES", "NO", "nil", "self", "super", "TRUE", "FALSE"] }

        // Space, comments and preprocessor lines.
        let whitespace: [Rule] = [
            Rule(.run(ByteSet("\n")), .plain),
            Rule(.run(ByteSet(" \t")), .plain, .push("lineStart"), after: ByteSet("\n")),
            Rule(.run(.whitespace), .plain),
            Rule(.literal("\\\n"), .plain),
            Rule(.toLineEnd(prefix: "//"), .comment),
            Rule(.span(open: "/*", close: "*/"), .comment),
            Rule(.literal("#if 0"), .preprocessor, .push("if0"), after: lineStart, notBefore: ident),
            Rule(.literal("#"), .preprocessor, .push("macro"), after: lineStart),
        ]
        // Everything inside a statement.
        var statements: [Rule] = []
        if dialect == .objectiveC {
            statements += [
                Rule(.literal("@\""), .string, .push("string")),
                Rule(.oneOf(["@YES", "@NO"]), .number, notBefore: ident),
                Rule(.span(open: "@'", close: "'", escape: UInt8(ascii: "\\"), singleLine: true), .string),
                Rule(.literal("@"), .number, .push("boxedNumber"), before: .digits),
                Rule(.literal("@("), .string, .push("boxed")),
                Rule(.literal("@["), .string, .push("arrayLiteral")),
                Rule(.literal("@{"), .string, .push("dictionaryLiteral")),
                Rule(.literal("@"), .keyword, .push("atWord"), before: ByteSet("a-z")),
                Rule(.literal("@"), .punctuation),
                Rule(.words(cocoaNames), .builtin),
            ]
        }
        if dialect == .cpp {
            statements += [
                Rule(.words(["class", "concept", "typename"]), .keyword, .push("className"), before: ByteSet(" \t\n")),
                Rule(.words(["namespace"]), .keyword, .push("namespace")),
                Rule(.words(["enum"]), .keyword, .push("enumName"), before: ByteSet(" \t\n")),
                Rule(.oneOf(["u8R\"(", "LR\"(", "uR\"(", "UR\"(", "R\"("]), .string, .push("rawString")),
            ]
        }
        statements += [
            Rule(.words(["struct", "union"]), .keyword, .push("className"), before: ByteSet(" \t\n")),
            Rule(.words(["case"]), .keyword, .push("caseValue")),
            Rule(.words(keywords), .keyword),
            Rule(.words(types), .type),
            Rule(.words(builtins), .builtin),
            Rule(.oneOf(["u8\"", "L\"", "u\"", "U\""]), .string, .push("string")),
            Rule(.oneOf(["u8'", "L'", "u'", "U'"]), .string, .push("char")),
            Rule(.literal("\""), .string, .push("string")),
            Rule(.literal("-"), .number, before: ByteSet("0-9")),
            Rule(.number(suffix: ByteSet("uUlLfFzZ"), leadingDot: true), .number),
        ]
        if dialect == .cpp {
            // C++14 digit separators: `1'000'000`.
            statements.append(Rule(.literal("'"), .number, .push("digitGroup"), after: .digits, before: .digits))
        }
        statements += [
            Rule(.literal("'"), .string, .push("char")),
            // `-` stays apart so that `:-1` gives a negative number, as in Pygments.
            Rule(.run(ByteSet("~!%^&*+=|?:<>/")), .operator),
            Rule(.literal("-"), .operator),
            Rule(.run(ByteSet("()[],.")), .punctuation),
        ]
        // `name:` at the start of a line (a label, or an Objective-C message
        // part); indented ones are found by the `lineStart` state.
        let label = Rule(.identifier, .plain, .push("labelColon"), after: ByteSet("\n"), before: ByteSet(":"))
        let accessWords = ["default", "public", "private", "protected"]
        // A function body: braces nest, calls are plain names.
        let body: [Rule] = [
            .include("whitespace"),
            Rule(.literal("{"), .punctuation, .push("body")),
            Rule(.literal("}"), .punctuation, .pop),
            Rule(.run(ByteSet(";")), .punctuation),
            .include("statements"),
            label,
            Rule(.identifier, .plain),
        ]
        // File level, like Pygments: `type name(…)` names a function; anything
        // else starts a statement, which ends at `;` or `{`.
        var root: [Rule] = [.include("whitespace")]
        if dialect == .objectiveC {
            root.append(Rule(.oneOf(["-", "+"]), .punctuation, .push("methodStart"), after: ByteSet("\n")))
        }
        let typeEnd = ByteSet(" \t\n*&")
        if dialect == .objectiveC {
            root.append(Rule(.words(cocoaNames), .builtin, .push("returnType"), before: typeEnd))
        }
        root += [
            Rule(.run(ByteSet("{;")), .punctuation),
            Rule(.words(types), .type, .push("returnType"), before: typeEnd),
            Rule(.words(types), .type),
            Rule(.literal("-"), .number, before: .digits),
            Rule(.literal("}"), .punctuation, .push("statement")),
            Rule(.run(ByteSet("~!%^&*+=|?:<>/")), .operator, .push("statement")),
            Rule(.literal("-"), .operator, .push("statement")),
            Rule(.run(ByteSet("()[],.")), .punctuation, .push("statement")),
            .include("statements"),
            label,
            Rule(.identifier, .plain, .push("returnType"), before: dialect == .cpp ? typeEnd.union(ByteSet(":")) : typeEnd),
            Rule(.identifier, .plain, .push("statement")),
        ]
        var states: [LexerState] = [
            LexerState("root", root),
            LexerState("whitespace", whitespace),
            LexerState("statements", statements),
            LexerState("statement", [.include("whitespace")] + (dialect != .objectiveC ? [] : [
                Rule(.oneOf(["@interface", "@implementation"]), .keyword, .replace("ocClassName"),
                     before: ByteSet(" \t\n")),
            ]) + [
                Rule(.run(ByteSet("{;")), .punctuation, .pop),
                Rule(.literal("}"), .punctuation),
                .include("statements"),
                label,
                Rule(.identifier, .plain),
            ]),
            // After a type: more type words, `*`/`&`, then maybe the function's name.
            LexerState("returnType", (dialect != .objectiveC ? [] : [Rule(.words(cocoaNames), .builtin)]) + [
                Rule(.run(ByteSet(" \t\n")), .plain),
                Rule(.run(ByteSet("*&")), .operator),
                Rule(.literal("::"), .operator),
                Rule(.words(keywords), .keyword, .pop),
                Rule(.words(builtins), .builtin, .pop),
                Rule(.words(types), .type),
                Rule(.identifier, .function, .replace("signature"), before: ByteSet("(")),
                Rule(.identifier, .plain, before: dialect == .cpp ? typeEnd.union(ByteSet(":")) : typeEnd),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("lineStart", [
                Rule(.words(accessWords), .keyword, .pop, before: ByteSet(":")),
                Rule(.identifier, .plain, .replace("labelColon"), before: ByteSet(":")),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("labelColon", [
                Rule(.literal("::"), .operator, .pop),
                Rule(.literal(":"), .punctuation, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("digitGroup", [
                Rule(.number(), .number, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("signature", [
                .include("whitespace"),
                Rule(.literal(";"), .punctuation, .pop),
                Rule(.literal("{"), .punctuation, .replace("body")),
                .include("statements"),
                Rule(.identifier, .plain),
            ]),
            LexerState("body", body),
            LexerState("caseValue", [
                Rule(.literal("::"), .operator),
                Rule(.literal(":"), .punctuation, .pop),
                Rule(.literal(";"), .punctuation, .pop),
                Rule(.identifier, .variable),
                .include("whitespace"),
                .include("statements"),
            ]),
            LexerState("className", [
                Rule(.run(.whitespace), .plain),
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("macro", fallback: .preprocessor, [
                Rule(.literal("\n"), .plain, .pop),
                Rule(.literal("include"), .preprocessor, .replace("includeFile"), notBefore: ident),
                Rule(.run(ByteSet("/\n\\").inverted), .preprocessor),
                Rule(.span(open: "/*", close: "*/"), .comment),
                Rule(.toLineEnd(prefix: "//"), .comment),
                Rule(.literal("\\\n"), .preprocessor),
                Rule(.literal("\\"), .preprocessor),
                Rule(.literal("/"), .preprocessor),
            ]),
            LexerState("includeFile", [
                Rule(.literal("\n"), .plain, .pop),
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.run(ByteSet("\n").inverted), .comment),
            ]),
            LexerState("if0", [
                Rule(.run(ByteSet(" \t")), .plain, after: ByteSet("\n")),
                Rule(.toLineEnd(prefix: "#endif"), .preprocessor, .pop, after: lineStart),
                Rule(.toLineEnd(prefix: "#el"), .preprocessor, .pop, after: lineStart),
                Rule(.toLineEnd(prefix: "#if"), .preprocessor, .push("if0"), after: lineStart),
                Rule(.run(ByteSet("\n").inverted), .comment),
                Rule(.run(ByteSet("\n")), .plain),
            ]),
            LexerState("string", fallback: .string, [
                Rule(.literal("\""), .string, .pop),
                Rule(.literal("\n"), .plain, .pop),
                Rule(.escaped("\\"), .string),
                Rule(.run(ByteSet("\\\"\n").inverted), .string),
            ]),
            LexerState("char", fallback: .string, [
                Rule(.literal("'"), .string, .pop),
                Rule(.literal("\n"), .plain, .pop),
                Rule(.escaped("\\"), .string),
                Rule(.run(ByteSet("\\'\n").inverted), .string),
            ]),
        ]
        if dialect == .cpp {
            states += [
                LexerState("namespace", [
                    Rule(.run(.whitespace), .plain),
                    Rule(.run(ByteSet("{;")), .punctuation, .pop),
                    Rule(.words(["inline"]), .keyword),
                    Rule(.identifier, .type),
                    Rule(.literal("::"), .operator),
                    Rule(.empty, .plain, .pop),
                ]),
                LexerState("enumName", [
                    Rule(.run(.whitespace), .plain),
                    Rule(.words(["class", "struct"]), .keyword),
                    Rule(.identifier, .type, .pop),
                    Rule(.empty, .plain, .pop),
                ]),
                LexerState("rawString", fallback: .string, [
                    Rule(.literal(")\""), .string, .pop),
                    Rule(.run(ByteSet(")").inverted), .string),
                ]),
            ]
        }
        if dialect == .objectiveC {
            states += [
                LexerState("boxedNumber", [
                    Rule(.number(suffix: ByteSet("lLfF")), .number, .pop),
                    Rule(.empty, .plain, .pop),
                ]),
                LexerState("boxed", [
                    Rule(.literal(")"), .string, .pop),
                    Rule(.literal("("), .punctuation, .push("parens")),
                    .include("whitespace"),
                    .include("statements"),
                    Rule(.identifier, .plain),
                ]),
                LexerState("parens", [
                    Rule(.literal(")"), .punctuation, .pop),
                    Rule(.literal("("), .punctuation, .push("parens")),
                    .include("whitespace"),
                    .include("statements"),
                    Rule(.identifier, .plain),
                ]),
                LexerState("arrayLiteral", [
                    Rule(.literal("]"), .string, .pop),
                    Rule(.literal("["), .punctuation, .push("brackets")),
                    .include("whitespace"),
                    .include("statements"),
                    Rule(.identifier, .plain),
                ]),
                LexerState("brackets", [
                    Rule(.literal("]"), .punctuation, .pop),
                    Rule(.literal("["), .punctuation, .push("brackets")),
                    .include("whitespace"),
                    .include("statements"),
                    Rule(.identifier, .plain),
                ]),
                LexerState("dictionaryLiteral", [
                    Rule(.literal("}"), .string, .pop),
                    Rule(.literal("{"), .punctuation, .push("body")),
                    .include("whitespace"),
                    .include("statements"),
                    Rule(.identifier, .plain),
                ]),
                // The word after `@` (one rule for `@` keeps a run of `@` cheap).
                LexerState("atWord", [
                    Rule(.words(["interface", "implementation"]), .keyword, .replace("ocClassName"),
                         before: ByteSet(" \t\n")),
                    Rule(.words(["class", "protocol"]), .keyword, .replace("ocForwardName"), before: ByteSet(" \t\n")),
                    // Pygments starts a statement at `@end` (it runs to the next `;` or `{`).
                    Rule(.words(["end"]), .keyword, .replace("statement")),
                    Rule(.words(objcAtKeywords), .keyword, .pop),
                    Rule(.identifier, .plain, .pop),
                    Rule(.empty, .plain, .pop),
                ]),
                LexerState("ocClassName", [
                    Rule(.run(.whitespace), .plain),
                    Rule(.literal(":"), .plain),
                    Rule(.words(cocoaNames), .builtin),
                    Rule(.identifier, .type),
                    Rule(.literal("{"), .punctuation, .replace("body")),
                    Rule(.empty, .plain, .pop),
                ]),
                LexerState("ocForwardName", [
                    Rule(.run(ByteSet(" \t,")), .plain),
                    Rule(.words(cocoaNames), .builtin, .replace("ocForwardEnd"), notBefore: ByteSet(",")),
                    Rule(.identifier, .type, .replace("ocForwardEnd"), notBefore: ByteSet(",")),
                    Rule(.words(cocoaNames), .builtin),
                    Rule(.identifier, .type),
                    Rule(.empty, .plain, .pop),
                ]),
                LexerState("ocForwardEnd", [
                    Rule(.run(ByteSet(" \t")), .plain),
                    Rule(.literal(";"), .plain, .pop),
                    Rule(.empty, .plain, .pop),
                ]),
                // `- (Type)name:(Type)arg with:(Type)other {`
                LexerState("methodStart", [
                    Rule(.run(ByteSet(" \t")), .plain),
                    Rule(.literal("("), .punctuation, .push("parens")),
                    Rule(.identifier, .function, .replace("method")),
                    Rule(.empty, .plain, .pop),
                ]),
                LexerState("method", [
                    .include("whitespace"),
                    Rule(.literal(":"), .function),
                    Rule(.run(ByteSet(",.")), .punctuation),
                    Rule(.literal("("), .punctuation, .push("parameterType")),
                    Rule(.identifier, .function),
                    Rule(.literal(";"), .punctuation, .pop),
                    Rule(.literal("{"), .punctuation, .replace("body")),
                    Rule(.empty, .plain, .pop),
                ]),
                LexerState("parameterType", [
                    Rule(.literal(")"), .punctuation, .replace("parameterName")),
                    Rule(.literal("("), .punctuation, .push("parens")),
                    .include("whitespace"),
                    .include("statements"),
                    Rule(.identifier, .plain),
                ]),
                LexerState("parameterName", [
                    Rule(.run(ByteSet(" \t")), .plain),
                    Rule(.identifier, .variable, .pop),
                    Rule(.empty, .plain, .pop),
                ]),
            ]
        }
        return LanguageDefinition(name: name, aliases: aliases, identifierStart: ByteSet("a-zA-Z_$").union(.nonASCII),
                                  identifierRest: ident, states: states)
    }

    static let c: LanguageDefinition = cFamily(.c, name: "c", aliases: [])
    static let objectiveC: LanguageDefinition = cFamily(.objectiveC, name: "objective-c",
                                                        aliases: ["objc", "objectivec", "obj-c", "objective-c++", "objc++", "obj-c++"])
    static let cpp: LanguageDefinition = cFamily(.cpp, name: "c++", aliases: ["cpp"])
}
