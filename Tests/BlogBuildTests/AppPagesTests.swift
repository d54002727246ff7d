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

/// What an app developer's site needs besides the app page: the app's child pages
/// (`content/apps/APP/privacy.md`, `support.md`, any `NAME.md`), the Smart App
/// Banner from `app_store_id`, and the site's `apple-touch-icon` from `icon:`.
@Suite struct AppPagesTests {
    static let kettle = """
        ---
        title: Kettle
        tagline: A tea timer
        icon: /images/kettle.png
        platforms: [iOS]
        app_store_id: 1504417720
        ---
        Kettle times tea.

        """

    /// An app with a privacy policy, a support page (with an image beside it) and a
    /// changelog, a post about it with a tag, and a page.
    static func site(config: String = TestSiteFolder.defaultConfig) throws -> TestSiteFolder {
        let folder = try TestSiteFolder(config: config, files: [
            "content/apps/kettle.md": kettle,
            "content/apps/kettle/privacy.md": "---\ntitle: Kettle Privacy Policy\n---\nKettle collects no data.\n",
            "content/apps/kettle/support.md": "---\ntitle: Kettle Support\n---\nEmail me.\n\n![The settings screen](settings.png)\n",
            "content/apps/kettle/changelog.md": "---\ntitle: Kettle Changelog\n---\n## 1.0\n\nThe first one.\n",
            "content/posts/2024-01-02-brewing.md": "---\ntitle: Brewing\ndate: 2024-01-02\ntags: [Tea]\napp: kettle\n---\nAbout tea.\n",
            "content/pages/about.md": "---\ntitle: About\n---\nMe.\n",
        ])
        try folder.write("content/images/kettle.png", "PNG")
        try folder.write("content/apps/kettle/settings.png", "PNG-SETTINGS")
        return folder
    }

    @Test func childPagesAreAtTheirURLsInTheAppsLookAndLinkedFromTheAppPage() throws {
        let pages = renderTestSite(try Self.site())
        #expect(pages.problems == [])
        pages.expectPaths(["apps/kettle/privacy/index.html", "apps/kettle/support/index.html", "apps/kettle/changelog/index.html",
                           "apps/kettle/support/settings.png"])
        for (path, title) in [("privacy", "Kettle Privacy Policy"), ("support", "Kettle Support"), ("changelog", "Kettle Changelog")] {
            pages.expect("apps/kettle/\(path)/index.html", contains: [
                "<main id=\"main\" class=\"app-page-page\"",
                // The app's icon and name above the title, and a way back.
                "<p class=\"app-crumb\"><a href=\"/apps/kettle/\"><img class=\"app-icon\" src=\"/images/kettle.png\" alt=\"\" width=\"40\" height=\"40\">Kettle</a></p>\n<h1>\(title)</h1>",
                "<p class=\"back\"><a href=\"/apps/kettle/\">More about Kettle</a></p>",
                "<title>\(title) – Test Site</title>",
                // The navigation's Apps entry would be current: it is the app's section.
            ])
        }
        pages.expect("apps/kettle/support/index.html", contains: ["<img src=\"settings.png\" alt=\"The settings screen\""])
        #expect(pages.copySource("apps/kettle/support/settings.png")?.hasSuffix("/content/apps/kettle/settings.png") == true)

        // The app page: Privacy Policy and Support beside the store buttons, the changelog in a list.
        pages.expect("apps/kettle/index.html", contains: [
            "<ul class=\"buttons app-links\">\n<li><a class=\"button primary\" href=\"https://apps.apple.com/app/id1504417720\">App Store</a></li>",
            "<li><a class=\"button\" href=\"/apps/kettle/privacy/\">Privacy Policy</a></li>\n"
                + "<li><a class=\"button\" href=\"/apps/kettle/support/\">Support</a></li>\n</ul>",
            "<h2>More about Kettle</h2>\n<ul class=\"app-pages\">\n<li><a href=\"/apps/kettle/changelog/\">Kettle Changelog</a></li>\n</ul>",
        ], lacks: ["href=\"/apps/kettle/privacy/\">Kettle Privacy Policy"])

        // Never in post lists, tags, the archive or feeds; in the sitemap.
        let listsAndFeeds = ["index.html", "tags/index.html", "tags/tea/index.html", "archive/index.html", "apps/index.html",
                             "feed.xml", "atom.xml", "feed.json", "apps/kettle/atom.xml", "tags/tea/atom.xml"]
        for path in listsAndFeeds {
            pages.expect(path, lacks: ["apps/kettle/privacy/", "apps/kettle/support/", "apps/kettle/changelog/", "Kettle Privacy Policy"])
        }
        pages.expect("2024/01/brewing/index.html", lacks: ["apps/kettle/privacy/"])
        pages.expect("sitemap.xml", contains: [
            "<loc>https://example.org/apps/kettle/changelog/</loc>", "<loc>https://example.org/apps/kettle/privacy/</loc>",
            "<loc>https://example.org/apps/kettle/support/</loc>",
        ])
    }

    @Test func anAppWithoutChildPagesShowsNoLinksToThem() throws {
        let folder = try TestSiteFolder(files: [
            "content/apps/plain.md": "---\ntitle: Plain\nwebsite: https://plain.example/\n---\nPlain.\n",
        ])
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expect("apps/plain/index.html", contains: ["href=\"https://plain.example/\">Website</a>"],
                     lacks: ["Privacy Policy", "Support", "More about Plain", "app-pages", "apple-itunes-app"])
    }

