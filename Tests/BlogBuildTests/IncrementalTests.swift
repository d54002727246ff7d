import Foundation
import Synchronization
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

/// The dev server's rebuilds: after every change, the output written by the
/// incremental builder must equal a clean build of the same files, byte for byte,
/// with no file or folder left over.
@Suite struct IncrementalTests {
    /// A copy of the example site, an incremental builder writing into `served`,
    /// and clean builds into a fresh folder each time.
    final class Session {
        let site: TestSiteFolder
        let builder: IncrementalBuilder
        let served: URL
        var step = 0
        static let now = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21: the 2030 post stays future

        /// `writeRun`: files serve writes between two looks at the yield signal (`IncrementalBuilder(writeRun:)`).
        init(writeRun: Int? = nil) throws {
            builder = writeRun.map { IncrementalBuilder(writeRun: $0) } ?? IncrementalBuilder()
            site = try TestSiteFolder(config: nil)
            try FileManager.default.removeItem(at: site.url("content"))
            try FileManager.default.copyItem(at: RepoPaths.root.appendingPathComponent("content"), to: site.url("content"))
            served = site.outside("served")
        }

        func request(_ output: URL) -> BuildRequest {
            var request = BuildRequest(siteDirectory: site.root, outputDirectory: output, mode: .build(includeDrafts: true), now: Self.now)
            request.cacheDirectory = RepoPaths.sharedCache
            return request
        }

        /// Rebuilds incrementally (told which files changed, as the dev server's
        /// watcher does, when `changed` is given), builds clean, and compares the
        /// two folders and the warnings.
        @discardableResult
        func check(_ what: String, changed: [String]? = nil,
                   sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> IncrementalBuilder.Outcome {
            step += 1
            let hint = changed.map { Set($0.map { site.url($0).standardizedFileURL.path }) }
            let outcome = try builder.build(request(served), changedFiles: hint)
            try compare(what, warnings: outcome.report.warnings, sourceLocation: sourceLocation)
            return outcome
        }

        /// Builds clean and compares the served folder (as it is) and `warnings` with it.
        func compare(_ what: String, warnings: [Diagnostic],
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            step += 1
            let clean = site.outside("clean-\(step)")
            let cleanReport = try SiteBuilder.build(request(clean))
            #expect(warnings == cleanReport.warnings, "after \(what): warnings differ from a clean build",
                    sourceLocation: sourceLocation)
            // Where each image is first used (what its processing problems point at) is not in the output.
            if let uses = builder.lastImageUses, case .success(let plan) = SiteBuilder.plan(request(clean), memo: nil) {
                #expect(uses == plan.imageUses, "after \(what): images' first uses differ from a clean plan", sourceLocation: sourceLocation)
            }
            let incremental = try FolderSnapshot(served), fresh = try FolderSnapshot(clean)
            let differences = incremental.differences(from: fresh).filter { !$0.hasPrefix("mtime") && !$0.hasPrefix("replaced") }
            #expect(differences.isEmpty, "after \(what): served output differs from a clean build: \(differences.prefix(12))",
                    sourceLocation: sourceLocation)
            try? FileManager.default.removeItem(at: clean)
        }

        func edit(_ path: String, _ change: (String) -> String) throws {
            let text = try #require(site.read(path), "no \(path)")
            let changed = change(text)
            #expect(changed != text, "the edit of \(path) changed nothing")
            try site.write(path, changed)
        }

