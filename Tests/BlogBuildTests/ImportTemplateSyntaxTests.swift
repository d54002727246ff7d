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
import Foundation
import Testing

/// Another generator's template syntax after an import: what can be translated
/// faithfully is (includes that are plain HTML with parameters), and every place
/// left that `check` reports (and every body image without alt text) is named in
/// IMPORT.md at the written file's line.
@Suite struct ImportTemplateSyntaxTests {
    static let config = "title: Old\nurl: https://example.org\n"

    /// `check --verbose`'s template-syntax warnings, as `file:line` places.
    static func templatePlaces(_ folder: TestSiteFolder) throws -> [String] {
        let check = try BlogBuildCLI.run(["check", "--site", folder.root.path, "--verbose"])
        return (check.stdoutLines + check.stderrLines).filter { $0.contains("template syntax of another generator") }
            .map { $0.split(separator: ":").prefix(2).joined(separator: ":") }
    }

    @Test func everyTemplatePlaceCheckReportsIsNamedOnceAtItsWrittenLine() throws {
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": Self.config,
            // Front matter the import rewrites, so the written lines are not the source's.
            "_posts/2020-01-02-hello.md": """
            ---
            layout: post
            title: Hello
            categories: [a, b]
            comments: true
            ---
            Intro.

            {% info %}
            A note.
            {% endinfo %}

            Title: {{ page.title }}

            {% include theme-thing.html %}

            <p>A <a href="{% link nowhere.md %}">link</a> made by Liquid.</p>
            """,
            "_includes/theme-thing.html": "{% for p in site.posts %}{{ p.title }}{% endfor %}\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let report = try #require(folder.read("IMPORT.md"))
        // Every place check reports, the broken link made of a `{% link %}` too.
        let check = try BlogBuildCLI.run(["check", "--site", folder.root.path, "--verbose"])
        let all = (check.stdoutLines + check.stderrLines).filter { $0.contains("warning:") }
        #expect(all.contains { $0.contains("broken link '{%") }, "\(all)")
        for line in all {
            let place = line.split(separator: ":").prefix(2).joined(separator: ":")
            #expect(report.contains("`\(place)`"), "\(line) not in IMPORT.md:\n\(report)")
        }
        let places = try Self.templatePlaces(folder)
        #expect(places.count == 4, "\(places)")
        for place in places {
            #expect(place.hasPrefix("content/posts/"), "\(place)")
            #expect(report.contains("`\(place)`"), "\(place) not in IMPORT.md:\n\(report)")
        }
        // Listed once: at the source's line, with the written file's line beside it.
        let infoLines = report.split(separator: "\n").filter { $0.contains("`{% info %}`") }
        #expect(infoLines.count == 1, "\(infoLines)")
        let infoPlace = try #require(places.first)
        #expect(infoLines.first?.hasPrefix("- `_posts/2020-01-02-hello.md:9`: `{% info %}`: ") == true, "\(infoLines)")
        #expect(infoLines.first?.hasSuffix("(written at `\(infoPlace)`)") == true, "\(infoLines)")
        #expect(infoPlace != "content/posts/2020-01-02-hello.md:9", "the written line differs from the source's here")
    }