    @Test func aFolderOfChildPagesWithNoAppIsAnErrorWithTheNearestApp() throws {
        let folder = try Self.site()
        try folder.write("content/apps/kettel/privacy.md", "---\ntitle: Typo\n---\nText.\n")
        let pages = renderTestSite(folder)
        #expect(pages.errors == [
            "content/apps/kettel/privacy.md: a child page of an unknown app 'kettel': there is no content/apps/kettel.md, "
                + "or it has errors (did you mean the folder content/apps/kettle/?)",
        ])

        let nothingNear = try TestSiteFolder(files: ["content/apps/nope/support.md": "---\ntitle: Help\n---\nText.\n"])
        #expect(renderTestSite(nothingNear).errors == [
            "content/apps/nope/support.md: a child page of an unknown app 'nope': there is no content/apps/nope.md, "
                + "or it has errors (apps: none)",
        ])
    }

    @Test func theSmartAppBannerIsOnTheAppPageAndItsChildPagesOnly() throws {
        let pages = renderTestSite(try Self.site())
        let banner = "<meta name=\"apple-itunes-app\" content=\"app-id=1504417720\">"
        for path in ["apps/kettle/index.html", "apps/kettle/privacy/index.html", "apps/kettle/support/index.html",
                     "apps/kettle/changelog/index.html"] {
            pages.expect(path, contains: [banner])
        }
        for path in ["index.html", "apps/index.html", "2024/01/brewing/index.html", "about/index.html", "archive/index.html",
                     "tags/tea/index.html", "404.html"] {
            pages.expect(path, lacks: ["apple-itunes-app"])
        }
        // The post's app card and the apps page link the store through the app page only.
        pages.expect("apps/kettle/index.html", contains: ["href=\"https://apps.apple.com/app/id1504417720\">App Store</a>"])
    }

    @Test func anAppStoreLinkOfItsOwnWinsOverTheOneTheIDMakes() throws {
        let folder = try TestSiteFolder(files: [
            "content/apps/kettle.md": Self.kettle.replacingOccurrences(
                of: "app_store_id:", with: "app_store: https://apps.apple.com/gb/app/kettle/id1504417720\napp_store_id:"),
        ])
        try folder.write("content/images/kettle.png", "PNG")
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expect("apps/kettle/index.html", contains: [
            "href=\"https://apps.apple.com/gb/app/kettle/id1504417720\">App Store</a>",
            "<meta name=\"apple-itunes-app\" content=\"app-id=1504417720\">",
        ])
    }

    @Test func anAppStoreIDThatIsNotDigitsIsAnErrorAtItsLine() throws {
        for (written, hint) in [("id1504417720", " (did you mean 1504417720?)"),
                                ("https://apps.apple.com/app/id1504417720", " (did you mean 1504417720?)"),
                                ("kettle", ""), ("\"15044 17720\"", "")] {
            let folder = try TestSiteFolder(files: [
                "content/apps/kettle.md": Self.kettle.replacingOccurrences(of: "app_store_id: 1504417720", with: "app_store_id: \(written)"),
            ])
            try folder.write("content/images/kettle.png", "PNG")
            let shown = written.replacingOccurrences(of: "\"", with: "")
            #expect(renderTestSite(folder).errors == [
                "content/apps/kettle.md:6:15: front matter: 'app_store_id' must be the app's numeric App Store id, digits only "
                    + "(\"\(shown)\")\(hint)",
            ], "\(written)")
        }
    }

    @Test func theSiteIconIsTheAppleTouchIcon() throws {
        let folder = try Self.site(config: TestSiteFolder.defaultConfig + "icon: /images/icon.png\n")
        try folder.write("content/images/icon.png", "PNG-ICON")
        let pages = renderTestSite(folder, mode: .publish)
        #expect(pages.problems == [])
        for path in ["index.html", "apps/kettle/privacy/index.html", "about/index.html", "404.html"] {
            pages.expect(path, contains: ["<link rel=\"apple-touch-icon\" href=\"https://example.org/images/icon.png\">"])
        }
        // The favicon stays the site's mark.
        pages.expect("index.html", contains: ["<link rel=\"icon\" href=\"https://example.org/assets/logo.svg\" type=\"image/svg+xml\">"])

        let without = renderTestSite(try Self.site())
        without.expect("index.html", lacks: ["apple-touch-icon"])
    }

    @Test func aSiteIconThatIsMissingOrNoPNGIsAnErrorAtItsLine() throws {
        let missing = try Self.site(config: TestSiteFolder.defaultConfig + "icon: /images/gone.png\n")
        let pages = renderTestSite(missing, mode: .publish)
        #expect(pages.problems.contains { $0.hasPrefix("content/site.yml:7:7: ") && $0.contains("/images/gone.png") },
                "\(pages.problems)")
        #expect(!pages.site.isWritable(in: .publish))

        let notPNG = try Self.site(config: TestSiteFolder.defaultConfig + "icon: /images/icon.svg\n")
        #expect(renderTestSite(notPNG).errors == [
            "content/site.yml:7:7: 'icon' must be a PNG image (iOS shows nothing else on the home screen), ideally 180 × 180 px "
                + "(\"/images/icon.svg\")",
        ])
    }
}
