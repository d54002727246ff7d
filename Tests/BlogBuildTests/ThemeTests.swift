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

@Suite("Theme loading")
struct ThemeTests {
    @Test("the built-in theme has every page template and loads without problems")
    func builtInThemeLoads() throws {
        let folder = try TestSiteFolder(config: nil, files: [:])
        let site = folder.root
        let (theme, problems) = Theme.load(siteDirectory: site)
        #expect(problems.isEmpty, "\(problems)")
        let theme2 = try #require(theme)
        for name in PageKinds.templateNames { #expect(theme2.pages[name] != nil, "\(name)") }
        #expect(theme2.assets["style.css"] != nil)
    }

    @Test("a site template overrides the built-in one of the same name, and only that one")
    func overrideFileByFile() throws {
        let folder = try TestSiteFolder(config: nil, files: ["templates/tags.mustache": "TAGS {{site.title}}"])
        let site = folder.root
        let (theme, problems) = Theme.load(siteDirectory: site)
        #expect(problems.isEmpty)
        let t = try #require(theme)
        let page = try #require(t.pages["tags"])
        var root = TemplateRecord(page.root, reads: page.reads)
        var siteValue = root.record(for: "site")
        siteValue["title"] = .string("X")
        root["site"] = siteValue.value
        #expect(String(decoding: page.template.render(root.value), as: UTF8.self) == "TAGS X")
        #expect(t.templateSources["tags"] == "templates/tags.mustache")
        #expect(t.templateSources["post"]?.hasPrefix("(built-in theme)") == true)
    }

    @Test("a syntax error names the template file, line and column")
    func syntaxError() throws {
        let folder = try TestSiteFolder(config: nil, files: ["templates/post.mustache": "<h1>\n{{#post}}\n<p>{{title}}</p>\n{{/pots}}\n"])
        let site = folder.root
        let (theme, problems) = Theme.load(siteDirectory: site)
        #expect(theme == nil)
        let d = try #require(problems.first)
        #expect(d.file == "templates/post.mustache")
        #expect(d.line == 2)
        #expect(d.column == 1)
        #expect(d.message == "template: section 'post' is closed by {{/pots}} (line 4)")
        // Names are checked only in a theme that parses: no warnings beside the error.
        #expect(problems.count == 1, "\(problems)")
    }

    @Test("a partial a partial names that does not exist is an error in the partial's file")
    func missingPartialInAPartial() throws {
        let folder = try TestSiteFolder(config: nil, files: ["templates/partials/footer.mustache": "<footer>\n{{#site.author}}{{> partials/byline}}{{/site.author}}\n</footer>\n"])
        let site = folder.root
        let (theme, problems) = Theme.load(siteDirectory: site)
        #expect(theme == nil)
        #expect(problems.map(\.description) == [
            "templates/partials/footer.mustache:2:17: template: missing partial 'partials/byline' (no templates/partials/byline.mustache)",
        ])
    }

    @Test("an unknown section in a page template is a warning with a did-you-mean; the theme still loads")
    func unknownSectionInAPageTemplate() throws {
        let folder = try TestSiteFolder(config: nil, files: ["templates/tags.mustache": "{{<base}}{{$content}}\n{{#tag}}x{{/tag}}\n{{^has_tag}}none{{/has_tag}}\n{{/content}}{{/base}}\n"])
        let site = folder.root
        let (theme, problems) = Theme.load(siteDirectory: site)
        #expect(theme != nil)
        #expect(problems.map(\.description) == [
            "templates/tags.mustache:2:1: warning: template: unknown section 'tag' (did you mean 'tags'?)",
            "templates/tags.mustache:3:1: warning: template: unknown section 'has_tag' (did you mean 'has_tags'?)",
        ])
    }

    @Test("a partial that does not exist is an error at the tag, not an empty string")
    func missingPartial() throws {
        let folder = try TestSiteFolder(config: nil, files: ["templates/page.mustache": "<main>\n  {{> partials/sidebar}}\n</main>\n"])
        let site = folder.root
        let (theme, problems) = Theme.load(siteDirectory: site)
        #expect(theme == nil)
        #expect(problems.map(\.description) == [
            "templates/page.mustache:2:3: template: missing partial 'partials/sidebar' (no templates/partials/sidebar.mustache)",
        ])
    }

    @Test("templates that include each other in a loop are an error, not a stack overflow")
    func partialCycle() throws {
        let folder = try TestSiteFolder(config: nil, files: [
            "templates/partials/a.mustache": "A {{> partials/b}}",
            "templates/partials/b.mustache": "B\n{{> partials/a}}",
        ])
        let site = folder.root
        let (theme, problems) = Theme.load(siteDirectory: site)
        #expect(theme == nil)
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("includes itself (partials/a → partials/b → partials/a)") == true
                || problems.first?.message.contains("includes itself (partials/b → partials/a → partials/b)") == true)
        #expect(problems.first?.line != nil)
    }

    @Test("a template including itself directly is an error")
    func selfInclusion() throws {
        let folder = try TestSiteFolder(config: nil, files: ["templates/partials/me.mustache": "{{> partials/me}}"])
        let site = folder.root
        let (_, problems) = Theme.load(siteDirectory: site)
        #expect(problems.map(\.description) == [
            "templates/partials/me.mustache:1:1: template: 'partials/me' includes itself (partials/me → partials/me)",
        ])
    }

    @Test("{{x}} escapes & < > \" ' in site templates and partials; {{{x}}} does not")
    func escaping() throws {
        let folder = try TestSiteFolder(config: nil, files: [
            "templates/tags.mustache": "{{site.title}}|{{{site.title}}}|{{> partials/t}}",
            "templates/partials/t.mustache": "{{site.title}}",
        ])
        let site = folder.root
        let (theme, problems) = Theme.load(siteDirectory: site)
        #expect(problems.isEmpty)
        let out = try Self.renderTags(theme, title: "<a href=\"x\">Tom & 'Jerry' 🐭</a>")
        let escaped = "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39; 🐭&lt;/a&gt;"
        #expect(out == "\(escaped)|<a href=\"x\">Tom & 'Jerry' 🐭</a>|\(escaped)")
    }

    /// The tags page's template rendered with `site.title` set to `title`.
    private static func renderTags(_ theme: Theme?, title: String) throws -> String {
        let page = try #require(theme?.pages["tags"])
        var root = TemplateRecord(page.root, reads: page.reads)
        var siteValue = root.record(for: "site")
        siteValue["title"] = .string(title)
        root["site"] = siteValue.value
        return String(decoding: page.template.render(root.value), as: UTF8.self)
    }

    @Test("a theme loaded again (serve, after a template edit) compiles again each page whose templates changed, as a fresh load does")
    func reloadReusesOnlyUnchangedPages() throws {
        let folder = try TestSiteFolder(config: nil, files: [
            "templates/tags.mustache": "TAGS {{> partials/mark}}",
            "templates/partials/mark.mustache": "one",
            "templates/archive.mustache": "ARCHIVE {{nosuch}}",
        ])
        let site = folder.root
        let title = "partials/extra"
        let (first, firstProblems) = Theme.load(siteDirectory: site)
        #expect(try Self.renderTags(first, title: title) == "TAGS one")
        let warning = "templates/archive.mustache:1:9: warning: template: unknown variable 'nosuch'"
        #expect(firstProblems.map(\.description).contains { $0.hasPrefix(warning) }, "\(firstProblems)")

        // A partial the page uses, edited: the page is compiled again; a page that does not use it is
        // kept, with its warnings.
        try folder.write("templates/partials/mark.mustache", "two")
        let (second, secondProblems) = Theme.load(siteDirectory: site, pages: PageKinds.templates, reusing: first)
        #expect(try Self.renderTags(second, title: title) == "TAGS two")
        #expect(secondProblems.map(\.description) == firstProblems.map(\.description), "\(secondProblems)")
        #expect(second?.pages["post"]?.template === first?.pages["post"]?.template, "post.mustache reaches no changed template")

        // `{{>*site.title}}`: a dynamic name, for which every template of the theme is a candidate;
        // then a new template, which no include names but the dynamic name now finds.
        try folder.write("templates/tags.mustache", "TAGS {{> partials/mark}}{{>*site.title}}")
        let (third, _) = Theme.load(siteDirectory: site, pages: PageKinds.templates, reusing: second)
        #expect(try Self.renderTags(third, title: title) == "TAGS two")
        try folder.write("templates/partials/extra.mustache", "+extra")
        let (fourth, _) = Theme.load(siteDirectory: site, pages: PageKinds.templates, reusing: third)
        #expect(try Self.renderTags(fourth, title: title) == "TAGS two+extra")

        // The partial renamed, and the include with it; then the page's override removed (the built-in tags page).
        try folder.remove("templates/partials/mark.mustache")
        try folder.write("templates/partials/sign.mustache", "three")
        try folder.write("templates/tags.mustache", "TAGS {{> partials/sign}}{{>*site.title}}")
        let (fifth, _) = Theme.load(siteDirectory: site, pages: PageKinds.templates, reusing: fourth)
        #expect(try Self.renderTags(fifth, title: title) == "TAGS three+extra")
        try folder.remove("templates/tags.mustache")
        let (sixth, sixthProblems) = Theme.load(siteDirectory: site, pages: PageKinds.templates, reusing: fifth)
        let (fresh, freshProblems) = Theme.load(siteDirectory: site)
        #expect(try Self.renderTags(sixth, title: title) == Self.renderTags(fresh, title: title))
        #expect(try !Self.renderTags(sixth, title: title).contains("TAGS"))
        #expect(sixthProblems.map(\.description) == freshProblems.map(\.description))
    }
}

