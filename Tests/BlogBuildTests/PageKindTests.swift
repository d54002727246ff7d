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

/// A kind of page of the test's own, declared as the built-in ones are (one
/// value): `/colophon/`, which names the site's newest post and counts the posts.
/// Adding it takes this declaration and a template; the router, the theme contract,
/// the sitemap, the render keys and the incremental layer know it from the
/// declaration alone. `declaresPostCount: false` is the same kind with the count
/// left out of its inputs: its context reads what it does not declare.
extension PageKind {
    static let colophon: PageKind = makeColophon(declaresPostCount: true) { PageKind.colophon }
    static let colophonReadingTheCountUndeclared: PageKind = makeColophon(declaresPostCount: false) {
        PageKind.colophonReadingTheCountUndeclared
    }

    /// `itself`: the kind its routes name (the value being made).
    static func makeColophon(declaresPostCount: Bool, itself: @escaping @Sendable () -> PageKind) -> PageKind {
        PageKind(
            name: "colophon",
            templates: { [("colophon", [("post_count", .scalar), ("newest", ContextShapes.entry)])] },
            routes: { _, _ in [Route(url: "/colophon/", kind: itself(), source: "(colophon)")] },
            inputs: { _, site in
                var r = RouteInputs(templates: ["colophon"])
                r.listed = .range(0..<min(1, site.posts.count))
                r.postCount = declaresPostCount
                return r
            },
            context: { route, c in
                c.setPage(kind: "colophon", title: "Colophon", path: route.url, description: nil)
                let count = c.site.postCount
                c.root["post_count"] = .int(count)
                if count > 0 { c.root["newest"] = c.entry(0, c.root.record(for: "newest")).value }
            },
            sitemap: { _, site in .listed(PageKinds.newest(site.posts.indices.prefix(1), in: site)) })
    }
}

@Suite struct PageKindTests {
    static let template = """
    <!DOCTYPE html>
    <html lang="{{site.language}}"><head><meta charset="utf-8"><title>{{page.full_title}}</title></head>
    <body>{{#page.is_colophon}}<p>{{post_count}} posts; the newest is {{#newest}}<a href="{{url}}">{{title}}</a>{{/newest}}.</p>{{/page.is_colophon}}</body>
    </html>

    """

    func site() throws -> TestSiteFolder {
        try TestSiteFolder(files: [
            "content/posts/2024-01-01-older.md": "---\ntitle: Older\n---\nText.\n",
            "content/posts/2024-02-01-newer.md": "---\ntitle: Newer\n---\nText.\n",
            "templates/colophon.mustache": Self.template,
        ])
    }

    @Test func aKindOfOneFileAndATemplateIsRoutedRenderedAndInTheSitemap() throws {
        let folder = try site()
        let request = BuildRequest(siteDirectory: folder.root, mode: .build(includeDrafts: false), now: siteTestsNow)
        let built = RenderedPages(SiteBuilder.render(request, memo: nil, kinds: PageKinds.all + [.colophon]))
        #expect(built.problems.isEmpty, "\(built.problems)")
        built.expect("colophon/index.html", contains: ["<p>2 posts; the newest is <a href=\"/2024/02/newer/\">Newer</a>.</p>",
                                                       "<title>Colophon – Test Site</title>"])
        built.expect("sitemap.xml", contains: ["<loc>https://example.org/colophon/</loc><lastmod>2024-02-01T00:00:00+00:00</lastmod>"])

        // Without the declaration there is no such page, and its template is one no kind uses.
        let without = renderTestSite(folder)
        #expect(without.byPath["colophon/index.html"] == nil)
        #expect(without["sitemap.xml"]?.contains("/colophon/") == false)
    }

