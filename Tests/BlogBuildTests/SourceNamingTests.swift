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

/// How a source file's name is read (issue 40): every extension Markdown is
/// commonly saved with is Markdown for every kind, and never published as a file;
/// a file name that is not a slug gives the slug `new post` would have named it by.
@Suite struct SourceNamingTests {
    // MARK: - Markdown extensions

    @Test func everyMarkdownExtensionIsMarkdown() {
        for name in ["a.md", "a.MD", "a.markdown", "a.Markdown", "a.mdown", "a.mkd", "posts/2021-01-05-x.markdown"] {
            #expect(ContentPaths.isMarkdown(name), "\(name)")
        }
        for name in [".md", "a.mdx", "a.txt", "markdown", "a.md/b.png", "posts/.markdown", "a.mkdn.png"] {
            #expect(!ContentPaths.isMarkdown(name), "\(name)")
        }
        #expect(ContentPaths.baseName("2021-01-05-x.markdown") == "2021-01-05-x")
        #expect(ContentPaths.baseName("b.MKD") == "b")
        #expect(ContentEntry.kind(of: "posts/2021-01-05-x.markdown") == .post)
        #expect(ContentEntry.kind(of: "series/s.mdown") == .series)
        #expect(ContentEntry.kind(of: "apps/a/privacy.mkd") == .appPage)
        #expect(ContentEntry.kind(of: "notes/x.markdown") == .strayMarkdown)
    }

