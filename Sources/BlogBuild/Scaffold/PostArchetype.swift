import Foundation
import Diagnostics
import Template
import Render

/// The skeleton `blogbuild new post` fills in: `templates/archetypes/post.md` of the
/// site, else the built-in theme's. A Mustache template rendered as plain text with
/// `title`, `title_yaml` (quoted for YAML), `date`, `slug`, `series`,
/// `series_order` and `app`.
struct PostArchetype {
    static let path = "archetypes/post.md"
    let template: CompiledTemplate

    /// Every name the archetype may use; only the first four always have a value.
    static let shape = TemplateShape(
        fields: ["title", "title_yaml", "date", "slug", "series", "series_order", "app"].map { ($0, TemplateShape.scalar) },
        required: ["title", "title_yaml", "date", "slug"])

    static func load(siteDirectory: URL) throws(BuildFailure) -> PostArchetype {
        let own = siteDirectory.appendingPathComponent("templates/" + path)
        let label: String
        let text: String
        if let data = FileManager.default.contents(atPath: own.path) {
            label = "templates/" + path
            guard let decoded = String(validating: [UInt8](data), as: UTF8.self) else {
                throw BuildFailure([Diagnostic(file: label, message: "template: not valid UTF-8")])
            }
            text = decoded
        } else if let bytes = Theme.builtIn[path] {
            label = "(built-in theme) templates/" + path
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            throw BuildFailure([Diagnostic(file: "templates/" + path, message: "template: missing template '\(path)'")])
        }
        // Plain text: a title with `&` or quotes must reach the file as written.
        let compiler = TemplateCompiler(sources: [path: (label: label, text: text)])
        let compilation = compiler.compilation(of: path, root: shape, escapes: false)
        let problems = compilation.problems.map {
            Diagnostic(file: label, line: $0.line, column: $0.column, message: "template: \($0.message)")
        }
        guard problems.isEmpty, let template = compilation.template else { throw BuildFailure(problems) }
        return PostArchetype(template: template)
    }

    /// The new post's text. `series_order` is a number; every other value is text.
    func render(_ values: [String: String]) -> String {
        let fields = Self.shape.names.map { name -> TemplateValue in
            guard let value = values[name] else { return .missing }
            if name == "series_order", let n = Int(value) { return .int(n) }
            return .string(value)
        }
        return String(decoding: template.render(.object(TemplateObject(values: fields))), as: UTF8.self)
    }
}
