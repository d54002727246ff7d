import Foundation
import Testing
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

/// One test of the official Mustache specification.
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let data: JSONValue
    let template: String
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file): \(name)" }
}

/// The spec's JSON files, kept in the repository (Tests/Fixtures/mustache-spec, with
/// the suite's licence) so the suite runs wherever the tests do.
enum SpecSuite {
    static let directory = RepoPaths.root.appendingPathComponent("Tests/Fixtures/mustache-spec").path
    /// Every file but the lambdas, which need code in the data.
    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections",
                        "~dynamic-names", "~inheritance"]
    /// What each file holds, so that a file read short fails rather than tests less.
    static let expectedCounts = ["comments": 12, "delimiters": 14, "interpolation": 42, "inverted": 22,
                                 "partials": 12, "sections": 34, "~dynamic-names": 21, "~inheritance": 27]

    static let cases: [SpecCase] = files.flatMap { file -> [SpecCase] in
        let path = "\(directory)/\(file).json"
        guard let data = FileManager.default.contents(atPath: path),
              let json = JSONValue.parse(String(decoding: data, as: UTF8.self)),
              case .array(let tests)? = json["tests"] else { return [] }
        return tests.map { test in
            var partials: [String: String] = [:]
            if case .object(let pairs)? = test["partials"] {
                for (name, text) in pairs { partials[name] = text.stringValue ?? "" }
            }
            return SpecCase(file: file, name: test["name"]?.stringValue ?? "?", data: test["data"] ?? .null,
                            template: test["template"]?.stringValue ?? "", partials: partials,
                            expected: test["expected"]?.stringValue ?? "")
        }
    }

    /// The name the case's own template gets in its set: `<` cannot start a partial's name
    /// in a tag, so it cannot collide with one.
    static let templateName = "<spec template>"

    static func render(_ c: SpecCase) -> (String?, [TemplateProblem]) {
        var sources: [String: (label: String, text: String)] = [:]
        for (name, text) in c.partials { sources[name] = ("templates/\(name).mustache", text) }
        sources[templateName] = ("spec template", c.template)
        let (shape, value) = JSONTemplateData.convert(c.data)
        let (compiled, problems) = TemplateCompiler(sources: sources).compile(templateName, root: shape)
        return (compiled.map { String(decoding: $0.render(value), as: UTF8.self) }, problems)
    }
}

@Suite("Mustache spec")
struct SpecConformanceTests {
    @Test("every spec file is read whole")
    func everyFileLoaded() {
        for file in SpecSuite.files {
            #expect(SpecSuite.cases.filter { $0.file == file }.count == SpecSuite.expectedCounts[file], "\(file)")
        }
    }

    @Test(arguments: SpecSuite.cases)
    func specCase(_ c: SpecCase) throws {
        let (output, problems) = SpecSuite.render(c)
        let rendered = try #require(output, "\(problems)")
        #expect(rendered == c.expected, "problems: \(problems.map(\.description))")
    }
}
