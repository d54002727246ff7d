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

/// Every page has a picture for shared links (`og:image`): a post's hero, else the
/// app's icon on an app's page and its child pages, else site.yml's `image:`.
@Suite("og:image on every page")
struct OpenGraphImageTests {
    /// The `content` of each `<meta property=og:image>` of a page.
    static func ogImages(_ html: String) -> [String] {
        html.components(separatedBy: #"<meta property="og:image" content=""#).dropFirst()
            .compactMap { $0.components(separatedBy: "\"").first }
    }

    /// The published example site, through the real CLI (libvips processes the pictures).
    @Test func everyPageOfThePublishedExampleSiteSharesAPictureThatIsPublished() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-og-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try BlogBuildCLI.run(["publish", "--site", RepoPaths.root.path, "--output", out.path])
        try #require(run.status == 0, "\(run)")
        let base = "https://lowtide.example/"
        let html = try FolderSnapshot(out).files.keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(html.count > 40)
        var shared: [String: String] = [:]
        for path in html {
            let text = try String(contentsOf: out.appendingPathComponent(path), encoding: .utf8)
            if text.contains("http-equiv=\"refresh\"") { continue }  // an old address's redirect, not a page
            let images = Self.ogImages(text)
            guard images.count == 1, let image = images.first else {
                Issue.record("\(path) has \(images.count) og:image: \(images)")
                continue
            }
            // Absolute (publish), and a file this publish wrote.
            #expect(image.hasPrefix(base), "\(path): \(image)")
            let file = out.appendingPathComponent(String(image.dropFirst(base.count)))
            #expect(FileManager.default.fileExists(atPath: file.path), "\(path): \(image) is not published")
            #expect(text.contains(#"<meta name="twitter:image" content="\#(image)">"#), "\(path)")
            shared[path] = String(image.dropFirst(base.count))
        }
        // Which picture: the site's on lists and posts without a hero, a post's hero, an app's icon.
        let site = try #require(shared["index.html"])
        #expect(site.hasPrefix("images/site."), "\(site)")
        for path in ["apps/index.html", "archive/index.html", "tags/index.html", "series/index.html", "about/index.html", "404.html",
                     "2019/05/guided-access-for-cafes/index.html"] {
            #expect(shared[path] == site, "\(path): \(shared[path] ?? "none")")
        }
        #expect(shared["2020/04/kettle/index.html"]?.hasPrefix("images/posts/kettle-hero.") == true, "\(shared["2020/04/kettle/index.html"] ?? "none")")
        for path in ["apps/kettle/index.html", "apps/kettle/privacy/index.html", "apps/kettle/support/index.html"] {
            #expect(shared[path]?.hasPrefix("images/apps/kettle-icon.") == true, "\(path): \(shared[path] ?? "none")")
        }
        // The site's picture is processed (1200 px wide, no metadata), never a page's original file.
        let picture = try #require(ImageSize.fromFile(out.appendingPathComponent(site).path))
        #expect(picture.width == 1200, "\(picture)")
    }

    @Test func aMissingSiteImageIsAWarningAtItsLineThatFailsPublish() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "image: /images/share.png\n")
        try folder.write("content/posts/2021-01-05-x.md", "---\ntitle: X\n---\nX.\n")
        let built = renderTestSite(folder)
        #expect(built.site.isWritable(in: .build(includeDrafts: false)))
        #expect(built.problems == ["content/site.yml:7:8: warning: 'image' names '/images/share.png', but content/images/share.png does not exist "
                                   + "(the picture shared links to pages show)"], "\(built.problems)")
        #expect(!renderTestSite(folder, mode: .publish).site.isWritable(in: .publish))
        // Written, it is every page's picture; a kind of file link previews do not show is an error at its line.
        try folder.write("content/images/share.png", "PNG")
        let fixed = renderTestSite(folder, mode: .publish)
        #expect(fixed.problems == [], "\(fixed.problems)")
        fixed.expect("index.html", contains: [#"<meta property="og:image" content="https://example.org/images/share.png">"#])
        fixed.expect("2021/01/x/index.html", contains: [#"<meta property="og:image" content="https://example.org/images/share.png">"#])
        let svg = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "image: /images/share.svg\n")
        #expect(renderTestSite(svg).errors.first?.hasPrefix("content/site.yml:7:8: 'image' must be a PNG, JPEG, WebP or GIF image") == true,
                "\(renderTestSite(svg).errors)")
    }
}
