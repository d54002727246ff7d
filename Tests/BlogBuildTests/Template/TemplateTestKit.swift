@testable import BlogBuild
@testable import Search
@testable import Pages
@testable import Render
@testable import Feeds
@testable import Images
@testable import Site
@testable import Import
@testable import ImportVerify
@testable import Diagnostics
@testable import HTML
@testable import Load
@testable import Markdown
@testable import Highlight
@testable import Output
@testable import Serve
@testable import Support
@testable import Template

/// Helpers for the focused tests: template sets from plain strings, data from JSON text,
/// problems as one comparable line each.
enum TemplateTestKit {
    /// Compiles `name` from a set of templates given as name → text (labels as blogbuild makes them).
    static func compile(_ texts: [String: String], _ name: String = "page",
                        root: TemplateShape) -> (CompiledTemplate?, [TemplateProblem]) {
        var sources: [String: (label: String, text: String)] = [:]
        for (n, text) in texts { sources[n] = ("templates/\(n).mustache", text) }
        return TemplateCompiler(sources: sources).compile(name, root: root)
    }

    /// Shape and value of a JSON text.
    static func data(_ json: String) -> (shape: TemplateShape, value: TemplateValue) {
        JSONTemplateData.convert(JSONValue.parse(json) ?? .null)
    }

    /// Compiles against the JSON's shape and renders it: (output, problems).
    static func render(_ texts: [String: String], _ name: String = "page", json: String) -> (String, [String]) {
        let (shape, value) = data(json)
        let (compiled, problems) = compile(texts, name, root: shape)
        let output = compiled.map { String(decoding: $0.render(value), as: UTF8.self) } ?? "<nil>"
        return (output, problems.map(line))
    }

    /// `template line:column kind: message`.
    static func line(_ p: TemplateProblem) -> String {
        "\(p.template) \(p.line):\(p.column) \(p.kind): \(p.message)"
    }

    static func problems(_ texts: [String: String], _ name: String = "page", json: String = "{}") -> [String] {
        compile(texts, name, root: data(json).shape).1.map(line)
    }
}
