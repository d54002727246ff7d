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

/// `draft: true` (and `published: false`) hold back every kind of content that is
/// published, not only posts (issue 40): pages, apps and their child pages, series.
/// `build` and `publish` leave them out of every page, list, feed, the sitemap and
/// the search index; `--drafts` (and `serve`) show them; the summary names them.
@Suite struct HeldBackTests {
    /// A good site with one of each kind held back; every held-back file's slug
    /// has `secret` in it, so any trace of one in the output is found by that word.
    static func site() throws -> TestSiteFolder {
        let site = try BadInputTests.goodSite()
        try site.write("content/pages/secret-plans.md", "---\ntitle: Secret Plans\ndraft: true\n---\nNot yet.\n")
        try site.write("content/pages/secret-press.md", "---\ntitle: Secret Press\npublished: false\n---\nNot yet.\n")
        try site.write("content/apps/secretapp.md", "---\ntitle: Secretapp\ndraft: true\n---\nAn app to come.\n")
        try site.write("content/apps/secretapp/privacy.md", "---\ntitle: Secretapp privacy\n---\nNothing kept.\n")
        try site.write("content/apps/goodapp/secret-support.md", "---\ntitle: Secret support\ndraft: true\n---\nSoon.\n")
        try site.write("content/series/secret-series.md", "---\ntitle: Secret Series\ndraft: true\n---\nParts to come.\n")
        return site
    }

    static let heldBack = [
        "content/apps/goodapp/secret-support.md", "content/apps/secretapp.md", "content/apps/secretapp/privacy.md",
        "content/pages/secret-plans.md", "content/pages/secret-press.md", "content/series/secret-series.md",
    ]

    /// Every output file that mentions `secret` (a held-back page's URL or title).
    static func traces(_ pages: RenderedPages) -> [String] {
        pages.paths.sorted().filter { path in
            (pages[path] ?? "").lowercased().contains("secret") || path.contains("secret")
        }
    }

    @Test func aBuildLeavesOutEveryKindHeldBack() throws {
        let site = try Self.site()
        for mode in [BuildMode.build(includeDrafts: false), .publish] {
            let built = renderTestSite(site, mode: mode)
            #expect(built.errors.isEmpty, "\(built.errors)")
            #expect(Self.traces(built).isEmpty, "\(mode): held back, yet in \(Self.traces(built))")
            #expect(built.site.report.skippedDrafts == Self.heldBack, "\(built.site.report.skippedDrafts)")
            #expect(built.site.isWritable(in: mode), "\(built.problems)")
        }
    }

    @Test func draftsShowEveryKind() throws {
        let site = try Self.site()
        let built = renderTestSite(site, mode: .build(includeDrafts: true))
        #expect(built.errors.isEmpty, "\(built.errors)")
        built.expectPaths(["secret-plans/index.html", "secret-press/index.html", "apps/secretapp/index.html",
                           "apps/secretapp/privacy/index.html", "apps/goodapp/secret-support/index.html",
                           "series/secret-series/index.html"])
        #expect(built.site.report.skippedDrafts.isEmpty)
    }

