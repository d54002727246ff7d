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

@Suite struct MarkdownTests {
    private func render(_ markdown: String, rawHTML: Bool = true) -> RenderedMarkdown {
        MarkdownRenderer.render(markdown, options: MarkdownOptions(rawHTML: rawHTML))
    }

    // MARK: GitHub-flavoured extensions

    @Test func tablesAlignWithStyleNotAlign() {
        let html = render("| a | b | c |\n|:--|--:|:-:|\n| 1 | 2 | 3 |\n").html
        #expect(html.contains("<table>"))
        #expect(html.contains(#"<th style="text-align: left">a</th>"#))
        #expect(html.contains(#"<td style="text-align: right">2</td>"#))
        #expect(html.contains(#"<td style="text-align: center">3</td>"#))
        #expect(!html.contains(" align="))
    }

    @Test func strikethrough() {
        let html = render("~~gone~~ and ~also~ here").html
        #expect(html == "<p><del>gone</del> and <del>also</del> here</p>\n")
    }

    @Test func autolinks() {
        let html = render("See https://example.com/a?b=1 and www.example.org today.").html
        #expect(html.contains(#"<a href="https://example.com/a?b=1">https://example.com/a?b=1</a>"#))
        #expect(html.contains(#"<a href="http://www.example.org">www.example.org</a>"#))
    }

    @Test func taskLists() {
        let html = render("- [x] done\n- [ ] todo\n").html
        #expect(html.contains(#"<li><input type="checkbox" checked="" disabled="" /> done</li>"#))
        #expect(html.contains(#"<li><input type="checkbox" disabled="" /> todo</li>"#))
    }

    @Test func footnotesWithBackLinks() {
        let r = render("Text[^1] and again[^1].\n\n[^1]: The note.\n")
        #expect(r.html.contains(##"<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup>"##))
        #expect(r.html.contains(#"id="fnref-1-2""#))
        #expect(r.html.contains(#"<section class="footnotes" data-footnotes>"#))
        #expect(r.html.contains(#"<li id="fn-1">"#))
        #expect(r.html.contains(##"<a href="#fnref-1" class="footnote-backref""##))
        #expect(r.html.contains(##"<a href="#fnref-1-2" class="footnote-backref""##))
        #expect(r.ids.isSuperset(of: ["fn-1", "fnref-1", "fnref-1-2"]))
    }

    @Test func footnoteReferenceInsideLinkIsMovedAfterIt() {
        let r = render("[a link [^n]](https://e.example) and ![pic[^n]](p.png)\n\n[^n]: Note.\n")
        #expect(r.html.contains(##"<a href="https://e.example">a link</a><sup class="footnote-ref"><a href="#fn-n" id="fnref-n" data-footnote-ref>1</a></sup>"##))
        #expect(r.html.contains(##"loading="lazy" /><sup class="footnote-ref"><a href="#fn-n" id="fnref-n-2""##))
        #expect(r.ids.isSuperset(of: ["fnref-n", "fnref-n-2", "fn-n"]))
    }

    @Test func linkInsideLinkTextIsUnwrapped() {
        let html = render("[<https://inner.example>](https://outer.example)").html
        #expect(html == "<p><a href=\"https://outer.example\">https://inner.example</a></p>\n")
    }

    // MARK: Raw HTML

    @Test func rawHTMLPassesThrough() {
        let html = render("<div class=\"box\">\nhi\n</div>\n\nSome <span class=\"x\">inline</span> text.\n").html
        #expect(html.contains("<div class=\"box\">\nhi\n</div>"))
        #expect(html.contains("<span class=\"x\">inline</span>"))
    }

    @Test func rawHTMLIsOmittedWhenNotAllowed() {
        let r = render("<div class=\"box\">\nhi\n</div>\n\nSome <span>inline</span> [x](javascript:alert(1)) ![i](javascript:x)\n",
                       rawHTML: false)
        #expect(!r.html.contains("<div"))
        #expect(!r.html.contains("<span"))
        #expect(r.html.contains("<!-- raw HTML omitted -->"))
        #expect(!r.html.contains("javascript:"))
        #expect(r.html.contains(#"<img src="" alt="i" loading="lazy" />"#))
    }

    // MARK: Headings

    @Test func headingIDsAreUniqueAndOnTheElement() {
        let r = render("""
        # Hello World

        ## Hello World

        ### Hello, World!

        #### Café au lait

        ## !!!

        ## C++ & Swift
        """)
        #expect(r.html.contains(#"<h1 id="hello-world">Hello World</h1>"#))
        #expect(r.html.contains(#"<h2 id="hello-world-1">Hello World</h2>"#))
        #expect(r.html.contains(#"<h3 id="hello-world-2">Hello, World!</h3>"#))
        #expect(r.html.contains(#"<h4 id="café-au-lait">Café au lait</h4>"#))
        #expect(r.html.contains(#"<h2 id="section">!!!</h2>"#))
        #expect(r.html.contains(#"<h2 id="c--swift">C++ &amp; Swift</h2>"#))
        #expect(r.ids == ["hello-world", "hello-world-1", "hello-world-2", "café-au-lait", "section", "c--swift"])
    }

