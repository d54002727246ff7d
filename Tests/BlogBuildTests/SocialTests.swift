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

/// Issue 17, "Who the site belongs to": `social:` in site.yml as `rel="me"` links
/// in the footer and `<head>`, and the author block on the first home page
/// from `author:` (with `bio:` and `avatar:`).
@Suite("Who the site belongs to")
struct SocialTests {
    static let social = """
        social:
          mastodon: "@jane@mastodon.example"
          github: jane-doe
          youtube: https://video.example/@jane
          email: jane@example.org
          bluesky: jane.bsky.social
          website: https://jane.example/

        """

    // MARK: site.yml

    @Test func handlesAreExpandedAndTheOrderIsAsWritten() {
        let (config, diagnostics, _) = ConfigLoader.parse("base_url: https://example.org/\n" + Self.social)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(config.social == [
            SocialLink(name: "mastodon", url: "https://mastodon.example/@jane"),
            SocialLink(name: "github", url: "https://github.com/jane-doe"),
            SocialLink(name: "youtube", url: "https://video.example/@jane"),
            SocialLink(name: "email", url: "mailto:jane@example.org", isEmail: true),
            SocialLink(name: "bluesky", url: "https://bsky.app/profile/jane.bsky.social"),
            SocialLink(name: "website", url: "https://jane.example/"),
        ])
        // Full URLs are taken for the known names too, as written.
        for (name, url) in [("mastodon", "https://mastodon.social/@jane"), ("github", "https://github.com/jane"),
                            ("bluesky", "https://bsky.app/profile/jane.bsky.social"), ("linkedin", "https://www.linkedin.com/in/jane")] {
            #expect((try? SocialLink.parse(name: name, value: url).get()) == SocialLink(name: name, url: url))
        }
        #expect((try? SocialLink.parse(name: "email", value: "mailto:jane@example.org").get())?.url == "mailto:jane@example.org")
    }

    @Test func labelsAreTheServicesNamesAndTheLanguagesWords() {
        let english = ThemeStrings(language: .en), german = ThemeStrings(language: .de)
        let labels = ["mastodon", "github", "bluesky", "linkedin", "youtube", "podcast", "email", "website"].map {
            SocialLink(name: $0, url: "https://x.example/").label(strings: english)
        }
        #expect(labels == ["Mastodon", "GitHub", "Bluesky", "LinkedIn", "YouTube", "Podcast", "Email", "Website"])
        #expect(SocialLink(name: "email", url: "mailto:a@b.example", isEmail: true).label(strings: german) == "E-Mail")
    }

