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

/// One corpus of tricky HTML and, for each snippet, what every reader of HTML
/// makes of it: the link checker's `PageLinks`, the feeds' `AbsoluteURLs.rewrite`,
/// `PlainText.of` and the Markdown post-processing (raw HTML in a
/// Markdown body). All of them read HTML with `HTMLScanner`, so a row fails when
/// any one of them reads markup in a comment or a script, misses a tag for its
/// case, or ends a tag at a `>` inside quotes.
///
/// Every expectation is written by hand from the HTML living standard's
/// tokenizer (and, for the rewrite, RFC 3986 against the page below), not taken
/// from the code's output.
@Suite("HTML scanner and its users")
struct HTMLScannerTests {
    static let base = "https://example.com/blog/"
    /// The page every snippet is rewritten against.
    static let page = "https://example.com/blog/2021/01/x/"

    /// What the Markdown post-processing collects from a body that is the snippet
    /// as raw HTML: `href`s and non-`<img>` `src`s, `<img>` `src`s, `id`s, words.
    struct MarkdownFinds: Sendable {
        var links: [String] = []
        var images: [String] = []
        var ids: Set<String> = []
        var words: Int
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var html: String
        /// `PageLinks.ids`: any element's `id`, `name` on `<a>`.
        var ids: Set<String> = []
        /// `PageLinks.references`, in order.
        var references: [PageLinks.Reference] = []
        /// `AbsoluteURLs.rewrite` against `page`; nil: the HTML comes back unchanged.
        var rewritten: String?
        /// `PlainText.of`.
        var text: String
        var markdown: MarkdownFinds

        var testDescription: String { name }
    }

    static func link(_ url: String) -> PageLinks.Reference { PageLinks.Reference(url: url, isImage: false) }
    static func image(_ url: String) -> PageLinks.Reference { PageLinks.Reference(url: url, isImage: true) }

