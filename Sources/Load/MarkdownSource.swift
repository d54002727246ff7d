import Diagnostics

/// A Markdown file under content/ with its front matter parsed: the common
/// first step of posts, series, apps and pages.
struct MarkdownSource {
    /// Site-relative path, e.g. `content/posts/2021-01-05-x.md`.
    var file: String
    var fields: YAMLFields
    var body: String
    var bodyLine: Int
    /// False when the file does not start with a `---` (or `+++`) line.
    var hasFrontMatter: Bool

    /// Splits and parses checked bytes (see `SourceText.check`); fails on
    /// unclosed front matter or invalid YAML.
    static func parse(_ bytes: [UInt8], file: String) -> Result<MarkdownSource, Diagnostic> {
        let block: FrontMatterBlock
        switch FrontMatterBlock.split(bytes, file: file) {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let split): block = split
        }
        guard var yaml = block.yaml else {
            let context = YAMLFields.Context(file: file, lineOffset: 0, messagePrefix: "front matter: ")
            return .success(MarkdownSource(file: file, fields: YAMLFields(context: context, pairs: [], path: "", anchor: nil),
                                           body: block.body, bodyLine: block.bodyLine, hasFrontMatter: false))
        }
        if block.format == .toml {
            // Hugo's `+++` front matter: read as the YAML it says, each key on its own line.
            switch TOMLFrontMatter.yaml(yaml, file: file, lineOffset: block.yamlLineOffset) {
            case .failure(let diagnostic): return .failure(diagnostic)
            case .success(let converted): yaml = converted
            }
        }
        switch YAMLDocument.parse(yaml, file: file, lineOffset: block.yamlLineOffset, messagePrefix: "front matter: ") {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let fields):
            return .success(MarkdownSource(file: file, fields: fields, body: block.body, bodyLine: block.bodyLine, hasFrontMatter: true))
        }
    }

    /// The error for a file with no front matter at all (every kind needs a title).
    var missingFrontMatter: Diagnostic {
        Diagnostic(file: file, line: 1, column: 1, message: "front matter: missing (start the file with a '---' block holding 'title')")
    }
}
