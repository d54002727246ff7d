/// Compiles the templates of one set (a theme) against the shapes of their data. Every
/// template is parsed once, when the compiler is made; each `compile` then works on its
/// own, so one compiler may serve several threads.
public final class TemplateCompiler: Sendable {
    /// By name (`post`, `partials/header`).
    public let templates: [String: ParsedTemplate]

    /// Each template's label and text, by name, as parsed.
    private let sources: [String: (label: String, text: String)]

    /// `sources`: template name → (how messages name its file, its text). `last`: a compiler
    /// of the same theme before an edit; a template with the same label and text there is
    /// not parsed again.
    public init(sources: [String: (label: String, text: String)], reusing last: TemplateCompiler? = nil) {
        var parsed: [String: ParsedTemplate] = [:]
        for (name, source) in sources {
            if let last, let was = last.sources[name], was.label == source.label, was.text == source.text,
               let kept = last.templates[name] {
                parsed[name] = kept
            } else {
                parsed[name] = TemplateParser.parse(name: name, label: source.label, text: source.text)
            }
        }
        templates = parsed
        self.sources = sources
    }

    /// Compiles template `name` for data of shape `root`, with every partial, parent and
    /// dynamic-name candidate it reaches. Returns nil only when there is no such
    /// template; otherwise a template that renders what it can, and the problems of
    /// every template reached (deduplicated, sorted by template, line and column).
    func compile(_ name: String, root: TemplateShape) -> (CompiledTemplate?, [TemplateProblem]) {
        let compilation = compilation(of: name, root: root)
        return (compilation.template, compilation.problems)
    }

    /// `compile`, with which templates it reached and what it reads; `escapes: false`
    /// for text that is not HTML, where `{{x}}` writes its value as it is.
    public func compilation(of name: String, root: TemplateShape, escapes: Bool = true) -> TemplateCompilation {
        CompileSession(templates: templates, escapes: escapes).compile(name, root: root)
    }
}