        func rename(_ from: String, _ to: String) throws {
            try FileManager.default.moveItem(at: site.url(from), to: site.url(to))
        }
    }

    @Test func everyKindOfChangeEqualsACleanBuild() throws {
        let s = try Session()
        let first = try s.check("the first build")
        #expect(first.changedPaths.contains("/index.html"))

        // A post's body: the post changes; pages that list it only if what they show of it does.
        let body = try s.check("nothing") // no change at all: nothing is written or rendered
        #expect(body.changedPaths.isEmpty)
        #expect(body.pagesRendered == 0)
        try s.edit("content/posts/2023-06-01-kettle-audit.md") { $0 + "\nOne more paragraph, added while serving.\n" }
        let edited = try s.check("editing a post's body")
        let auditPages = edited.changedPaths.filter { (path: String) in path.contains("kettle-audit") }
        #expect(!auditPages.isEmpty, "the edited post was not written again")
        let rendered = edited.pagesRendered
        #expect(rendered < 10, "a body edit re-rendered \(rendered) pages")

        // A series part's title: its neighbours' series boxes, the series page, lists, feeds.
        try s.edit("content/posts/2022-01-20-harmonic-constants.md") {
            $0.replacingOccurrences(of: "predicting the tide with a handful of cosines", with: "tides from cosines")
        }
        try s.check("editing a series part's title")

        // A new slug for a post another post links to by its file (`[In 2021](2021-04-14-kettle-at-one.md)`):
        // the linking post's page follows the new URL.
        try s.edit("content/posts/2021-04-14-kettle-at-one.md") { $0.replacingOccurrences(of: "\ntitle:", with: "\nslug: kettle-turns-one\ntitle:") }
        let moved = try s.check("giving a linked post a new slug")
        #expect(moved.changedPaths.contains("/2023/06/kettle-audit/index.html"), "\(moved.changedPaths)")

        // A new post with a new tag, in a series and about an app.
        try s.site.write("content/posts/2026-05-01-tide-widgets.md", """
            ---
            title: "Building Tidemark, part 6: widgets, again"
            date: 2026-05-01 09:00
            tags: [Widgets, Side Project]
            series: building-tidemark
            app: tidemark
            ---
            The widget came back. This time it knows the tide tables.

            ```swift
            let next = tides.first { $0.date > .now }
            ```
            """)
        try s.check("adding a post")

        // Renaming it (a new permalink), then changing its date (a new place in every list).
        try s.rename("content/posts/2026-05-01-tide-widgets.md", "content/posts/2026-05-01-widgets-again.md")
        try s.check("renaming a post")
        try s.edit("content/posts/2026-05-01-widgets-again.md") { $0.replacingOccurrences(of: "2026-05-01 09:00", with: "2020-01-01 09:00") }
        try s.check("moving a post's date")

        // Taking a tag off every post that has it: the tag's page and feed go.
        try s.edit("content/posts/2026-05-01-widgets-again.md") { $0.replacingOccurrences(of: "[Widgets, Side Project]", with: "[Side Project]") }
        try s.check("removing the last use of a tag")

        // Deleting the post.
        try s.site.remove("content/posts/2026-05-01-widgets-again.md")
        try s.check("deleting a post")

        // Series: edit, add, delete.
        try s.edit("content/series/rewriting-kettle.md") { $0.replacingOccurrences(of: "title: ", with: "title: The Story of ") }
        try s.check("editing a series' title")
        try s.site.write("content/series/short-notes.md", "---\ntitle: Short Notes\ndescription: Small things.\n---\nA series of one.\n")
        try s.edit("content/posts/2024-09-01-dark-mode-css.md") { $0.replacingOccurrences(of: "\ntags: [CSS", with: "\nseries: short-notes\ntags: [CSS") }
        try s.check("adding a series and moving a post into it")
        try s.edit("content/posts/2024-09-01-dark-mode-css.md") { $0.replacingOccurrences(of: "series: short-notes\n", with: "") }
        try s.site.remove("content/series/short-notes.md")
        try s.check("deleting a series")

        // Apps: edit, add, delete.
        try s.edit("content/apps/kettle.md") { $0.replacingOccurrences(of: "title: Kettle", with: "title: Kettle Timer") }
        try s.check("editing an app's title")
        try s.site.write("content/apps/buoy.md", "---\ntitle: Buoy\ntagline: A float for your files.\nstatus: available\n---\nBuoy keeps files afloat.\n")
        try s.check("adding an app")
        try s.site.remove("content/apps/buoy.md")
        try s.check("deleting an app")

        // An app's child pages: the app page lists them by title, and they show the app's
        // name, icon and App Store id (the Smart App Banner).
        try s.edit("content/apps/kettle/changelog.md") { $0.replacingOccurrences(of: "title: Kettle Changelog", with: "title: What's New in Kettle") }
        let retitled = try s.check("editing an app child page's title", changed: ["content/apps/kettle/changelog.md"])
        #expect(retitled.changedPaths.contains("/apps/kettle/index.html"), "\(retitled.changedPaths)")
        #expect(retitled.changedPaths.contains("/apps/kettle/changelog/index.html"), "\(retitled.changedPaths)")
        try s.edit("content/apps/kettle/privacy.md") { $0 + "\nOne more line, added while serving.\n" }
        let childBody = try s.check("editing an app child page's body", changed: ["content/apps/kettle/privacy.md"])
        #expect(!childBody.changedPaths.contains("/apps/kettle/index.html"), "\(childBody.changedPaths)")
        try s.edit("content/apps/kettle.md") { $0.replacingOccurrences(of: "app_store_id: 1504417720", with: "app_store_id: 1504417721") }
        let newID = try s.check("changing an app's App Store id", changed: ["content/apps/kettle.md"])
        #expect(newID.changedPaths.contains("/apps/kettle/support/index.html"), "\(newID.changedPaths)")
        try s.site.write("content/apps/kettle/press-kit.md", "---\ntitle: Press Kit\n---\nIcons and screenshots.\n")
        try s.check("adding an app child page", changed: ["content/apps/kettle/press-kit.md"])
        try s.site.remove("content/apps/kettle/press-kit.md")
        try s.check("deleting an app child page", changed: ["content/apps/kettle/press-kit.md"])

        // Templates: an override of a partial, edited, then deleted (back to the built-in one).
        let footer = try #require(Theme.builtIn["partials/footer.mustache"])
        try s.site.write("templates/partials/footer.mustache", String(decoding: footer, as: UTF8.self) + "<!-- local footer -->\n")
        let partial = ["templates/partials/footer.mustache"]
        let templated = try s.check("overriding a partial", changed: partial)
        #expect(templated.changedPaths.contains("/index.html"))
        #expect(templated.patched, "a template edit patches the plan")
        try s.edit("templates/partials/footer.mustache") { $0.replacingOccurrences(of: "local footer", with: "edited footer") }
        try s.check("editing the override", changed: partial)
        try s.site.remove("templates/partials/footer.mustache")
        try s.check("deleting the override", changed: partial)
        try s.check("the same override deleted, told by no watcher")
        try s.site.write("templates/assets/extra.css", "p { margin: 0 }\n")
        let css = try s.check("adding a stylesheet")
        #expect(css.changedPaths == ["/assets/extra.css"])
        try s.site.remove("templates/assets/extra.css")
        try s.check("deleting the stylesheet")

        // Pages and static files.
        try s.site.write("content/pages/colophon.md", "---\ntitle: Colophon\n---\nSet in the system font.\n")
        try s.check("adding a page")
        try s.edit("content/pages/colophon.md") { $0 + "\nBuilt with blogbuild.\n" }
        try s.check("editing a page")
        try s.site.remove("content/pages/colophon.md")
        try s.check("deleting a page")
        // A page the navigation links to, deleted: no other page's bytes change, but
        // every page's nav link is now broken (and fine again once it is back).
        // A post links to it too: its link is reported at its line, the post unchanged.
        try s.edit("content/posts/2023-10-16-observable-macro.md") { $0 + "\nMore [about me](/about/).\n" }
        try s.check("linking a post to the about page")
        let about = try #require(s.site.read("content/pages/about.md"))
        try s.site.remove("content/pages/about.md")
        let noAbout = try s.check("deleting a page the navigation links to")
        #expect(noAbout.report.warnings.contains { $0.message.hasPrefix("broken link '/about/'") }, "\(noAbout.report.warnings)")
        #expect(noAbout.report.warnings.contains { $0.file == "content/posts/2023-10-16-observable-macro.md" }, "\(noAbout.report.warnings)")
        try s.site.write("content/pages/about.md", about)
        let aboutBack = try s.check("bringing it back")
        #expect(aboutBack.report.warnings.isEmpty, "\(aboutBack.report.warnings)")
        try s.site.write("content/images/extra/note.txt", "one\n")
        try s.check("adding a static file in a new folder")
        try s.site.write("content/images/extra/note.txt", "two\n")
        let copied = try s.check("editing a static file in place")
        #expect(copied.changedPaths == ["/images/extra/note.txt"])
        try s.site.remove("content/images/extra")
        try s.check("deleting a folder of static files")
        // A hero image replaced by one of another size: the post's width and height follow.
        try s.site.writeBytes("content/images/posts/live-activity.png", ImageSizeTests.png(width: 800, height: 420))
        let hero = try s.check("replacing a hero image")
        #expect(hero.changedPaths.contains("/2024/03/live-activity/index.html"), "\(hero.changedPaths)")
        // So does a body image's, on the post's page and in the feeds that carry its content.
        try s.site.writeBytes("content/images/posts/kettle-lines-by-language.png", ImageSizeTests.png(width: 640, height: 360))
        let bodyImage = try s.check("replacing an image in a post's body")
        #expect(bodyImage.changedPaths.contains("/2023/06/kettle-audit/index.html") && bodyImage.changedPaths.contains("/feed.xml"),
                "\(bodyImage.changedPaths)")

        // The site's settings change everything.
        try s.edit("content/site.yml") { $0.replacingOccurrences(of: "title: Low Tide Software", with: "title: Low Tide") }
        try s.check("editing site.yml")
        // The footer's social links are on every page, the author's bio on the home page.
        try s.edit("content/site.yml") { $0.replacingOccurrences(of: "  bluesky: ffion.example.com\n", with: "  youtube: https://video.example/@ffion\n") }
        let social = try s.check("a new social link")
        #expect(social.changedPaths.contains("/2023/06/kettle-audit/index.html"), "\(social.changedPaths)")
        try s.edit("content/site.yml") { $0.replacingOccurrences(of: "  bio: I make", with: "  bio: Ffion makes") }
        let bio = try s.check("a new bio")
        #expect(bio.changedPaths.contains("/index.html"), "\(bio.changedPaths)")
        // A link written with the site's own address is checked as an internal link: a new
        // base_url makes it an outside link, which is not checked.
        try s.edit("content/posts/2023-06-01-kettle-audit.md") { $0 + "\nSee [the old page](https://lowtide.example/no-such-page/).\n" }
        let own = try s.check("a link to a missing page written with the site's address")
        #expect(own.report.warnings.contains { $0.message.contains("no-such-page") }, "\(own.report.warnings)")
        try s.edit("content/site.yml") { $0.replacingOccurrences(of: "base_url: https://lowtide.example/", with: "base_url: https://ffion.example/") }
        let rebased = try s.check("a new base_url")
        #expect(!rebased.report.warnings.contains { $0.message.contains("no-such-page") }, "\(rebased.report.warnings)")
    }

    /// Issue 40: a Markdown file renamed to another Markdown extension stays the same
    /// page (a post other posts link to by its file, a page, an app's child page), and
    /// a page's `draft:` toggled under serve, as a clean build makes them.
    @Test func anotherMarkdownExtensionOrADraftPageEqualsACleanBuild() throws {
        let s = try Session()
        try s.check("the first build")
        for (from, to) in [("content/pages/uses.md", "content/pages/uses.mdown"),
                           ("content/apps/kettle/support.md", "content/apps/kettle/support.mkd"),
                           ("content/posts/2024-09-01-dark-mode-css.md", "content/posts/2024-09-01-dark-mode-css.markdown")] {
            try s.rename(from, to)
            try s.check("renaming \(from) to \(to)", changed: [from, to])
            try s.rename(to, from)
            try s.check("renaming \(to) back", changed: [from, to])
        }
        // A post another post links to by its file, renamed with the link (the link alone would be broken).
        let linked = "content/posts/2021-04-14-kettle-at-one", linking = "content/posts/2023-06-01-kettle-audit.md"
        try s.rename(linked + ".md", linked + ".markdown")
        try s.edit(linking) { $0.replacingOccurrences(of: "(2021-04-14-kettle-at-one.md)", with: "(2021-04-14-kettle-at-one.markdown)") }
        try s.check("renaming a linked post to .markdown, and its link", changed: [linked + ".md", linked + ".markdown", linking])
        try s.rename(linked + ".markdown", linked + ".md")
        try s.edit(linking) { $0.replacingOccurrences(of: "(2021-04-14-kettle-at-one.markdown)", with: "(2021-04-14-kettle-at-one.md)") }
        try s.check("and back", changed: [linked + ".md", linked + ".markdown", linking])
        try s.edit("content/pages/uses.md") { $0.replacingOccurrences(of: "\ntitle:", with: "\ndraft: true\ntitle:") }
        try s.check("making a page a draft", changed: ["content/pages/uses.md"])
        try s.edit("content/pages/uses.md") { $0.replacingOccurrences(of: "\ndraft: true", with: "") }
        try s.check("making it no draft", changed: ["content/pages/uses.md"])
    }

    /// Edits of post bodies, with the watcher's list of changed files: the quick
    /// path (only the post's page and feeds remade) when nothing else can change,
    /// the pipeline otherwise; always what a clean build writes.
    /// Serve's two halves: an announced edit names the pages it changes, a page asked
    /// for before they are written is rendered as it is now (the bytes `finish`
    /// then writes), a page the edit removed is gone at once, and after `finish` the
    /// folder equals a clean build and the files answer again.
    @Test func anAnnouncedEditServesItsPagesBeforeTheyAreWritten() throws {
        let s = try Session()
        try s.check("the first build")
        let renamed = "content/posts/2021-04-14-kettle-at-one.md"
        try s.edit(renamed) { $0.replacingOccurrences(of: "\ntitle:", with: "\nslug: kettle-turns-one\ntitle:") }
        let hint = Set([s.site.url(renamed).standardizedFileURL.path])
        let announcement = try s.builder.announce(s.request(s.served), changedFiles: hint)
        #expect(announcement.finished == nil, "a slug change is planned, not patched")
        #expect(announcement.changedPaths.contains("/2021/04/kettle-turns-one/index.html"), "\(announcement.changedPaths)")
        #expect(announcement.changedPaths.contains("/2021/04/kettle-at-one/index.html"), "\(announcement.changedPaths)")
        #expect(announcement.changedPaths.contains("/page/4/index.html"), "its home page: \(announcement.changedPaths)")
        #expect(!FileManager.default.fileExists(atPath: s.served.appendingPathComponent("2021/04/kettle-turns-one/index.html").path),
                "announcing writes nothing")

        guard case .page(let early) = s.builder.page(atOutputPath: "2021/04/kettle-turns-one/index.html") else {
            Issue.record("the new page is not served before it is written")
            return
        }
        #expect(s.builder.page(atOutputPath: "2021/04/kettle-at-one/index.html") == .gone)
        #expect(s.builder.page(atOutputPath: "about/index.html") == .onDisk, "a page the edit did not change")
        guard case .page(let home) = s.builder.page(atOutputPath: "page/4/index.html") else {
            Issue.record("the home page that lists the post, and links to its new URL, is not served as it is now")
            return
        }
        #expect(String(decoding: home, as: UTF8.self).contains("/2021/04/kettle-turns-one/"))

        let outcome = try s.builder.finish()
        #expect(outcome.changedPaths.contains("/2021/04/kettle-turns-one/index.html"))
        #expect(FileManager.default.contents(atPath: s.served.appendingPathComponent("2021/04/kettle-turns-one/index.html").path)
                == Data(early), "the page served early is the page written")
        #expect(s.builder.page(atOutputPath: "2021/04/kettle-turns-one/index.html") == .onDisk)
        #expect(s.builder.page(atOutputPath: "2021/04/kettle-at-one/index.html") == .onDisk)
        // The folder equals a clean build.
        try s.check("the finished edit")
    }

    /// An editor saves through a hidden temporary file beside the one it saves, renamed
    /// over it: a rebuild that walked content/ while that file was there, and comes to
    /// copy it after it is gone, is made again from a new walk instead of failing.
    @Test func aFileGoneBeforeItIsCopiedIsNoError() throws {
        let s = try Session()
        try s.check("the first build")
        let temporary = "content/posts/.2020-04-14-kettle.md.editor.tmp"
        try s.site.write(temporary, "the new text, about to be renamed over the post")
        let hint = Set([s.site.url(temporary).standardizedFileURL.path])
        let announcement = try s.builder.announce(s.request(s.served), changedFiles: hint)
        try FileManager.default.removeItem(at: s.site.url(temporary))
        let outcome = try announcement.finished ?? s.builder.finish()
        #expect(!outcome.changedPaths.contains { $0.hasSuffix(".editor.tmp") }, "\(outcome.changedPaths)")
        #expect(!FileManager.default.fileExists(atPath: s.served.appendingPathComponent("posts/.2020-04-14-kettle.md.editor.tmp").path))
        try s.check("the temporary file came and went")

        // Gone before the edit is announced: not named as a changed page either.
        let another = "content/posts/.2020-04-14-kettle.md.editor2.tmp"
        try s.site.write(another, "a save that is over before serve looks")
        try FileManager.default.removeItem(at: s.site.url(another))
        let later = try s.builder.announce(s.request(s.served), changedFiles: Set([s.site.url(another).standardizedFileURL.path]))
        #expect(!later.changedPaths.contains { $0.hasSuffix(".editor2.tmp") }, "\(later.changedPaths)")
        if later.finished == nil { _ = try s.builder.finish() }
        try s.check("the second temporary file")
    }

    /// A post joining a tag changes that tag's post count; the default theme shows
    /// counts only on the tags page, so the other posts of that tag, whose pages list
    /// the tag without its count, are not rendered again (`CompiledPage.readsTagCounts`).
    @Test func aTagCountChangesOnlyThePagesThatShowIt() throws {
        let s = try Session()
        // Without related posts, which would (rightly) change on the tag's other posts' pages.
        try s.edit("content/site.yml") { $0 + "\nrelated: false\n" }
        try s.check("the first build")
        try s.edit("content/posts/2020-04-14-kettle.md") {
            $0.replacingOccurrences(of: "tags: [App Store, Swift, watchOS]", with: "tags: [App Store, Swift, watchOS, Blogging]")
        }
        let hint = Set([s.site.url("content/posts/2020-04-14-kettle.md").standardizedFileURL.path])
        let announcement = try s.builder.announce(s.request(s.served), changedFiles: hint)
        #expect(announcement.changedPaths.contains("/tags/blogging/index.html"), "\(announcement.changedPaths)")
        #expect(announcement.changedPaths.contains("/tags/index.html"), "the tags page shows counts: \(announcement.changedPaths)")
        #expect(!announcement.changedPaths.contains("/2019/11/leaving-wordpress/index.html"),
                "another post of the tag, whose page shows no count: \(announcement.changedPaths)")
        _ = try s.builder.finish()
        try s.check("the finished edit")

        let theme = try #require(Theme.load(siteDirectory: s.site.root).0)
        #expect(theme.pages["tags"]?.readsTagCounts == true)
        #expect(theme.pages["post"]?.readsTagCounts == false)

        // A list whose template shows its posts' tag counts changes with them: a post joins
        // Meta, and the Blogging page, which lists another post of Meta, shows the new count.
        let tag = String(decoding: try #require(Theme.builtIn["tag.mustache"]), as: UTF8.self)
        try s.site.write("templates/tag.mustache", tag.replacingOccurrences(
            of: "{{> partials/post-list}}",
            with: "<ul>{{#posts}}<li>{{title}} {{#tags}}<span>{{name}} ({{count}})</span>{{/tags}}</li>{{/posts}}</ul>"))
        try s.check("tag pages that show tag counts", changed: ["templates/tag.mustache"])
        try s.edit("content/posts/2021-04-14-kettle-at-one.md") { $0.replacingOccurrences(of: "\ntags: [", with: "\ntags: [Meta, ") }
        let counted = try s.check("a tag count shown by another tag's page", changed: ["content/posts/2021-04-14-kettle-at-one.md"])
        #expect(counted.patched, "a tag edit was not patched")
        #expect(counted.changedPaths.contains("/tags/blogging/index.html"), "\(counted.changedPaths)")
        #expect(!counted.changedPaths.contains("/2019/11/leaving-wordpress/index.html"), "\(counted.changedPaths)")
    }

    /// A body edit patches the plan (`PlanPatch`) and is announced before anything is
    /// written: the open page is rendered when asked for, and `finish` writes it with
    /// the feeds and the search index (one pipeline: there is no second render path).
    @Test func aPatchedEditIsAnnouncedThenWrittenByFinish() throws {
        let s = try Session()
        try s.check("the first build")
        let post = "content/posts/2022-01-20-harmonic-constants.md"
        let output = "2022/01/harmonic-constants/index.html"
        try s.edit(post) { $0 + "\nA quokkaspline sentence.\n" }
        let announcement = try s.builder.announce(s.request(s.served), changedFiles: [s.site.url(post).standardizedFileURL.path])
        #expect(announcement.finished == nil, "the files are left to finish")
        #expect(announcement.changedPaths.contains("/" + output), "\(announcement.changedPaths)")
        let onDisk = try String(contentsOf: s.served.appendingPathComponent(output), encoding: .utf8)
        #expect(!onDisk.contains("quokkaspline"), "nothing is written before finish")
        guard case .page(let bytes) = s.builder.page(atOutputPath: output) else {
            Issue.record("the announced page is not rendered on request")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).contains("quokkaspline"))
        let finished = try s.builder.finish()
        #expect(finished.patched, "a body edit patches the plan")
        #expect(finished.changedPaths.contains("/" + output), "\(finished.changedPaths)")
        #expect(finished.changedPaths.contains { $0.hasPrefix("/search/") }, "\(finished.changedPaths)")
        try s.check("the index after finish", changed: [])
    }

    /// Edits chosen at random: posts' front matter (tags, series and their order, app,
    /// title, aliases, date), new posts, deleted and renamed ones. Each patches the plan
    /// (`PlanPatch`: the order and relations made again, render keys only for the pages
    /// the edit reaches) and the output equals a clean build. A page the patch wrongly
    /// keeps shows as a difference. New posts show images now and then: one other posts
    /// show (the post may become its first use), a hero image, or one no other post shows
    /// (its variants come and go with the posts that show it: `ImagePlanner.update`).
    @Test func aPatchedPlanEqualsACleanBuildAfterRandomEdits() throws {
        let s = try Session()
        let lake = try #require(FileManager.default.contents(atPath: s.site.url("content/images/posts/clevedon-lake.jpg").path))
        try s.site.writeBytes("content/images/posts/quokka-only.jpg", Array(lake))
        try s.check("the first build")
        var posts = try FileManager.default.contentsOfDirectory(atPath: s.site.url("content/posts").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "content/posts/" + $0 }
        /// Posts this test wrote, which it deletes and renames.
        var written: [String] = []
        let pictures = ["", "image:\n  src: /images/posts/kettle-hero.jpg\n  alt: A kettle\n", "", ""]
        let bodies = ["", "", "![A chart](/images/posts/kettle-lines-by-language.png)\n", "![Only here](/images/posts/quokka-only.jpg)\n"]
        var random = SplitMix(state: 27)
        let tagPool = ["Swift", "swift", "Indie", "Blogging", "Meta", "AppleScript", "Quokka", "Side Project", "Café"]
        /// The post's text with `key` (and an indented list under it) removed, and `line` added to its front matter.
        func setting(_ key: String, to line: String?, in text: String) -> String {
            var lines = text.components(separatedBy: "\n")
            guard let end = lines.indices.dropFirst().first(where: { lines[$0] == "---" }) else { return text }
            var frontMatter = Array(lines[1..<end])
            if let at = frontMatter.firstIndex(where: { $0.hasPrefix(key + ":") }) {
                var stop = at + 1
                while stop < frontMatter.count, frontMatter[stop].hasPrefix("  ") { stop += 1 }
                frontMatter.removeSubrange(at..<stop)
            }
            if let line { frontMatter.append(line) }
            lines.replaceSubrange(1..<end, with: frontMatter)
            return lines.joined(separator: "\n")
        }
        func date(_ random: inout SplitMix) -> String {
            String(format: "%04d-%02d-%02d", Int.random(in: 2019...2026, using: &random), Int.random(in: 1...8, using: &random),
                   Int.random(in: 1...28, using: &random))
        }
        for step in 1...40 {
            let kind = ["tags", "series", "app", "title", "aliases", "tags", "new", "new", "date", "delete", "rename"][
                Int.random(in: 0..<11, using: &random)]
            if kind == "new" || ((kind == "date" || kind == "delete" || kind == "rename") && written.isEmpty) {
                let day = date(&random)
                let path = "content/posts/\(day)-quokka-\(step).md"
                let tags = (0..<Int.random(in: 0...2, using: &random)).map { _ in tagPool[Int.random(in: 0..<tagPool.count, using: &random)] }
                let series = [nil, "building-tidemark", "rewriting-kettle"][Int.random(in: 0..<3, using: &random)]
                // A tag of its own, now and then: gone again with the post.
                let own = Bool.random(using: &random) ? ["Quokka \(step)"] : []
                let picture = Int.random(in: 0..<pictures.count, using: &random)
                try s.site.write(path, "---\ntitle: Quokka \(step)\ndate: \(day)\ntags: [\((tags + own).joined(separator: ", "))]\n"
                                 + (series.map { "series: \($0)\n" } ?? "") + pictures[picture] + "---\nA new post, step \(step).\n\n" + bodies[picture])
                written.append(path)
                posts.append(path)
                let outcome = try s.check("step \(step): new post \(path)", changed: [path])
                #expect(outcome.patched, "step \(step): the new post \(path) was not patched")
                continue
            }
            if kind == "delete" || kind == "rename" {
                let path = written.remove(at: Int.random(in: 0..<written.count, using: &random))
                posts.removeAll { $0 == path }
                var changed = [path]
                if kind == "rename" {
                    let to = path.replacingOccurrences(of: ".md", with: "-renamed.md")
                    try s.rename(path, to)
                    written.append(to)
                    posts.append(to)
                    changed.append(to)
                } else {
                    try s.site.remove(path)
                }
                let outcome = try s.check("step \(step): \(kind) \(path)", changed: changed)
                #expect(outcome.patched, "step \(step): the \(kind) of \(path) was not patched")
                continue
            }
            let post = kind == "date" && Bool.random(using: &random) ? written[Int.random(in: 0..<written.count, using: &random)]
                : posts[Int.random(in: 0..<posts.count, using: &random)]
            let text = try #require(s.site.read(post))
            var edited = text
            switch kind {
            case "date":
                edited = setting("date", to: "date: \(date(&random))", in: text)
            case "tags":
                let count = Int.random(in: 0...3, using: &random)
                let tags = (0..<count).map { _ in tagPool[Int.random(in: 0..<tagPool.count, using: &random)] }
                edited = setting("tags", to: tags.isEmpty ? nil : "tags: [\(tags.joined(separator: ", "))]", in: text)
            case "series":
                let series = [nil, "building-tidemark", "rewriting-kettle"][Int.random(in: 0..<3, using: &random)]
                edited = setting("series", to: series.map { "series: \($0)" }, in: text)
                edited = setting("series_order", to: series == nil ? nil : "series_order: \(Int.random(in: 1...9, using: &random))", in: edited)
            case "app":
                let app = [nil, "kettle", "tidemark", "chalkboard"][Int.random(in: 0..<4, using: &random)]
                edited = setting("app", to: app.map { "app: \($0)" }, in: text)
            case "title":
                edited = setting("title", to: "title: \"Retitled at step \(step)\"", in: text)
            default:
                edited = setting("aliases", to: "aliases: [/old/\(step)/]", in: text)
            }
            if edited == text { continue }
            try s.site.write(post, edited)
            let outcome = try s.check("step \(step): \(kind) of \(post)", changed: [post])
            #expect(outcome.patched, "step \(step): the \(kind) edit of \(post) was not patched")
        }
    }

    /// Serve leaves an announced edit unfinished when the next save came meanwhile:
    /// the next announcement plans from it and its `finish` writes both edits.
    @Test func anAnnouncementLeftUnfinishedIsWrittenWithTheNext() throws {
        let s = try Session()
        try s.check("the first build")
        let first = "content/posts/2022-01-20-harmonic-constants.md", second = "content/posts/2023-06-01-kettle-audit.md"
        let css = "templates/assets/style.css"
        try s.site.write(css, String(decoding: try #require(Theme.builtIn["assets/style.css"]), as: UTF8.self))
        try s.check("the stylesheet ejected", changed: [css])
        try s.edit(first) { $0 + "\nA first save, never finished on its own.\n" }
        try s.edit(css) { $0 + "\n.quokka { color: teal; }\n" }
        let path = { (p: String) in Set([s.site.url(p).standardizedFileURL.path]) }
        let left = try s.builder.announce(s.request(s.served), changedFiles: path(first).union(path(css)))
        #expect(left.finished == nil && left.changedPaths.contains("/2022/01/harmonic-constants/index.html"), "\(left.changedPaths)")
        try s.edit(second) { $0.replacingOccurrences(of: "tags: [Swift, SwiftUI, Objective-C]", with: "tags: [Swift, Quokka]") }
        let next = try s.builder.announce(s.request(s.served), changedFiles: path(second))
        // The first edit's page is still to write: served as it made it, and not told again (the open page shows it already).
        #expect(!next.changedPaths.contains("/2022/01/harmonic-constants/index.html"), "told twice: \(next.changedPaths)")
        if case .page(let bytes) = s.builder.page(atOutputPath: "2022/01/harmonic-constants/index.html") {
            #expect(String(decoding: bytes, as: UTF8.self).contains("A first save"))
        } else {
            Issue.record("the first edit's page is not served as it made it")
        }
        let written = try s.builder.finish()
        #expect(written.changedPaths.contains("/assets/style.css"), "\(written.changedPaths)")
        try s.compare("both edits written by one finish", warnings: written.report.warnings)

        // Left unfinished, then a save that does not build: the error is told and nothing
        // is written (the output folder is as it was last written); the save that mends
        // it writes both, the unfinished edit too.
        try s.edit(first) { $0 + "\nA third save, never finished on its own.\n" }
        _ = try s.builder.announce(s.request(s.served), changedFiles: path(first))
        let good = try #require(s.site.read(second))
        let before = try FolderSnapshot(s.served)
        try s.site.write(second, "---\ntitle: [unclosed\n---\nBroken.\n")
        #expect(throws: BuildFailure.self) { try s.builder.announce(s.request(s.served), changedFiles: path(second)) }
        #expect(try FolderSnapshot(s.served).differences(from: before).isEmpty, "the failed save wrote")
        try s.site.write(second, good)
        // Announced: the unfinished edit's page is served as it made it (not the file on disk, which lacks it).
        _ = try s.builder.announce(s.request(s.served), changedFiles: path(second))
        let harmonic = "2022/01/harmonic-constants/index.html"
        switch s.builder.page(atOutputPath: harmonic) {
        case .page(let bytes):
            #expect(String(decoding: bytes, as: UTF8.self).contains("A third save"), "the mended save serves the page without the unfinished edit")
        case .onDisk, .gone:
            Issue.record("the unfinished edit's page is served from disk, which lacks it")
        }
        let mended = try s.builder.finish()
        try s.compare("the broken save mended", warnings: mended.report.warnings)
        let page = try String(contentsOf: s.served.appendingPathComponent(harmonic), encoding: .utf8)
        #expect(page.contains("A third save"), "the unfinished edit was lost with the failed one")
    }

    /// Counts the times a finish asks whether to give way (`finish(yieldingWhen:)`).
    final class Asks: Sendable {
        private let count = Mutex(0)
        /// How many times it was asked before this one.
        func next() -> Int { count.withLock { n in defer { n += 1 }; return n } }
    }

    /// Serve's finish gives way to the next save wherever it is (feeds, pages, the
    /// search index, link checks): it writes nothing and leaves the memo saying what
    /// the output folder holds, so the next rebuild (of another edit, or of the
    /// same edit taken back) writes exactly a clean build.
    @Test func aFinishThatGivesWayAnywhereIsWrittenWithTheNext() throws {
        // Three files written between two asks: the write gives way too, part-written.
        let s = try Session(writeRun: 3)
        try s.check("the first build")
        let post = "content/posts/2022-01-20-harmonic-constants.md", page = "/2022/01/harmonic-constants/index.html"
        let other = "content/posts/2023-06-01-kettle-audit.md"
        let path = { (p: String) in Set([s.site.url(p).standardizedFileURL.path]) }

        // How often a whole finish asks: each ask is a point where it can stop.
        try s.edit(post) { $0 + "\nCounting the asks.\n" }
        _ = try s.builder.announce(s.request(s.served), changedFiles: path(post))
        let counting = Asks()
        let whole = try #require(try s.builder.finish(yieldingWhen: { _ = counting.next(); return false }))
        try s.compare("a finish that never gave way", warnings: whole.report.warnings)
        let points = counting.next()
        #expect(points >= 6, "feeds, pages, search, links and page links each ask: \(points)")
        // The write's asks come last: one per run of three files written after the first.
        let writeAsks = (whole.changedPaths.count + 2) / 3 - 1
        #expect(writeAsks >= 4, "the write asks between its runs: \(whole.changedPaths.count) files changed")

        // Twelve cuts spread over the asks, the first and the last among them, and four in the
        // write (each is a clean build to compare).
        let inWrite = (1...4).map { points - 1 - $0 * writeAsks / 5 }
        let cuts = Set((0..<12).map { $0 * (points - 1) / 11 } + inWrite).sorted()
        for cut in cuts {
            let before = try #require(s.site.read(post))
            // An odd cut's save changes the title too: the lists that show it change with the page.
            try s.edit(post) {
                (cut % 2 == 1 ? $0.replacingOccurrences(of: "title: \"", with: "title: \"Cut \(cut): ") : $0)
                    + "\nCut after \(cut) asks.\n"
            }
            let announced = try s.builder.announce(s.request(s.served), changedFiles: path(post))
            #expect(announced.changedPaths.contains(page))
            let asks = Asks()
            let stopped = try s.builder.finish(yieldingWhen: { asks.next() >= cut })
            #expect(stopped == nil, "cut after \(cut) asks: the finish wrote")
            if cut % 2 == 0 {
                // Taken back: the page rendered for the save that was cut is not on disk.
                try s.site.write(post, before)
                let next = try s.builder.announce(s.request(s.served), changedFiles: path(post))
                #expect(next.changedPaths.contains(page), "the page told before is told again: \(next.changedPaths.prefix(5))")
                // (A cut in the write may have written the page with the save: it is served as taken back.)
                let marker = "Cut after \(cut) asks."
                switch s.builder.page(atOutputPath: String(page.dropFirst())) {
                case .page(let bytes):
                    #expect(!String(decoding: bytes, as: UTF8.self).contains(marker), "cut after \(cut) asks: the page served is not the one taken back to")
                case .onDisk:
                    let disk = try String(contentsOf: s.served.appendingPathComponent(String(page.dropFirst())), encoding: .utf8)
                    #expect(!disk.contains(marker), "cut after \(cut) asks: the page is served from disk, which has the save taken back")
                case .gone: Issue.record("cut after \(cut) asks: the page is gone")
                }
            } else {
                try s.edit(other) { $0 + "\nAnother post, cut \(cut).\n" }
                _ = try s.builder.announce(s.request(s.served), changedFiles: path(other))
                // The page rendered for the save that was cut is not on disk: served as the save made it.
                let marker = "Cut after \(cut) asks."
                switch s.builder.page(atOutputPath: String(page.dropFirst())) {
                case .page(let bytes):
                    #expect(String(decoding: bytes, as: UTF8.self).contains(marker), "cut after \(cut) asks: the page served lacks the save")
                case .onDisk:
                    let disk = try String(contentsOf: s.served.appendingPathComponent(String(page.dropFirst())), encoding: .utf8)
                    #expect(disk.contains(marker), "cut after \(cut) asks: the page is served from disk, which lacks the save")
                case .gone: Issue.record("cut after \(cut) asks: the page is gone")
                }
            }
            // Every page the cut save changed (the other post's aside) is served now as it
            // is written next: rendered, or from disk when written before the cut.
            var servedBetween: [String: Data] = [:]
            if cut % 2 == 1 {
                for changed in announced.changedPaths where changed.hasSuffix(".html") && !changed.contains("kettle-audit") {
                    let output = String(changed.dropFirst())
                    switch s.builder.page(atOutputPath: output) {
                    case .page(let bytes): servedBetween[output] = Data(bytes)
                    case .onDisk: servedBetween[output] = try Data(contentsOf: s.served.appendingPathComponent(output))
                    case .gone: Issue.record("cut after \(cut) asks: \(output) is gone")
                    }
                }
            }
            let written = try s.builder.finish()
            try s.compare("a finish cut after \(cut) asks, then the next save", warnings: written.report.warnings)
            for (output, served) in servedBetween.sorted(by: { $0.key < $1.key }) {
                let final = try Data(contentsOf: s.served.appendingPathComponent(output))
                #expect(served == final, "cut after \(cut) asks: \(output) was served without the cut save (from disk, not yet written)")
            }
        }
    }

    /// An edit taken back before the rebuild that told it was written (a post put into
    /// a series, then out again, saves 0.4 s apart): the pages it told the open pages
    /// about are told again, and served as the output folder holds them.
    @Test func anUnfinishedEditTakenBackIsToldAgain() throws {
        let s = try Session()
        try s.check("the first build")
        let post = "content/posts/2019-11-02-goodbye-wordpress.md", series = "/series/building-tidemark/index.html"
        let path = { (p: String) in Set([s.site.url(p).standardizedFileURL.path]) }
        let original = try #require(s.site.read(post))
        try s.edit(post) { $0.replacingOccurrences(of: "\ndate:", with: "\nseries: building-tidemark\ndate:") }
        let into = try s.builder.announce(s.request(s.served), changedFiles: path(post))
        #expect(into.changedPaths.contains(series), "\(into.changedPaths)")
        #expect(try s.builder.finish(yieldingWhen: { true }) == nil, "the finish did not give way")
        try s.site.write(post, original)
        let back = try s.builder.announce(s.request(s.served), changedFiles: path(post))
        #expect(back.changedPaths.contains(series), "the series page, told with the post in it, is not told again: \(back.changedPaths)")
        let disk = try Data(contentsOf: s.served.appendingPathComponent(String(series.dropFirst())))
        switch s.builder.page(atOutputPath: String(series.dropFirst())) {
        case .page(let bytes): #expect(Data(bytes) == disk)
        case .onDisk: break
        case .gone: Issue.record("the series page is gone")
        }
        #expect(!String(decoding: disk, as: UTF8.self).contains("leaving-wordpress"))
        let written = try s.builder.finish()
        try s.compare("the edit taken back", warnings: written.report.warnings)
    }

    /// A rebuild that deletes a post and gives way once its write has begun: the post's
    /// page is removed by the write's last run only, so it is still on disk, and the next
    /// announcement (of another save) still serves it as gone.
    @Test func aPostDeletedInAPartWrittenRebuildStaysGone() throws {
        let s = try Session(writeRun: 1)
        try s.check("the first build")
        let post = "content/posts/2019-11-02-goodbye-wordpress.md", page = "2019/11/leaving-wordpress/index.html"
        let other = "content/posts/2023-06-01-kettle-audit.md"
        let path = { (p: String) in Set([s.site.url(p).standardizedFileURL.path]) }
        try FileManager.default.removeItem(at: s.site.url(post))
        _ = try s.builder.announce(s.request(s.served), changedFiles: path(post))
        if case .gone = s.builder.page(atOutputPath: page) {} else { Issue.record("the deleted post is not served as gone") }
        // Gives way as soon as a file in the output folder was written (after the write's first run).
        let served = s.served, start = Date()
        let stopped = try s.builder.finish(yieldingWhen: {
            guard let walker = FileManager.default.enumerator(at: served, includingPropertiesForKeys: [.contentModificationDateKey]) else { return false }
            return walker.contains { item in
                ((item as? URL).flatMap { try? $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate } ?? .distantPast) > start
            }
        })
        #expect(stopped == nil, "the finish did not give way")
        #expect(FileManager.default.fileExists(atPath: served.appendingPathComponent(page).path), "removed before the write's last run")
        try s.edit(other) { $0 + "\nAnother save.\n" }
        _ = try s.builder.announce(s.request(s.served), changedFiles: path(other))
        if case .gone = s.builder.page(atOutputPath: page) {} else {
            Issue.record("after a part-written rebuild, the deleted post is served from disk")
        }
        let written = try s.builder.finish()
        try s.compare("a deletion written part by part", warnings: written.report.warnings)
    }

    @Test func bodyEditsEqualACleanBuild() throws {
        let s = try Session()
        let post = "content/posts/2023-06-01-kettle-audit.md"
        try s.site.write("content/posts/2025-01-10-links.md", """
            ---
            title: A post with a broken link
            date: 2025-01-10
            tags: [Notes]
            ---
            First paragraph, the summary.

            A [link to nowhere](/nowhere/) and a [good one](/about/).
            """)
        try s.check("the first build")

        try s.edit(post) { $0.replacingOccurrences(of: "I will let you know.", with: "I will write about it here.") }
        let quick = try s.check("a body edit below the summary", changed: [post])
        #expect(quick.pagesRendered == 1, "not the quick path: \(quick.pagesRendered) pages")
        #expect(quick.changedPaths.contains { $0.contains("kettle-audit/index.html") }, "\(quick.changedPaths)")
        #expect(quick.changedPaths.contains("/feed.xml"), "the feeds carry the post's content: \(quick.changedPaths)")
        #expect(!quick.changedPaths.contains("/index.html"), "\(quick.changedPaths)")

        // Lines move above a broken link: its warning's line moves too.
        try s.edit("content/posts/2025-01-10-links.md") {
            $0.replacingOccurrences(of: "First paragraph, the summary.\n", with: "First paragraph, the summary.\n\nA new line.\n")
        }
        let moved = try s.check("lines inserted above a broken link", changed: ["content/posts/2025-01-10-links.md"])
        #expect(moved.pagesRendered == 1)
        #expect(moved.report.warnings.contains { $0.line == 10 && $0.message.contains("/nowhere/") }, "\(moved.report.warnings)")

        // Editors' scratch files (one that came and went, a hidden swap file) are no change at all.
        try s.edit(post) { $0.replacingOccurrences(of: "I will write about it here.", with: "I will write it up.") }
        let scratch = try s.check("a body edit beside a vanished scratch file", changed: [post, "content/posts/4913", "content/posts/.2023-06-01-kettle-audit.md.swp"])
        #expect(scratch.pagesRendered == 1)

        // An edit of what lists show (the summary) or of the title is patched too: the
        // lists that show the post, and for a title its series neighbours' boxes, are remade.
        try s.edit(post) { $0.replacingOccurrences(of: "\n---\n", with: "\n---\nA new first sentence for the summary. ") }
        let summary = try s.check("an edit of the summary", changed: [post])
        #expect(summary.patched, "the summary edit was not patched")
        #expect(summary.changedPaths.contains("/series/rewriting-kettle/index.html"), "\(summary.changedPaths)")
        #expect(!summary.changedPaths.contains { $0.hasPrefix("/2022/") }, "other posts' pages: \(summary.changedPaths)")
        try s.edit(post) { $0.replacingOccurrences(of: "part 1: the audit", with: "part 1: the big audit") }
        let title = try s.check("a title edit", changed: [post])
        #expect(title.patched, "the title edit was not patched")
        for neighbour in ["/2023/10/observable-macro/index.html", "/2024/03/live-activity/index.html"] {
            #expect(title.changedPaths.contains(neighbour), "the series neighbours' boxes: \(title.changedPaths)")
        }

        // Any front matter patches the plan (here a new key, which moves the lines below it);
        // a new date, which moves the post among the others, makes it whole.
        try s.edit(post) { $0.replacingOccurrences(of: "\ndate:", with: "\nupdated: 2024-01-01\ndate:") }
        let updated = try s.check("a new front-matter key, saved through a temporary file", changed: [post, "content/posts/.save-tmp"])
        #expect(updated.patched)
        // A new date moves the post, and the first use of the images it shows, among the others.
        try s.edit(post) { $0.replacingOccurrences(of: "\ndate: 2023-06-01", with: "\ndate: 2023-06-02") }
        let redated = try s.check("a new date", changed: [post])
        #expect(redated.patched)
        // Linking its image as a file changes the image's variants on every page that shows it: the whole plan.
        try s.edit(post) { $0 + "\nThe [chart's original](/images/posts/kettle-lines-by-language.png).\n" }
        let linked = try s.check("the post's image linked as a file", changed: [post])
        #expect(!linked.patched)
        try s.edit(post) { $0 + "\n## A new heading\n\nText under it.\n" }
        try s.check("a new heading (a new id)", changed: [post])
        try s.edit(post) { $0 + "\nSee [the about page](/about/).\n" }
        try s.check("a new link", changed: [post])
        try s.site.write("content/posts/2025-02-01-new.md", "---\ntitle: New\ndate: 2025-02-01\n---\nNew post.\n")
        let added = try s.check("a new post", changed: ["content/posts/2025-02-01-new.md"])
        #expect(added.patched, "a new post patches the plan")
        try s.edit(post) { $0.replacingOccurrences(of: "Text under it.", with: "Text under the heading.") }
        let back = try s.check("the quick path again after the pipeline", changed: [post])
        #expect(back.pagesRendered == 1)
    }

    /// A link every page shows (the navigation) to a page that comes and goes: the
    /// pages' link checks follow it although no page's bytes changed.
    @Test func aLinkTargetThatComesAndGoesIsCheckedAgainEverywhere() throws {
        let s = try Session()
        try s.edit("content/site.yml") {
            $0.replacingOccurrences(of: "  - { title: About, url: /about/ }", with: "  - { title: About, url: /about/ }\n  - { title: Colophon, url: /colophon/ }")
        }
        let missing = try s.check("a navigation link to a page that is not there")
        #expect(missing.report.warnings.contains { $0.message.contains("/colophon/") }, "\(missing.report.warnings)")

        let page = "content/pages/colophon.md"
        try s.site.write(page, "---\ntitle: Colophon\n---\nSet in the system font.\n")
        let there = try s.check("the page written", changed: [page])
        #expect(!there.report.warnings.contains { $0.message.contains("/colophon/") }, "\(there.report.warnings)")

        try FileManager.default.removeItem(at: s.site.url(page))
        let gone = try s.check("the page deleted", changed: [page])
        #expect(gone.report.warnings.contains { $0.message.contains("/colophon/") }, "\(gone.report.warnings)")
    }

    /// `#fragment` links, from a post's Markdown and from the navigation on every
    /// page, into a page that is not rendered again: serve holds no bytes of a page
    /// it wrote, so the ids are read from what it wrote; the warnings stay those of a clean build.
    @Test func fragmentLinksIntoAPageNotRenderedAgainAreCheckedAsInACleanBuild() throws {
        let s = try Session()
        try s.edit("content/site.yml") {
            $0.replacingOccurrences(of: "  - { title: About, url: /about/ }",
                                    with: "  - { title: About, url: /about/ }\n  - { title: Contact, url: /about/#getting-in-touch }\n  - { title: Colophon, url: /about/#colophon }")
        }
        let post = "content/posts/2019-11-02-goodbye-wordpress.md"
        try s.edit(post) { $0 + "\nWrite to me ([how](/about/#getting-in-touch)); the [fonts](/about/#fonts) are mine.\n" }
        let first = try s.check("the first build")
        func broken(_ outcome: IncrementalBuilder.Outcome) -> [String] {
            outcome.report.warnings.map(\.message).filter { $0.contains("/about/#") }.sorted()
        }
        #expect(broken(first).count == 2 && broken(first).contains { $0.hasPrefix("broken link '/about/#fonts'") }
                && broken(first).contains { $0.hasPrefix("broken link '/about/#colophon'") }, "\(broken(first))")

        // The post and every page with the navigation... but not /about/ itself: its bytes come from the output folder.
        try s.edit(post) { $0.replacingOccurrences(of: "the [fonts]", with: "the [typefaces]") }
        let body = try s.check("a body edit of the post that links", changed: [post])
        #expect(!body.changedPaths.contains("/about/index.html"), "\(body.changedPaths)")
        #expect(broken(body) == broken(first), "\(broken(body))")

        try s.edit("content/pages/about.md") { $0 + "\n## Colophon\n\nSet in the system font.\n\n## Fonts\n\nThe system's.\n" }
        let about = try s.check("the ids written on /about/", changed: ["content/pages/about.md"])
        #expect(broken(about).isEmpty, "\(broken(about))")
        try s.edit(post) { $0 + "\nOne more line.\n" }
        let again = try s.check("another edit of the post", changed: [post])
        #expect(!again.changedPaths.contains("/about/index.html") && broken(again).isEmpty, "\(broken(again))")

        try s.edit("content/pages/about.md") { $0.replacingOccurrences(of: "## Getting in touch", with: "## Writing to me") }
        let moved = try s.check("an id gone from /about/", changed: ["content/pages/about.md"])
        #expect(broken(moved).contains { $0.hasPrefix("broken link '/about/#getting-in-touch'") }, "\(broken(moved))")
        try s.edit(post) { $0 + "\nAnd another.\n" }
        let last = try s.check("the post edited once more", changed: [post])
        #expect(broken(last) == broken(moved), "\(broken(last))")
    }

    /// An edit of a theme stylesheet remakes that file alone; a new asset goes through the pipeline.
    @Test func themeAssetEditsArePatched() throws {
        let s = try Session()
        let css = "templates/assets/style.css"
        try s.site.write(css, String(decoding: try #require(Theme.builtIn["assets/style.css"]), as: UTF8.self))
        try s.check("the first build, with the stylesheet ejected")

        try s.edit(css) { $0 + "\n/* a comment, stripped */\n.kettle { color: teal; }\n" }
        // As editors save: the new text in a hidden file, renamed over the old one (gone by now).
        let edited = try s.check("an edit of the stylesheet", changed: [css, "templates/assets/.style.css.tmp"])
        #expect(edited.patched)
        #expect(edited.changedPaths == ["/assets/style.css"], "\(edited.changedPaths)")
        #expect(edited.pagesRendered == 0)

        try s.site.write("templates/assets/extra.css", ".extra { color: red; }\n")
        let added = try s.check("a new asset", changed: ["templates/assets/extra.css"])
        #expect(!added.patched)
        #expect(added.changedPaths.contains("/assets/extra.css"), "\(added.changedPaths)")

        // A template: every post page, and no file of content/ read again; no other page.
        try s.site.write("templates/post.mustache", String(decoding: try #require(Theme.builtIn["post.mustache"]), as: UTF8.self)
                         + "<!-- edited while serving -->\n")
        let template = try s.check("an edit of a template", changed: ["templates/post.mustache"])
        #expect(template.patched, "a template edit patches the plan: the theme is loaded again, the site is not")
        #expect(template.changedPaths.contains("/2023/06/kettle-audit/index.html"), "\(template.changedPaths)")
        #expect(!template.changedPaths.contains("/index.html") && !template.changedPaths.contains("/tags/index.html"),
                "\(template.changedPaths)")

        // A post body and the stylesheet saved together.
        let post = "content/posts/2023-06-01-kettle-audit.md"
        try s.edit(css) { $0.replacingOccurrences(of: "color: teal", with: "color: navy") }
        try s.edit(post) { $0 + "\nA closing line.\n" }
        let both = try s.check("a post and the stylesheet", changed: [css, post])
        #expect(both.patched)
        #expect(both.changedPaths.contains("/assets/style.css") && both.changedPaths.contains("/2023/06/kettle-audit/index.html"),
                "\(both.changedPaths)")
    }

    /// A template edit compiles again only the page templates that reach the edited one
    /// (`Theme.load(reusing:)`): a partial that only post.mustache includes, edited,
    /// renamed (with the include) and removed with the override, changes every post
    /// page and no other, each time as a clean build makes them.
    @Test func aPartialOfOnePageTemplateChangesEveryPageOfIt() throws {
        let s = try Session()
        let post = String(decoding: try #require(Theme.builtIn["post.mustache"]), as: UTF8.self)
        let anchor = "<div class=\"content\">\n"
        #expect(post.contains(anchor))
        try s.site.write("templates/partials/byline.mustache", "<p class=\"byline\">Written in the kettle room.</p>\n")
        try s.site.write("templates/post.mustache", post.replacingOccurrences(of: anchor, with: "{{> partials/byline}}\n" + anchor))
        try s.check("post.mustache with a partial of its own")
        guard case .success(let plan) = SiteBuilder.plan(s.request(s.served), memo: nil) else {
            Issue.record("no plan")
            return
        }
        let postPages = Set(plan.routes.filter { $0.kind === PageKind.post }.map { "/" + $0.outputPath })
        #expect(postPages.count > 5, "\(postPages)")
        func expectEveryPostPage(_ outcome: IncrementalBuilder.Outcome, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            #expect(outcome.patched, sourceLocation: sourceLocation)
            #expect(postPages.subtracting(outcome.changedPaths).isEmpty, "\(postPages.subtracting(outcome.changedPaths))",
                    sourceLocation: sourceLocation)
            #expect(!outcome.changedPaths.contains("/index.html") && !outcome.changedPaths.contains("/tags/index.html"),
                    "\(outcome.changedPaths)", sourceLocation: sourceLocation)
        }

        try s.edit("templates/partials/byline.mustache") { $0.replacingOccurrences(of: "kettle room", with: "tea room") }
        expectEveryPostPage(try s.check("the partial edited", changed: ["templates/partials/byline.mustache"]))

        // Renamed and edited (the same text under another name would change no page's bytes).
        try s.rename("templates/partials/byline.mustache", "templates/partials/credit.mustache")
        try s.edit("templates/partials/credit.mustache") { $0.replacingOccurrences(of: "tea room", with: "tea shop") }
        try s.edit("templates/post.mustache") { $0.replacingOccurrences(of: "partials/byline", with: "partials/credit") }
        expectEveryPostPage(try s.check("the partial renamed and edited, and the include with it", changed: [
            "templates/partials/byline.mustache", "templates/partials/credit.mustache", "templates/post.mustache",
        ]))

        try s.site.remove("templates/post.mustache")
        expectEveryPostPage(try s.check("the override removed: the built-in post.mustache", changed: ["templates/post.mustache"]))
        try s.site.remove("templates/partials/credit.mustache")
        let unused = try s.check("the partial, unused now, removed", changed: ["templates/partials/credit.mustache"])
        #expect(unused.pagesRendered == 0, "\(unused.changedPaths)")
    }

    /// A dynamic partial name (`{{>*params.box}}`) may pick any template of the theme:
    /// a template that comes, which no include names, changes the page that picks it.
    @Test func aNewTemplateADynamicNamePicksChangesItsPage() throws {
        let s = try Session()
        let post = String(decoding: try #require(Theme.builtIn["post.mustache"]), as: UTF8.self)
        let anchor = "<div class=\"content\">\n"
        try s.site.write("templates/post.mustache", post.replacingOccurrences(of: anchor, with: "{{>*params.box}}\n" + anchor))
        try s.edit("content/posts/2023-06-01-kettle-audit.md") { $0.replacingOccurrences(of: "app: kettle\n", with: "app: kettle\nbox: partials/box\n") }
        try s.check("a post naming a template that does not exist yet")
        try s.site.write("templates/partials/box.mustache", "<aside>Boxed.</aside>\n")
        let added = try s.check("the template it names, new", changed: ["templates/partials/box.mustache"])
        #expect(added.changedPaths.contains("/2023/06/kettle-audit/index.html"), "\(added.changedPaths)")
        try s.edit("templates/partials/box.mustache") { $0.replacingOccurrences(of: "Boxed", with: "In a box") }
        try s.check("the template it names, edited", changed: ["templates/partials/box.mustache"])
    }

    /// The theme's words are site-wide inputs: a new `strings:` text or `language:`
    /// in site.yml re-renders the pages and feeds that show them, told by the watcher
    /// that site.yml alone changed.
    @Test func changingTheThemesWordsReRendersWhatShowsThem() throws {
        let s = try Session()
        try s.check("the first build")
        let config = "content/site.yml"
        let home = s.served.appendingPathComponent("index.html")
        #expect(try String(contentsOf: home, encoding: .utf8).contains(">Continue reading<"))

        try s.edit(config) { $0 + "strings: { continue_reading: \"Read on\" }\n" }
        let overridden = try s.check("a string overridden in site.yml", changed: [config])
        #expect(overridden.changedPaths.contains("/index.html"), "\(overridden.changedPaths)")
        let served = try String(contentsOf: home, encoding: .utf8)
        #expect(served.contains(">Read on<") && !served.contains("Continue reading"))

        try s.edit(config) { $0.replacingOccurrences(of: "language: en-GB", with: "language: de-DE") }
        let german = try s.check("a new language", changed: [config])
        #expect(german.changedPaths.contains("/2023/06/kettle-audit/index.html")
                && german.changedPaths.contains("/series/building-tidemark/atom.xml"), "\(german.changedPaths)")
        let post = try String(contentsOf: s.served.appendingPathComponent("2023/06/kettle-audit/index.html"), encoding: .utf8)
        #expect(post.contains("Min. Lesezeit") && post.contains("Juni 2023"))
        #expect(try String(contentsOf: home, encoding: .utf8).contains(">Read on<"), "the site's own text outlives the language change")
    }

    /// Related posts (`RouteInputs`: a post page lists its related posts): a related
    /// post's new title is patched into the pages that show it, and new tags change
    /// which posts are chosen, each equal to a clean build.
    @Test func relatedPostsFollowTitlesAndTags() throws {
        let s = try Session()
        try s.check("the first build")
        func page(_ path: String) throws -> String {
            try String(contentsOf: s.served.appendingPathComponent(path), encoding: .utf8)
        }
        let retiring = "content/posts/2023-02-27-retiring-chalkboard.md"
        try s.edit(retiring) { $0.replacingOccurrences(of: "title: Retiring Chalkboard\n", with: "title: Retiring Chalkboard, gently\n") }
        let retitled = try s.check("a related post's new title", changed: [retiring])
        #expect(retitled.patched, "the title edit was not patched")
        for shown in ["/2019/03/chalkboard-launch/index.html", "/2026/03/seven-years/index.html"] {
            #expect(retitled.changedPaths.contains(shown), "the pages that list it as related: \(retitled.changedPaths)")
        }
        #expect(!retitled.changedPaths.contains("/2019/11/leaving-wordpress/index.html"), "\(retitled.changedPaths)")
        #expect(try page("2019/03/chalkboard-launch/index.html").contains(">Retiring Chalkboard, gently</a> <time"))

        let seven = "content/posts/2026-03-14-seven-years.md"
        try s.edit(seven) { $0.replacingOccurrences(of: "tags: [Indie]", with: "tags: [Indie, Blogging, Meta]") }
        let retagged = try s.check("a post's new tags", changed: [seven])
        #expect(retagged.patched, "new tags patch the plan (relations made again)")
        #expect(retagged.changedPaths.contains("/2019/11/leaving-wordpress/index.html"), "\(retagged.changedPaths)")
        // Two shared tags (Blogging, Meta) put it first.
        #expect(try page("2019/11/leaving-wordpress/index.html")
                    .contains("<ul class=\"post-list\">\n<li><a href=\"/2026/03/seven-years/\">"))
    }

    /// A post's related posts change without the post being edited: one of them is
    /// deleted (the next best takes its place), or another post's new slug wins a tie
    /// (same score, same date: the URL decides). The patched plan must choose again there.
    @Test func relatedPostsChangeWhenAnotherPostLeavesOrWinsATie() throws {
        let s = try Session()
        func post(_ name: String, date: String, tag: String, slug: String? = nil) throws {
            try s.site.write("content/posts/\(name).md", """
                ---
                title: "\(name)"
                date: \(date)
                tags: [\(tag)]
                \(slug.map { "slug: \($0)" } ?? "")
                ---
                About \(tag.lowercased()).
                """)
        }
        for day in 1...5 { try post("2025-01-0\(day)-kiln-\(day)", date: "2025-01-0\(day) 09:00", tag: "Kilns") }
        // Five posts at one moment: the URL breaks their ties.
        for name in ["alder", "birch", "cedar", "damson", "elm"] {
            try post("2025-02-01-\(name)", date: "2025-02-01 09:00", tag: "Glazes", slug: name)
        }
        try s.check("the first build")
        func related(_ path: String) throws -> [String] {
            let html = try String(contentsOf: s.served.appendingPathComponent(path), encoding: .utf8)
            guard let list = html.range(of: "<ul class=\"post-list\">") else { return [] }
            let rest = html[list.upperBound...]
            let end = rest.range(of: "</ul>")?.lowerBound ?? rest.endIndex
            return rest[..<end].components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(try related("2025/01/kiln-1/index.html") == ["/2025/01/kiln-5/", "/2025/01/kiln-4/", "/2025/01/kiln-3/"])

        try FileManager.default.removeItem(at: s.site.url("content/posts/2025-01-05-kiln-5.md"))
        let deleted = try s.check("deleting a related post", changed: ["content/posts/2025-01-05-kiln-5.md"])
        #expect(deleted.patched, "a deleted post is patched")
        #expect(try related("2025/01/kiln-1/index.html") == ["/2025/01/kiln-4/", "/2025/01/kiln-3/", "/2025/01/kiln-2/"])

        #expect(try related("2025/02/elm/index.html") == ["/2025/02/alder/", "/2025/02/birch/", "/2025/02/cedar/"])
        try s.edit("content/posts/2025-02-01-alder.md") { $0.replacingOccurrences(of: "slug: alder", with: "slug: yew") }
        let renamed = try s.check("a new slug that loses a tie", changed: ["content/posts/2025-02-01-alder.md"])
        #expect(renamed.patched, "a new slug is patched")
        #expect(try related("2025/02/elm/index.html") == ["/2025/02/birch/", "/2025/02/cedar/", "/2025/02/damson/"])
    }

    /// A series' or an app's file edited while serving patches the plan (`SeriesAppPatch`)
    /// where the series or app keeps its slug and its place among the others; anything
    /// else makes the whole plan. Each step equals a clean build.
    @Test func seriesAndAppEditsArePatched() throws {
        let s = try Session()
        try s.check("the first build")
        let series = "content/series/rewriting-kettle.md", app = "content/apps/kettle.md"

        try s.edit(series) { $0 + "\nOne more paragraph of the intro, added while serving.\n" }
        let intro = try s.check("a series' intro", changed: [series])
        #expect(intro.patched, "a series' intro edit was not patched")
        #expect(intro.changedPaths.contains("/series/rewriting-kettle/index.html"), "\(intro.changedPaths)")
        #expect(!intro.changedPaths.contains("/2023/06/kettle-audit/index.html"), "a part's page shows no intro: \(intro.changedPaths)")

        try s.edit(series) { $0.replacingOccurrences(of: "title: Rewriting Kettle", with: "title: Rewriting Kettle, 2023") }
        let title = try s.check("a series' title that keeps its place", changed: [series])
        #expect(title.patched, "a series' new title in the same place was not patched")
        // Its parts' series boxes and list marks, and the series index, show the title.
        for path in ["/2023/06/kettle-audit/index.html", "/series/index.html", "/series/rewriting-kettle/index.html"] {
            #expect(title.changedPaths.contains(path), "\(path) not written: \(title.changedPaths)")
        }

        try s.edit(series) { $0 + "\n![The kettle, redrawn](/images/posts/kettle-hero.jpg)\n" }
        let image = try s.check("an image in a series' intro", changed: [series])
        #expect(image.patched, "an image another post shows, added to a series' intro, was not patched")

        try s.edit(series) { $0.replacingOccurrences(of: "\n![The kettle, redrawn](/images/posts/kettle-hero.jpg)\n", with: "") }
        #expect(try s.check("the image taken out again", changed: [series]).patched)
        try s.edit(series) { $0.replacingOccurrences(of: "title: Rewriting Kettle, 2023", with: "title: A Kettle, Rewritten") }
        let moved = try s.check("a series' title that moves it first", changed: [series])
        #expect(moved.patched, "a series that moves among the others is moved, its posts' series indices with it")
        #expect(moved.changedPaths.contains("/series/index.html"), "\(moved.changedPaths)")
        try s.edit(series) { $0.replacingOccurrences(of: "title: A Kettle, Rewritten", with: "title: Rewriting Kettle") }
        let back = try s.check("a series' title that moves it back", changed: [series])
        #expect(back.patched, "a series moved back was not patched")
        try s.edit(series) { $0.replacingOccurrences(of: "title: Rewriting Kettle", with: "title: Zebra Kettle") }
        try s.edit("content/posts/2023-06-01-kettle-audit.md") { $0 + "\nEdited with the series.\n" }
        try s.check("a series that moves, and one of its posts", changed: [series, "content/posts/2023-06-01-kettle-audit.md"])

        try s.edit(app) { $0 + "\nOne more line of the description, added while serving.\n" }
        let description = try s.check("an app's description", changed: [app])
        #expect(description.patched, "an app's description edit was not patched")
        #expect(description.changedPaths.contains("/apps/kettle/index.html"), "\(description.changedPaths)")

        try s.edit(app) { $0.replacingOccurrences(of: "title: Kettle", with: "title: Kettle Timer") }
        let renamed = try s.check("an app's title", changed: [app])
        #expect(renamed.patched, "an app's new title was not patched")
        for path in ["/apps/index.html", "/apps/kettle/privacy/index.html", "/2020/04/kettle/index.html"] {
            #expect(renamed.changedPaths.contains(path), "\(path) not written: \(renamed.changedPaths)")
        }

        try s.edit(app) { $0.replacingOccurrences(of: "status: available", with: "status: retired") }
        let retired = try s.check("an app's status", changed: [app])
        #expect(!retired.patched, "an app's status orders the apps: the whole plan")
    }

    /// The oldest post, with no tag, series or app (nothing else lists it), comes and
    /// goes: no post moves, but the archive (every post by position) shows one more or
    /// one fewer, and says how many.
    @Test func theOldestPostComingAndGoingChangesTheArchive() throws {
        let s = try Session()
        let oldest = "content/posts/2019-01-02-first-words.md"
        try s.site.write(oldest, "---\ntitle: First words\ndate: 2019-01-02 09:00\n---\nThe oldest post of all.\n")
        try s.check("the first build")
        try s.site.remove(oldest)
        let gone = try s.check("deleting the oldest post", changed: [oldest])
        #expect(gone.patched, "a deleted post is patched")
        #expect(gone.changedPaths.contains("/archive/index.html"), "\(gone.changedPaths)")
        try s.site.write(oldest, "---\ntitle: First words, again\ndate: 2019-01-02 09:00\n---\nBack.\n")
        let back = try s.check("the oldest post again", changed: [oldest])
        #expect(back.patched, "a new post is patched")
        #expect(back.changedPaths.contains("/archive/index.html"), "\(back.changedPaths)")
    }

    @Test func aFailedRebuildWritesNothingAndTheNextGoodOneCatchesUp() throws {
        let s = try Session()
        try s.check("the first build")
        let before = try FolderSnapshot(s.served)
        try s.edit("content/posts/2023-06-01-kettle-audit.md") { $0.replacingOccurrences(of: "\ndate: ", with: "\ndate: not a date ") }
        #expect(throws: BuildFailure.self) { try s.builder.build(s.request(s.served)) }
        #expect(try FolderSnapshot(s.served) == before, "a failed rebuild changed the output")
        // Another post changes while the site is broken; fixing the first must bring both.
        try s.edit("content/posts/2024-03-02-live-activity.md") { $0 + "\nWritten while the build was failing.\n" }
        try s.edit("content/posts/2023-06-01-kettle-audit.md") { $0.replacingOccurrences(of: "\ndate: not a date ", with: "\ndate: ") }
        try s.check("fixing the broken post")
    }

    /// Serve's first build into nothing (no folder, or an empty one) writes its pages as it
    /// makes them and keeps only their digests; the output equals a clean build, and a build
    /// that fails after its pages went out takes them away again: the folder is as it was.
    @Test func aFirstBuildIntoNothingWritesPagesAsMadeAndTakesThemBackWhenItFails() throws {
        let s = try Session()
        // A file of content/ where the about page is written: an error found after the pages are made.
        try s.site.write("content/about/index.html", "<p>in the way</p>\n")
        #expect(throws: BuildFailure.self) { try s.builder.build(s.request(s.served)) }
        #expect(s.builder.lastPagesWrittenAsMade > 50, "the pages were not written as they were made")
        #expect(!FileManager.default.fileExists(atPath: s.served.path), "a failed first build left a folder where there was none")

        try FileManager.default.createDirectory(at: s.served, withIntermediateDirectories: false)
        #expect(throws: BuildFailure.self) { try s.builder.build(s.request(s.served)) }
        #expect(s.builder.lastPagesWrittenAsMade > 50)
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.served.path).isEmpty, "a failed first build left files behind")

        try s.site.remove("content/about/index.html")
        let first = try s.check("a first build into an empty folder")
        #expect(s.builder.lastPagesWrittenAsMade == first.pagesRendered)
        #expect(first.report.written?.written == first.report.files, "pages written as made are not counted as written")
        // The pages are on disk, only their digests held: an edit renders what it changes, no more.
        try s.edit("content/posts/2024-03-02-live-activity.md") { $0 + "\nOne more line.\n" }
        let edit = try s.check("a body edit after it", changed: ["content/posts/2024-03-02-live-activity.md"])
        #expect(edit.pagesRendered < 10, "\(edit.pagesRendered) pages rendered again after a body edit")
        #expect(s.builder.lastPagesWrittenAsMade == 0, "a rebuild wrote pages before the build was known good")
    }

    /// Feeds kept by their digest once written (`FeedMemo`) are still checked by a strict
    /// rebuild: read back from the output folder, they are what was written.
    @Test func aStrictRebuildChecksTheFeedsItKeptByTheirDigest() throws {
        let site = try TestSiteFolder(config: """
            title: Feed Test
            base_url: https://kettle.studio/
            language: en
            timezone: UTC

            """, files: [
                "content/posts/2024-01-01-one.md": "---\ntitle: One\ntags: [swift]\n---\nThe first post.\n",
                "content/posts/2024-02-01-two.md": "---\ntitle: Two\ntags: [php]\n---\nThe second post.\n",
            ])
        let builder = IncrementalBuilder()
        let request = BuildRequest(siteDirectory: site.root, outputDirectory: site.outside("out"), mode: .publish)
        let first = try builder.build(request)
        #expect(first.report.warnings.isEmpty, "\(first.report.warnings)")
        // The swift tag's feed does not change: it comes out of the rebuild as written.
        try site.write("content/posts/2024-02-01-two.md", "---\ntitle: Two\ntags: [php]\n---\nThe second post, longer.\n")
        let second = try builder.build(request)
        #expect(second.report.warnings.isEmpty, "\(second.report.warnings)")
        #expect(!second.changedPaths.contains("/tags/swift/atom.xml") && second.changedPaths.contains("/tags/php/atom.xml"),
                "\(second.changedPaths)")
    }

    @Test func theServedFolderIsRepairedWhenItWasDeleted() throws {
        let s = try Session()
        try s.check("the first build")
        try FileManager.default.removeItem(at: s.served)
        try s.check("rebuilding after public/ was deleted")
    }
}
