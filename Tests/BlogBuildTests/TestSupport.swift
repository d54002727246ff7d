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
#elseif canImport(Darwin)
import Darwin
#endif

// Shared helpers for the site-level and end-to-end suites (SiteTests, BadInputTests,
// EndToEndTests): throwaway site folders, running the real `blogbuild` executable,
// and snapshots of output folders (bytes, modification times, inodes).

// MARK: - The repository

/// Paths of this repository and of the executable built with the tests.
enum RepoPaths {
    /// The package root (the folder holding Package.swift), found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // BlogBuildTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// One image cache for every test's build of the example site, in place or
    /// copied (the repo's own `.blogbuild-cache`, which git ignores): its photos
    /// and screenshots are made once per machine, not once per test. A test of
    /// the cache itself gives its build a folder of its own.
    static let sharedCache = root.appendingPathComponent(".blogbuild-cache")

    /// This process's environment with `BLOGBUILD_CACHE_DIR` set to `sharedCache`
    /// and then `overrides`: what every blogbuild a test starts runs with.
    static func childEnvironment(_ overrides: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["BLOGBUILD_CACHE_DIR"] = sharedCache.path
        for (k, v) in overrides { env[k] = v }
        return env
    }

    /// The `blogbuild` executable built into the same products folder as the
    /// test runner (`.build/debug`, or `SCRATCH/debug` with `--scratch-path`);
    /// failing that, `<package root>/.build/debug/blogbuild`.
    static let executable: URL? = {
        var folders: [URL] = []
        // The test runner: on Linux `…/debug/blogbuildPackageTests.xctest` is the
        // executable itself; on macOS it is a bundle inside `…/debug`.
        for argument in CommandLine.arguments where argument.contains(".xctest") {
            var url = URL(fileURLWithPath: argument).resolvingSymlinksInPath()
            while url.path != "/" && !url.lastPathComponent.hasSuffix(".xctest") {
                url.deleteLastPathComponent()
            }
            if url.lastPathComponent.hasSuffix(".xctest") { folders.append(url.deletingLastPathComponent()) }
        }
        if let first = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let exe = Bundle.main.executableURL { folders.append(exe.resolvingSymlinksInPath().deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(root.appendingPathComponent(".build/debug"))
        for folder in folders {
            let candidate = folder.appendingPathComponent("blogbuild")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()

    /// Markdown files under the example site's `content/posts/` (recursive), relative to the repo root.
    static func examplePostFiles() throws -> [String] {
        let posts = root.appendingPathComponent("content/posts")
        guard let walker = FileManager.default.enumerator(atPath: posts.path) else { return [] }
        var out: [String] = []
        for case let relative as String in walker where relative.lowercased().hasSuffix(".md") {
            out.append("content/posts/" + relative)
        }
        return out.sorted()
    }

    /// Markdown files directly in `content/<folder>/` of the example site.
    static func exampleCount(_ folder: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("content/" + folder).path)
            .filter { $0.lowercased().hasSuffix(".md") && !$0.hasPrefix(".") }.count
    }
}

// MARK: - Temporary site folders

/// A throwaway site in its own temporary folder: `base/site/` is the site,
/// and `base/` has room for output folders next to it. Removed on deinit.
final class TestSiteFolder {
    static let defaultConfig = """
        title: Test Site
        base_url: https://example.org/
        language: en
        timezone: UTC
        posts_per_page: 2
        images: { resize: false }  # test sites hold placeholder image bytes ("PNG"); ImagePipelineTests resize

        """

    let base: URL
    let root: URL

    init(config: String? = TestSiteFolder.defaultConfig, files: [String: String] = [:], binary: [String: [UInt8]] = [:]) throws {
        base = FileManager.default.temporaryDirectory
            .appendingPathComponent("blogbuild-site-tests-\(UUID().uuidString)")
        root = base.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("content"), withIntermediateDirectories: true)
        if let config { try write("content/site.yml", config) }
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try write(path, text) }
        for (path, bytes) in binary.sorted(by: { $0.key < $1.key }) { try writeBytes(path, bytes) }
    }

    /// The site's content, loaded.
    func load() -> LoadedContent { ContentLoader.load(siteDirectory: root) }

    deinit { try? FileManager.default.removeItem(at: base) }

    /// A path inside the site folder.
    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The default output folder, `SITE/public`.
    var publicFolder: URL { url("public") }

    /// A folder beside the site (not inside it), for `--output`.
    func outside(_ name: String) -> URL { base.appendingPathComponent(name) }

    func write(_ path: String, _ text: String) throws {
        try writeBytes(path, Array(text.utf8))
    }

    /// Saves `text` as an editor does: a new file renamed over the old one, so a
    /// watcher never sees the file empty or half written (as it may, on a busy
    /// machine, between `write`'s truncation and its bytes).
    func save(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: url(path), options: .atomic)
    }

