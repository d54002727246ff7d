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

/// The site's mark (header and favicon): its own `logo:`, or an SVG of the title's initial.
@Suite struct SiteMarkTests {
    static let post = "---\ntitle: Hello\ndate: 2024-01-02\n---\nText.\n"

    @Test func withoutALogoTheMarkIsTheTitlesInitial() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig.replacingOccurrences(of: "Test Site", with: "élan Software"),
                                        files: ["content/posts/2024-01-02-hello.md": Self.post])
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        let svg = try #require(pages["assets/logo.svg"])
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">É</text>"))
        // The example site's wave is not in the theme any more.
        #expect(!svg.contains("<path"))
        #expect(pages.paths.filter { $0.hasPrefix("assets/") }.sorted() == ["assets/logo.svg", "assets/search-ui.js", "assets/search.js", "assets/style.css"])
        pages.expect("index.html", contains: [
            "<link rel=\"icon\" href=\"/assets/logo.svg\" type=\"image/svg+xml\">",
            "<a href=\"/\"><img src=\"/assets/logo.svg\" alt=\"\" width=\"24\" height=\"24\">élan Software</a>",
        ])
        // Another title, another letter.
        #expect(SiteMark.svg(title: "  42 Apps").contains(">4</text>"))
        #expect(SiteMark.svg(title: "<Tags>").contains(">T</text>"))
        #expect(!SiteMark.svg(title: "—").contains("<text"))
    }

    /// The mark follows the site's `--accent` (it used to keep the theme's teal):
    /// the built-in stylesheet's, or the one in the site's own templates/assets/style.css.
    @Test func theMarkWearsTheSitesAccent() throws {
        let builtIn = String(decoding: try #require(ThemeFiles.builtIn("assets/style.css")), as: UTF8.self)
        #expect(SiteMark.accent(inCSS: builtIn) == SiteMark.defaultAccent)
        let plain = try TestSiteFolder(files: ["content/posts/2024-01-02-hello.md": Self.post])
        #expect(renderTestSite(plain)["assets/logo.svg"]?.contains(#"fill="\#(SiteMark.defaultAccent)""#) == true)

        let folder = try TestSiteFolder(files: ["content/posts/2024-01-02-hello.md": Self.post])
        try folder.write("templates/assets/style.css", builtIn.replacingOccurrences(of: "--accent: #0d6a72;", with: "--accent: #b5442c;"))
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        let svg = try #require(pages["assets/logo.svg"])
        #expect(svg.contains(##"<rect width="64" height="64" rx="15" fill="#b5442c"/>"##), "\(svg)")
        #expect(!svg.contains("#0d6a72"))

        // Other variables are not the accent; a value that is not a plain colour is not written.
        #expect(SiteMark.accent(inCSS: ":root { --accent-strong: #111; --accent : rgb(10, 20, 30) }") == "rgb(10, 20, 30)")
        #expect(SiteMark.accent(inCSS: ":root { --accent: var(--brand); }") == nil)
        #expect(SiteMark.accent(inCSS: #":root { --accent: red"/><script>; }"#) == nil)
        #expect(SiteMark.accent(inCSS: "body { color: red; }") == nil)
    }

    @Test func aLogoInSiteYmlIsTheHeaderMarkAndTheFavicon() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "logo: images/me.png\n",
                                        files: ["content/posts/2024-01-02-hello.md": Self.post])
        try folder.write("content/images/me.png", "PNG")
        let pages = renderTestSite(folder, mode: .publish)
        #expect(pages.problems == [])
        #expect(pages["assets/logo.svg"] == nil)
        pages.expect("2024/01/hello/index.html", contains: [
            "<link rel=\"icon\" href=\"https://example.org/images/me.png\" type=\"image/png\">",
            "<img src=\"https://example.org/images/me.png\" alt=\"\" width=\"24\" height=\"24\">Test Site</a>",
        ])
    }

    @Test func aLogoThatIsNoImageOrMissingIsReported() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "logo: /images/logo.txt\n")
        let wrong = renderTestSite(folder)
        #expect(wrong.errors == ["content/site.yml:7:7: 'logo' must be an SVG, PNG, ICO, JPEG, GIF or WebP image (\"/images/logo.txt\")"])

        let missing = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "logo: /images/gone.svg\n")
        let pages = renderTestSite(missing)
        #expect(pages.problems.contains { $0.contains("/images/gone.svg") })
    }
}