    /// Before: a post saved as `.markdown` was no post, with no message, and its
    /// source was published at `/posts/….markdown`.
    @Test func aPostPageSeriesAppOrBundleSavedWithAnyExtensionIsBuilt() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/posts/2021-02-01-marked.markdown",
                       "---\ntitle: Marked\nseries: mdown-series\napp: mkdapp\n---\nSee [the first](2021-01-05-first.md) and [bundled](2021-03-01-bundled/index.mkd).\n")
        try site.write("content/posts/2021-03-01-bundled/index.mkd", "---\ntitle: Bundled\n---\n![Hero](hero.png)\n")
        try site.write("content/posts/2021-03-01-bundled/hero.png", "PNG")
        try site.write("content/series/mdown-series.mdown", "---\ntitle: Mdown Series\n---\nIntro.\n")
        try site.write("content/apps/mkdapp.MKD", "---\ntitle: Mkd App\n---\nAn app.\n")
        try site.write("content/apps/mkdapp/privacy.markdown", "---\ntitle: Mkd privacy\n---\nNone kept.\n")
        try site.write("content/pages/colophon.mdown",
                       "---\ntitle: Colophon\n---\nRead [marked](../posts/2021-02-01-marked.markdown).\n")
        try site.write("content/notes/stray.markdown", "# Not in a folder blogbuild reads\n")
        let built = renderTestSite(site, mode: .publish)
        #expect(built.errors.isEmpty, "\(built.errors)")
        #expect(built.problems == ["content/notes/stray.markdown: warning: not loaded: Markdown belongs in posts/, series/, apps/ or pages/"],
                "\(built.problems)")
        built.expectPaths(["2021/02/marked/index.html", "2021/03/bundled/index.html", "2021/03/bundled/hero.png",
                           "series/mdown-series/index.html", "apps/mkdapp/index.html", "apps/mkdapp/privacy/index.html",
                           "colophon/index.html"])
        let sources = built.paths.filter { ContentPaths.isMarkdown($0) }
        #expect(sources.isEmpty, "Markdown sources copied to the output: \(sources)")
        built.expect("2021/02/marked/index.html", contains: ["href=\"https://example.org/2021/01/first/\"",
                                                            "href=\"https://example.org/2021/03/bundled/\""])
        built.expect("colophon/index.html", contains: ["href=\"https://example.org/2021/02/marked/\""])
        built.expect("series/mdown-series/index.html", contains: ["/2021/02/marked/"])
        built.expect("sitemap.xml", contains: ["/2021/02/marked/", "/apps/mkdapp/privacy/", "/colophon/"])
    }

    // MARK: - File names that are not slugs

    /// Before: `/2026/11/Café notes ☕ über/`, with raw spaces inside `href`.
    @Test func aFileNameThatIsNotASlugGivesASlugURL() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/posts/2021-02-01-Café notes ☕ über.md", "---\ntitle: Café notes\n---\nNotes.\n")
        try site.write("content/posts/2021-02-02-Side_Project.v2.md", "---\ntitle: Side project\n---\nKept as it is.\n")
        try site.write("content/posts/2021-02-03-Own Slug.md", "---\ntitle: Own\nslug: Own_Choice\n---\nThe slug wins.\n")
        try site.write("content/posts/2021-02-04-日記.md", "---\ntitle: 日記\n---\nNo ASCII to make a slug of.\n")
        try site.write("content/pages/About Me.md", "---\ntitle: About me\n---\nMe.\n")
        let built = renderTestSite(site, mode: .publish)
        #expect(built.problems.isEmpty, "\(built.problems)")
        built.expectPaths(["2021/02/cafe-notes-uber/index.html", "2021/02/Side_Project.v2/index.html",
                           "2021/02/Own_Choice/index.html", "2021/02/日記/index.html", "about-me/index.html"])
        #expect(!built.paths.contains { $0.contains(" ") }, "\(built.paths.filter { $0.contains(" ") })")
        built.expect("archive/index.html", contains: ["href=\"https://example.org/2021/02/cafe-notes-uber/\""])
        // `check` (and every command) names the file and the slug it gets.
        #expect(built.hints.contains("content/posts/2021-02-01-Café notes ☕ über.md: hint: file name: 'Café notes ☕ über' is not a slug; "
                                     + "the URL uses 'cafe-notes-uber' (rename the file to '2021-02-01-cafe-notes-uber.md', or set 'slug:')"),
                "\(built.hints)")
        #expect(built.hints.contains("content/pages/About Me.md: hint: file name: 'About Me' is not a slug; the URL uses 'about-me' "
                                     + "(rename it, or set 'permalink:')"), "\(built.hints)")
        #expect(built.hints.filter { $0.contains("is not a slug") }.count == 2, "\(built.hints)")
    }

    /// A series or app file name that is not a slug: its page's URL is one, and posts
    /// (and the app's folder of child pages) still name it as the file does.
    @Test func aSeriesOrAppFileNameThatIsNotASlugGivesASlugURL() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/series/Side Projects.md", "---\ntitle: Side Projects\n---\nIntro.\n")
        try site.write("content/apps/My App.md", "---\ntitle: My App\n---\nAn app.\n")
        try site.write("content/apps/My App/privacy.md", "---\ntitle: Privacy\n---\nNone kept.\n")
        try site.write("content/posts/2021-02-01-side.md", "---\ntitle: Side\nseries: Side Projects\napp: My App\n---\nBody.\n")
        let built = renderTestSite(site, mode: .publish)
        #expect(built.problems.isEmpty, "\(built.problems)")
        built.expectPaths(["series/side-projects/index.html", "apps/my-app/index.html", "apps/my-app/privacy/index.html"])
        #expect(!built.paths.contains { $0.contains(" ") }, "\(built.paths.filter { $0.contains(" ") })")
        built.expect("2021/02/side/index.html", contains: ["href=\"https://example.org/series/side-projects/\"",
                                                          "href=\"https://example.org/apps/my-app/\""])
        #expect(built.hints.contains("content/series/Side Projects.md: hint: file name: 'Side Projects' is not a slug; the URL uses "
                                     + "'side-projects' (posts name it 'Side Projects' as before; rename the file to 'side-projects.md' to match)"),
                "\(built.hints)")
    }

    /// A file that failed to load is not a broken link where the clean URL is linked.
    @Test func theLikelyURLOfAFailedFileIsItsSlugURL() {
        #expect(SiteResolver.likelyURL(of: "content/posts/2021-02-01-Café notes.md", postPermalink: "/:year/:month/:slug/")
                == "/2021/02/cafe-notes/")
        #expect(SiteResolver.likelyURL(of: "content/pages/About Me.markdown", postPermalink: "/:year/:month/:slug/") == "/about-me/")
        #expect(SiteResolver.likelyURL(of: "content/posts/2021-02-01-kettle.md", postPermalink: "/:year/:month/:slug/")
                == "/2021/02/kettle/")
    }
}
