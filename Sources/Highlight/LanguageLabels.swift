/// The name a code block shows for its language: `<pre data-lang="Swift">`,
/// which the theme's stylesheet prints as a small label in the block's corner.
/// One table for every language `LanguageRegistry` knows (a test checks none is
/// missing), by its canonical name, plus the few aliases that name something
/// more particular than their language (`jsx`, `bash`).
public enum LanguageLabels {
    static let byName: [String: String] = [
        "swift": "Swift", "javascript": "JavaScript", "shell": "Shell", "console": "Console", "go": "Go",
        "rust": "Rust", "typescript": "TypeScript", "python": "Python", "ruby": "Ruby", "c": "C",
        "objective-c": "Objective-C", "c++": "C++", "java": "Java", "kotlin": "Kotlin", "php": "PHP",
        "html": "HTML", "xml": "XML", "css": "CSS", "scss": "SCSS", "applescript": "AppleScript", "sql": "SQL",
        "markdown": "Markdown", "json": "JSON", "yaml": "YAML", "toml": "TOML", "diff": "Diff", "xcconfig": "xcconfig",
        // Aliases that say more than their language's name.
        "jsx": "JSX", "tsx": "TSX", "bash": "Bash", "zsh": "Zsh", "svg": "SVG", "plist": "Property List",
        "json5": "JSON5", "xhtml": "XHTML", "patch": "Patch",
    ]

    /// The label for an info string's first word (`swift`, `JS`, `nginx`): its own
    /// entry, else its language's, else the word as written, so a language the
    /// highlighter does not know is still named.
    public static func label(for word: String) -> String {
        let lower = word.lowercased()
        if let own = byName[lower] { return own }
        if let language = Highlighter.language(lower), let shown = byName[language.name] { return shown }
        return word
    }
}
