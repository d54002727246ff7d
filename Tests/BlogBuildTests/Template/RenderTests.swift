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

/// Rendering and name resolution beyond what the spec's suite checks.
@Suite struct RenderTests {
    @Test func openShapesLookUpByNameAndNeverReport() {
        let params = TemplateShape(fields: [], isOpen: true)
        let page = TemplateShape(fields: [("title", .scalar), ("params", params)])
        let root = TemplateShape(fields: [("page", page)])
        let template = "{{page.params.anything}}|{{#page.params.links}}<{{url}}>{{/page.params.links}}|"
            + "{{page.params.nested.deep}}|{{page.params.absent}}|{{#page.params}}{{page.title}}{{other}}{{/page.params}}"
        let (compiled, problems) = TemplateTestKit.compile(["page": template], root: root)
        #expect(problems.isEmpty)
        let link = TemplateValue.object(TemplateObject(values: [], open: ["url": .string("/a")]))
        let paramsValue = TemplateObject(values: [], open: [
            "anything": .string("x&y"),
            "links": .list([link]),
            "nested": .object(TemplateObject(values: [], open: ["deep": .int(3)])),
            "other": .bool(true),
        ])
        let value = TemplateValue.object(TemplateObject(values: [
            .object(TemplateObject(values: [.string("T"), .object(paramsValue)])),
        ]))
        let output = compiled.map { String(decoding: $0.render(value), as: UTF8.self) }
        #expect(output == "x&amp;y|</a>|3||Ttrue")
    }

    @Test func missingFallsThroughToALowerFrameAndNullDoesNot() {
        let json = #"{"title": "Root", "posts": [{"title": "A"}, {}, {"title": null}]}"#
        let (output, problems) = TemplateTestKit.render(["page": "{{#posts}}[{{title}}]{{/posts}}"], json: json)
        #expect(output == "[A][Root][]")
        #expect(problems.isEmpty)
        // The same with hand-made data: the post's slot holds `.missing`.
        let post = TemplateShape(fields: [("title", .scalar)])
        let root = TemplateShape(fields: [("title", .scalar), ("post", post)], required: ["title", "post"])
        let (compiled, _) = TemplateTestKit.compile(["page": "{{#post}}{{title}}{{/post}}"], root: root)
        func render(_ title: TemplateValue) -> String? {
            let value = TemplateValue.object(TemplateObject(values: [
                .string("Root"), .object(TemplateObject(values: [title])),
            ]))
            return compiled.map { String(decoding: $0.render(value), as: UTF8.self) }
        }
        #expect(render(.missing) == "Root")
        #expect(render(.null) == "")
        #expect(render(.string("Post")) == "Post")
    }

    @Test func aBrokenDottedChainDoesNotFallThrough() {
        let json = #"{"b": {"c": "ERROR"}, "a": [{"b": {}}, {"x": 1}]}"#
        let (output, _) = TemplateTestKit.render(["page": "{{#a}}({{b.c}}){{/a}}"], json: json)
        #expect(output == "()(ERROR)")
    }