    /// A URL with a `.` or `..` segment would be written outside its folder: refused, with where it came from.
    @Test func aDotSegmentInAURLIsRefused() throws {
        for url in ["/a/../b/", "/../x/", "/a/./", "/..", "/a/.."] { #expect(Router.hasDotSegment(url), "\(url)") }
        for url in ["/", "/a.b/", "/.well-known/x", "/a/.../", "/a/..b/", "/v1.2/"] { #expect(!Router.hasDotSegment(url), "\(url)") }
        let folder = try TestSiteFolder(files: [
            "content/posts/2024-01-01-a.md": "---\ntitle: A\naliases: [/old/../../etc/]\n---\nText.\n",
        ])
        let built = renderTestSite(folder)
        #expect(built.problems.contains { $0.contains("content/posts/2024-01-01-a.md") && $0.contains("'.' and '..' are not allowed") },
                "\(built.problems)")
    }

    @Test func aNameItsContextDoesNotHaveIsReportedInItsTemplate() throws {
        let folder = try site()
        try folder.write("templates/colophon.mustache", Self.template.replacingOccurrences(of: "{{post_count}}", with: "{{post_cuont}}"))
        let request = BuildRequest(siteDirectory: folder.root, mode: .build(includeDrafts: false), now: siteTestsNow)
        let built = RenderedPages(SiteBuilder.render(request, memo: nil, kinds: PageKinds.all + [.colophon]))
        #expect(built.problems.contains { $0.hasPrefix("templates/colophon.mustache:3:") && $0.contains("post_cuont") }, "\(built.problems)")
    }

    @Test func itsDeclaredInputsDecideWhenARebuildRendersItAgain() throws {
        let folder = try site()
        let request = BuildRequest(siteDirectory: folder.root, mode: .build(includeDrafts: false), now: siteTestsNow)
        let kinds = PageKinds.all + [.colophon]
        let memo = BuildMemo()
        _ = SiteBuilder.render(request, memo: memo, kinds: kinds)

        // The newest post's title is on the page: a rebuild renders it again.
        try folder.write("content/posts/2024-02-01-newer.md", "---\ntitle: Newest\n---\nText.\n")
        let retitled = RenderedPages(SiteBuilder.render(request, memo: memo, kinds: kinds))
        retitled.expect("colophon/index.html", contains: [">Newest</a>"])
        #expect(retitled["colophon/index.html"] == RenderedPages(SiteBuilder.render(request, memo: nil, kinds: kinds))["colophon/index.html"])

        // The older post is not: its page is rendered again, the colophon is reused.
        _ = SiteBuilder.render(request, memo: memo, kinds: kinds)
        try folder.write("content/posts/2024-01-01-older.md", "---\ntitle: Oldest\n---\nText.\n")
        _ = SiteBuilder.render(request, memo: memo, kinds: kinds)
        #expect(memo.pages.renderedPaths.contains("2024/01/older/index.html"))
        #expect(!memo.pages.renderedPaths.contains("colophon/index.html"))

        // A new older post changes only the count it shows (declared: `postCount`): rendered again.
        try folder.write("content/posts/2023-06-01-oldest.md", "---\ntitle: Oldest of all\n---\nText.\n")
        let added = RenderedPages(SiteBuilder.render(request, memo: memo, kinds: kinds))
        added.expect("colophon/index.html", contains: ["<p>3 posts; the newest is"])
        #expect(added["colophon/index.html"] == RenderedPages(SiteBuilder.render(request, memo: nil, kinds: kinds))["colophon/index.html"])
    }

    /// Issue 42: a kind reads only what it declares. The same kind without `postCount` in its
    /// inputs reads the count all the same: its page fails (debug builds, where the tests run),
    /// naming the read, instead of going stale in serve when a post is added.
    @Test func aKindThatReadsWhatItDoesNotDeclareFails() throws {
        let folder = try site()
        let request = BuildRequest(siteDirectory: folder.root, mode: .build(includeDrafts: false), now: siteTestsNow)
        let built = RenderedPages(SiteBuilder.render(request, memo: nil, kinds: PageKinds.all + [.colophonReadingTheCountUndeclared]))
        #expect(built.byPath["colophon/index.html"] == nil)
        #expect(built.problems.contains {
            $0.contains("page kind 'colophon' (/colophon/) read the number of posts, which its inputs (RouteInputs) do not declare")
        }, "\(built.problems)")
        // Every built-in kind reads only what it declares: the example-like site has no such problem.
        #expect(!built.problems.contains { $0.contains("do not declare") && !$0.contains("colophon") }, "\(built.problems)")
    }
}
