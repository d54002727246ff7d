/// Every language the highlighter knows. To add one, write its definition in
/// `Languages/<Name>.swift` (an `extension LanguageRegistry` with a `static let`)
/// and add it here: one line, so parallel additions touch different lines.
enum LanguageRegistry {
    static let all: [LanguageDefinition] = [
        swift,
        javaScript,
        shell,
        console,
        go,
        rust,
        typeScript,
        python,
        ruby,
        c,
        objectiveC,
        cpp,
        java,
        kotlin,
        php,
        html,
        xml,
        css,
        scss,
        appleScript,
        sql,
        markdown,
        json,
        yaml,
        toml,
        diff,
        xcconfig,
    ]
}
