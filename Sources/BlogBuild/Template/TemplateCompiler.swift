/// Compiles the templates of one set (a theme) against the shapes of their data. Every
/// template is parsed once, when the compiler is made; each `compile` then works on its
/// own, so one compiler may serve several threads.
final class TemplateCompiler: Sendable {
    /// By name (`post`, `partials/header`).
    let templates: [String: ParsedTemplate]

    /// `sources`: template name → (how messages name its file, its text).
    init(sources: [String: (label: String, text: String)]) {
        var parsed: [String: ParsedTemplate] = [:]
        for (name, source) in sources {
            parsed[name] = TemplateParser.parse(name: name, label: source.label, text: source.text)
        }
        templates = parsed
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
    func compilation(of name: String, root: TemplateShape, escapes: Bool = true) -> TemplateCompilation {
        CompileSession(templates: templates, escapes: escapes).compile(name, root: root)
    }
}
