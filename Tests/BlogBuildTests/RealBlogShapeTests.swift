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

/// What blogbuild itself needs to hold a real blog brought from another
/// generator (issue 26): nested pages and page bundles, any number of aliases
/// on a page, and the feeds at an old site's addresses.
@Suite struct RealBlogShapeTests {
    @Test func nestedPagesAndPageBundlesKeepTheirPath() throws {
        let folder = try TestSiteFolder(files: [
            "content/pages/about.md": "---\ntitle: About\n---\nMe.\n",
            "content/pages/projects/silvianna/index.md": "---\ntitle: Silvianna\n---\n![The boat](boat.png)\n",
            "content/pages/contact/index.md": "---\ntitle: Contact\n---\nWrite.\n",
            "content/pages/docs/guide/install.md": "---\ntitle: Install\n---\nRun it.\n",
        ], binary: ["content/pages/projects/silvianna/boat.png": [0x89, 0x50, 0x4E, 0x47]])
        let built = renderTestSite(folder)
        #expect(built.problems == [])
        #expect(built["about/index.html"]?.contains("Me.") == true)
        #expect(built["contact/index.html"]?.contains("Write.") == true)
        #expect(built["docs/guide/install/index.html"]?.contains("Run it.") == true)
        let project = try #require(built["projects/silvianna/index.html"])
        #expect(project.contains("src=\"boat.png\""))
        // The bundle's image is beside the page, where its relative URL points.
        #expect(built.paths.contains("projects/silvianna/boat.png"))
        #expect(built.site.diagnostics.filter { $0.message.contains("not loaded") } == [])
    }

