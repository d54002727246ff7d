#if os(Linux)
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The inotify watcher on real files in a temporary folder (`content/`, `templates/`).
@Suite struct WatcherTests {
    /// A temporary site folder with `content/posts/a.md` and `templates/`.
    final class Tree {
        let root: URL
        var content: URL { root.appendingPathComponent("content") }
        var templates: URL { root.appendingPathComponent("templates") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-inotify-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("content/posts"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("templates"), withIntermediateDirectories: true)
            try write("content/posts/a.md", "a")
            try write("content/site.yml", "title: t\n")
        }

        func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

        func write(_ relative: String, _ text: String) throws {
            try Data(text.utf8).write(to: url(relative))
        }

        func watcher(excluding: [String] = []) throws -> InotifyWatcher {
            try InotifyWatcher(folders: [content, templates], excluding: excluding.map(url))
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    /// Waits (up to 2 s) until `watcher` has notified more than `count` times. Checks
    /// once more after each sleep, so a busy test pool (other suites blocking its
    /// threads) delays the check instead of failing it.
    func notification(after count: Int, from watcher: InotifyWatcher,
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + .seconds(2)
        while watcher.notificationCount <= count {
            if ContinuousClock.now >= deadline {
                Issue.record("no change notification within 2 s", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func inPlaceWrite() async throws {
        let tree = try Tree()
        let watcher = try tree.watcher()
        defer { watcher.stop() }
        let handle = try FileHandle(forWritingTo: tree.url("content/posts/a.md"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("b".utf8))
        try handle.close()
        try await notification(after: 0, from: watcher)

        // content/site.yml is inside content/.
        let count = watcher.notificationCount
        try tree.write("content/site.yml", "title: u\n")
        try await notification(after: count, from: watcher)
    }

    /// The files events named are reported exactly (the dev server's quick path
    /// relies on it); a folder change makes the list unknown (nil).
    @Test func changedPathsAreListedUntilAFolderChanges() async throws {
        let tree = try Tree()
        let watcher = try tree.watcher()
        defer { watcher.stop() }
        try tree.write("content/posts/a.md", "edited")
        try await notification(after: 0, from: watcher)
        let posts = tree.url("content/posts").standardizedFileURL.path
        #expect(watcher.takeChangedPaths() == [posts + "/a.md"])
        #expect(watcher.takeChangedPaths() == [], "the list starts again after each call")

        let count = watcher.notificationCount
        try FileManager.default.createDirectory(at: tree.url("content/posts/2026"), withIntermediateDirectories: true)
        try await notification(after: count, from: watcher)
        #expect(watcher.takeChangedPaths() == nil)
    }

    /// A site without `templates/` that makes one while serving: its creation is
    /// seen, and so are later edits inside it; other things made beside it are not.
    @Test func aTemplatesFolderMadeLaterIsWatched() async throws {
        let tree = try Tree()
        try FileManager.default.removeItem(at: tree.templates)
        let watcher = try tree.watcher()
        defer { watcher.stop() }
        try FileManager.default.createDirectory(at: tree.url("public"), withIntermediateDirectories: true)
        try await Task.sleep(for: .milliseconds(150))
        #expect(watcher.notificationCount == 0, "a folder beside content/ and templates/ is not watched")
        try FileManager.default.createDirectory(at: tree.url("templates/partials"), withIntermediateDirectories: true)
        try tree.write("templates/partials/footer.mustache", "footer")
        try await notification(after: 0, from: watcher)
        #expect(watcher.takeChangedPaths() == nil, "a new folder: anything under it may be new")
        try await Task.sleep(for: .milliseconds(100))
        let count = watcher.notificationCount
        try tree.write("templates/partials/footer.mustache", "footer, edited")
        try await notification(after: count, from: watcher)
        #expect(watcher.takeChangedPaths() == [tree.url("templates/partials/footer.mustache").standardizedFileURL.path])
    }

    @Test func tempFileAndRename() async throws {
        let tree = try Tree()
        let watcher = try tree.watcher()
        defer { watcher.stop() }
        try tree.write("templates/.page.mustache.swp", "x")
        #expect(rename(tree.url("templates/.page.mustache.swp").path, tree.url("templates/page.mustache").path) == 0)
        try await notification(after: 0, from: watcher)
    }

    /// A file still being written is not told until it is closed (a save interrupted
    /// between two writes would be read half written, and heard as two changes),
    /// unless it stays open past the cap: then it is told, and told again on its close.
    @Test func aFileBeingWrittenIsToldWhenClosed() async throws {
        let tree = try Tree()
        let watcher = try InotifyWatcher(folders: [tree.content, tree.templates], quietPeriod: .milliseconds(50))  // cap: 500 ms
        defer { watcher.stop() }
        // Made and kept open, as an editor's save makes its temporary file.
        let started = ContinuousClock.now
        let fd = open(tree.url("content/posts/.b.md.tmp").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        try handle.write(contentsOf: Data("---\ntitle: half".utf8))
        try await Task.sleep(for: .milliseconds(150))  // three quiet periods
        let waited = ContinuousClock.now - started
        // On a test pool so busy that the sleep outlasted the cap, the notification is due: nothing to see then.
        if waited < .milliseconds(450) {
            #expect(watcher.notificationCount == 0, "told after \(waited) while the file was open for writing")
        }
        try handle.write(contentsOf: Data(" and whole\n---\n".utf8))
        try handle.close()
        try await notification(after: 0, from: watcher)
        #expect(watcher.takeChangedPaths() == [tree.url("content/posts/.b.md.tmp").standardizedFileURL.path])

        // Left open: told at the cap, and again when it closes.
        try await Task.sleep(for: .milliseconds(100))
        let count = watcher.notificationCount
        let open = try FileHandle(forWritingTo: tree.url("content/posts/a.md"))
        try open.write(contentsOf: Data("more".utf8))
        try await notification(after: count, from: watcher)
        try await Task.sleep(for: .milliseconds(100))
        let atCap = watcher.notificationCount
        try open.close()
        try await notification(after: atCap, from: watcher)
    }

    @Test func deleteAndCreate() async throws {
        let tree = try Tree()
        let watcher = try tree.watcher()
        defer { watcher.stop() }
        try FileManager.default.removeItem(at: tree.url("content/posts/a.md"))
        try tree.write("content/posts/a.md", "new")
        try await notification(after: 0, from: watcher)
    }

    @Test func newFolderWithAFileRightAfter() async throws {
        let tree = try Tree()
        let watcher = try tree.watcher()
        defer { watcher.stop() }
        try FileManager.default.createDirectory(at: tree.url("content/new/deeper"), withIntermediateDirectories: true)
        try tree.write("content/new/deeper/b.md", "b")
        try await notification(after: 0, from: watcher)
        // The new folders are watched: a later edit inside is seen.
        try await Task.sleep(for: .milliseconds(100))
        let count = watcher.notificationCount
        try tree.write("content/new/deeper/b.md", "bb")
        try await notification(after: count, from: watcher)

        // A folder moved in (with files and folders already inside) is walked.
        let outside = tree.url("elsewhere/inner")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try tree.write("elsewhere/inner/c.md", "c")
        let moved = watcher.notificationCount
        #expect(rename(tree.url("elsewhere").path, tree.url("content/moved").path) == 0)
        try await notification(after: moved, from: watcher)
        try await Task.sleep(for: .milliseconds(100))
        let edited = watcher.notificationCount
        try tree.write("content/moved/inner/c.md", "cc")
        try await notification(after: edited, from: watcher)
    }

    @Test func aBurstIsOneNotification() async throws {
        let tree = try Tree()
        let watcher = try tree.watcher()
        defer { watcher.stop() }
        for index in 0..<20 {
            try tree.write("content/posts/burst-\(index % 4).md", "\(index)")
        }
        try await notification(after: 0, from: watcher)
        try await Task.sleep(for: .milliseconds(300))
        #expect(watcher.notificationCount <= 2, "\(watcher.notificationCount) notifications")
    }

    @Test func anOutputFolderInsideTheTreeIsIgnored() async throws {
        let tree = try Tree()
        try FileManager.default.createDirectory(at: tree.url("content/public/posts"), withIntermediateDirectories: true)
        let watcher = try tree.watcher(excluding: ["content/public"])
        defer { watcher.stop() }
        try tree.write("content/public/index.html", "x")
        try tree.write("content/public/posts/a.html", "x")
        try FileManager.default.createDirectory(at: tree.url("content/public/new"), withIntermediateDirectories: true)
        try tree.write("content/public/new/b.html", "x")
        try FileManager.default.removeItem(at: tree.url("content/public/index.html"))
        try await Task.sleep(for: .milliseconds(300))
        #expect(watcher.notificationCount == 0)
        // The rest of content/ is still watched.
        try tree.write("content/posts/a.md", "b")
        try await notification(after: 0, from: watcher)
    }

    @Test func stopClosesCleanly() async throws {
        let tree = try Tree()
        let watcher = try tree.watcher()
        #expect(watcher.watchedFolderCount == 3)  // content, content/posts, templates
        let listener = Task {
            var seen = 0
            for await _ in watcher.changes { seen += 1 }
            return seen  // the stream finishes when the watcher stops
        }
        watcher.stop()
        #expect(watcher.isFinished)
        _ = await listener.value
        watcher.stop()  // again: harmless
        try tree.write("content/posts/a.md", "after stop")
        try await Task.sleep(for: .milliseconds(100))
        #expect(watcher.notificationCount == 0)
    }

    @Test func siteWatcherWakesOnInotifyAndCancels() async throws {
        let tree = try Tree()
        let watcher = SiteWatcher(siteDirectory: tree.root, excluding: [tree.url("content/public")],
                                  interval: .seconds(60))  // a poll would be too late: inotify wakes it
        let start = watcher.snapshot()
        let change = Task { try await watcher.nextChange(after: start) }
        try await Task.sleep(for: .milliseconds(100))
        try FileManager.default.createDirectory(at: tree.url("templates/partials"), withIntermediateDirectories: true)
        try tree.write("templates/partials/p.mustache", "p")
        let changed = try await withTimeout(seconds: 20) { try await change.value }
        #expect(changed.stamps.keys.contains(tree.url("templates/partials/p.mustache").path))

        // Cancelling a wait ends it at once (and stops its inotify thread).
        let waiting = Task { try await watcher.nextChange(after: changed) }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        await #expect(throws: CancellationError.self) {
            try await withTimeout(seconds: 20) { _ = try await waiting.value }
        }
    }

    @Test func pollingStillWorks() async throws {
        let tree = try Tree()
        var polling = SiteWatcher(siteDirectory: tree.root, interval: .milliseconds(20))
        polling.mechanism = .polling
        let watcher = polling
        let start = watcher.snapshot()
        try tree.write("content/posts/a.md", "polled")
        let changed = try await withTimeout(seconds: 20) { try await watcher.nextChange(after: start) }
        #expect(changed != start)
    }

    /// Runs `body`, failing when it takes longer than `seconds` (so a bug cannot hang
    /// the suite; generous because other suites can keep the test pool busy for seconds).
    func withTimeout<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw WatcherTimeout()
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    struct WatcherTimeout: Error {}
}
#endif
