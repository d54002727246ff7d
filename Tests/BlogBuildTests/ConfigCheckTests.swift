import Foundation
import Testing
@testable import BlogBuild

/// Issue 10, "Files and config that vanish": site.yml typos and bad values,
/// `init`'s placeholders at publish time, other generators' front-matter keys,
/// unpadded dates in file names, and aliases a static site cannot serve.
@Suite("Config and front matter that used to vanish")
struct ConfigCheckTests {
    /// site.yml's diagnostics for `text`, as printed, by line.
    static func configLines(_ text: String) -> [String] {
        ConfigLoader.parse(text).diagnostics.sorted().map(\.description)
    }

    /// Every diagnostic of loading `files` (with the default site.yml), as printed.
    static func load(_ files: [String: String]) throws -> (content: LoadedContent, lines: [String]) {
        let folder = try TestSiteFolder(files: files)
        let content = ContentLoader.load(siteDirectory: folder.root)
        return (content, content.diagnostics.map(\.description))
    }

    // MARK: - Printing hints

    @Test func groupingRepeatsKeepsTheFirstPlaceAndCountsTheRest() {
        let a = Diagnostic(file: "a.md", line: 1, message: "same", severity: .hint)
        let b = Diagnostic(file: "b.md", line: 2, message: "other", severity: .hint)
        let c = Diagnostic(file: "c.md", line: 3, message: "same", severity: .hint)
        let grouped = Diagnostic.groupingRepeats([a, b, c])
        #expect(grouped.map(\.first) == [a, b])
        #expect(grouped.map(\.more) == [1, 0])
    }
}
