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

/// Every problem message, at its exact line and column.
@Suite struct ProblemTests {
    @Test func unknownVariableSuggestsTheField() {
        let page = "<h1>{{title}}</h1>\n<p>{{ tittle }}</p>\n<p>{{{tittle}}} {{&tittle}}</p>\n"
        #expect(TemplateTestKit.problems(["page": page], json: #"{"title": "T"}"#) == [
            "page 2:4 unknownName: unknown variable 'tittle' (did you mean 'title'?)",
            "page 3:4 unknownName: unknown variable 'tittle' (did you mean 'title'?)",
            "page 3:17 unknownName: unknown variable 'tittle' (did you mean 'title'?)",
        ])
    }

    @Test func unknownLaterSegmentNamesTheFullPath() {
        let page = "{{page.title}}\n  {{page.tittle}} {{pgae.title}} {{page.title.more}}"
        #expect(TemplateTestKit.problems(["page": page], json: #"{"page": {"title": "T"}}"#) == [
            "page 2:3 unknownName: unknown variable 'page.tittle' (did you mean 'page.title'?)",
            "page 2:19 unknownName: unknown variable 'pgae.title' (did you mean 'page.title'?)",
            "page 2:34 unknownName: unknown variable 'page.title.more'",
        ])
    }

    @Test func unknownSection() {
        let page = "{{#posts}}{{/posts}}\n{{#postz}}x{{/postz}}\n {{^postz}}y{{/postz}}\n{{#zzz}}{{/zzz}}"
        #expect(TemplateTestKit.problems(["page": page], json: #"{"posts": []}"#) == [
            "page 2:1 unknownName: unknown section 'postz' (did you mean 'posts'?)",
            "page 3:2 unknownName: unknown section 'postz' (did you mean 'posts'?)",
            "page 4:1 unknownName: unknown section 'zzz'",
        ])
    }

    @Test func missingPartialAndParent() {
        let page = "a\n  {{> partials/x}}\n{{<layout}}{{/layout}}"
        #expect(TemplateTestKit.problems(["page": page]) == [
            "page 2:3 syntax: missing partial 'partials/x' (no templates/partials/x.mustache)",
            "page 3:1 syntax: missing partial 'layout' (no templates/layout.mustache)",
        ])
    }

    @Test func missingTemplate() {
        let (compiled, problems) = TemplateTestKit.compile(["page": "x"], "post", root: .scalar)
        #expect(compiled == nil)
        #expect(problems.map(TemplateTestKit.line) == ["post 1:1 syntax: missing template 'post' (no templates/post.mustache)"])
    }

    @Test func sectionNeverClosedIsReportedWhereItOpens() {
        let page = "line\n  {{#posts}}\n{{title}}\n"
        #expect(TemplateTestKit.problems(["page": page], json: #"{"posts": [{"title": "t"}]}"#) == [
            "page 2:3 syntax: section 'posts' is never closed",
        ])
    }

    @Test func sectionClosedByAnotherTag() {
        let page = "{{#posts}}\n{{title}}\n\n{{/post}}\n"
        #expect(TemplateTestKit.problems(["page": page], json: #"{"posts": [{"title": "t"}]}"#) == [
            "page 1:1 syntax: section 'posts' is closed by {{/post}} (line 4)",
        ])
        // The close tag named as written with the delimiters in force.
        let custom = "{{=<% %>=}}\n<%#posts%>\n<%/post%>"
        #expect(TemplateTestKit.problems(["page": custom], json: #"{"posts": []}"#) == [
            "page 2:1 syntax: section 'posts' is closed by <%/post%> (line 3)",
        ])
        // A close tag for a section further out closes the ones inside it too.
        let nested = "{{#a}}\n {{#b}}\n{{/a}}"
        #expect(TemplateTestKit.problems(["page": nested], json: #"{"a": true, "b": true}"#) == [
            "page 2:2 syntax: section 'b' is closed by {{/a}} (line 3)",
        ])
    }

    @Test func closeWithNothingOpen() {
        #expect(TemplateTestKit.problems(["page": "a\nb {{/x}}"]) == [
            "page 2:3 syntax: {{/x}} closes a section that was never opened",
        ])
    }

    @Test func unclosedTagNamesTheCloseDelimiter() {
        #expect(TemplateTestKit.problems(["page": "a\n  {{title\n"], json: #"{"title": 1}"#) == [
            "page 2:3 syntax: a tag is not closed (missing '}}')",
        ])
        #expect(TemplateTestKit.problems(["page": "{{=<% %>=}}\nx <%title\n"], json: #"{"title": 1}"#) == [
            "page 2:3 syntax: a tag is not closed (missing '%>')",
        ])
        #expect(TemplateTestKit.problems(["page": "{{{title}}"], json: #"{"title": 1}"#) == [
            "page 1:1 syntax: a tag is not closed (missing '}}}')",
        ])
    }

    @Test func invalidSetDelimiterTag() {
        #expect(TemplateTestKit.problems(["page": "x\n {{=<%=}}\n{{=a b c=}}"]) == [
            "page 2:2 syntax: invalid set-delimiter tag",
            "page 3:1 syntax: invalid set-delimiter tag",
        ])
    }

    @Test func pragmasAreNotSupported() {
        #expect(TemplateTestKit.problems(["page": "x\n{{% CONTENT_TYPE: TEXT }}\n"]) == [
            "page 2:1 syntax: pragmas are not supported",
        ])
    }

    @Test func positionsAfterADelimiterChangeCountScalars() {
        let page = "{{=<% %>=}}\nline {{tittle}}\n  é <%tittle%>"
        #expect(TemplateTestKit.problems(["page": page], json: #"{"title": "T"}"#) == [
            "page 3:5 unknownName: unknown variable 'tittle' (did you mean 'title'?)",
        ])
    }

    @Test func problemsInsideAPartialNameThePartial() {
        let texts = ["page": "x\n{{> partials/card}}", "partials/card": "<div>\n  {{tittle}}\n</div>\n{{#x}}"]
        let (_, problems) = TemplateTestKit.compile(texts, root: TemplateTestKit.data(#"{"title": "T", "x": true}"#).shape)
        #expect(problems.map(TemplateTestKit.line) == [
            "partials/card 2:3 unknownName: unknown variable 'tittle' (did you mean 'title'?)",
            "partials/card 4:1 syntax: section 'x' is never closed",
        ])
        #expect(problems.first?.label == "templates/partials/card.mustache")
    }

    @Test func problemsInsideABlockArgumentNameTheTemplateThatWroteIt() {
        let texts = ["page": "{{<layout}}\n{{$body}}\n  {{tittle}}\n{{/body}}\n{{/layout}}",
                     "layout": "<main>\n{{$body}}{{/body}}\n</main>"]
        #expect(TemplateTestKit.problems(texts, json: #"{"title": "T"}"#) == [
            "page 3:3 unknownName: unknown variable 'tittle' (did you mean 'title'?)",
        ])
    }

    @Test func unknownNameInAPartialUsedTwiceIsReportedOnce() {
        let texts = ["page": "{{#first}}{{>p}}{{/first}}\n{{#second}}{{>p}}{{/second}}", "p": "{{missing}}"]
        #expect(TemplateTestKit.problems(texts, json: #"{"first": {"alpha": 1}, "second": {"beta": 2}}"#) == [
            "p 1:1 unknownName: unknown variable 'missing'",
        ])
        // Found in one context only: still reported, for the other.
        #expect(TemplateTestKit.problems(texts, json: #"{"first": {"missing": 1}, "second": {"beta": 2}}"#) == [
            "p 1:1 unknownName: unknown variable 'missing'",
        ])
        // Found in both: nothing.
        #expect(TemplateTestKit.problems(texts, json: #"{"first": {"missing": 1}, "second": {"missing": 2}}"#) == [])
    }

    @Test func problemsAreSortedByTemplateThenPlace() {
        let texts = ["page": "{{>b}}{{>a}}\n{{zz}}{{yy}}", "a": "\n{{q}}", "b": "{{r}}"]
        #expect(TemplateTestKit.problems(texts) == [
            "a 2:1 unknownName: unknown variable 'q'",
            "b 1:1 unknownName: unknown variable 'r'",
            "page 2:1 unknownName: unknown variable 'zz'",
            "page 2:7 unknownName: unknown variable 'yy'",
        ])
    }

    @Test func tagNamesMustBeNames() {
        #expect(TemplateTestKit.problems(["page": "{{}}\n{{#a b}}x{{/a b}}\n{{a..b}}"]) == [
            "page 1:1 syntax: a tag has no name",
            "page 2:1 syntax: invalid tag name 'a b'",
            "page 2:10 syntax: invalid tag name 'a b'",
            "page 3:1 syntax: invalid tag name 'a..b'",
        ])
    }
}
