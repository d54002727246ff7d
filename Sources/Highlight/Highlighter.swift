/// Build-time syntax highlighting: code in, HTML with `<span class="tok-…">` out.
/// Languages are rule tables (`LanguageDefinition`) run by one linear-time lexer.
public enum Highlighter {
    /// Compiled languages by lower-case name and alias.
    static let languages: [String: CompiledLanguage] = {
        var table: [String: CompiledLanguage] = [:]
        for definition in LanguageRegistry.all {
            let compiled = CompiledLanguage(definition)
            for name in [definition.name] + definition.aliases where table[name] == nil {
                table[name] = compiled
            }
        }
        return table
    }()

    /// Every name and alias that selects a language, sorted.
    public static var languageNames: [String] { languages.keys.sorted() }

    /// Whether `name` (any case) selects a language.
    public static func knows(_ name: String) -> Bool { language(name) != nil }

    public static func language(_ name: String?) -> CompiledLanguage? {
        guard let name, !name.isEmpty else { return nil }
        return languages[name.lowercased()]
    }

    /// The highlighted HTML of `code` (the inside of `<code>`): token spans,
    /// text escaped. An unknown or missing language gives the escaped text.
    public static func highlight(code: String, language: String?, lines: LineOptions? = nil) -> String {
        var out: [UInt8] = []
        var code = code
        code.withUTF8 { append($0, language: Self.language(language), lines: lines, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the highlighted HTML of the bytes to `out`.
    public static func append(_ p: UnsafeBufferPointer<UInt8>, language: CompiledLanguage?, lines: LineOptions?,
                       to out: inout [UInt8]) {
        var writer = HTMLWriter(p, into: out, lines: lines)
        out = []
        if let language {
            Lexer(language: language).run(p, into: &writer)
        } else {
            writer.emit(.plain, 0, p.count)
        }
        writer.finish()
        out = writer.out
    }

    /// The kind of every byte of `code` (for tests and tools).
    static func kinds(code: String, language: String) -> [TokenKind] {
        struct Collector: TokenSink {
            var kinds: [TokenKind] = []
            mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int) {
                kinds.append(contentsOf: repeatElement(kind, count: end - start))
            }
        }
        var collector = Collector()
        guard let compiled = Self.language(language) else {
            return Array(repeating: .plain, count: code.utf8.count)
        }
        var code = code
        code.withUTF8 { Lexer(language: compiled).run($0, into: &collector) }
        return collector.kinds
    }
}