    @Test func escapesExactlyFiveCharacters() {
        let json = #"{"s": "& < > \" ' / = ` é日本 🙂", "plain": "héllo wörld", "n": -42, "d": 2.5, "t": true, "z": 0, "e": ""}"#
        let (output, _) = TemplateTestKit.render(["page": "{{s}}|{{{s}}}|{{&s}}|{{plain}}|{{n}} {{d}} {{t}}|{{#z}}0 is truthy{{/z}}|{{#e}}so is ''{{/e}}"],
                                         json: json)
        #expect(output == "&amp; &lt; &gt; &quot; &#39; / = ` é日本 🙂|& < > \" ' / = ` é日本 🙂|& < > \" ' / = ` é日本 🙂"
            + "|héllo wörld|-42 2.5 true|0 is truthy|so is ''")
    }

    @Test func tenThousandNestedSectionsGiveAProblemNotACrash() {
        let open = String(repeating: "{{#a}}", count: 10_000)
        let (shape, value) = TemplateTestKit.data(#"{"a": true}"#)
        let (compiled, problems) = TemplateTestKit.compile(["page": open], root: shape)
        #expect(problems.map(TemplateTestKit.line).contains("page 1:601 syntax: sections nested more than 100 deep"))
        // The sections kept (100 of them) are reported as never closed; the rest are not.
        #expect(problems.count == 101)
        #expect(compiled?.render(value) == [])
        let balanced = open + "x" + String(repeating: "{{/a}}", count: 10_000) + "!"
        let (compiled2, problems2) = TemplateTestKit.compile(["page": balanced], root: shape)
        #expect(problems2.map(TemplateTestKit.line) == ["page 1:601 syntax: sections nested more than 100 deep"])
        #expect(compiled2.map { String(decoding: $0.render(value), as: UTF8.self) } == "!")
    }

    @Test func aPartialThatRecursesWithoutEndIsCutOff() {
        // Each level pushes a frame, so every level is a new specialisation: cut at the depth cap.
        let (shape, value) = TemplateTestKit.data(#"{"a": true}"#)
        let (compiled, problems) = TemplateTestKit.compile(["page": "{{>p}}", "p": "<{{#a}}{{>p}}{{/a}}>"], root: shape)
        #expect(problems.map(TemplateTestKit.line) == [
            "p 1:8 syntax: nested more than 100 deep (sections, partials and blocks together); left out here",
        ])
        let output = compiled.map { String(decoding: $0.render(value), as: UTF8.self) } ?? ""
        #expect(output.hasPrefix("<<<") && output.hasSuffix(">>>"))
        // Nothing pushed between the calls: the same specialisation, which could never end.
        let (_, selfProblems) = TemplateTestKit.compile(["page": "{{>p}}", "p": "x{{^a}}{{>p}}{{/a}}"], root: shape)
        #expect(selfProblems.map(TemplateTestKit.line) == [
            "p 1:8 syntax: 'p' includes itself with nothing changed, so it would never end",
        ])
    }

    @Test func recursionOverAFiniteShapeCompilesWithoutProblems() {
        let json = #"{"name": "root", "children": [{"name": "a", "children": [{"name": "b", "children": []}]}, {"name": "c", "children": []}]}"#
        let texts = ["page": "{{>node}}", "node": "{{name}}({{#children}}{{>node}}{{/children}})"]
        let (output, problems) = TemplateTestKit.render(texts, json: json)
        #expect(output == "root(a(b())c())")
        #expect(problems.isEmpty)
    }

    @Test func sameCompiledTemplateRendersTheSameFromManyTasks() async {
        var posts: [String] = []
        for i in 0..<10_000 {
            posts.append(#"{"title": "Post <\#(i)>", "n": \#(i), "tags": ["a", "b&c"]}"#)
        }
        let (shape, value) = TemplateTestKit.data(#"{"site": "S", "posts": [\#(posts.joined(separator: ","))]}"#)
        let template = "{{#posts}}<li>{{title}} {{n}}{{#tags}} {{.}}{{/tags}} {{site}}</li>\n{{/posts}}"
        let (compiled, problems) = TemplateTestKit.compile(["page": template], root: shape)
        #expect(problems.isEmpty)
        guard let compiled else { return }
        let expected = compiled.render(value)
        #expect(String(decoding: expected, as: UTF8.self).hasPrefix("<li>Post &lt;0&gt; 0 a b&amp;c S</li>\n<li>Post &lt;1&gt;"))
        let results = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { compiled.render(value) } }
            var all: [[UInt8]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func aPartialIsCheckedAndCompiledForEachContext() {
        let json = #"{"post": {"title": "P", "url": "/p"}, "page": {"title": "Q"}}"#
        let texts = ["page": "{{#post}}{{>link}}{{/post}} {{#page}}{{>link}}{{/page}}", "link": "[{{title}}]"]
        let (output, problems) = TemplateTestKit.render(texts, json: json)
        #expect(output == "[P] [Q]")
        #expect(problems.isEmpty)
    }

    @Test func dynamicNamesPickATemplatePerItemAndCheckCandidatesQuietly() {
        let texts = [
            "page": "{{#items}}{{>*kind}}{{/items}}",
            "text": "<p>{{content}}</p>",
            "image": "<img src=\"{{url}}\">{{>partials/missing}}",
        ]
        let json = #"{"items": [{"kind": "text", "content": "hi"}, {"kind": "image", "url": "/a.png"}, {"kind": "nope"}]}"#
        let (output, problems) = TemplateTestKit.render(texts, json: json)
        #expect(output == "<p>hi</p><img src=\"/a.png\">")
        // Every template is a candidate at the call, `page` itself included; names that
        // depend on the place are not reported there, a missing partial still is.
        #expect(problems == ["image 1:20 syntax: missing partial 'partials/missing' (no templates/partials/missing.mustache)"])
    }

    @Test func layoutWithIndentedBlocksAndPartials() {
        let texts = [
            "page": "{{<layout}}\n{{$body}}\n<p>\n  {{text}}\n</p>\n{{/body}}\n{{/layout}}\n",
            "layout": "<main>\n  {{$body}}{{/body}}\n  {{>footer}}\n</main>\n",
            "footer": "<footer>\n  {{year}}\n</footer>\n",
        ]
        let (output, problems) = TemplateTestKit.render(texts, json: #"{"text": "hi", "year": 2026}"#)
        #expect(output == "<main>\n  <p>\n    hi\n  </p>\n\n  <footer>\n    2026\n  </footer>\n</main>\n")
        #expect(problems.isEmpty)
    }
}

/// Which lines are standalone: one tag, or the spec's adjacent inheritance pairs.
@Suite struct StandaloneLineTests {
    @Test func twoSectionTagsOnALineAreNotStandalone() {
        let (output, _) = TemplateTestKit.render(["page": "{{#a}}{{/a}}\n{{#a}}x{{/a}} {{#a}}y{{/a}}\nz"], json: #"{"a": true}"#)
        #expect(output == "\nx y\nz")
    }

    @Test func tenThousandMismatchedCloseTags() {
        // 100 sections kept, 9,900 skipped (closed by the first 9,900 close tags), and each
        // kept one closed by a close tag with another name.
        let text = String(repeating: "{{#a}}", count: 10_000) + String(repeating: "{{/b}}", count: 10_000)
        let problems = TemplateTestKit.problems(["page": text], json: #"{"a": true}"#)
        #expect(problems.count == 101)
        #expect(problems.filter { $0.hasSuffix("section 'a' is closed by {{/b}} (line 1)") }.count == 100)
    }
}