    func writeBytes(_ path: String, _ bytes: [UInt8]) throws {
        let file = url(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    func mkdir(_ path: String) throws {
        try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: url(path))
    }

    /// A symbolic link at `path` whose target is `destination`, written as given.
    func symlink(_ path: String, to destination: String) throws {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url(path).path, withDestinationPath: destination)
    }

    /// A named pipe (FIFO) at `path`: a directory entry that is not a readable file.
    func fifo(_ path: String) throws {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        guard mkfifo(url(path).path, 0o644) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url(path).path])
        }
    }

    /// The text of a file in the site folder, or nil.
    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: url(path).path).map { String(decoding: $0, as: UTF8.self) }
    }
}

// MARK: - In-memory renders

/// "Now" for in-memory renders: 2025-06-01T12:00:00Z.
let siteTestsNow = Date(timeIntervalSince1970: 1_748_779_200)

/// A `RenderedSite` with lookups by output path.
struct RenderedPages {
    let site: RenderedSite
    let byPath: [String: OutputFile]

    init(_ site: RenderedSite) {
        self.site = site
        byPath = Dictionary(site.files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    }

    var paths: Set<String> { Set(byPath.keys) }

    /// The text of a generated file (`index.html`), or of a copied file read from its source.
    subscript(_ path: String) -> String? {
        guard let file = byPath[path] else { return nil }
        switch file.contents {
        case .bytes(let b): return String(decoding: b, as: UTF8.self)
        case .copy(let from): return FileManager.default.contents(atPath: from).map { String(decoding: $0, as: UTF8.self) }
        // Only serve's builder leaves a file on disk without its bytes; a rendered site has none.
        case .written: return nil
        }
    }

    /// Where a copied file comes from, or nil for a generated one.
    func copySource(_ path: String) -> String? {
        guard let file = byPath[path], case .copy(let from) = file.contents else { return nil }
        return from
    }

    /// Every error and warning as `file:line:col: message` (hints are not problems: see `hints`).
    var problems: [String] { site.diagnostics.filter { $0.severity != .hint }.map(\.description) }
    /// Every hint as `file:line:col: hint: message`.
    var hints: [String] { site.diagnostics.filter { $0.severity == .hint }.map(\.description) }
    var errors: [String] { site.diagnostics.filter { $0.severity == .error }.map(\.description) }
}

/// Renders `folder` in memory.
extension RenderedPages {
    /// The feed at `path` with the address it names as its own blanked: a feed and its
    /// copy at an old address differ only there (`FeedSelfLink`).
    func feedIgnoringSelf(_ path: String) -> String? {
        guard let text = self[path] else { return nil }
        let kind: FeedFile.Kind = path.hasSuffix(".json") ? .jsonFeed : text.contains("<feed") ? .atom : .rss
        return String(decoding: FeedSelfLink.pointing(Array(text.utf8), kind: kind, at: ""), as: UTF8.self)
    }
}

func renderTestSite(_ folder: TestSiteFolder, mode: BuildMode = .build(includeDrafts: false),
                    now: Date = siteTestsNow) -> RenderedPages {
    RenderedPages(SiteBuilder.render(BuildRequest(siteDirectory: folder.root, mode: mode, now: now)))
}

// MARK: - Running processes

/// What a finished process printed and how it exited.
struct ProcessOutcome: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool

