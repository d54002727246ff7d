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

/// Input a pull request, a careless paste or a fuzzer brings: nesting deep enough
/// to overflow a recursive reader, and sizes where a quadratic step would take
/// minutes. Run through the real command line, so a crash is an exit by signal,
/// not a dead test runner.
@Suite("Hostile input")
struct HostileInputTests {
    /// Runs `blogbuild check` and expects exit 1 with `expected` in standard error,
    /// no signal and no stack trace.
    static func expectRefused(_ site: TestSiteFolder, _ expected: String) throws {
        let run = try BlogBuildCLI.run(["check", "--site", site.root.path], timeout: 120)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains(expected), "\(run)")
        for sign in ["Stack dump", "Fatal error", "Segmentation", "Illegal instruction", "backtrace"] {
            #expect(!run.stderr.contains(sign), "\(run)")
        }
    }

    @Test func aTemplateNestedTenThousandDeepIsAnErrorNotACrash() throws {
        let nested = String(repeating: "{{#a}}", count: 10_000) + "x" + String(repeating: "{{/a}}", count: 10_000)
        let site = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": "---\ntitle: X\n---\nBody.\n",
            "templates/partials/deep.mustache": "<p>fine</p>\n\n" + nested + "\n",
        ])
        try Self.expectRefused(site, "templates/partials/deep.mustache:3:601: template: sections nested more than 100 deep")
        // Changed delimiters do not hide it.
        try site.write("templates/partials/deep.mustache", "{{=<% %>=}}\n" + String(repeating: "<%#a%>", count: 200) + "\n")
        try Self.expectRefused(site, "templates/partials/deep.mustache:2:601: template: sections nested more than 100 deep")
        // Many sections side by side, and exactly 100 levels, are fine.
        func problems(_ text: String) -> [String] {
            TemplateParser.parse(name: "t", label: "t", text: text).problems.map(\.message)
        }
        #expect(problems(String(repeating: "{{#a}}{{/a}}", count: 10_000)) == [])
        #expect(problems(String(repeating: "{{#a}}", count: 100) + String(repeating: "{{/a}}", count: 100)) == [])
    }

    @Test func frontMatterNestedTenThousandDeepIsAnErrorNotACrash() throws {
        let site = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": "---\ntitle: X\nextra: " + String(repeating: "[", count: 10_000)
                + String(repeating: "]", count: 10_000) + "\n---\nBody.\n",
        ])
        try Self.expectRefused(site, "content/posts/2021-01-05-x.md:3:71: front matter: nested more than 64 levels deep")
        var block = "---\ntitle: X\n"
        for level in 0..<1_000 { block += String(repeating: " ", count: level) + "k\(level):\n" }
        try site.write("content/posts/2021-01-05-x.md", block + String(repeating: " ", count: 1_000) + "v\n---\nBody.\n")
        try Self.expectRefused(site, "content/posts/2021-01-05-x.md:67:65: front matter: nested more than 64 levels deep")
        try site.write("content/posts/2021-01-05-x.md", "---\ntitle: X\nlist: " + String(repeating: "- ", count: 10_000) + "x\n---\nBody.\n")
        let run = try BlogBuildCLI.run(["check", "--site", site.root.path], timeout: 120)
        #expect(run.status == 0 || run.status == 1, "\(run)")
        // Ordinary nesting, brackets in text and quoted brackets are fine.
        #expect(YAMLDepth.firstTooDeep(in: "title: a[1] and {b}\ntags: [\"[[[\", '{{']\nauthor:\n  name: A\n  links: [x, [y, {z: 1}]]\n") == nil)
    }

    @Test func deepMarkdownDoesNotCrash() throws {
        let site = try TestSiteFolder(files: [
            "content/posts/2021-01-05-quotes.md": "---\ntitle: Q\n---\n" + String(repeating: ">", count: 10_000) + " deep\n",
            "content/posts/2021-01-06-lists.md": "---\ntitle: L\n---\n"
                + (0..<2_000).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n") + "\n",
            "content/posts/2021-01-07-links.md": "---\ntitle: K\n---\n" + String(repeating: "[", count: 10_000) + "x"
                + String(repeating: "](/)", count: 10_000) + "\n",
            "content/posts/2021-01-08-emphasis.md": "---\ntitle: E\n---\n" + String(repeating: "*_", count: 10_000) + "x\n",
        ])
        let run = try BlogBuildCLI.run(["check", "--site", site.root.path], timeout: 120)
        #expect(run.status == 0 || run.status == 1, "\(run)")
        #expect(!run.stderr.contains("Stack dump"), "\(run)")
    }

    @Test func moreThanAThousandTagsOnAPostIsAnError() throws {
        let tags = (0..<2_500).map { "t\($0)" }.joined(separator: ", ")
        let site = try TestSiteFolder(files: ["content/posts/2021-01-05-x.md": "---\ntitle: X\ntags: [\(tags)]\n---\nBody.\n"])
        let built = renderTestSite(site)
        #expect(built.errors == ["content/posts/2021-01-05-x.md:3:7: front matter: more than 1,000 tags on one post (2500); only the first 1,000 are read"],
                "\(built.errors)")
        #expect(built.paths.count { $0.hasPrefix("tags/") && $0.hasSuffix("/index.html") } == 1_001, "the tag pages of the first 1,000, and /tags/")
    }

    @Test func repeatedHeadingsGetUniqueIDsInOrder() {
        var ids = HeadingIDs(reserved: ["same-2"])
        let got = ["Same", "Same", "Same 1", "Same", "Same", "Other"].map { ids.next(for: $0) }
        #expect(got == ["same", "same-1", "same-1-1", "same-3", "same-4", "other"])
    }

    @Test func plainTextOfHTML() {
        #expect(PlainText.of("<p>A <em>b</em>\n  c &amp; d&nbsp;e</p>") == "A b c & d e")
        #expect(PlainText.of("  <p>x</p>\n<p>y</p>  ") == "x y")
        #expect(PlainText.of("<p>1 &lt; 2 &#x263A; &#32; z</p>") == "1 < 2 ☺ z")
        let long = String(repeating: "word ", count: 200_000)
        #expect(PlainText.of("<p>" + long + "</p>").count == long.count - 1)
    }

    @Test func shortDescriptionsKeepWholeSentences() {
        let three = "The first sentence of the summary is here. The second one is a little longer than that! And a third?"
        #expect(TemplateValues.shortDescription(three + " " + String(repeating: "more words ", count: 40)) == three)
        let endless = String(repeating: "word ", count: 100_000)
        let cut = TemplateValues.shortDescription(endless)
        #expect(cut.hasSuffix("…") && cut.count <= 181, "\(cut.count)")
    }
}