    @Test func aPageKeepsEveryOldURL() throws {
        let aliases = (1...35).map { "/old/contact-\($0)/" }
        let list = aliases.map { "  - \($0)\n" }.joined()
        let folder = try TestSiteFolder(files: [
            "content/pages/contact/index.md": "---\ntitle: Contact\naliases:\n\(list)  - /contact/\n---\nWrite.\n",
            "content/pages/bad.md": "---\ntitle: Bad\naliases: [/x/?p=1]\n---\n",
            "content/pages/host.md": "---\ntitle: Host\npermalink: //greek/\naliases: [//old/]\n---\n",
        ])
        let built = renderTestSite(folder)
        // `//greek/` is another host to a browser: an error at its line, for a permalink and an alias.
        #expect(built.errors.contains("content/pages/host.md:3:12: front matter: 'permalink' (\"//greek/\") starts with '//', which a browser reads as another host's address; write one '/'"),
                "\(built.errors)")
        #expect(built.errors.contains { $0.hasPrefix("content/pages/host.md:4:") && $0.contains("a browser reads '//'") }, "\(built.errors)")
        #expect(built.errors.count == 3)
        #expect(built.errors.contains { $0.hasPrefix("content/pages/bad.md:3:11: front matter: 'aliases' entry has a query string") })
        #expect(built.hints.contains("content/pages/contact/index.md:39:5: hint: front matter: alias /contact/ is the page's own URL; no redirect is written for it"),
                "\(built.hints)")
        let folder2 = try TestSiteFolder(files: [
            "content/pages/contact/index.md": "---\ntitle: Contact\naliases:\n\(list)---\nWrite.\n",
        ])
        let good = renderTestSite(folder2)
        #expect(good.problems == [])
        for alias in aliases {
            let page = try #require(good[SitePaths.outputPath(forSitePath: alias)], "\(alias)")
            #expect(page.contains("<meta http-equiv=\"refresh\" content=\"0; url=/contact/\">"))
            #expect(page.contains("<title>This page has moved to Contact.</title>"))
        }
        // Redirects are not pages of the sitemap.
        #expect(good["sitemap.xml"]?.contains("/old/") == false)
    }

    @Test func feedsAreAlsoWrittenWhereTheOldSiteHadThem() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            feeds:
              also_at: [/index.xml, /posts/index.xml, /feed/atom.xml, /feed.json.json]
              tags_also_at: [/tags/:slug/index.xml, /categories/:slug/index.xml]

            """, files: [
            "content/posts/2021-01-05-x.md": "---\ntitle: X\ntags: [Swift UI]\n---\nBody.\n",
        ])
        let built = renderTestSite(folder)
        #expect(built.problems == [])
        #expect(built["index.xml"] != nil && built.feedIgnoringSelf("index.xml") == built.feedIgnoringSelf("feed.xml"))
        #expect(built.feedIgnoringSelf("posts/index.xml") == built.feedIgnoringSelf("feed.xml"))
        #expect(built.feedIgnoringSelf("feed/atom.xml") == built.feedIgnoringSelf("atom.xml"))
        #expect(built.feedIgnoringSelf("feed.json.json") == built.feedIgnoringSelf("feed.json"))
        #expect(built["tags/swift-ui/index.xml"] != nil && built.feedIgnoringSelf("tags/swift-ui/index.xml") == built.feedIgnoringSelf("tags/swift-ui/atom.xml"))
        #expect(built.feedIgnoringSelf("categories/swift-ui/index.xml") == built.feedIgnoringSelf("tags/swift-ui/atom.xml"))

        // Through serve's incremental path too: the copies follow an edit.
        let memo = BuildMemo()
        let request = BuildRequest(siteDirectory: folder.root, mode: .build(includeDrafts: false), now: siteTestsNow)
        _ = SiteBuilder.render(request, memo: memo)
        try folder.write("content/posts/2021-01-05-x.md", "---\ntitle: Retitled\ntags: [Swift UI]\n---\nBody.\n")
        let again = RenderedPages(SiteBuilder.render(request, memo: memo))
        #expect(again["index.xml"]?.contains("Retitled") == true)
        #expect(again.feedIgnoringSelf("categories/swift-ui/index.xml") == again.feedIgnoringSelf("tags/swift-ui/atom.xml"))
    }

    @Test func redirectsInSiteYMLAnswerOldAddressesNoPageOwns() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            redirects:
              /article/: /archive/
              /categories/swift/: /tags/swift/
              /elsewhere/: https://example.net/x
              /gone/: /nowhere/
              /bad?x=1: /archive/

            """, files: [
            "content/posts/2021-01-05-x.md": "---\ntitle: X\ntags: [Swift]\n---\nBody.\n",
        ])
        let built = renderTestSite(folder)
        #expect(built.errors == ["content/site.yml:12:3: 'redirects' old path (\"/bad?x=1\") must be a site path starting with '/', without a query or #fragment (a static host cannot serve those)"])
        let folder2 = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            redirects: { /article/: /archive/, /categories/swift/: /tags/swift/, /elsewhere/: "https://example.net/x", /gone/: /nowhere/ }

            """, files: [
            "content/posts/2021-01-05-x.md": "---\ntitle: X\ntags: [Swift]\n---\nBody.\n",
        ])
        let good = renderTestSite(folder2)
        #expect(good["article/index.html"]?.contains("<meta http-equiv=\"refresh\" content=\"0; url=/archive/\">") == true)
        #expect(good["categories/swift/index.html"]?.contains("url=/tags/swift/") == true)
        #expect(good["elsewhere/index.html"]?.contains("url=https://example.net/x") == true)
        // A redirect to nothing is a broken link at its line, so publish fails.
        #expect(good.problems == ["content/site.yml:7:116: warning: broken link '/nowhere/' on /gone/: nothing is built at /nowhere/",
                                  "content/site.yml:7:116: warning: broken link 'https://example.org/nowhere/' on /gone/: nothing is built at /nowhere/"])
        #expect(good["sitemap.xml"]?.contains("/article/") == false)
    }

    @Test func aFeedCopyMustBeAFileOrFolderPath() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            feeds: { also_at: [/feed?x=1, index.xml], tags_also_at: [/tags/x.xml] }

            """)
        let built = renderTestSite(folder)
        #expect(built.errors.count == 3, "\(built.errors)")
        #expect(built.errors.contains { $0.contains("'feeds.also_at' entry (\"/feed?x=1\") must be the path of a file or folder") })
        #expect(built.errors.contains { $0.contains("'feeds.also_at' entries must start with '/'") })
        #expect(built.errors.contains { $0.contains("'feeds.tags_also_at' entry (\"/tags/x.xml\") needs ':slug'") })
    }
}