    var description: String {
        "exit \(status)\(timedOut ? " (timed out)" : "")\n--- stdout:\n\(stdout)\n--- stderr:\n\(stderr)"
    }

    /// Non-empty lines of standard error.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
}

/// Collects a pipe's bytes on another thread.
private final class PipeCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
}

enum ProcessRunner {
    /// Runs `executable` with `arguments`, capturing standard output and error.
    /// After `timeout` seconds the process is killed and `timedOut` is set.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                    environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> ProcessOutcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = RepoPaths.childEnvironment(environment)
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()

        let outHandle = outPipe.fileHandleForReading, errHandle = errPipe.fileHandleForReading
        let out = PipeCollector(), err = PipeCollector()
        let readers = DispatchGroup()
        DispatchQueue.global().async(group: readers) { out.set(outHandle.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: readers) { err.set(errHandle.readDataToEndOfFile()) }

        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 2) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        }
        readers.wait()
        return ProcessOutcome(status: process.terminationStatus, stdout: out.text, stderr: err.text, timedOut: timedOut)
    }

    /// `run`, waited for on a thread of its own: a test that waits minutes for a
    /// process must not hold one of the few threads Swift concurrency runs every
    /// test's tasks on (with two cores, two), or the dev-server tests beside it
    /// stall for as long.
    static func runOnOwnThread(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                               environment: [String: String] = [:], timeout: TimeInterval = 60) async throws -> ProcessOutcome {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try run(executable, arguments, in: directory, environment: environment, timeout: timeout)
                })
            }.start()
        }
    }

    /// The first executable called `name` on `PATH`.
    static func findOnPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }
}

/// The real `blogbuild` command line.
enum BlogBuildCLI {
    struct NotBuilt: Error, CustomStringConvertible {
        var description: String {
            "the blogbuild executable was not found beside the test runner or in \(RepoPaths.root.path)/.build/debug; "
                + "build it first (swift build --build-tests)"
        }
    }

    /// Runs `blogbuild ARGUMENTS` (in `directory`, if given) with a 60 s timeout.
    static func run(_ arguments: [String], in directory: URL? = nil, timeout: TimeInterval = 60) throws -> ProcessOutcome {
        guard let exe = RepoPaths.executable else { throw NotBuilt() }
        let outcome = try ProcessRunner.run(exe, arguments, in: directory, environment: ["NO_COLOR": "1"], timeout: timeout)
        if outcome.timedOut { Issue.record("blogbuild \(arguments.joined(separator: " ")) timed out after \(timeout) s") }
        return outcome
    }
}

// MARK: - Folder snapshots

/// Everything under a folder, by relative path: kind, bytes, modification time
/// (nanoseconds) and inode, read without following symbolic links.
struct FolderSnapshot: Equatable {
    struct Entry: Equatable {
        enum Kind: Equatable { case file, folder, link, other }
        var kind: Kind
        var bytes: [UInt8]?
        var modified: Int64
        var inode: UInt64
    }

    var entries: [String: Entry]
    /// Whether the folder existed at all.
    var exists: Bool

    /// Takes a snapshot of `root`. A missing folder is an empty, non-existent snapshot.
    init(_ root: URL) throws {
        entries = [:]
        var st = stat()
        exists = lstat(root.path, &st) == 0
        guard exists else { return }
        try walk(root.path, "")
    }