    /// A post naming a series or an app that is held back is published (the post is
    /// no draft) without its series box or app card, as Hugo publishes a page whose
    /// term page is a draft; a hint says so, and `publish` does not fail on it.
    @Test func aPostInADraftSeriesOrAboutADraftAppIsShownWithoutIt() throws {
        let site = try Self.site()
        try site.write("content/posts/2021-02-01-teaser.md",
                       "---\ntitle: Teaser\nseries: secret-series\napp: secretapp\n---\nSomething is coming.\n")
        let published = renderTestSite(site, mode: .publish)
        #expect(published.problems.isEmpty, "\(published.problems)")
        #expect(published.site.isWritable(in: .publish))
        #expect(published.hints.contains(
            "content/posts/2021-02-01-teaser.md:3:9: hint: front matter: series 'secret-series' is a draft "
                + "(content/series/secret-series.md) this build leaves out; the post is shown without it"), "\(published.hints)")
        #expect(published.hints.contains(
            "content/posts/2021-02-01-teaser.md:4:6: hint: front matter: app 'secretapp' is a draft "
                + "(content/apps/secretapp.md) this build leaves out; the post is shown without it"), "\(published.hints)")
        published.expectPaths(["2021/02/teaser/index.html"])
        #expect(Self.traces(published).isEmpty, "\(Self.traces(published))")
        // With drafts, the post is in its series and about its app.
        let drafts = renderTestSite(site, mode: .build(includeDrafts: true))
        drafts.expect("2021/02/teaser/index.html", contains: ["/series/secret-series/", "/apps/secretapp/"])
    }

    /// Both spellings given: `draft` wins, and a hint says `published` is not read.
    @Test func draftWinsOverPublished() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/pages/about.md", "---\ntitle: About\ndraft: false\npublished: false\n---\nAbout.\n")
        let built = renderTestSite(site)
        built.expectPaths(["about/index.html"])
        #expect(built.hints.contains { $0.hasPrefix("content/pages/about.md:4:1: hint: front matter: 'published' is not used: 'draft' is given too") },
                "\(built.hints)")
    }

    /// `published: false` on a post holds it back as `draft: true` does.
    @Test func publishedFalseHoldsBackAPost() throws {
        let site = try BadInputTests.goodSite()
        try site.write("content/posts/2021-02-01-secret.md", "---\ntitle: Secret\npublished: false\n---\nShh.\n")
        let built = renderTestSite(site)
        #expect(built.site.report.skippedDrafts == ["content/posts/2021-02-01-secret.md"])
        #expect(Self.traces(built).isEmpty, "\(Self.traces(built))")
        #expect(built.hints.isEmpty, "\(built.hints)")
    }

    /// Serve's rebuilds of a site built without drafts (as `build --watch` would)
    /// equal a clean build after each `draft:` is toggled: a page, a series, an app.
    @Test func togglingDraftRebuildsAsACleanBuildDoes() throws {
        let site = try Self.site()
        let builder = IncrementalBuilder()
        let served = site.outside("served")
        var step = 0
        func request(_ output: URL) -> BuildRequest {
            BuildRequest(siteDirectory: site.root, outputDirectory: output, mode: .build(includeDrafts: false), now: siteTestsNow)
        }
        func check(_ what: String, _ changed: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            step += 1
            let outcome = try builder.build(request(served), changedFiles: Set(changed.map { site.url($0).standardizedFileURL.path }))
            let clean = site.outside("clean-\(step)")
            let report = try SiteBuilder.build(request(clean))
            #expect(outcome.report.warnings == report.warnings, "after \(what)", sourceLocation: sourceLocation)
            #expect(outcome.report.skippedDrafts == report.skippedDrafts, "after \(what)", sourceLocation: sourceLocation)
            let differences = try FolderSnapshot(served).differences(from: FolderSnapshot(clean))
                .filter { !$0.hasPrefix("mtime") && !$0.hasPrefix("replaced") }
            #expect(differences.isEmpty, "after \(what): \(differences.prefix(8))", sourceLocation: sourceLocation)
        }
        try check("the first build", [])
        for (path, before, after) in [
            ("content/pages/secret-plans.md", "draft: true", "draft: false"),
            ("content/series/secret-series.md", "draft: true", "draft: false"),
            ("content/apps/secretapp.md", "draft: true", "draft: false"),
            ("content/series/good.md", "title: Good Series", "title: Good Series\ndraft: true"),
            ("content/apps/goodapp.md", "title: Good App", "title: Good App\npublished: false"),
        ] {
            let text = try #require(site.read(path))
            try site.write(path, text.replacingOccurrences(of: before, with: after))
            try check("\(path): \(after)", [path])
            try site.write(path, text)
            try check("\(path): \(before) again", [path])
        }
    }
}