    @Test func imagesWithoutAltInAPostWhoseImporterListedSomeAreNamedWhereCheckReportsThem() throws {
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": Self.config,
            "_assets/images/a.png": JekyllRealLayoutTests.png,
            "img/b.png": JekyllRealLayoutTests.png,
            "_posts/2020-01-02-hello.md": """
            ---
            layout: post
            title: Hello
            categories: [a, b]
            ---
            {% asset a.png %}

            ![](/img/b.png)
            """,
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let report = try #require(folder.read("IMPORT.md"))
        let check = try BlogBuildCLI.run(["check", "--site", folder.root.path, "--verbose"])
        let places = (check.stdoutLines + check.stderrLines).filter { $0.contains("has no alt text") }
            .map { $0.split(separator: ":").prefix(2).joined(separator: ":") }
        #expect(places.count == 2, "\(check)")
        // The asset the importer listed at its source line gets the written line beside it; the Markdown image its own item.
        #expect(report.contains("- `_posts/2020-01-02-hello.md:6`: `{% asset a.png %}`: an image without alt text"), "\(report)")
        for place in places { #expect(report.contains("`\(place)`"), "\(place) not in IMPORT.md:\n\(report)") }
    }

    @Test func includesOfPlainHTMLWithParametersArePasted() throws {
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": Self.config,
            "_posts/2020-01-02-hello.md": """
            ---
            title: Hello
            ---
            Intro paragraph.
            {% include friends.html %}
            After the box.

            {% include note.html title="A & B" content="Some *emphasis*." %}

            {% include note.html content="No title." %}

            A line with {% include sep.html %} in it.

            {% include loop.html %}
            """,
            // A blank line and indented lines: CommonMark would end the HTML block and read a code block.
            "_includes/friends.html": """
            <div class="friends">
                <span>
            Try <b>App</b>.

                   <a href="https://x.example/app">Try now</a>
                </span>
            </div>
            """,
            "_includes/note.html": """
            {% comment %}A callout.{% endcomment %}
            <aside class="note">
            {% if include.title %}<h5>{{ include.title | escape }}</h5>{% else %}<h5>Note</h5>{% endif %}
            {{ include.content | markdownify }}
            </aside>
            """,
            "_includes/sep.html": "<span class=\"sep\">*</span>\n",
            "_includes/loop.html": "<ul>{% for p in site.posts %}<li>{{ p.title }}</li>{% endfor %}</ul>\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let written = try #require(folder.read("content/posts/2020-01-02-hello.md"))
        #expect(!written.contains("{% include friends") && !written.contains("{% include note") && !written.contains("{% include sep"), "\(written)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("| {% include %} of plain HTML → its HTML | 4 |"), "\(report)")

        let built = renderTestSite(folder, mode: .check, now: Date())
        #expect(built.errors == [], "\(built.errors)")
        let page = try #require(built.byPath.keys.sorted().compactMap { built[$0] }.first { $0.contains("Intro paragraph") })
        #expect(page.contains("<p>Intro paragraph.</p>"), "\(page)")
        #expect(page.contains("<div class=\"friends\">") && page.contains("<a href=\"https://x.example/app\">Try now</a>"), "\(page)")
        #expect(!page.contains("<pre"), "an indented line became a code block:\n\(page)")
        #expect(page.contains("<p>After the box.</p>"), "\(page)")
        #expect(page.contains("<h5>A &amp; B</h5>") && page.contains("<p>Some <em>emphasis</em>.</p>"), "\(page)")
        #expect(page.contains("<h5>Note</h5>") && page.contains("<p>No title.</p>"), "\(page)")
        #expect(page.contains("A line with <span class=\"sep\">*</span> in it."), "\(page)")
        // The loop is left, and named where check reports it.
        let places = try Self.templatePlaces(folder)
        #expect(places.count == 1, "\(places)")
        for place in places { #expect(report.contains("`{% include loop.html %}`: includes are theme code; write what it shows into the post, or a template partial (written at `\(place)`)"), "\(place):\n\(report)") }
    }

    @Test func siteAndDataValuesAndIncludesOfAnyNameAreFilledIn() throws {
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": Self.config + "author:\n  name: Jo Doe\nnewsletter: https://news.example/\nratio: 1.10\n",
            "_data/urls.yml": "book: https://books.example/mine\n",
            "_data/social/links.json": "{\"mastodon\": \"https://social.example/@jo\"}\n",
            "_includes/embeds/video.liquid": """
            {% comment %}An embed.{% endcomment %}
            <iframe src="https://video.example/embed/{{ include.id }}" title="Video"></iframe>
            <p><a href="{{ site.data.urls.book }}">The book</a></p>
            """,
            "_posts/2020-01-02-hello.md": """
            ---
            title: Hello
            ---
            By {{ site.author.name }}: [newsletter]({{ site.newsletter }}), [book]({{ site.data.urls.book }}), [toot]({{ site.data.social.links.mastodon }}).

            {% include embeds/video.liquid id="abc" %}

            Left: {{ site.posts }} {{ site.author }} {{ site.ratio }} {{ site.data.urls.missing }}
            """,
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let written = try #require(folder.read("content/posts/2020-01-02-hello.md"))
        #expect(written.contains("By Jo Doe: [newsletter](https://news.example/), [book](https://books.example/mine), [toot](https://social.example/@jo)."), "\(written)")
        #expect(written.contains("<iframe src=\"https://video.example/embed/abc\" title=\"Video\"></iframe>\n<p><a href=\"https://books.example/mine\">The book</a></p>"), "\(written)")
        // A computed value, a map, a float (Ruby prints it its own way) and a missing key stay, and are named.
        #expect(written.contains("Left: {{ site.posts }} {{ site.author }} {{ site.ratio }} {{ site.data.urls.missing }}"), "\(written)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("| {{ site.NAME }}, {{ site.data.FILE.KEY }} → its value in _config.yml or _data/ | 4 |"), "\(report)")
        let places = try Self.templatePlaces(folder)
        #expect(places.count == 4, "\(places)")
        for place in places { #expect(report.contains("`\(place)`"), "\(place) not in IMPORT.md:\n\(report)") }
    }

    @Test(arguments: [
        ("<b>{{ include.x }}</b>", "x=\"1\"", "<b>1</b>"),
        ("<!-- c -->\n    <div>\n\n        <b>x</b>  \n    </div>\n", "", "<!-- c -->\n<div>\n<b>x</b>\n</div>"),
        ("{% unless include.x %}none{% endunless %}", "", "none"),
        ("{% if include.x %}yes{% endif %}", "x=false", ""),
        ("{{ include.x | default: \"d\" }}", "", "d"),
        ("<a href=\"{{ include.u | relative_url }}\">", "u=\"a/b\"", "<a href=\"/a/b\">"),
        ("{{ page.title }}", "", nil),
        ("{% assign y = include.x %}{{ y }}", "x=\"1\"", nil),
        ("{% if include.x == \"a\" %}a{% endif %}", "x=\"a\"", nil),
        ("{{ include.x }}", "x=page.title", nil),
        ("{{ include.x | upcase }}", "x=\"a\"", nil),
        ("{% include other.html %}", "", nil),
        ("<pre>{{ include.x }}</pre>", "x=\"a\"", nil),
    ] as [(String, String, String?)])
    func theLiquidSubsetOfAnHTMLInclude(_ template: String, _ arguments: String, _ expected: String?) {
        #expect(JekyllHTMLIncludes.render(template, LiquidArguments(arguments)) == expected)
    }
}