    private mutating func walk(_ absolute: String, _ relative: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: absolute).sorted() {
            let path = absolute + "/" + name
            let rel = relative.isEmpty ? name : relative + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            #if canImport(Darwin)
            let ts = st.st_mtimespec
            #else
            let ts = st.st_mtim
            #endif
            let modified = Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
            let inode = UInt64(truncatingIfNeeded: st.st_ino)
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                entries[rel] = Entry(kind: .folder, bytes: nil, modified: modified, inode: inode)
                try walk(path, rel)
            case S_IFREG:
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                entries[rel] = Entry(kind: .file, bytes: bytes, modified: modified, inode: inode)
            case S_IFLNK:
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
                entries[rel] = Entry(kind: .link, bytes: Array(target.utf8), modified: modified, inode: inode)
            default:
                entries[rel] = Entry(kind: .other, bytes: nil, modified: modified, inode: inode)
            }
        }
    }

    /// Regular files only, by path.
    var files: [String: Entry] { entries.filter { $0.value.kind == .file } }

    /// Paths and bytes of regular files (no times), for comparing two builds.
    var fileBytes: [String: [UInt8]] { files.compactMapValues(\.bytes) }

    /// `differences(from:)`, shortened for a failure message.
    func changes(from other: FolderSnapshot, foldersToo: Bool = true, limit: Int = 12) -> [String] {
        let all = differences(from: other, foldersToo: foldersToo)
        return all.count <= limit ? all : Array(all.prefix(limit)) + ["… and \(all.count - limit) more"]
    }

    /// What differs from `other`, one line per path, for failure messages.
    /// With `foldersToo: false`, folder times are not compared.
    func differences(from other: FolderSnapshot, foldersToo: Bool = true) -> [String] {
        var out: [String] = []
        if exists != other.exists { out.append("folder exists: \(other.exists) → \(exists)") }
        for path in Set(entries.keys).union(other.entries.keys).sorted() {
            switch (other.entries[path], entries[path]) {
            case (nil, _?): out.append("added: \(path)")
            case (_?, nil): out.append("removed: \(path)")
            case let (before?, after?):
                if before.kind != after.kind { out.append("kind changed: \(path)"); continue }
                if before.kind == .folder && !foldersToo { continue }
                if before.bytes != after.bytes { out.append("bytes changed: \(path)") }
                if before.modified != after.modified { out.append("mtime changed: \(path)") }
                if before.inode != after.inode { out.append("replaced (new inode): \(path)") }
            case (nil, nil): break
            }
        }
        return out
    }
}

// MARK: - Small text helpers

extension String {
    /// How many times `needle` occurs (non-overlapping).
    func occurrences(of needle: String) -> Int {
        guard !needle.isEmpty else { return 0 }
        return components(separatedBy: needle).count - 1
    }

    /// Whether `first` occurs before `second` (both must occur).
    func has(_ first: String, before second: String) -> Bool {
        guard let a = range(of: first), let b = range(of: second) else { return false }
        return a.lowerBound < b.lowerBound
    }
}

extension RenderedPages {
    /// Expects the file at `path` to exist, contain every one of `needles` and none of `absent`.
    func expect(_ path: String, contains needles: [String] = [], lacks absent: [String] = [],
                sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let text = self[path] else {
            Issue.record("no output file \(path); have: \(paths.sorted().joined(separator: ", "))", sourceLocation: sourceLocation)
            return
        }
        for needle in needles where !text.contains(needle) {
            Issue.record("\(path) does not contain \(needle.debugDescription)\n--- \(path):\n\(text)", sourceLocation: sourceLocation)
        }
        for needle in absent where text.contains(needle) {
            Issue.record("\(path) contains \(needle.debugDescription), which it should not\n--- \(path):\n\(text)",
                         sourceLocation: sourceLocation)
        }
    }

    /// Expects every path in `present` to be an output file and none in `absent`.
    func expectPaths(_ present: [String], absent: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let missing = present.filter { byPath[$0] == nil }
        let extra = absent.filter { byPath[$0] != nil }
        if !missing.isEmpty {
            Issue.record("missing output files: \(missing); have: \(paths.sorted().joined(separator: ", "))", sourceLocation: sourceLocation)
        }
        if !extra.isEmpty {
            Issue.record("unexpected output files: \(extra)", sourceLocation: sourceLocation)
        }
    }
}

// MARK: - Links in rendered pages