    @Test func headingIDsAvoidRawHTMLAndFootnoteIDs() {
        let r = render("""
        <h2 id="intro">Intro (raw)</h2>

        ## Intro

        ## fn 1

        Text[^1].

        [^1]: Note.
        """)
        #expect(r.html.contains(#"<h2 id="intro">Intro (raw)</h2>"#))
        #expect(r.html.contains(#"<h2 id="intro-1">Intro</h2>"#))
        #expect(r.html.contains(#"<h2 id="section-fn-1">fn 1</h2>"#))
        #expect(r.html.contains(#"<li id="fn-1">"#))
        #expect(r.toc.map(\.id) == ["intro-1", "section-fn-1"])
    }

    @Test func tableOfContents() {
        let r = render("""
        # Hello *World*

        Text

        Setext `code`
        ---

        ### Three [link](https://x.example)

        ## ![logo](l.png) Noted [^1]

        <h2>Raw, not listed</h2>

        [^1]: Note.
        """)
        #expect(r.toc == [
            TOCEntry(level: 1, id: "hello-world", text: "Hello World"),
            TOCEntry(level: 2, id: "setext-code", text: "Setext code"),
            TOCEntry(level: 3, id: "three-link", text: "Three link"),
            TOCEntry(level: 2, id: "noted", text: "Noted"),
        ])
        #expect(r.html.contains(#"<h2 id="setext-code">Setext <code>code</code></h2>"#))
    }

    // MARK: Code

    @Test func fencedCodeKeepsLanguageAndIsEscaped() {
        let r = render("```swift {linenos}\nlet s = \"{{ mustache }}\" </script>\n<!--more-->\n```\n")
        #expect(r.html.hasPrefix(#"<pre><code class="language-swift">"#))
        #expect(r.html.contains("{{ mustache }}"))
        #expect(r.html.contains("&lt;/script&gt;"))
        #expect(r.html.contains("&lt;!--more--&gt;"))
        #expect(!r.html.contains("</script>"))
        #expect(!r.hasMoreMarker)
    }

    // MARK: Images

    @Test func imagesAreLazy() {
        let r = render("![Alt *text* & more](<img/a b.png> \"A title\") [![linked](b.png)](https://x.example) <img src=\"raw.png\" alt=\"r\">")
        #expect(r.html.contains(#"<img src="img/a%20b.png" alt="Alt text &amp; more" title="A title" loading="lazy" />"#))
        #expect(r.html.contains(#"<a href="https://x.example"><img src="b.png" alt="linked" loading="lazy" /></a>"#))
        #expect(r.html.contains(#"<img src="raw.png" alt="r">"#))
        #expect(r.images == ["img/a b.png", "b.png", "raw.png"])
    }

    // MARK: Summary

    @Test func summaryEndsAtMoreMarker() {
        let r = render("""
        Intro with a note[^1].

        ## Part one

        More intro.

        <!--more-->

        The rest.

        [^1]: The note.
        """)
        #expect(r.hasMoreMarker)
        #expect(r.summaryHTML == "<p>Intro with a note.</p>\n<h2>Part one</h2>\n<p>More intro.</p>\n")
        #expect(r.html.contains("<p>The rest.</p>"))
        #expect(r.html.contains(#"<h2 id="part-one">Part one</h2>"#))
        #expect(r.html.contains(#"id="fnref-1""#))
        #expect(!r.html.contains("<!--more-->"))
    }

    @Test func summaryIsFirstParagraphWithoutFootnotes() {
        let r = render("# Title\n\nFirst para with a note[^1] and **bold**.\n\nSecond.\n\n[^1]: n\n")
        #expect(!r.hasMoreMarker)
        #expect(r.summaryHTML == "<p>First para with a note and <strong>bold</strong>.</p>\n")
        #expect(r.html.contains("<p>First para with a note<sup class=\"footnote-ref\">"))
    }

    @Test func summaryHasNoIDs() {
        let r = render("""
        <p id="lead">Raw <span id='x' class="y">lead</span></p>

        # Heading

        Para <a id=anchor href="#a">a</a>.

        <!--more-->

        Rest.
        """)
        #expect(r.hasMoreMarker)
        #expect(!r.summaryHTML.contains("id="))
        #expect(r.summaryHTML.contains(#"<span class="y">lead</span>"#))
        #expect(r.summaryHTML.contains("<h1>Heading</h1>"))
        #expect(r.summaryHTML.contains(##"<a href="#a">a</a>"##))
        #expect(r.ids == ["lead", "x", "heading", "anchor"])
    }

    @Test func moreMarkerInCodeIsNotAMarker() {
        let r = render("```\n<!--more-->\n```\n\nPara one.\n\n    <!--more-->\n\nPara two.\n")
        #expect(!r.hasMoreMarker)
        #expect(r.summaryHTML == "<p>Para one.</p>\n")
    }

    @Test func moreMarkerWithSpacesCounts() {
        let r = render("Lead.\n\n<!-- more -->\n\nRest.\n", rawHTML: false)
        #expect(r.hasMoreMarker)
        #expect(r.summaryHTML == "<p>Lead.</p>\n")
        #expect(!r.html.contains("omitted"))
    }

    // MARK: What the site needs to know

    @Test func linksImagesAndIDs() {
        let r = render("""
        # Top

        [a](https://a.example/x?y=1&z=2) [b](/posts/b/#top) <https://auto.example> www.w.example
        ![i](img/b.png) <a href="/raw" id="r">r</a> <img src="/r.png">

        <div><a href='/block'>b</a><script src="/s.js"></script></div>

        Note[^x].

        [^x]: See [c](c.html).
        """)
        #expect(r.links == ["https://a.example/x?y=1&z=2", "/posts/b/#top", "https://auto.example", "http://www.w.example",
                            "/raw", "/block", "/s.js", "c.html"])
        #expect(r.images == ["img/b.png", "/r.png"])
        #expect(r.ids == ["top", "r", "fnref-x", "fn-x"])
    }

    @Test func wordCount() {
        #expect(render("One two three.").wordCount == 3)
        #expect(render("AT&T *rocks*, don't — it's *emph*asis.\n\n- a\n- b\n").wordCount == 7)
        #expect(render("Prose here.\n\n```swift\nlet x = 1\n```\n").wordCount == 5)
        #expect(render("<!-- a comment with words -->\n\n[link](https://not.counted/words) text").wordCount == 2)
    }

    @Test func emptyDocument() {
        let r = render("")
        #expect(r.html == "")
        #expect(r.summaryHTML == "")
        #expect(r.wordCount == 0)
        #expect(r.toc.isEmpty)
    }

    // MARK: Thread safety

    /// cmark-gfm keeps the inline parser's special characters in a process-wide
    /// table that each parse used to add to and remove from; in parallel, one
    /// parse's removal lost another's strikethrough or autolinks. Every parallel
    /// render must equal the serial one.
    @Test func parallelRenderingMatchesSerial() async {
        let documents = (0..<4000).map(Self.variedDocument)
        let serial = documents.map { MarkdownRenderer.render($0) }
        // The serial renders are right, and the set mixes documents with and
        // without `~` (strikethrough is attached, and locked, only for the former).
        #expect(serial[7].html.contains("<del>old 7</del>"))
        #expect(serial[7].html.contains("<a href=\"http://www.site7.example\">"))
        #expect(serial[8].html.contains("<td style=\"text-align: left\"><del>c8</del></td>"))
        #expect(serial[9].html.contains("<a href=\"https://example.com/9/0\">"))
        #expect(documents.filter { !$0.contains("~") }.count == 1334)

        let workers = 8
        let parallel = await withTaskGroup(of: [(Int, RenderedMarkdown)].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var out: [(Int, RenderedMarkdown)] = []
                    for i in stride(from: worker, to: documents.count, by: workers) {
                        out.append((i, MarkdownRenderer.render(documents[i])))
                    }
                    return out
                }
            }
            var all = [RenderedMarkdown?](repeating: nil, count: documents.count)
            for await chunk in group {
                for (i, r) in chunk { all[i] = r }
            }
            return all
        }
        let wrong = (0..<documents.count).filter { parallel[$0] != serial[$0] }
        #expect(wrong.count == 0, "\(wrong.count) of \(documents.count) documents differ, first: \(wrong.prefix(5))")
    }

    /// Strikethrough, autolinks (`https://` and `www.`), tables, task lists,
    /// footnotes and emphasis; every third document has no `~` at all.
    static func variedDocument(_ i: Int) -> String {
        var s = "# Post \(i)\n\n"
        for k in 0...(i % 6) {
            s += "Para \(k): ~~old \(i)~~ and ~one~ with https://example.com/\(i)/\(k) or www.site\(i).example, "
            s += "*em* **strong** _u_ `code` text: colons: wow, www, ~tilde~~. See [l](/x/\(k)).\n\n"
            if (i + k) % 3 == 0 {
                s += "| a | b |\n|:--|--:|\n| ~~c\(i)~~ | www.t\(k).example |\n| https://cell.example/\(i) | *e* |\n\n"
            }
            if (i + k) % 4 == 1 {
                s += "- [x] task \(i) ~~done~~\n- [ ] open https://task.example\n\n"
            }
        }
        s += "Note[^n\(i % 7)] ends ~here~.\n\n[^n\(i % 7)]: Footnote www.fn\(i).example ~~x~~.\n"
        if i % 3 == 0 {
            s = String(s.map { $0 == "~" ? "*" : $0 })
        }
        return s
    }
}
