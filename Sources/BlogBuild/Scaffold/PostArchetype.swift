import Foundation
import Mustache

/// The skeleton `blogbuild new post` fills in: `templates/archetypes/post.md` of the
/// site, else the built-in theme's. A Mustache template rendered as plain text with
/// `title`, `title_yaml` (quoted for YAML), `date`, `slug`, `series`,
/// `series_order` and `app`.
struct PostArchetype {
    static let path = "archetypes/post.md"
    let template: MustacheTemplate

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
        do {
            // Plain text: a title with `&` or quotes must reach the file as written.
            return PostArchetype(template: try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}\n" + text))
        } catch let error as MustacheTemplate.ParserError {
            throw BuildFailure([Diagnostic(file: label, line: max(1, error.context.lineNumber - 1),
                                           column: error.context.columnNumber, message: "template: \(error.error)")])
        } catch {
            throw BuildFailure([Diagnostic(file: label, message: "template: \(error)")])
        }
    }

    func render(_ values: [String: Any]) -> String {
        template.render(values)
    }
}
