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

/// What a reader notices: front-matter summaries rendered as Markdown, smart
/// punctuation when asked, body images with their size.
@Suite("Rendering a reader notices")
struct RenderingTests {
    @Test func aFrontMatterSummaryIsInlineMarkdown() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": """
                ---
                title: Observing
                summary: "Why `@Observable` beats [Combine](/about/) for *most* views & more"
                ---
                The body.
                """,
            "content/posts/2021-01-06-plain.md": "---\ntitle: Plain\nsummary: Just words, nothing more.\n---\nBody.\n",
            "content/pages/about.md": "---\ntitle: About\n---\nMe.\n",
        ])
        let built = renderTestSite(folder)
        #expect(built.problems == [], "\(built.problems)")
        let home = try #require(built["index.html"])
        #expect(home.contains("Why <code>@Observable</code> beats <a href=\"/about/\">Combine</a> for <em>most</em> views &amp; more"), "\(home)")
        #expect(!home.contains("`@Observable`"))
        #expect(home.contains("<p>Just words, nothing more.</p>"))
        let post = try #require(built["2021/01/x/index.html"])
        #expect(post.contains("<meta name=\"description\" content=\"Why @Observable beats Combine for most views &amp; more\">"), "\(post)")
        let json = try #require(built["feed.json"])
        #expect(json.contains("\"summary\": \"Why @Observable beats Combine for most views & more\""), "\(json)")
    }

    @Test func smartPunctuationWhenAsked() throws {
        let body = "---\ntitle: Quotes\n---\nIt's \"quoted\" -- and --- so on...\n\n`code \"stays\" -- plain`\n"
        let plain = try TestSiteFolder(files: ["content/posts/2021-01-05-x.md": body])
        let plainPost = try #require(renderTestSite(plain)["2021/01/x/index.html"])
        #expect(plainPost.contains("It's &quot;quoted&quot; -- and --- so on..."), "\(plainPost)")
        let smart = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "markdown: { smart: true }\n",
                                       files: ["content/posts/2021-01-05-x.md": body])
        let built = renderTestSite(smart)
        #expect(built.problems == [], "\(built.problems)")
        let post = try #require(built["2021/01/x/index.html"])
        #expect(post.contains("It’s “quoted” – and — so on…"), "\(post)")
        #expect(post.contains("<code>code &quot;stays&quot; -- plain</code>"), "\(post)")
    }

    @Test func bodyImagesGetTheirFilesSize() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": """
                ---
                title: Pictures
                ---
                ![A chart](images/chart.png)

                <img src="images/chart.png" width="300" alt="Sized by hand">

                ![Not an image](images/broken.png) and ![Elsewhere](https://example.net/a.png)
                """,
            "content/posts/images/broken.png": "not a PNG",
        ])
        try folder.writeBytes("content/posts/images/chart.png", ImageSizeTests.png(width: 640, height: 360))
        let built = renderTestSite(folder)
        let post = try #require(built["2021/01/x/index.html"])
        #expect(post.contains("<img width=\"640\" height=\"360\" src=\"images/chart.png\" alt=\"A chart\""), "\(post)")
        #expect(post.contains("<img src=\"images/chart.png\" width=\"300\" alt=\"Sized by hand\">"), "\(post)")
        #expect(post.contains("<img src=\"images/broken.png\""), "\(post)")
        #expect(post.contains("<img src=\"https://example.net/a.png\""), "\(post)")
    }
}
