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

/// Slips an author makes that change the published site without a word (issue 25):
/// a front-matter key one letter off a known one, an image with no alt text, a
/// one-line summary with `<angle brackets>` in it.
@Suite struct AuthorSlipTests {
    static let seriesFile = "---\ntitle: Kettle\ndescription: Rewriting it.\n---\n"

    // MARK: - Front-matter typos

    @Test func aKeyOneSlipFromAKnownOneIsAWarningThatFailsPublish() throws {
        let folder = try TestSiteFolder(files: [
            "content/series/kettle.md": Self.seriesFile,
            "content/posts/2021-01-05-x.md": "---\ntitle: X\nseires: kettle\ntag: swift\nmood: calm\n---\nBody.\n",
        ])
        let built = renderTestSite(folder)
        #expect(built.problems == [
            "content/posts/2021-01-05-x.md:3:1: warning: front matter: unknown key 'seires' (did you mean 'series'?)",
            "content/posts/2021-01-05-x.md:4:1: warning: front matter: unknown key 'tag' (did you mean 'tags'?)",
        ])
        // A key with no near neighbour is the author's own: a hint, as before.
        #expect(built.hints == ["content/posts/2021-01-05-x.md:5:1: hint: front matter: 'mood' is not used by blogbuild (templates see it as page.params.mood)"])

        let out = folder.outside("out").path
        let build = try BlogBuildCLI.run(["build", "--site", folder.root.path, "--output", out])
        #expect(build.status == 0, "\(build)")
        #expect(build.stderr.contains("unknown key 'seires' (did you mean 'series'?)"), "\(build)")
        let publish = try BlogBuildCLI.run(["publish", "--site", folder.root.path, "--output", out])
        #expect(publish.status == 1, "\(publish)")
        #expect(publish.stderr.contains("content/posts/2021-01-05-x.md:3:1: warning: front matter: unknown key 'seires' (did you mean 'series'?)"),
                "\(publish)")
        let check = try BlogBuildCLI.run(["check", "--site", folder.root.path])
        #expect(check.status == 1, "\(check)")
    }

    @Test func aKeyATemplateReadsIsTheAuthorsOwnNotATypo() throws {
        let folder = try TestSiteFolder(files: [
            "content/series/kettle.md": Self.seriesFile,
            "content/posts/2021-01-05-x.md": "---\ntitle: X\nseires: kettle\ntag: swift\n---\nBody.\n",
        ])
        // The site's post template shows page.params.tag: `tag` is used, `seires` still a slip.
        let post = try #require(Theme.builtIn["post.mustache"]).map { $0 }
        let text = String(decoding: post, as: UTF8.self)
        let marker = "{{#page.params.tag}}<p class=\"mood\">{{page.params.tag}}</p>{{/page.params.tag}}"
        try folder.write("templates/post.mustache", text + marker)
        let built = renderTestSite(folder)
        #expect(built.problems == ["content/posts/2021-01-05-x.md:3:1: warning: front matter: unknown key 'seires' (did you mean 'series'?)"])
        #expect(built.hints == [])
        #expect(built["2021/01/x/index.html"]?.contains("<p class=\"mood\">swift</p>") == true)
    }

    // MARK: - Alt text

    @Test func bodyImagesWithoutAltAreWarningsAtTheirLineButADecorativeOneIsNot() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": """
                ---
                title: X
                ---
                ![](x.png)

                ![A kettle](x.png)

                <img src="x.png">

                <p><img src="x.png" alt=""></p>

                """,
        ], binary: ["content/posts/x.png": png])
        let built = renderTestSite(folder)
        #expect(built.problems == [
            "content/posts/2021-01-05-x.md:4:5: warning: image 'x.png' has no alt text (describe it; alt=\"\" in an <img> marks a decorative one)",
            "content/posts/2021-01-05-x.md:8:11: warning: image 'x.png' has no alt text (describe it; alt=\"\" in an <img> marks a decorative one)",
        ])
        let publish = try BlogBuildCLI.run(["publish", "--site", folder.root.path, "--output", folder.outside("out").path])
        #expect(publish.status == 1, "\(publish)")
        #expect(publish.stderr.contains("content/posts/2021-01-05-x.md:4:5: warning: image 'x.png' has no alt text"), "\(publish)")
    }

    // MARK: - Summaries

    @Test func aSummaryWhoseTagsDoNotCloseIsText() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": "---\ntitle: X\nsummary: Why <angle brackets> and *emphasis* and `a<b` mix\n---\nBody.\n",
            "content/posts/2021-01-06-y.md": "---\ntitle: Y\nsummary: A <em>balanced</em> one\n---\nBody.\n",
        ])
        let built = renderTestSite(folder)
        let home = try #require(built["index.html"])
        #expect(home.contains("Why &lt;angle brackets&gt; and <em>emphasis</em> and <code>a&lt;b</code> mix"), "\(home)")
        #expect(!home.contains("<angle"))
        // Balanced HTML is the author's markup and stays.
        #expect(home.contains("A <em>balanced</em> one"))
    }

    @Test func balanceIsTheTagsClosingInOrder() {
        #expect(HTMLBalance.isBalanced("<p>a <em>b</em><br><img src=x></p>"))
        #expect(!HTMLBalance.isBalanced("<p>Why <angle brackets> here</p>"))
        #expect(!HTMLBalance.isBalanced("<p>a</em></p>"))
        #expect(!HTMLBalance.isBalanced("<p><em>a</p></em>"))
        #expect(SiteResolver.escapingTags("a <b> `<c>` ``x`<d>`` <e") == "a &lt;b> `<c>` ``x`<d>`` &lt;e")
    }
}