/// Template syntax of another generator that an import left in prose (issue 26).
@Suite struct LeftoverTemplateSyntaxTests {
    @Test func findsLiquidAndHugoSyntaxButNotMustacheProse() {
        let found = TemplateSyntax.find(in: "a {% include x.html %} b\n{{< youtube id >}}\n{{ site.url }} {{ .Title }}\n{{name}} {{ mustache }} {x}\n{%- assign y = 1 -%}")
        #expect(found == [
            .init(line: 0, snippet: "{% include x.html %}"),
            .init(line: 1, snippet: "{{< youtube id >}}"),
            .init(line: 2, snippet: "{{ site.url }}"),
            .init(line: 2, snippet: "{{ .Title }}"),
            .init(line: 4, snippet: "{%- assign y = 1 -%}"),
        ])
    }

    @Test func publishFailsAtTheSourceLineButCodeThatShowsItIsFine() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": """
                ---
                title: X
                ---
                Intro `{% raw %}` is code.

                ```liquid
                {% for p in site.posts %}{{ p.title }}{% endfor %}
                ```

                Then {% include image.html src="a.png" %} slipped through,
                and so did
                {{< youtube abc >}}

                <div>{{% note %}}</div>

                """,
        ])
        let built = renderTestSite(folder)
        let note = "(write it as Markdown, or put it in `code` if it is meant to show)"
        #expect(built.problems == [
            "content/posts/2021-01-05-x.md:10: warning: template syntax of another generator reaches the page as text: {% include image.html src=\"a.png\" %} \(note)",
            "content/posts/2021-01-05-x.md:12: warning: template syntax of another generator reaches the page as text: {{< youtube abc >}} \(note)",
            "content/posts/2021-01-05-x.md:14: warning: template syntax of another generator reaches the page as text: {{% note %}} \(note)",
        ])
        let publish = try BlogBuildCLI.run(["publish", "--site", folder.root.path, "--output", folder.outside("out").path])
        #expect(publish.status == 1, "\(publish)")
    }
}

/// `social_image:`: the picture a shared link shows, apart from a hero image (issue 26:
/// jekyll-seo-tag's `image:`, Hugo's `images:` and `cover:`).
@Suite struct SocialImageTests {
    @Test func aPostOrPageSharesItsSocialImageAndShowsNoHero() throws {
        let png = try Data(contentsOf: RepoPaths.root.appendingPathComponent("content/images/site.png"))
        let folder = try TestSiteFolder(files: [
            "content/posts/2021-01-05-x.md": "---\ntitle: X\nsocial_image: card.png\n---\nBody.\n",
            "content/pages/about.md": "---\ntitle: About\nsocial_image: /images/me.png\n---\nMe.\n",
            "content/posts/2021-01-06-y.md": "---\ntitle: Y\nsocial_image: nope.png\n---\nBody.\n",
        ], binary: ["content/posts/card.png": [UInt8](png), "content/images/me.png": [UInt8](png)])
        let built = renderTestSite(folder)
        #expect(built.hints == [], "social_image is blogbuild's own key")
        #expect(built.problems == ["content/posts/2021-01-06-y.md:3:15: warning: broken image 'nope.png': nothing is built at /posts/nope.png"]
                || built.problems.count == 1 && built.problems[0].hasPrefix("content/posts/2021-01-06-y.md:3:"), "\(built.problems)")
        let post = try #require(built["2021/01/x/index.html"])
        #expect(post.contains("<meta property=\"og:image\" content=\"https://example.org/posts/card.png\">"), "\(post)")
        #expect(!post.contains("class=\"hero"), "a social image is not shown above the post")
        #expect(built["about/index.html"]?.contains("<meta property=\"og:image\" content=\"https://example.org/images/me.png\">") == true)
    }
}
