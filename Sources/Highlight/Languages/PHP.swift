// PHP inside HTML, following the token kinds of Pygments' `html+php` lexer:
// the HTML states (HTML.swift) with `<?php … ?>` / `<?= … ?>` blocks allowed
// in text, tags and attribute values; heredocs and nowdocs; `{$…}` and `$var`
// interpolation in double-quoted strings.

import Support

extension LanguageRegistry {
    static let php: LanguageDefinition = {
        let identStart = ByteSet("\\\\_a-zA-Z").union(.nonASCII)
        let ident = ByteSet("\\\\_a-zA-Z0-9").union(.nonASCII)
        let code: [Rule] = [
            Rule(.literal("<?php"), .preprocessor, .push("php")),
            Rule(.literal("<?"), .preprocessor, .push("php"), notBefore: ByteSet("x")),
        ]
        let php = LexerState("php", [
            Rule(.literal("?>"), .preprocessor, .pop),
            Rule(.heredoc(opener: "<<<"), .string),
            Rule(.run(.whitespace), .plain),
            Rule(.literal("#["), .punctuation),
            Rule(.toLineEnd(prefix: "#"), .comment),
            Rule(.toLineEnd(prefix: "//"), .comment),
            Rule(.literal("/**/"), .comment),
            Rule(.span(open: "/**", close: "*/"), .string),
            Rule(.span(open: "/*", close: "*/"), .comment),
            Rule(.oneOf(["->", "::"]), .operator, .push("member")),
            Rule(.run(ByteSet("~!%^&*+=|:.<>/@-")), .operator),
            Rule(.literal("?"), .operator),
            Rule(.run(ByteSet("[]();,")), .punctuation),
            Rule(.oneOf(["{", "}"]), .punctuation),
            Rule(.words(["class"], ignoreCase: true), .keyword, .push("className"), before: .whitespace),
            Rule(.words(["function", "fn"], ignoreCase: true), .keyword, .push("functionName")),
            Rule(.words(["const"], ignoreCase: true), .keyword, .push("constName")),
            Rule(.words([
                "and", "or", "xor", "not", "as", "break", "case", "continue", "declare", "default", "do", "echo",
                "else", "elseif", "empty", "enddeclare", "endfor", "endforeach", "endif", "endswitch", "endwhile",
                "eval", "exit", "die", "extends", "for", "foreach", "global", "if", "implements", "include",
                "include_once", "instanceof", "insteadof", "interface", "isset", "list", "namespace", "new", "print",
                "require", "require_once", "return", "static", "switch", "throw", "trait", "try", "catch", "finally",
                "unset", "use", "var", "while", "yield", "array", "final", "abstract", "public", "private",
                "protected", "clone", "this", "parent", "match", "readonly", "enum", "true", "false", "null",
                "TRUE", "FALSE", "NULL",
            ], ignoreCase: true), .keyword),
            Rule(.words(["__LINE__", "__FILE__", "__DIR__", "__FUNCTION__", "__CLASS__", "__TRAIT__", "__METHOD__",
                         "__NAMESPACE__", "__PROPERTY__"]), .variable),
            Rule(.literal("${"), .variable, .push("variableVariable")),
            Rule(.run(ByteSet("$")), .variable, .push("variableName"), before: identStart),
            Rule(.words(phpFunctions), .builtin),
            Rule(.identifier, .plain),
            Rule(.number(), .number),
            Rule(.span(open: "'", close: "'", escape: UInt8(ascii: "\\")), .string),
            Rule(.span(open: "`", close: "`", escape: UInt8(ascii: "\\")), .string),
            Rule(.literal("\""), .string, .push("string")),
        ])
        return LanguageDefinition(name: "php", aliases: ["php3", "php4", "php5", "php8", "html+php"],
                                  identifierStart: identStart, identifierRest: ident,
                                  states: htmlStates(code: code) + [php,
            LexerState("member", [
                Rule(.run(ByteSet(" \t")), .plain),
                Rule(.identifier, .attribute, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("className", [
                Rule(.run(.whitespace), .plain),
                Rule(.identifier, .type, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("functionName", [
                Rule(.run(.whitespace), .plain),
                Rule(.literal("&"), .operator),
                Rule(.identifier, .function, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("constName", [
                Rule(.run(.whitespace), .plain),
                Rule(.identifier, .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("variableName", [
                Rule(.identifier, .variable, .pop),
                Rule(.empty, .plain, .pop),
            ]),
            LexerState("variableVariable", [
                Rule(.literal("}"), .variable, .pop),
                .include("php"),
            ]),
            LexerState("string", fallback: .string, [
                Rule(.literal("\""), .string, .pop),
                Rule(.escaped("\\"), .string),
                Rule(.literal("{"), .string, .push("interpolation"), before: ByteSet("$")),
                Rule(.run(ByteSet("\"\\{").inverted), .string),
            ]),
            LexerState("interpolation", [
                Rule(.literal("}"), .string, .pop),
                .include("php"),
            ]),
        ], inlineStart: (state: "php", marker: "<?"))
    }()

    /// Common functions of PHP's standard library (Pygments colours them as builtins).
    static let phpFunctions: [String] = [
        "array_filter", "array_key_exists", "array_keys", "array_map", "array_merge", "array_pop", "array_push",
        "array_reduce", "array_reverse", "array_search", "array_shift", "array_slice", "array_splice", "array_sum",
        "array_unique", "array_values", "arsort", "asort", "base64_decode", "base64_encode", "ceil", "count",
        "date", "define", "explode", "file_exists", "file_get_contents", "file_put_contents", "filter_var", "floor",
        "fopen", "fclose", "fgets", "fwrite", "header", "html_entity_decode", "htmlentities", "htmlspecialchars",
        "http_build_query", "implode", "in_array", "intval", "is_array", "is_int", "is_null", "is_numeric",
        "is_string", "json_decode", "json_encode", "krsort", "ksort", "lcfirst", "ltrim", "max", "mb_strlen",
        "mb_strtolower", "mb_substr", "md5", "microtime", "min", "mkdir", "nl2br", "number_format", "ob_start",
        "ob_get_clean", "preg_match", "preg_match_all", "preg_quote", "preg_replace", "preg_replace_callback",
        "preg_split", "printf", "print_r", "rand", "random_int", "range", "rawurlencode", "realpath", "round",
        "rsort", "rtrim", "serialize", "session_start", "setcookie", "sha1", "sort", "sprintf", "str_contains",
        "str_ends_with", "str_pad", "str_repeat", "str_replace", "str_starts_with", "strip_tags", "stripslashes",
        "strlen", "strpos", "strrpos", "strtolower", "strtotime", "strtoupper", "substr", "time", "trim", "ucfirst",
        "ucwords", "uniqid", "unlink", "unserialize", "urldecode", "urlencode", "usort", "var_dump", "var_export",
        "vsprintf",
    ]
}