extension RenderedPages {
    /// The site path an output file is served at: `a/b/index.html` → `/a/b/`, `404.html` → `/404.html`.
    static func sitePath(ofOutput path: String) -> String {
        if path == "index.html" { return "/" }
        if path.hasSuffix("/index.html") { return "/" + path.dropLast("index.html".count) }
        return "/" + path
    }

    /// Every `href="…"` and `src="…"` value in an HTML text, entity-decoded.
    static func linkTargets(in html: String) -> [String] {
        var out: [String] = []
        for attribute in [" href=\"", " src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let valueStart = start.upperBound
                guard let end = rest[valueStart...].firstIndex(of: "\"") else { break }
                out.append(String(rest[valueStart..<end]).replacingOccurrences(of: "&quot;", with: "\"")
                    .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
                    .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&"))
                rest = rest[end...]
            }
        }
        return out
    }

    /// Links and images in the rendered HTML that lead nowhere, as seen by a reader:
    /// each reference is resolved against the URL of the page it is on (so a relative
    /// link in a summary on `/` is resolved against `/`), `base_url` links are
    /// treated as internal, and `#fragment`s must name an `id` on the target page.
    /// One line per problem: `page: reference → why`.
    func brokenInternalLinks(baseURL: String = "https://example.org/") -> [String] {
        let basePath: String = {
            guard let schemeEnd = baseURL.range(of: "://"),
                  let slash = baseURL[schemeEnd.upperBound...].firstIndex(of: "/") else { return "/" }
            return String(baseURL[slash...])
        }()
        func outputFile(forSitePath sitePath: String) -> String? {
            guard sitePath.hasPrefix(basePath) else { return nil }
            let inside = String(sitePath.dropFirst(basePath.count))
            if inside.isEmpty || inside.hasSuffix("/") { return byPath[inside + "index.html"] != nil ? inside + "index.html" : nil }
            if byPath[inside] != nil { return inside }
            return byPath[inside + "/index.html"] != nil ? inside + "/index.html" : nil
        }
        var problems: [String] = []
        for page in paths.sorted() where page.hasSuffix(".html") {
            guard let html = self[page] else { continue }
            let pageURL = basePath + Self.sitePath(ofOutput: page).dropFirst()
            for ref in Set(Self.linkTargets(in: html)).sorted() {
                var local = ref
                if local.hasPrefix(baseURL) { local = basePath + local.dropFirst(baseURL.count) }
                if local.isEmpty || local.hasPrefix("//") || local.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil {
                    continue
                }
                var pathPart = local
                var fragment: String? = nil
                if let hash = pathPart.firstIndex(of: "#") {
                    fragment = String(pathPart[pathPart.index(after: hash)...])
                    pathPart = String(pathPart[..<hash])
                }
                if let q = pathPart.firstIndex(of: "?") { pathPart = String(pathPart[..<q]) }
                pathPart = pathPart.removingPercentEncoding ?? pathPart
                let target: String?
                if pathPart.isEmpty {
                    target = page
                } else {
                    let folder = pageURL.hasSuffix("/") ? pageURL : String(pageURL[...pageURL.lastIndex(of: "/")!])
                    let absolute = pathPart.hasPrefix("/") ? pathPart : folder + pathPart
                    var parts: [Substring] = []
                    for part in absolute.split(separator: "/") {
                        if part == "." { continue }
                        if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
                        parts.append(part)
                    }
                    let resolved = "/" + parts.joined(separator: "/") + (absolute.hasSuffix("/") && !parts.isEmpty ? "/" : "")
                    target = outputFile(forSitePath: resolved)
                    if target == nil {
                        problems.append("\(page): \(ref) → nothing at \(resolved)")
                        continue
                    }
                }
                if let fragment, !fragment.isEmpty, let target, target.hasSuffix(".html") {
                    let id = fragment.removingPercentEncoding ?? fragment
                    if self[target]?.contains("id=\"\(id)\"") != true {
                        problems.append("\(page): \(ref) → no id '\(id)' on \(target)")
                    }
                }
            }
        }
        return problems
    }
}