    @Test func aValueThatIsNeitherAURLNorAHandleIsAnErrorAtItsLine() {
        let text = """
            base_url: https://example.org/
            social:
              github: "jane doe"
              mastodon: jane
              bluesky: jane
              email: jane
              youtube: youtube.com/@jane
              linkedin: ftp://example.org/jane
              website:
              GitHub: jane
              fediverse: { url: https://x.example/ }

            """
        let (config, diagnostics, _) = ConfigLoader.parse(text)
        #expect(diagnostics.map(\.description) == [
            "content/site.yml:3:11: 'social.github' must be a GitHub user name (jane) or a URL (https://github.com/jane) (\"jane doe\")",
            "content/site.yml:4:13: 'social.mastodon' must be a Mastodon address (@jane@mastodon.social) or a URL (https://mastodon.social/@jane) (\"jane\")",
            "content/site.yml:5:12: 'social.bluesky' must be a Bluesky handle (jane.bsky.social) or a URL (https://bsky.app/profile/jane.bsky.social) (\"jane\")",
            "content/site.yml:6:10: 'social.email' must be an email address such as jane@example.com (\"jane\")",
            "content/site.yml:7:12: 'social.youtube' must be an http(s) URL such as https://example.com/jane (\"youtube.com/@jane\")",
            "content/site.yml:8:13: 'social.linkedin' must be an http(s) URL such as https://example.com/jane (\"ftp://example.org/jane\")",
            "content/site.yml:9:3: 'social.website' is empty (write the URL, or leave the key out)",
            "content/site.yml:10:3: 'social.GitHub' is given twice (keep one)",
            "content/site.yml:11:14: 'social.fediverse' must be text (found a mapping)",
        ])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
        #expect(config.social.isEmpty)

        let notAMapping = ConfigLoader.parse("base_url: https://example.org/\nsocial: https://x.example/\n").diagnostics
        #expect(notAMapping.map(\.description) == ["content/site.yml:2:9: 'social' must be a mapping (found text)"])
    }

    @Test func authorTakesABioAndAnAvatarAndWarnsAboutOtherKeys() {
        let text = """
            base_url: https://example.org/
            author:
              name: Jane
              bio: "  Makes apps.  "
              avatar: /images/jane.jpg
              avtar: /images/jane.jpg
              boi: x

            """
        let (config, diagnostics, _) = ConfigLoader.parse(text)
        #expect(diagnostics.map(\.description) == [
            "content/site.yml:6:3: warning: unknown key 'author.avtar' (did you mean 'author.avatar'?)",
            "content/site.yml:7:3: warning: unknown key 'author.boi' (did you mean 'author.bio'?)",
        ])
        #expect(config.author == Author(name: "Jane", bio: "Makes apps.", avatar: "/images/jane.jpg"))

        let wrong = ConfigLoader.parse("base_url: https://example.org/\nauthor: { name: Jane, avatar: me.txt }\n").diagnostics
        #expect(wrong.map(\.description) == ["content/site.yml:2:31: 'author.avatar' must be a JPEG, PNG, WebP, GIF or SVG image (\"me.txt\")"])
    }

    // MARK: Pages

    static func site(_ config: String = "", posts: Int = 1, avatar: Bool = true) throws -> TestSiteFolder {
        var files: [String: String] = [:]
        for day in 1...posts { files["content/posts/2024-01-0\(day)-p\(day).md"] = "---\ntitle: Post \(day)\n---\nBody.\n" }
        var binary: [String: [UInt8]] = [:]
        if avatar { binary["content/images/jane.png"] = ImageSizeTests.png(width: 120, height: 96) }
        return try TestSiteFolder(config: TestSiteFolder.defaultConfig + config, files: files, binary: binary)
    }

    static let author = """
        author:
          name: Jane Doe
          url: https://jane.example/about/
          bio: Makes small apps & writes about them.
          avatar: /images/jane.png

        """

    @Test func theFooterAndTheHomePagesHeadLinkEachProfileWithRelMe() throws {
        let pages = renderTestSite(try Self.site(Self.social))
        #expect(pages.problems == [], "\(pages.problems)")
        let profiles = ["https://mastodon.example/@jane", "https://github.com/jane-doe", "https://video.example/@jane",
                        "https://bsky.app/profile/jane.bsky.social", "https://jane.example/"]
        // The home page is the profile URL IndieAuth and most Mastodon profiles name:
        // its head names every profile; other pages keep their weight for the footer's links.
        let home = try #require(pages["index.html"])
        for url in profiles {
            #expect(home.contains(#"<link rel="me" href="\#(url)">"#), "no <link rel=me> for \(url)")
        }
        pages.expect("2024/01/p1/index.html", lacks: [#"<link rel="me""#])
        for path in ["index.html", "2024/01/p1/index.html", "archive/index.html", "404.html"] {
            let html = try #require(pages[path])
            let footer = String(try #require(html.firstRange(of: "<footer").map { html[$0.lowerBound...] }))
            #expect(footer.contains(#"<nav class="footer-links" aria-label="Elsewhere">"#), "\(path)")
            #expect(footer.contains(#"<a href="https://mastodon.example/@jane" rel="me">Mastodon</a>"#), "\(path)")
            #expect(footer.contains(#"<a href="https://github.com/jane-doe" rel="me">GitHub</a>"#), "\(path)")
            #expect(footer.contains(#"<a href="https://video.example/@jane" rel="me">YouTube</a>"#), "\(path)")
            #expect(footer.contains(#"<a href="https://bsky.app/profile/jane.bsky.social" rel="me">Bluesky</a>"#), "\(path)")
            #expect(footer.contains(#"<a href="https://jane.example/" rel="me">Website</a>"#), "\(path)")
            // The address is a link to write to, not a profile: no rel="me", in the head or the footer.
            #expect(footer.contains(#"<a href="mailto:jane@example.org">Email</a>"#), "\(path)")
            #expect(!html.contains(#"rel="me" href="mailto:"#) && !html.contains(#"mailto:jane@example.org" rel="me""#), "\(path)")
            // In the order written.
            let order = ["Mastodon</a>", "GitHub</a>", "YouTube</a>", "Email</a>", "Bluesky</a>", "Website</a>"]
            #expect(zip(order, order.dropFirst()).allSatisfy { footer.has($0, before: $1) }, "\(path): \(footer)")
        }
    }

    @Test func aSiteWithoutSocialHasNoSocialMarkup() throws {
        let pages = renderTestSite(try Self.site(Self.author))
        #expect(pages.problems == [], "\(pages.problems)")
        pages.expect("index.html", contains: [#"class="app-card author-box""#], lacks: [#"rel="me""#, "Elsewhere", "mailto:"])
    }

    @Test func theFirstHomePageHasTheAuthorBlock() throws {
        let pages = renderTestSite(try Self.site(Self.author + Self.social, posts: 3))
        #expect(pages.problems == [], "\(pages.problems)")
        pages.expect("index.html", contains: [
            #"<section class="app-card author-box" aria-labelledby="about-author">"#,
            #"<h2 id="about-author" class="visually-hidden">About the author</h2>"#,
            #"<img class="avatar" src="/images/jane.png" alt="" width="120" height="96">"#,
            #"<p><strong><a href="https://jane.example/about/" rel="author">Jane Doe</a></strong></p>"#,
            "<p>Makes small apps &amp; writes about them.</p>",
        ])
        let home = try #require(pages["index.html"])
        let block = String(try #require(home.firstRange(of: #"<section class="app-card author-box""#).map { home[$0.lowerBound...] }))
        #expect(block.contains(#"<ul class="footer-links">"# + "\n" + #"<li><a href="https://mastodon.example/@jane" rel="me">Mastodon</a></li>"#))
        #expect(block.contains(#"<li><a href="mailto:jane@example.org">Email</a></li>"#))
        // Under the intro, before the posts.
        #expect(home.has(#"<section class="app-card author-box""#, before: #"<article class="post-summary">"#))
        // Page 2 is a list of posts, not the site's front page.
        pages.expect("page/2/index.html", lacks: ["author-box", "About the author", "Makes small apps"])
        pages.expect("2024/01/p1/index.html", lacks: ["author-box"])
    }

    @Test func anAuthorWithoutBioOrAvatarStillHasANameAndAMissingAvatarIsReported() throws {
        let plain = renderTestSite(try Self.site("author: { name: Jane Doe }\n"))
        #expect(plain.problems == [], "\(plain.problems)")
        plain.expect("index.html", contains: ["<p><strong>Jane Doe</strong></p>\n</div>"], lacks: ["class=\"avatar\""])

        let missing = renderTestSite(try Self.site("author: { name: Jane, avatar: /images/gone.jpg }\n"))
        #expect(missing.problems.contains { $0.hasPrefix("content/site.yml:") && $0.contains("/images/gone.jpg") }, "\(missing.problems)")
    }

    @Test func aGermanSiteLabelsTheAddressAndTheLinksInGerman() throws {
        let pages = renderTestSite(try Self.site(Self.author + Self.social).rewriting(language: "de"))
        pages.expect("index.html", contains: [
            #"<nav class="footer-links" aria-label="Anderswo">"#, ">E-Mail</a>", ">Über den Autor</h2>",
        ], lacks: [">Email</a>", "Elsewhere", "About the author"])
    }
}

private extension TestSiteFolder {
    /// This site with `language:` set to `tag`.
    func rewriting(language tag: String) throws -> TestSiteFolder {
        let config = try #require(read("content/site.yml"))
        try write("content/site.yml", config.replacingOccurrences(of: "language: en\n", with: "language: \(tag)\n"))
        return self
    }
}