@Suite("Site paths in content")
struct ContentSitePathTests {
    private static let post = """
        ---
        title: Links
        ---
        See [about](/about/), [part two](../../02/other/), [the note](#note) and ![a map](/images/map.png).

        ## Note

        Text.

        """

    private func folder(baseURL: String) throws -> TestSiteFolder {
        try TestSiteFolder(config: "title: T\nbase_url: \(baseURL)\ntimezone: UTC\n", files: [
            "content/posts/2021-01-05-links.md": Self.post,
            "content/posts/2021-02-01-other.md": "---\ntitle: Other\n---\nBody.\n",
            "content/pages/about.md": "---\ntitle: About\n---\nHello.\n",
            "content/images/map.png": "PNG",
        ])
    }

    @Test("publish writes the author's site paths as absolute URLs; relative links and fragments stay as written")
    func publishMakesSitePathsAbsolute() throws {
        let pages = renderTestSite(try folder(baseURL: "https://example.org/"), mode: .publish)
        pages.expect("2021/01/links/index.html",
                     contains: [#"href="https://example.org/about/""#, #"src="https://example.org/images/map.png""#,
                                #"href="../../02/other/""#, ##"href="#note""##],
                     lacks: [#"href="/about/""#])
    }

    @Test("under a base_url with a path, site paths get that path in build; at the domain root they stay as written")
    func buildPrefixesBasePath() throws {
        let sub = renderTestSite(try folder(baseURL: "https://example.com/blog/"))
        sub.expect("2021/01/links/index.html",
                   contains: [#"href="/blog/about/""#, #"src="/blog/images/map.png""#, ##"href="#note""##],
                   lacks: [#"href="/about/""#])
        let root = renderTestSite(try folder(baseURL: "https://example.com/"))
        root.expect("2021/01/links/index.html", contains: [#"href="/about/""#, #"src="/images/map.png""#])
    }
}

@Suite("Redirect pages")
struct RedirectPageTests {
    /// A redirect page's `<title>` (what a tab, the history and a search result show
    /// while it moves on) is a sentence with the target's title, not the bare path
    /// `redirects:` gave it.
    @Test func redirectPagesHaveATitleAPersonCanRead() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig
                                            + "redirects: { /old-hello/: /2024/01/hello/, /elsewhere/: /no/such/, /about-me/: /about/ }\n",
                                        files: [
            "content/posts/2024-01-02-hello.md": "---\ntitle: Hello & welcome\ndate: 2024-01-02\naliases: [/weblog/hello/]\n---\nText.\n",
            "content/pages/about.md": "---\ntitle: About\naliases: [/who/]\n---\nMe.\n",
        ])
        let pages = renderTestSite(folder)
        #expect(pages.errors == [], "\(pages.errors)")
        pages.expect("old-hello/index.html", contains: ["<title>This page has moved to Hello &amp; welcome.</title>",
                                                         #"<meta http-equiv="refresh" content="0; url=/2024/01/hello/">"#])
        pages.expect("weblog/hello/index.html", contains: ["<title>This page has moved to Hello &amp; welcome.</title>"])
        pages.expect("who/index.html", contains: ["<title>This page has moved to About.</title>"])
        pages.expect("about-me/index.html", contains: ["<title>This page has moved to About.</title>"])
        // A target the site does not make is still named, in the sentence.
        pages.expect("elsewhere/index.html", contains: ["<title>This page has moved to /no/such/.</title>"])
    }
}