    static let rows: [Row] = [
        Row(name: "tag and attribute names in any case, unquoted and bare attributes",
            html: #"<A HREF="one.html" Id=Top>One</A> <IMG SRC='pic.png' ALT=x hidden>"#,
            ids: ["Top"], references: [link("one.html"), image("pic.png")],
            rewritten: #"<A HREF="https://example.com/blog/2021/01/x/one.html" Id=Top>One</A> <IMG SRC='https://example.com/blog/2021/01/x/pic.png' ALT=x hidden>"#,
            text: "One",
            markdown: MarkdownFinds(links: ["one.html"], images: ["pic.png"], ids: ["Top"], words: 1)),

        Row(name: "`>` inside quoted values does not end the tag",
            html: #"<a title="a > b" href=two.html>Two</a><img alt='x>y' src="p2.png">"#,
            references: [link("two.html"), image("p2.png")],
            rewritten: #"<a title="a > b" href="https://example.com/blog/2021/01/x/two.html">Two</a><img alt='x>y' src="https://example.com/blog/2021/01/x/p2.png">"#,
            text: "Two",
            markdown: MarkdownFinds(links: ["two.html"], images: ["p2.png"], words: 1)),

        Row(name: "comments hide tags and ids; `--!>` ends a comment",
            html: "<!-- <a href=\"gone.html\" id=\"c1\"> -- still a comment --><p id=\"kept\">Kept</p>\n<!--x--!>\n<a href=\"after.html\">After</a>",
            ids: ["kept"], references: [link("after.html")],
            rewritten: "<!-- <a href=\"gone.html\" id=\"c1\"> -- still a comment --><p id=\"kept\">Kept</p>\n<!--x--!>\n<a href=\"https://example.com/blog/2021/01/x/after.html\">After</a>",
            text: "Kept After",
            markdown: MarkdownFinds(links: ["after.html"], ids: ["kept"], words: 2)),

        Row(name: "`<!-->` and `<!--->` are whole comments",
            html: #"<!--><a href="a4.html" id="e1">A</a><!---><a href="b4.html">B</a>"#,
            ids: ["e1"], references: [link("a4.html"), link("b4.html")],
            rewritten: #"<!--><a href="https://example.com/blog/2021/01/x/a4.html" id="e1">A</a><!---><a href="https://example.com/blog/2021/01/x/b4.html">B</a>"#,
            text: "AB",
            markdown: MarkdownFinds(links: ["a4.html", "b4.html"], ids: ["e1"], words: 1)),

        Row(name: "script and style content is not markup",
            html: #"<script>var s = '<a href="s.html" id="s1">';</script><style>p::after { content: "<img src=x.png id=s2>" }</style><p>Shown</p>"#,
            text: "Shown",
            markdown: MarkdownFinds(words: 1)),

        Row(name: "title and textarea are RCDATA: text with references decoded, no tags",
            html: #"<title>T &amp; <b id="t0">x</b></title><textarea name=q><a href="t.html" id="t1">&lt;3</textarea>"#,
            text: #"<a href="t.html" id="t1"><3"#,
            markdown: MarkdownFinds(words: 3)),

        Row(name: "character references in attribute values are decoded",
            html: #"<a href="?q=1&amp;r=2" id="a&amp;b">Q</a><a href="&#x2F;about/">About</a><img src="say &quot;hi&quot;.png" alt="">"#,
            ids: ["a&b"], references: [link("?q=1&r=2"), link("/about/"), image(#"say "hi".png"#)],
            rewritten: #"<a href="https://example.com/blog/2021/01/x/?q=1&amp;r=2" id="a&amp;b">Q</a><a href="https://example.com/blog/about/">About</a><img src="https://example.com/blog/2021/01/x/say &quot;hi&quot;.png" alt="">"#,
            text: "QAbout",
            markdown: MarkdownFinds(links: ["?q=1&r=2", "/about/"], images: [#"say "hi".png"#], ids: ["a&b"], words: 1)),

        Row(name: "a tag the input ends inside of is dropped",
            html: #"<p id="ok">Fine</p><a href="cut.html" id="cut""#,
            ids: ["ok"],
            text: "Fine",
            markdown: MarkdownFinds(ids: ["ok"], words: 1)),

        Row(name: "a comment the input ends inside of runs to the end",
            html: #"<p>Before</p><!-- <a href="never.html" id="never">"#,
            text: "Before",
            markdown: MarkdownFinds(words: 1)),

        Row(name: "newlines between tag name and attributes",
            html: "<a\nhref=\"nl.html\"\nid=\"nl\">New\nline</a>",
            ids: ["nl"], references: [link("nl.html")],
            rewritten: "<a\nhref=\"https://example.com/blog/2021/01/x/nl.html\"\nid=\"nl\">New\nline</a>",
            text: "New line",
            markdown: MarkdownFinds(links: ["nl.html"], ids: ["nl"], words: 2)),

        Row(name: "of duplicate attributes (any case) the first counts",
            html: #"<a href="first.html" HREF="second.html" id="d1" ID="d2">Dup</a>"#,
            ids: ["d1"], references: [link("first.html")],
            rewritten: #"<a href="https://example.com/blog/2021/01/x/first.html" HREF="second.html" id="d1" ID="d2">Dup</a>"#,
            text: "Dup",
            markdown: MarkdownFinds(links: ["first.html"], ids: ["d1"], words: 1)),

        Row(name: "non-ASCII text and ids",
            html: "<p id=\"café\">Ünïcödé — 日本語 text&nbsp;here</p>",
            ids: ["café"],
            text: "Ünïcödé — 日本語 text here",
            markdown: MarkdownFinds(ids: ["café"], words: 3)),

        Row(name: "doctype, `<?…>` and `<!…>` are not elements",
            html: #"<!doctype html><? a href="q.html" ?><! id="bang"><a href="d.html">D</a>"#,
            references: [link("d.html")],
            rewritten: #"<!doctype html><? a href="q.html" ?><! id="bang"><a href="https://example.com/blog/2021/01/x/d.html">D</a>"#,
            text: "D",
            markdown: MarkdownFinds(links: ["d.html"], words: 1)),

        Row(name: "a `<` that starts no tag is text",
            html: "<p>1 < 2 and 3<4, x <= y, <3 &lt;b&gt;</p>",
            text: "1 < 2 and 3<4, x <= y, <3 <b>",
            markdown: MarkdownFinds(words: 8)),

        Row(name: "unquoted value with `/`, `/` between attributes, spaces around `=`, empty value",
            html: #"<img src=a.png/><img/src="b.png"><a href = "c.html" >C</a><a href=>E</a>"#,
            references: [image("a.png/"), image("b.png"), link("c.html"), link("")],
            rewritten: #"<img src="https://example.com/blog/2021/01/x/a.png/"><img/src="https://example.com/blog/2021/01/x/b.png"><a href = "https://example.com/blog/2021/01/x/c.html" >C</a><a href=>E</a>"#,
            text: "CE",
            markdown: MarkdownFinds(links: ["c.html", ""], images: ["a.png/", "b.png"], words: 1)),

        Row(name: "srcset candidates, poster, object data, protocol-relative and scheme URLs",
            html: #"<source srcset="s1.png 1x, data:image/png;base64,AA== 2x,s3.png"><img src="/i.png" srcset="a.png 100w, b.png (x,y) 200w"><video poster=p.jpg src="//cdn.example/v.mp4"></video><object data="o.svg"></object><embed src="mailto:a@b.c">"#,
            references: [image("s1.png"), image("data:image/png;base64,AA=="), image("s3.png"), image("/i.png"), image("a.png"),
                         image("b.png"), image("p.jpg"), image("//cdn.example/v.mp4"), image("o.svg"), image("mailto:a@b.c")],
            rewritten: #"<source srcset="https://example.com/blog/2021/01/x/s1.png 1x, data:image/png;base64,AA== 2x,https://example.com/blog/2021/01/x/s3.png"><img src="https://example.com/blog/i.png" srcset="https://example.com/blog/2021/01/x/a.png 100w, https://example.com/blog/2021/01/x/b.png (x,y) 200w"><video poster="https://example.com/blog/2021/01/x/p.jpg" src="https://cdn.example/v.mp4"></video><object data="https://example.com/blog/2021/01/x/o.svg"></object><embed src="mailto:a@b.c">"#,
            text: "",
            markdown: MarkdownFinds(links: ["//cdn.example/v.mp4", "mailto:a@b.c"], images: ["/i.png"], words: 0)),

        Row(name: "in a script, `<!--` then `<script>` keeps the next `</script>` from ending it",
            html: #"<script><!-- document.write("<script>x</script>"); <a href="in.html"> --></script><a href="out.html">Out</a>"#,
            references: [link("out.html")],
            rewritten: #"<script><!-- document.write("<script>x</script>"); <a href="in.html"> --></script><a href="https://example.com/blog/2021/01/x/out.html">Out</a>"#,
            text: "Out",
            markdown: MarkdownFinds(links: ["out.html"], words: 1)),

        Row(name: "raw text ends only at its own end tag, in any case; `name` on `<a>` is a target",
            html: #"<STYLE>p{}</stylesheet><a href="no.html"></STYLE ><a href="yes.html" name="anchor">Y</a>"#,
            ids: ["anchor"], references: [link("yes.html")],
            rewritten: #"<STYLE>p{}</stylesheet><a href="no.html"></STYLE ><a href="https://example.com/blog/2021/01/x/yes.html" name="anchor">Y</a>"#,
            text: "Y",
            markdown: MarkdownFinds(links: ["yes.html"], words: 1)),

        Row(name: "xmp is shown as written; noscript content is markup",
            html: #"<xmp><a href="x.html" id="x">&amp;</xmp><noscript><img src="ns.png" id="ns"></noscript>"#,
            ids: ["ns"], references: [image("ns.png")],
            rewritten: #"<xmp><a href="x.html" id="x">&amp;</xmp><noscript><img src="https://example.com/blog/2021/01/x/ns.png" id="ns"></noscript>"#,
            text: #"<a href="x.html" id="x">&amp;"#,
            markdown: MarkdownFinds(images: ["ns.png"], ids: ["ns"], words: 3)),

        Row(name: "end tags (with a quoted `>`), `</>` and `</ …>` hold no attributes that count",
            html: #"<p>a</p title=">" href="end.html"><b>b</b></><p>c</ p id="z" href="bogus.html">"#,
            text: "abc",
            markdown: MarkdownFinds(words: 1)),

        Row(name: "character references in text: legacy names without `;`, numeric fix-ups, unknown names",
            html: "<p>&copy 2024 &notin; &notit; &#x1F600; &#128; &#0; &bogus; &amp</p>",
            text: "© 2024 ∉ ¬it; 😀 € \u{FFFD} &bogus; &",
            markdown: MarkdownFinds(words: 3)),

        Row(name: "what counts as a scheme: letters first; `//` is another host; spaces around are dropped",
            html: #"<a href="//other.example/x">O</a><a href="HTTPS://Example.com/">H</a><a href=" /spaced/ ">S</a><a href="1x:y">N</a>"#,
            references: [link("//other.example/x"), link("HTTPS://Example.com/"), link(" /spaced/ "), link("1x:y")],
            rewritten: #"<a href="https://other.example/x">O</a><a href="HTTPS://Example.com/">H</a><a href="https://example.com/blog/spaced/">S</a><a href="https://example.com/blog/2021/01/x/1x:y">N</a>"#,
            text: "OHSN",
            markdown: MarkdownFinds(links: ["//other.example/x", "HTTPS://Example.com/", " /spaced/ ", "1x:y"], words: 1)),

        Row(name: "quotes inside values of the other quoting",
            html: #"<a id=unq"uoted href='it"s.html'>Q</a>"#,
            ids: [#"unq"uoted"#], references: [link(#"it"s.html"#)],
            rewritten: #"<a id=unq"uoted href='https://example.com/blog/2021/01/x/it"s.html'>Q</a>"#,
            text: "Q",
            markdown: MarkdownFinds(links: [#"it"s.html"#], ids: [#"unq"uoted"#], words: 1)),

        Row(name: "attributes without a value",
            html: "<input disabled value=''><a href>Self</a>",
            references: [link("")],
            text: "Self",
            markdown: MarkdownFinds(links: [""], words: 1)),
    ]

    @Test(arguments: rows)
    func everyUserReadsTheSnippetAsTheStandardDoes(_ row: Row) {
        let found = PageLinks.scan(Array(row.html.utf8))
        #expect(found.ids == row.ids, "PageLinks ids")
        #expect(found.references == row.references, "PageLinks references")

        let urls = AbsoluteURLs(baseURL: Self.base)
        #expect(urls.rewrite(row.html, page: Self.page) == (row.rewritten ?? row.html), "AbsoluteURLs.rewrite")

        #expect(PlainText.of(row.html) == row.text, "plainText")

        // An HTML block that runs to the end of the body: cmark passes the snippet through as it is.
        let rendered = MarkdownRenderer.render("<div>\n" + row.html + "\n")
        #expect(rendered.html == "<div>\n" + row.html + "\n", "Markdown output")
        #expect(rendered.links == row.markdown.links, "Markdown links")
        #expect(rendered.images == row.markdown.images, "Markdown images")
        #expect(rendered.ids == row.markdown.ids, "Markdown ids")
        #expect(rendered.wordCount == row.markdown.words, "Markdown words")
    }
}
