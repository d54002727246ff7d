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
import Foundation
import Testing

/// `import` never leaves a site whose `build` fails (issue 41): it builds what it
/// wrote with the pipeline `build` runs and resolves each error it caused, naming
/// every change in IMPORT.md. Each test imports a fixture with one kind of error
/// and builds the result.
@Suite struct ImportAlwaysBuildsTests {
    static func built(_ folder: TestSiteFolder) -> RenderedPages {
        renderTestSite(folder, mode: .build(includeDrafts: false), now: Date())
    }

    @Test func aSitesOwnSearchAndTagsPagesMoveOffTheOnesBlogbuildBuilds() throws {
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": "url: https://example.org\ntitle: Own search\n",
            "_posts/2020-01-01-hello.md": "---\ntitle: Hello\ntags: [swift]\n---\nHi.\n",
            "search.md": "---\ntitle: Search\npermalink: /search/\n---\n<form action=\"https://search.example.net/own\"><input name=q></form>\n",
            "tags.html": "---\ntitle: Tags\npermalink: /tags/\n---\n<p>All my tags</p>\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = Self.built(folder)
        #expect(built.errors == [], "\(built.errors)")
        // blogbuild's own search page and tag list answer at their URLs; the site's pages moved, and IMPORT.md says where.
        #expect(built["search/index.html"]?.contains("search.example.net/own") == false)
        #expect(built["tags/index.html"]?.contains("All my tags") == false)
        #expect(built["search-page/index.html"]?.contains("search.example.net/own") == true)
        #expect(built["tags-page/index.html"]?.contains("All my tags") == true)
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("blogbuild builds /search/ itself"), "\(report)")
        #expect(report.contains("blogbuild builds /tags/ itself"), "\(report)")
    }

    @Test func aSourceWhoseFilesAreGitLFSPointersIsRefusedWithWhatToRun() throws {
        // A clone made without `git lfs` holds pointer files where the images were: every post
        // showing one would fail the build. The import says so and writes nothing.
        let pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:d062c1d3039dee30630f217d6a91eea3603456b0a6102b5720ee09f8253fb61a\nsize 54568\n"
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": "url: https://example.org\ntitle: LFS\n",
            "_posts/2020-01-01-hello.md": "---\ntitle: Hello\n---\n![Photo](/assets/photo.png)\n",
            "assets/photo.png": pointer,
            "assets/real.png": JekyllRealLayoutTests.png,
        ])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains("1 file is a Git LFS pointer, not the file (`assets/photo.png`)"), "\(outcome)")
        #expect(outcome.stderr.contains("run `git lfs pull` in"), "\(outcome)")
        #expect(folder.read("content/site.yml") == nil && folder.read("IMPORT.md") == nil)
        #expect(GitLFSPointers.isPointer(folder.outside("jekyll").appendingPathComponent("assets/real.png").path) == false)
    }

    @Test func anImageTheBuildCannotReadIsNamedTheSameInEveryImport() throws {
        // libvips names the file by its absolute path, inside the import's staging folder
        // (its name holds the process id): IMPORT.md gives the site path instead.
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": "url: https://example.org\ntitle: Broken image\n",
            "_posts/2020-01-01-hello.md": "---\ntitle: Hello\n---\n![Photo](/assets/photo.png)\n",
            "assets/photo.png": "not a PNG at all",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("content/assets/photo.png"), "\(report)")
        #expect(!report.contains(".blogbuild-import-"), "\(report)")
        #expect(!report.contains(folder.root.path), "\(report)")
    }

    @Test func aThemesEmptySearchPageGivesWayToBlogbuildsSearch() throws {
        // PaperMod's `content/search.md`: a layout and no words; blogbuild's search answers there.
        let (folder, outcome) = try HugoRealLayoutTests.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'PaperMod-like'\n",
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2021-02-03\n---\nHi.\n",
            "content/search.md": "---\ntitle: Search\nlayout: search\nsummary: search\nplaceholder: Search the posts\n---\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = Self.built(folder)
        #expect(built.errors == [], "\(built.errors)")
        #expect(built.paths.contains("search/index.html"))
        #expect(folder.read("content/pages/search.md") == nil && folder.read("content/pages/search-page.md") == nil)
        #expect(folder.read("IMPORT.md")?.contains("blogbuild's own search page answers at /search/") == true)
    }

    @Test func twoItemsOnOneURLEachGetAURL() throws {
        // The old site wrote both at /2020/01/hello/ (Jekyll warns and keeps one).
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": "url: https://example.org\ntitle: Clash\npermalink: /:year/:month/:title/\n",
            "_posts/2020-01-01-hello.md": "---\ntitle: Hello\n---\nThe post.\n",
            "hello-again.md": "---\ntitle: Hello again\npermalink: /2020/01/hello/\n---\nThe page.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = Self.built(folder)
        #expect(built.errors == [], "\(built.errors)")
        let at = try #require(built["2020/01/hello/index.html"])
        #expect(at.contains("The post.") != at.contains("The page."), "one of them keeps the URL")
        let other = at.contains("The post.") ? "The page." : "The post."
        let moved = built.paths.filter { $0.hasSuffix(".html") && $0 != "2020/01/hello/index.html" }
            .contains { built[$0]?.contains(other) == true }
        #expect(moved, "the other is built at a URL of its own")
        #expect(folder.read("IMPORT.md")?.contains("duplicate output path /2020/01/hello/") == true)
    }

    @Test func aValueBlogbuildCannotReadIsKeptUnderAnotherKey() throws {
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": "url: https://example.org\ntitle: Apps\n",
            "_posts/2020-01-01-hello.md": "---\ntitle: Hello\napp: my-old-app\n---\nAbout the app.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = Self.built(folder)
        #expect(built.errors == [], "\(built.errors)")
        let post = try #require(folder.read("content/posts/2020-01-01-hello.md"))
        #expect(post.contains("imported_app: my-old-app") && !post.contains("\napp:"), "\(post)")
        #expect(built.paths.contains { $0.contains("hello") })
        #expect(folder.read("IMPORT.md")?.contains("kept as imported_app") == true)
    }

    /// The last two rungs, on errors no importer makes today: an error that is not a
    /// front-matter value makes the item a draft; one that a draft still has sets it aside.
    @Test func anErrorNothingElseResolvesMakesADraftThenSetsItAside() throws {
        let post = ImportedSite.Document(kind: .post, path: "content/posts/2020-01-01-a.md",
                                         fields: [(key: "title", value: .text("A")), (key: "date", value: .date("2020-01-01"))],
                                         body: "Body.", source: "_posts/2020-01-01-a.md")
        let site = ImportedSite(config: [(key: "title", value: .text("T"))], documents: [post], copies: [], report: ImportReport())
        let error = Diagnostic(file: post.path, line: 7, message: "something in the body")
        let once = try #require(ImportBuildCheck.resolving(site, errors: [error]))
        #expect(once.documents.first?.fields.contains { $0.key == "draft" && $0.value.bool == true } == true)
        #expect(once.report.untranslated.contains { $0.note.contains("written as a draft") })
        let twice = try #require(ImportBuildCheck.resolving(once, errors: [error]))
        #expect(twice.documents.isEmpty)
        #expect(twice.setAside.map(\.path) == ["imported-unbuilt/posts/2020-01-01-a.md"])
        // An error blamed on nothing the import wrote is not resolved by changing something else.
        #expect(ImportBuildCheck.resolving(twice, errors: [Diagnostic(file: "(site)", message: "x")]) == nil)
    }

    @Test func aSiteYmlValueTheBuildRejectsIsLeftOutAndNamed() throws {
        let (folder, outcome) = try HugoRealLayoutTests.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Lang'\nlanguageCode = 'english, mostly'\n",
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2021-02-03\n---\nHi.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(Self.built(folder).errors == [])
        #expect(folder.read("content/site.yml")?.contains("english") == false)
        #expect(folder.read("IMPORT.md")?.contains("left out so that the site builds") == true)
    }

    /// Links the build cannot follow (above content/, two on one line; to a Markdown file that is no page) led
    /// nowhere on the old site either: the post keeps its text and loses the link, named
    /// in IMPORT.md, instead of becoming a draft.
    @Test func aLinkTheBuildCannotFollowBecomesItsText() throws {
        let folder = try TestSiteFolder(config: nil)
        let body = "See [my notes](<../../../vault/My Notes.md> \"vault\") and [a chart](../../../../charts/c.md).\n\n"
            + "Also [the list](missing%20list.md), and [a page](https://example.org/).\n\n"
            // More than the import's rounds of resolving: all go in one.
            + (1...12).map { "- [note \($0)](../../../vault/n\($0).md)" }.joined(separator: "\n")
        var post = ImportedSite.Document(kind: .post, path: "content/posts/2020-01-01-a.md",
                                         fields: [(key: "title", value: .text("A")), (key: "date", value: .date("2020-01-01"))],
                                         body: body, source: "content/posts/a.md")
        post.oldURLs = ["/posts/a/"]
        let site = ImportedSite(config: [(key: "title", value: .text("T")), (key: "base_url", value: .text("https://example.org/"))],
                                documents: [post], copies: [], report: ImportReport())
        let written = try ImportWriter.write(site, kind: .hugo, source: folder.outside("old-site"), into: folder.root, force: true)
        #expect(written.unresolved.isEmpty, "\(written.unresolved)")
        let text = try #require(folder.read("content/posts/2020-01-01-a.md"))
        #expect(!text.contains("draft: true"), "\(text)")
        #expect(text.contains("See my notes and a chart.\n\nAlso the list, and [a page](https://example.org/)."), "\(text)")
        let report = try #require(folder.read("IMPORT.md"))
        for link in ["../../../vault/My Notes.md", "../../../../charts/c.md", "missing%20list.md"] {
            #expect(report.contains("`\(link)`: link to '\(link)'"), "\(link): \(report)")
        }
        #expect(text.contains("- note 1\n") && text.contains("- note 12\n"), "\(text)")
    }

    /// A document made a draft names the old URLs it no longer answers.
    @Test func aDraftNamesTheOldURLsItLeaves() throws {
        var post = ImportedSite.Document(kind: .post, path: "content/posts/2020-01-01-a.md",
                                         fields: [(key: "title", value: .text("A")), (key: "date", value: .date("2020-01-01"))],
                                         body: "Body.", source: "_posts/2020-01-01-a.md")
        post.oldURLs = ["/2020/01/01/a/", "/a.html"]
        let site = ImportedSite(config: [(key: "title", value: .text("T"))], documents: [post], copies: [], report: ImportReport())
        let once = try #require(ImportBuildCheck.resolving(site, errors: [Diagnostic(file: post.path, line: 7, message: "something in the body")]))
        #expect(once.report.untranslated.contains { $0.note.contains("its old URL is not answered (`/2020/01/01/a/`, `/a.html`)") },
                "\(once.report.untranslated)")
    }

    @Test func anErrorTheImportCannotResolveIsReturnedAndNamed() throws {
        // A site.yml without base_url: a required key is never dropped, so nothing resolves it.
        let folder = try TestSiteFolder(config: nil)
        let post = ImportedSite.Document(kind: .post, path: "content/posts/2020-01-01-a.md",
                                         fields: [(key: "title", value: .text("A")), (key: "date", value: .date("2020-01-01"))],
                                         body: "Body.", source: "_posts/2020-01-01-a.md")
        let site = ImportedSite(config: [(key: "title", value: .text("T"))], documents: [post], copies: [], report: ImportReport())
        let written = try ImportWriter.write(site, kind: .jekyll, source: folder.outside("old-site"), into: folder.root, force: true)
        #expect(written.unresolved.map(\.message).contains { $0.contains("'base_url' is required") }, "\(written.unresolved)")
        #expect(folder.read("IMPORT.md")?.contains("the import could not resolve it") == true)
        // And a site that builds leaves nothing unresolved.
        let fine = ImportedSite(config: [(key: "title", value: .text("T")), (key: "base_url", value: .text("https://example.org/"))],
                                documents: [post], copies: [], report: ImportReport())
        #expect(try ImportWriter.write(fine, kind: .jekyll, source: folder.outside("old-site"), into: folder.root, force: true).unresolved.isEmpty)
    }
}
