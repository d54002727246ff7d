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

/// The names templates can use are declared once (`ContextShapes`); README's
/// Templates section documents every one of them, and the built-in theme uses no
/// name that is not declared.
@Suite struct ContextShapesTests {
    /// Every name in a shape tree, with the path it was found at (for messages).
    static func names(_ shape: TemplateShape, at path: String, into out: inout [String: String]) {
        for (name, field) in zip(shape.names, shape.fields) {
            let here = path.isEmpty ? name : path + "." + name
            if out[name] == nil { out[name] = here }
            names(field, at: here, into: &out)
        }
        if let element = shape.element { names(element, at: path + "[]", into: &out) }
    }

    @Test func theREADMENamesEveryTemplateVariable() throws {
        let readme = try String(contentsOf: RepoPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Templates"))
        let end = readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        let section = readme[start.lowerBound..<end]
        var all: [String: String] = [:]
        for template in PageKinds.templateNames {
            let root = try #require(PageKinds.root(for: template))
            Self.names(root, at: "", into: &all)
        }
        #expect(all.count > 100)
        for (name, path) in all.sorted(by: { $0.key < $1.key }) {
            // `is_series_index` and friends are documented as `is_KIND`.
            if name.hasPrefix("is_") { continue }
            #expect(section.contains("`\(name)`"), "README's Templates section does not name `\(name)` (\(path))")
        }
        for kind in PageKinds.flags { #expect(section.contains("`\(kind)`"), "page kind \(kind)") }
    }

    @Test func theBuiltInThemeUsesOnlyDeclaredNames() throws {
        let (theme, problems) = Theme.load(siteDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("no-such-site"))
        #expect(problems.isEmpty, "\(problems)")
        let loaded = try #require(theme)
        #expect(Set(loaded.pages.keys) == Set(PageKinds.templateNames))
    }
}
