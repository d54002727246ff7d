import Dispatch
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

// The dev server over real loopback HTTP: a raw HTTP/1.1 client over a socket, so
// requests carry exactly the bytes written (un-normalised paths, absolute-form
// targets) and redirects are not followed.

// MARK: - A raw HTTP/1.1 client

struct RawReply {
    var status: Int
    /// Lower-cased names.
    var headers: [String: String]
    var body: [UInt8]
    var raw: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    var rawText: String { String(decoding: raw, as: UTF8.self) }
}

struct RawHTTPError: Error, CustomStringConvertible {
    var description: String
}

enum RawHTTP {
    /// Sends `METHOD target HTTP/1.1` with `Connection: close` and reads until the server closes.
    static func request(_ target: String, method: String = "GET", headers: [String] = [],
                        host: String = "127.0.0.1", port: Int) async throws -> RawReply {
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\n"
        for header in headers { text += header + "\r\n" }
        text += "\r\n"
        let bytes = Array(text.utf8)
        // Blocking socket calls run off Swift concurrency's small pool.
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try exchange(bytes, host: host, port: port) })
            }
        }
    }

    static func connectSocket(host: String, port: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw RawHTTPError(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard fd >= 0 else { throw RawHTTPError(description: "socket() failed") }
        guard connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            close(fd)
            throw RawHTTPError(description: "cannot connect to \(host):\(port)")
        }
        return fd
    }

    static func exchange(_ request: [UInt8], host: String, port: Int) throws -> RawReply {
        let fd = try connectSocket(host: host, port: port)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw RawHTTPError(description: "write failed") }
            sent += n
        }
        var raw: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw RawHTTPError(description: "read failed or timed out (errno \(errno))") }
            if n == 0 { break }
            raw.append(contentsOf: chunk[0..<n])
        }
        return parse(raw)
    }

    static func parse(_ raw: [UInt8]) -> RawReply {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var split = raw.count
        if raw.count >= 4 {
            for i in 0...(raw.count - 4) where Array(raw[i..<(i + 4)]) == separator {
                split = i
                break
            }
        }
        let head = String(decoding: raw[0..<split], as: UTF8.self)
        let body = split + 4 <= raw.count ? Array(raw[(split + 4)...]) : []
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        let status = parts.count >= 2 ? Int(parts[1]) ?? 0 : 0
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawReply(status: status, headers: headers, body: body, raw: raw)
    }
}

// MARK: - A served output folder

/// A temp folder holding `secret.txt` and `public/` (the served folder) with one
/// file per content type, folders, a 404 page and symlinks pointing out.
struct ServeFixture {
    static let secret = "TOP-SECRET-CONTENT-4711"

    let base: URL
    var output: URL { base.appendingPathComponent("public") }

    init() throws {
        base = FileManager.default.temporaryDirectory
            .appendingPathComponent("blogbuild-serve-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: output, withIntermediateDirectories: true)
        try write("secret.txt", Self.secret, in: base)
        try fm.createDirectory(at: output.appendingPathComponent("posts/hello"), withIntermediateDirectories: true)
        try fm.createDirectory(at: output.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try fm.createDirectory(at: output.appendingPathComponent("empty-folder"), withIntermediateDirectories: true)
        try write("index.html", "<!doctype html><title>home</title><p>home page</p>")
        try write("posts/hello/index.html", "<!doctype html><title>hello</title><p>hello post</p>")
        try write("404.html", "<!doctype html><title>lost</title><p>custom not found page</p>")
        for (name, body) in Self.typedFiles { try write(name, body) }
        try fm.createSymbolicLink(atPath: output.appendingPathComponent("link-out.txt").path,
                                  withDestinationPath: base.appendingPathComponent("secret.txt").path)
        try fm.createSymbolicLink(atPath: output.appendingPathComponent("dir-out").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: output.appendingPathComponent("posts/rel-out.txt").path,
                                  withDestinationPath: "../../secret.txt")
        // A symlink that stays inside is fine.
        try fm.createSymbolicLink(atPath: output.appendingPathComponent("alias.css").path, withDestinationPath: "style.css")
    }

    static let typedFiles: [(String, String)] = [
        ("style.css", "body { color: red }"),
        ("app.js", "console.log(1)"),
        ("logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
        ("img.png", "png"), ("photo.jpg", "jpg"), ("photo2.jpeg", "jpeg"), ("pic.webp", "webp"),
        ("anim.gif", "gif"), ("favicon.ico", "ico"), ("feed.xml", "<feed/>"), ("data.json", "{}"),
        ("robots.txt", "User-agent: *"), ("font.woff2", "woff2"), ("doc.pdf", "%PDF"),
        ("blob.bin", "bin"), ("noextension", "x"), ("UPPER.CSS", "a{}"),
        ("apple-app-site-association", "{\"applinks\":{}}"),
    ]

    static let expectedTypes: [String: String] = [
        "style.css": "text/css", "app.js": "text/javascript", "logo.svg": "image/svg+xml",
        "img.png": "image/png", "photo.jpg": "image/jpeg", "photo2.jpeg": "image/jpeg", "pic.webp": "image/webp",
        "anim.gif": "image/gif", "favicon.ico": "image/x-icon", "feed.xml": "application/xml",
        "data.json": "application/json", "robots.txt": "text/plain", "font.woff2": "font/woff2",
        "doc.pdf": "application/pdf", "blob.bin": "application/octet-stream",
        "noextension": "application/octet-stream", "UPPER.CSS": "text/css", "index.html": "text/html",
        "apple-app-site-association": "application/json",
    ]

    func write(_ relative: String, _ text: String, in folder: URL? = nil) throws {
        try Data(text.utf8).write(to: (folder ?? output).appendingPathComponent(relative))
    }

    func remove() { try? FileManager.default.removeItem(at: base) }
}

/// Runs a `DevServer` on a free port for the duration of `body`, then cancels it
/// and checks that the port is free again.
func withDevServer(root: URL, host: String = "127.0.0.1", liveReload: LiveReloadHub? = nil,
                   idleTimeout: Duration = .seconds(10), maximumConnections: Int? = nil,
                   _ body: (Int) async throws -> Void) async throws {
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    var server = DevServer(root: root, host: host, port: 0, liveReload: liveReload)
    server.idleTimeout = idleTimeout
    server.maximumConnections = maximumConnections
    let task = Task {
        defer { continuation.finish() }
        try await server.run(onListening: { port in continuation.yield(port) })
    }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
        try await task.value
        throw RawHTTPError(description: "the server stopped before listening")
    }
    do {
        try await body(port)
    } catch {
        task.cancel()
        _ = await task.result
        throw error
    }
    task.cancel()
    _ = await task.result
    // Stopped means the port is free: nothing accepts connections any more. The
    // listening socket is closed by the event loop just after `run` returns, so a
    // connection made at once can still be accepted (seen once in a full run on 2
    // cores): asked again for up to 2 s, a refusal must come.
    var refused = false
    for _ in 0..<40 where !refused {
        do {
            let fd = try RawHTTP.connectSocket(host: host, port: port)
            close(fd)
            try await Task.sleep(for: .milliseconds(50))
        } catch is RawHTTPError {
            refused = true
        }
    }
    #expect(refused, "port \(port) still accepts connections 2 s after the server stopped")
}

// MARK: - Tests

@Suite("Dev server (serve)", .serialized)
struct ServeTests {
    @Test func contentTypes() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        try await withDevServer(root: fixture.output) { port in
            for (name, type) in ServeFixture.expectedTypes.sorted(by: { $0.key < $1.key }) {
                let reply = try await RawHTTP.request("/\(name)", port: port)
                #expect(reply.status == 200, "\(name)")
                let contentType = reply.headers["content-type"] ?? ""
                #expect(contentType.hasPrefix(type), "\(name): \(contentType)")
            }
            let css = try await RawHTTP.request("/style.css", port: port)
            #expect(css.text == "body { color: red }")
            #expect(css.headers["content-length"] == "19")
        }
    }

    @Test func indexAndRedirect() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        try await withDevServer(root: fixture.output) { port in
            let home = try await RawHTTP.request("/", port: port)
            #expect(home.status == 200)
            #expect(home.text.contains("home page"))
            #expect(home.headers["content-type"]?.hasPrefix("text/html") == true)

            let post = try await RawHTTP.request("/posts/hello/", port: port)
            #expect(post.status == 200)
            #expect(post.text.contains("hello post"))

            let bare = try await RawHTTP.request("/posts/hello", port: port)
            #expect([301, 302, 307, 308].contains(bare.status))
            #expect(bare.headers["location"] == "/posts/hello/")
            #expect(!bare.text.contains("hello post"))

            let withQuery = try await RawHTTP.request("/posts/hello?x=1", port: port)
            #expect(withQuery.headers["location"] == "/posts/hello/?x=1")

            // `//evil.example` must not become a protocol-relative redirect.
            let doubleSlash = try await RawHTTP.request("//posts//hello", port: port)
            #expect(doubleSlash.headers["location"] == "/posts/hello/")

            let indexFile = try await RawHTTP.request("/posts/hello/index.html", port: port)
            #expect(indexFile.status == 200)

            let noIndex = try await RawHTTP.request("/empty-folder/", port: port)
            #expect(noIndex.status == 404)

            let fileWithSlash = try await RawHTTP.request("/style.css/", port: port)
            #expect(fileWithSlash.status == 404)

            let insideLink = try await RawHTTP.request("/alias.css", port: port)
            #expect(insideLink.status == 200)
            #expect(insideLink.text == "body { color: red }")
        }
    }

    @Test func notFoundUsesTheSitePage() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        try await withDevServer(root: fixture.output) { port in
            let missing = try await RawHTTP.request("/no/such/page/", port: port)
            #expect(missing.status == 404)
            #expect(missing.text.contains("custom not found page"))
            #expect(missing.headers["content-type"]?.hasPrefix("text/html") == true)

            let head = try await RawHTTP.request("/nope", method: "HEAD", port: port)
            #expect(head.status == 404)
            #expect(head.body.isEmpty)

            try FileManager.default.removeItem(at: fixture.output.appendingPathComponent("404.html"))
            let plain = try await RawHTTP.request("/nope", port: port)
            #expect(plain.status == 404)
            #expect(plain.text == "404 Not Found\n")
            #expect(plain.headers["content-type"]?.hasPrefix("text/plain") == true)
        }
    }

    @Test func headHasTheHeadersAndNoBody() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        try await withDevServer(root: fixture.output) { port in
            let get = try await RawHTTP.request("/style.css", port: port)
            let head = try await RawHTTP.request("/style.css", method: "HEAD", port: port)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == "19")
            #expect(head.headers["content-type"] == get.headers["content-type"])
            #expect(head.headers["etag"] == get.headers["etag"])
            #expect(head.headers["last-modified"] == get.headers["last-modified"])

            let post = try await RawHTTP.request("/style.css", method: "POST", headers: ["Content-Length: 0"], port: port)
            #expect(post.status == 405)
            #expect(post.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func conditionalGet() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        try await withDevServer(root: fixture.output) { port in
            let first = try await RawHTTP.request("/style.css", port: port)
            let etag = try #require(first.headers["etag"])
            let lastModified = try #require(first.headers["last-modified"])
            #expect(lastModified.hasSuffix(" GMT"))

            let cached = try await RawHTTP.request("/style.css", headers: ["If-None-Match: \(etag)"], port: port)
            #expect(cached.status == 304)
            #expect(cached.body.isEmpty)
            #expect(cached.headers["etag"] == etag)

            let listed = try await RawHTTP.request("/style.css", headers: ["If-None-Match: \"nope\", W/\(etag)"], port: port)
            #expect(listed.status == 304)

            let other = try await RawHTTP.request("/style.css", headers: ["If-None-Match: \"other\""], port: port)
            #expect(other.status == 200)
            #expect(other.text == "body { color: red }")

            let since = try await RawHTTP.request("/style.css", headers: ["If-Modified-Since: \(lastModified)"], port: port)
            #expect(since.status == 304)

            let index = try await RawHTTP.request("/", port: port)
            let indexTag = try #require(index.headers["etag"])
            let indexCached = try await RawHTTP.request("/", headers: ["If-None-Match: \(indexTag)"], port: port)
            #expect(indexCached.status == 304)

            // A rebuild rewrites the file: the old validator no longer matches, the new bytes are served.
            try fixture.write("style.css", "body { color: blue; }")
            let changed = try await RawHTTP.request("/style.css", headers: ["If-None-Match: \(etag)"], port: port)
            #expect(changed.status == 200)
            #expect(changed.text == "body { color: blue; }")
            #expect(changed.headers["etag"] != etag)
        }
    }

    /// Every attempt to reach `secret.txt` next to the output folder fails with 400 or 404.
    @Test func pathTraversalNeverLeaks() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let attempts = [
            "/../secret.txt",
            "/%2e%2e/secret.txt",
            "/%2E%2E/%2E%2E/secret.txt",
            "/%252e%252e/secret.txt",
            "/..%2fsecret.txt",
            "/..%2Fsecret.txt",
            "/a/../../secret.txt",
            "/a/b/../../../secret.txt",
            "/a/%2e%2e/%2e%2e/secret.txt",
            "/.%2e/secret.txt",
            "//../secret.txt",
            "/style.css%00.html",
            "/secret.txt%00",
            "/..\\secret.txt",
            "/%5c..%5csecret.txt",
            "/%5C..%5Csecret.txt",
            "/%c0%ae%c0%ae/secret.txt",
            "http://127.0.0.1/../secret.txt",
            "http://127.0.0.1/%2e%2e/secret.txt",
            "secret.txt",
            "../secret.txt",
            "/link-out.txt",
            "/dir-out/secret.txt",
            "/posts/rel-out.txt",
            "/\(fixture.base.path)/secret.txt",
        ]
        try await withDevServer(root: fixture.output) { port in
            for target in attempts {
                for method in ["GET", "HEAD"] {
                    let reply = try await RawHTTP.request(target, method: method, port: port)
                    #expect([400, 404].contains(reply.status), "\(method) \(target) → \(reply.status)")
                    #expect(!reply.rawText.contains(ServeFixture.secret), "\(method) \(target) leaked the secret")
                    #expect(!reply.rawText.contains("color: red"), "\(method) \(target) served the CSS")
                }
            }
            // The server is still fine afterwards.
            let home = try await RawHTTP.request("/", port: port)
            #expect(home.status == 200)
        }
    }

    @Test func servesOnIPv6Loopback() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        #if os(Linux)
        // No IPv6 in this container or machine: nothing to test.
        guard FileManager.default.fileExists(atPath: "/proc/net/if_inet6") else { return }
        #endif
        try await withDevServer(root: fixture.output, host: "::1") { port in
            let home = try await RawHTTP.request("/", host: "::1", port: port)
            #expect(home.status == 200)
            #expect(home.text.contains("home page"))
        }
        #expect(DevServer.url(host: "::1", port: 8000) == "http://[::1]:8000/")
        #expect(DevServer.url(host: "127.0.0.1", port: 8000) == "http://127.0.0.1:8000/")
    }

    @Test func requestTargetDecoding() throws {
        #expect(try RequestTarget.parse("/a/b%20c/").get() == RequestTarget(segments: ["a", "b c"], hasTrailingSlash: true, query: nil))
        #expect(try RequestTarget.parse("/a?x=%2e%2e").get() == RequestTarget(segments: ["a"], hasTrailingSlash: false, query: "x=%2e%2e"))
        #expect(try RequestTarget.parse("/%252e%252e/x").get().segments == ["%2e%2e", "x"])
        #expect(try RequestTarget.parse("http://h:1").get().segments == [])
        #expect(RequestTarget.parse("/a/%2e%2e/b") == .failure(.notFound))
        #expect(RequestTarget.parse("/a/%2e/b") == .failure(.notFound))
        #expect(RequestTarget.parse("/a%00b") == .failure(.badRequest))
        #expect(RequestTarget.parse("/a%zz") == .failure(.badRequest))
        #expect(RequestTarget.parse("/a%2") == .failure(.badRequest))
        #expect(RequestTarget.parse("/a\\b") == .failure(.badRequest))
        #expect(RequestTarget.parse("/%ff") == .failure(.badRequest))
        #expect(RequestTarget.parse("*") == .failure(.badRequest))
        #expect(RequestTarget(segments: ["a b", "ü"], hasTrailingSlash: false, query: nil).slashRedirectLocation == "/a%20b/%C3%BC/")
    }

    @Test func httpDates() {
        #expect(HTTPDate.format(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("yesterday") == nil)
    }

    @Test func watcherSeesEdits() async throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let posts = site.appendingPathComponent("content/posts")
        try FileManager.default.createDirectory(at: posts, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: posts.appendingPathComponent("a.md"))
        let watcher = SiteWatcher(siteDirectory: site, interval: .milliseconds(20))
        let start = watcher.snapshot()
        #expect(watcher.snapshot() == start)

        try Data("ab".utf8).write(to: posts.appendingPathComponent("a.md"))
        let edited = try await watcher.nextChange(after: start)
        #expect(edited != start)

        let nested = site.appendingPathComponent("templates/partials")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: nested.appendingPathComponent("p.mustache"))
        let added = try await watcher.nextChange(after: edited)
        #expect(added.stamps.keys.contains(nested.appendingPathComponent("p.mustache").path))

        try FileManager.default.removeItem(at: posts.appendingPathComponent("a.md"))
        let removed = try await watcher.nextChange(after: added)
        #expect(!removed.stamps.keys.contains(posts.appendingPathComponent("a.md").path))

        // An output folder inside content/ is not watched.
        let inside = site.appendingPathComponent("content/public")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let excluding = SiteWatcher(siteDirectory: site, excluding: [inside], interval: .milliseconds(20))
        let before = excluding.snapshot()
        try Data("x".utf8).write(to: inside.appendingPathComponent("index.html"))
        #expect(excluding.snapshot() == before)
        #expect(!before.stamps.keys.contains(inside.path))
    }

    @Test func liveReloadScriptInServedPagesOnly() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let page = "<!doctype html><title>p</title><BODY><p>text</p></BODY></html>"
        try fixture.write("page.html", page)
        try await withDevServer(root: fixture.output, liveReload: LiveReloadHub()) { port in
            let get = try await RawHTTP.request("/page.html", port: port)
            #expect(get.status == 200)
            #expect(get.text.hasPrefix("<!doctype html><title>p</title><BODY><p>text</p><script>"))
            #expect(get.text.hasSuffix("</script></BODY></html>"))
            #expect(get.headers["content-length"] == String(get.body.count))
            #expect(try String(contentsOf: fixture.output.appendingPathComponent("page.html"), encoding: .utf8) == page)

            let head = try await RawHTTP.request("/page.html", method: "HEAD", port: port)
            #expect(head.headers["content-length"] == String(get.body.count))
            #expect(head.body.isEmpty)

            // No </body>: at the end.
            let home = try await RawHTTP.request("/", port: port)
            #expect(home.text.hasPrefix("<!doctype html><title>home</title><p>home page</p><script>"))
            #expect(home.text.hasSuffix("</script>"))

            let etag = try #require(get.headers["etag"])
            #expect(etag.hasSuffix("-lr\""))
            let cached = try await RawHTTP.request("/page.html", headers: ["If-None-Match: \(etag)"], port: port)
            #expect(cached.status == 304)

            let missing = try await RawHTTP.request("/nope", port: port)
            #expect(missing.status == 404)
            #expect(missing.text.contains("custom not found page"))
            #expect(missing.text.contains("live reload"))

            let css = try await RawHTTP.request("/style.css", port: port)
            #expect(css.text == "body { color: red }")
        }
        // Without a hub (plain serving) pages are sent as they are, and there is no endpoint.
        try await withDevServer(root: fixture.output) { port in
            let get = try await RawHTTP.request("/page.html", port: port)
            #expect(get.text == page)
            let endpoint = try await RawHTTP.request(LiveReloadScript.endpoint, port: port)
            #expect(endpoint.status == 404)
        }
    }

    @Test func liveReloadEventsAndShutdownWithAnOpenStream() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let hub = LiveReloadHub()
        try await withDevServer(root: fixture.output, liveReload: hub) { port in
            let events = try EventStreamClient(port: port)
            defer { events.close() }
            let head = try await events.read(until: ": connected")
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(head.lowercased().contains("content-type: text/event-stream"))
            _ = try await waitFor("the subscription", seconds: 5) { hub.subscriberCount == 1 ? true : nil }
            hub.send(changedPaths: ["/posts/a/index.html", "/assets/style.css"])
            let event = try await events.read(until: "\n\n", after: "data: ")
            #expect(event == "{\"changed\":[\"/posts/a/index.html\",\"/assets/style.css\"],\"warnings\":[]}\n\n")
            // The server stops below with this stream still open.
        }
        // Closing the hub (what a graceful shutdown does) ends the streams.
        let closing = LiveReloadHub()
        try await withDevServer(root: fixture.output, liveReload: closing) { port in
            let events = try EventStreamClient(port: port)
            defer { events.close() }
            _ = try await events.read(until: ": connected")
            _ = try await waitFor("the subscription", seconds: 5) { closing.subscriberCount == 1 ? true : nil }
            closing.close()
            // The chunked response ends (the keep-alive connection may stay open).
            _ = try await events.read(until: "0\r\n\r\n")
            #expect(closing.subscriberCount == 0)
        }
    }

    /// Seconds until the server closes `fd` (reads give 0), reading and dropping what
    /// comes; nil if it is still open after `limit`.
    static func secondsUntilClosed(_ fd: Int32, limit: Double) async -> (seconds: Double?, bytesRead: Int) {
        // Waited for on a thread of its own: blocking one of Swift concurrency's two
        // threads here for seconds, while a test beside it holds the other, starved the
        // server's request task, so the response (and the close after it) never came.
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: waitUntilClosed(fd, limit: limit)) }.start()
        }
    }

    private static func waitUntilClosed(_ fd: Int32, limit: Double) -> (seconds: Double?, bytesRead: Int) {
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let start = Date()
        var chunk = [UInt8](repeating: 0, count: 4096)
        var total = 0
        while Date().timeIntervalSince(start) < limit {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { total += n }
            if n == 0 { return (Date().timeIntervalSince(start), total) }
            if n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { return (Date().timeIntervalSince(start), total) }
        }
        return (nil, total)
    }

    /// Idle connections are closed (a client that opens many and sends nothing cannot
    /// use up the descriptors), a live-reload stream is not, an HTTP/1.0 request
    /// without keep-alive gets its connection closed after the response, and past
    /// the most connections it takes at once the server still answers.
    @Test func idleConnectionsAreClosedButStreamsAreNot() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let hub = LiveReloadHub()
        try await withDevServer(root: fixture.output, liveReload: hub, idleTimeout: .milliseconds(300)) { port in
            let silent = try RawHTTP.connectSocket(host: "127.0.0.1", port: port)
            defer { close(silent) }
            let events = try EventStreamClient(port: port)
            defer { events.close() }
            _ = try await events.read(until: ": connected")
            let closed = await Self.secondsUntilClosed(silent, limit: 5)
            #expect(closed.seconds != nil, "an idle connection was still open after 5 s")
            try await Task.sleep(for: .milliseconds(500))
            hub.send(changedPaths: ["/index.html"])
            let event = try await events.read(until: "\n\n", after: "data: ")
            #expect(event.contains("/index.html"), "the stream was closed as idle: \(event)")
        }
        // HTTP/1.0 without keep-alive: the connection closes after the response, long before
        // the idle timeout (a minute here, so a test run that keeps the machine busy cannot
        // blur the two).
        try await withDevServer(root: fixture.output, idleTimeout: .seconds(60)) { port in
            let fd = try RawHTTP.connectSocket(host: "127.0.0.1", port: port)
            defer { close(fd) }
            let request = Array("GET /style.css HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let closed = await Self.secondsUntilClosed(fd, limit: 15)
            #expect(closed.bytesRead > 0, "no response to an HTTP/1.0 request")
            #expect(closed.seconds != nil, "an HTTP/1.0 connection stayed open after its response (\(closed.bytesRead) bytes)")
        }
        // More idle connections than it takes at once: it still answers, once the idle ones time out.
        try await withDevServer(root: fixture.output, idleTimeout: .milliseconds(300), maximumConnections: 20) { port in
            var idle: [Int32] = []
            defer { for fd in idle { close(fd) } }
            for _ in 0..<40 { idle.append(try RawHTTP.connectSocket(host: "127.0.0.1", port: port)) }
            let start = Date()
            let reply = try await RawHTTP.request("/style.css", port: port)
            #expect(reply.status == 200)
            #expect(Date().timeIntervalSince(start) < 5)
        }
    }

    @Test func liveReloadHubRemembersTheProblemsUntilAGoodBuild() async throws {
        let hub = LiveReloadHub()
        hub.send(errors: ["content/posts/a.md:1:1: front matter: no closing '---'"])
        var late = hub.subscribe().makeAsyncIterator()
        #expect(await late.next() == "{\"errors\":[\"content/posts/a.md:1:1: front matter: no closing '---'\"]}")
        hub.send(changedPaths: ["/a/index.html"])
        #expect(await late.next() == "{\"changed\":[\"/a/index.html\"],\"warnings\":[]}")
        var fresh = hub.subscribe().makeAsyncIterator()
        hub.send(changedPaths: [])
        #expect(await fresh.next() == "{\"changed\":[],\"warnings\":[]}")  // no stale problems first
        hub.close()
        #expect(await fresh.next() == nil)
        #expect(await late.next() == "{\"changed\":[],\"warnings\":[]}")
        #expect(await late.next() == nil)
        var afterClose = hub.subscribe().makeAsyncIterator()
        #expect(await afterClose.next() == nil)
    }

    /// A good build's warnings go to open pages with the changes, and to every page
    /// opened later (without `changed`: nothing to reload) until a build has none.
    @Test func liveReloadHubSendsWarnings() async throws {
        let hub = LiveReloadHub()
        let warning = "content/posts/a.md:3:5: broken link /nope/"
        var open = hub.subscribe().makeAsyncIterator()
        hub.send(changedPaths: ["/a/index.html"], warnings: [warning])
        #expect(await open.next() == "{\"changed\":[\"/a/index.html\"],\"warnings\":[\"\(warning)\"]}")
        var later = hub.subscribe().makeAsyncIterator()
        #expect(await later.next() == "{\"warnings\":[\"\(warning)\"]}")
        hub.send(errors: ["content/posts/a.md:1:1: bad"])
        var duringErrors = hub.subscribe().makeAsyncIterator()
        #expect(await duringErrors.next() == "{\"errors\":[\"content/posts/a.md:1:1: bad\"]}")
        hub.send(changedPaths: [], warnings: [])
        var clean = hub.subscribe().makeAsyncIterator()
        hub.send(changedPaths: ["/b/index.html"])
        #expect(await clean.next() == "{\"changed\":[\"/b/index.html\"],\"warnings\":[]}")
        hub.close()
    }

    @Test func liveReloadInjectionAndPayload() {
        let inject = { (html: String) in String(decoding: LiveReloadScript.inject(into: Array(html.utf8)), as: UTF8.self) }
        let tag = LiveReloadScript.tag
        #expect(inject("<body>a</body></html>") == "<body>a" + tag + "</body></html>")
        #expect(inject("<p>x</body><p>y</Body >") == "<p>x</body><p>y" + tag + "</Body >")
        #expect(inject("no body") == "no body" + tag)
        #expect(inject("") == tag)
        #expect(LiveReloadHub.payload(changedPaths: ["/b\"c", "/a"]) == "{\"changed\":[\"/b\\\"c\",\"/a\"],\"warnings\":[]}")
        // What JSON (and a script reading it) needs escaped, beside paths that need none; é is kept as it is.
        let escaped = LiveReloadHub.payload(changedPaths: ["/a\\b", "/c\nd", "/e\u{2028}f", "/é", "/plain/"], pending: true)
        #expect(escaped == #"{"changed":["/a\\b","/c\u000ad","/e\u2028f","/é","/plain/"],"warnings":[],"pending":true}"#)
    }

    @Test(.enabled(if: liveReloadBrowserMissing == nil || ProcessInfo.processInfo.environment["CI"] == "true",
                   "live-reload browser test skipped: missing \(liveReloadBrowserMissing ?? "nothing")"),
          .timeLimit(.minutes(3)))
    func liveReloadInHeadlessChromium() async throws {
        if let missing = liveReloadBrowserMissing {
            Issue.record("CI=true but the browser test cannot run: missing \(missing)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A copy of the example site (content and theme), and one of its posts with code and footnotes.
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for part in ["content", "templates"] {
            try FileManager.default.copyItem(at: RepoPaths.root.appendingPathComponent(part), to: site.appendingPathComponent(part))
        }
        let postName = "2024-03-02-live-activity.md"
        let markdown = site.appendingPathComponent("content/posts/" + postName)
        let original = try String(contentsOf: markdown, encoding: .utf8)
        try (original + "\n\nBefore edit: a line the browser test changes.\n").write(to: markdown, atomically: false, encoding: .utf8)
        let css = site.appendingPathComponent("templates/assets/style.css")
        #expect(FileManager.default.fileExists(atPath: css.path))

        let server = try await ServeProcess(arguments: ["--site", site.path])
        defer { server.terminateIfRunning() }
        let output = server.output
        let page = try #require(findFile(in: output, containing: "Before edit: a line"))
        let url = "http://127.0.0.1:\(server.port)/" + String(page.path.dropFirst(output.path.count + 1))
            .replacingOccurrences(of: "index.html", with: "")

        let script = folder.appendingPathComponent("live_reload_check.py")
        try liveReloadBrowserScript.write(to: script, atomically: true, encoding: .utf8)
        let python = try #require(ProcessRunner.findOnPath("python3"))
        let run = try ProcessRunner.run(python, [script.path, RepoPaths.root.appendingPathComponent("Tests/browser").path,
                                                 url, markdown.path, css.path], timeout: 120)
        #expect(!run.timedOut, "\(run)")
        #expect(run.status == 0, "\(run)\nserver stderr:\n\(server.stderr.text)")
        let last = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let json = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(run)")
        #expect(json["before"] as? Bool == true, "\(json)")
        #expect(json["content"] as? String == "updated", "\(json)")
        #expect(json["url"] as? String == url, "the test navigated: \(json)")
        #expect(json["color_after"] as? String == "rgb(1, 2, 3)", "\(json)")
        #expect(json["color_before"] as? String != "rgb(1, 2, 3)", "\(json)")
        #expect(json["marker"] as? String == "same page", "a CSS-only change reloaded the page: \(json)")
        let overlay = json["overlay"] as? String ?? ""
        #expect(overlay.contains("content/posts/\(postName):1:1"), "\(json)")
        #expect(overlay.contains("front matter"), "\(json)")
        #expect(json["fixed"] as? Bool == true, "\(json)")
        #expect(json["url_after_fix"] as? String == url, "\(json)")
        #expect(json["overlay_dismissed"] as? Bool == true, "the error overlay has a working close button: \(json)")
        #expect(json["panel_before_warning"] is NSNull, "\(json)")
        let panel = json["panel"] as? String ?? ""
        #expect(panel.contains("1 warning"), "\(json)")
        #expect(panel.contains("content/posts/\(postName):") && panel.contains("/no-such-page/"), "\(json)")
        #expect(json["panel_dismissed"] as? Bool == true, "\(json)")
        #expect(json["panel_after_reload"] is NSNull, "dismissed warnings came back: \(json)")
        #expect(try await server.interrupt() == 0)
    }

    /// The real `blogbuild serve` on a copy of the example site, changed the ways a
    /// writer changes a site: after each change its output folder settles on exactly
    /// what a fresh `blogbuild build --drafts` of the same files writes.
    @Test(.timeLimit(.minutes(4))) func servedOutputEqualsAFreshBuildAfterEachChange() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-serve-equal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: RepoPaths.root.appendingPathComponent("content"), to: site.appendingPathComponent("content"))
        func url(_ path: String) -> URL { site.appendingPathComponent(path) }
        func write(_ path: String, _ text: String) throws {
            try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url(path), atomically: false, encoding: .utf8)
        }
        func edit(_ path: String, _ from: String, _ to: String) throws {
            let text = try String(contentsOf: url(path), encoding: .utf8)
            #expect(text.contains(from), "\(path) lacks \(from)")
            try write(path, text.replacingOccurrences(of: from, with: to))
        }

        let server = try await ServeProcess(arguments: ["--site", site.path])
        defer { server.terminateIfRunning() }
        let served = server.output
        var step = 0
        func expectServedEqualsAFreshBuild(_ what: String) async throws {
            step += 1
            let clean = folder.appendingPathComponent("clean-\(step)")
            let built = try BlogBuildCLI.run(["build", "--drafts", "--quiet", "--site", site.path, "--output", clean.path])
            #expect(built.status == 0, "\(built)")
            let fresh = try FolderSnapshot(clean)
            var last: [String] = []
            let settled = try? await waitFor("the served output after \(what)", seconds: 20) { () -> Bool? in
                guard let now = try? FolderSnapshot(served) else { return nil }
                last = now.differences(from: fresh, foldersToo: false).filter { !$0.hasPrefix("mtime") && !$0.hasPrefix("replaced") }
                return last.isEmpty ? true : nil
            }
            #expect(settled == true, "after \(what): served output differs from a fresh build: \(last.prefix(10))\n\(server.stderr.text)")
        }

        let post = "content/posts/2023-06-01-kettle-audit.md"
        try await expectServedEqualsAFreshBuild("the first build")
        try edit(post, "I will let you know.", "I will write it up here.")
        try await expectServedEqualsAFreshBuild("a body edit")
        try edit(post, "part 1: the audit", "part 1: the big audit")
        try await expectServedEqualsAFreshBuild("a title edit")
        try write("content/posts/2026-05-01-widgets.md", "---\ntitle: Widgets, again\ndate: 2026-05-01\ntags: [Widgets]\nseries: building-tidemark\n---\nThe widget came back.\n")
        try await expectServedEqualsAFreshBuild("a new post in a series with a new tag")
        #expect(rename(url("content/posts/2026-05-01-widgets.md").path, url("content/posts/2026-05-02-widgets-again.md").path) == 0)
        try await expectServedEqualsAFreshBuild("a renamed post")
        try FileManager.default.removeItem(at: url("content/posts/2026-05-02-widgets-again.md"))
        try await expectServedEqualsAFreshBuild("a deleted post")
        try edit("content/series/rewriting-kettle.md", "title: Rewriting Kettle", "title: Kettle, Rewritten")
        try await expectServedEqualsAFreshBuild("a series title")
        try edit("content/apps/kettle.md", "title: Kettle", "title: Kettle Timer")
        try await expectServedEqualsAFreshBuild("an app title")
        let footer = String(decoding: try #require(Theme.builtIn["partials/footer.mustache"]), as: UTF8.self)
        try write("templates/partials/footer.mustache", footer + "<!-- local footer -->\n")
        try await expectServedEqualsAFreshBuild("a template override")
        try FileManager.default.removeItem(at: url("templates/partials/footer.mustache"))
        try await expectServedEqualsAFreshBuild("the override deleted")
        try edit("content/site.yml", "title: Low Tide Software", "title: Low Tide")
        try await expectServedEqualsAFreshBuild("site.yml")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path),
                "serve wrote into the site's public/")
        #expect(try await server.interrupt() == 0)
        #expect(!FileManager.default.fileExists(atPath: served.path), "the private folder outlived serve")
    }

    /// The real `blogbuild serve`: builds with drafts into a private folder (never the
    /// site's public/), prints where it serves, one line per rebuild, sends warnings
    /// and errors to open pages, keeps the last good site on a bad save, is not
    /// disturbed by a `publish` run beside it, and stops cleanly on SIGINT, removing
    /// its folder.
    @Test func serveCommandEndToEnd() async throws {
        let site = try TestSiteFolder(files: [
            "content/site.yml": "title: T\nbase_url: https://example.org/\n",
            "content/posts/2021-01-01-hello.md": "---\ntitle: Hello\n---\nFirst version of the post.\n",
            "content/posts/2021-01-02-draft.md": "---\ntitle: Drafty\ndraft: true\n---\nA draft body.\n",
        ])
        let server = try await ServeProcess(arguments: ["--site", site.root.path])
        defer { server.terminateIfRunning() }
        #expect(server.servingLine.hasPrefix("Serving \(site.root.path) at http://127.0.0.1:"))
        #expect(server.servingLine.hasSuffix("/ (Ctrl-C to stop)"))
        let port = server.port
        let output = server.output
        #expect(!output.path.hasPrefix(site.root.path), "\(output.path)")
        #expect(!FileManager.default.fileExists(atPath: site.publicFolder.path), "serve wrote the site's public/")

        // The built post (found in serve's folder), served; the draft is included.
        let postFile = try #require(findFile(in: output, containing: "First version of the post."))
        let postPath = "/" + String(postFile.path.dropFirst(output.path.count + 1))
        let post = try await RawHTTP.request(postPath, port: port)
        #expect(post.status == 200)
        let draft = try #require(findFile(in: output, containing: "A draft body."))
        // Marked as such on its page and in the lists.
        #expect(try String(contentsOf: draft, encoding: .utf8).contains("<span class=\"badge\">Draft</span>"))
        let home = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(home.contains("<span class=\"badge\">Draft</span>"))

        #expect(post.text.contains("blogbuild serve: live reload"))
        let onDisk = try String(contentsOf: postFile, encoding: .utf8)
        #expect(!onDisk.contains("live reload"))

        // publish beside serve writes public/ with absolute URLs and no draft; serve's
        // pages keep their root-relative links and its next rebuild stays out of public/.
        let published = try BlogBuildCLI.run(["publish", "--quiet", "--site", site.root.path])
        #expect(published.status == 0, "\(published)")
        #expect(findFile(in: site.publicFolder, containing: "A draft body.") == nil)
        let publishedFiles = try FolderSnapshot(site.publicFolder)

        // A save rebuilds, and an open page hears which paths changed and the warnings.
        let events = try EventStreamClient(port: port)
        defer { events.close() }
        _ = try await events.read(until: ": connected")
        try site.save("content/posts/2021-01-01-hello.md",
                      "---\ntitle: Hello\n---\nSecond version of the post, linking [nowhere](/no-such-page/).\n")
        // First the announcement (the page is served as it is now, before it is written),
        // then, once everything is made and written, the event with the link check's warnings.
        // On a busy machine the watcher may hear the save in two parts (the temporary file, then
        // its rename): a first rebuild that sees no new text announces nothing; at most a few such.
        var announced = try await events.read(until: "\n\n", after: "data: ")
        for _ in 0..<3 where !announced.contains("\"\(postPath)\"") {
            announced = try await events.read(until: "\n\n", after: "data: ")
        }
        #expect(announced.contains("\"\(postPath)\""), "\(announced)")
        #expect(announced.contains(",\"pending\":true}"), "\(announced)")
        let event = try await events.read(until: "\n\n", after: "data: ")
        #expect(!event.contains("pending"), "\(event)")
        #expect(event.contains("\"warnings\":[\"content/posts/2021-01-01-hello.md:4:"), "\(event)")
        #expect(event.contains("/no-such-page/"), "\(event)")
        _ = try await waitFor("the rebuilt post", seconds: 20) {
            (try? RawHTTP.exchangeBlocking(postPath, port: port))?.text.contains("Second version") == true ? true : nil
        }
        let served = try await RawHTTP.request(postPath, port: port)
        #expect(served.text.contains("href=\"/assets/style.css\""), "serve shows publish's absolute URLs")
        #expect(try FolderSnapshot(site.publicFolder).changes(from: publishedFiles) == [], "serve touched public/")
        // One line per rebuild: the time, what changed, what was written, how long, the warnings.
        let line = try await waitFor("the rebuild line", seconds: 10) {
            server.stdout.text.split(separator: "\n").first { $0.contains("content/posts/2021-01-01-hello.md changed") }
        }
        #expect(line.wholeMatch(of: /\d\d:\d\d:\d\d content\/posts\/2021-01-01-hello\.md changed: \d+ pages? written( \(\d+ files\))? in \d+ ms, 1 warning/) != nil,
                "\(line)")

        // A bad save prints the diagnostics and keeps the last good site.
        try site.write("content/posts/2021-01-01-hello.md", "---\ntitle: Hello\n\nNo closing line.\n")
        _ = try await waitFor("the diagnostics", seconds: 20) {
            server.stderr.text.contains("2021-01-01-hello.md:1:1") ? true : nil
        }
        let problem = try await events.read(until: "\n\n", after: "data: ")
        #expect(problem.hasPrefix("{\"errors\":[\"content/posts/2021-01-01-hello.md:1:1: "), "\(problem)")
        let stale = try await RawHTTP.request(postPath, port: port)
        #expect(stale.status == 200)
        #expect(stale.text.contains("Second version"))

        // Ctrl-C, with the event stream still open: exits 0 at once, frees the port and
        // removes the private folder.
        #expect(try await server.interrupt() == 0)
        #expect(throws: RawHTTPError.self) { _ = try RawHTTP.connectSocket(host: "127.0.0.1", port: port) }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(findFile(in: site.publicFolder, containing: "A draft body.") == nil, "a draft reached public/")
    }

    /// `--output DIR` writes where asked (and keeps it after serve stops).
    @Test func serveWritesToOutputWhenAsked() async throws {
        let site = try TestSiteFolder(files: ["content/posts/2021-01-01-hello.md": "---\ntitle: Hello\n---\nKept output.\n"])
        let kept = site.root.appendingPathComponent("kept")
        let server = try await ServeProcess(arguments: ["--site", site.root.path, "--output", kept.path])
        defer { server.terminateIfRunning() }
        #expect(findFile(in: kept, containing: "Kept output.") != nil)
        #expect(!server.stdout.text.contains("Rendering into"))
        #expect(try await server.interrupt() == 0)
        #expect(findFile(in: kept, containing: "Kept output.") != nil)
    }

    /// A port in use is told before anything is built, with a free one to try; exit 1.
    @Test func portInUseIsToldUpFront() async throws {
        let site = try TestSiteFolder(files: ["content/posts/2021-01-01-hello.md": "---\ntitle: Hello\n---\nBody.\n"])
        // Hold a port: listen on it.
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(bound == 0)
        #expect(listen(fd, 1) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let run = try BlogBuildCLI.run(["serve", "--site", site.root.path, "--port", String(port)])
        #expect(run.status == 1, "\(run)")
        let message = try #require(run.stderr.split(separator: "\n").first.map(String.init), "\(run)")
        #expect(message.wholeMatch(of: /error: port (\d+) is in use; try --port (\d+)/)?.output.1 == Substring(String(port)), "\(run)")
        if let suggested = message.wholeMatch(of: /error: port \d+ is in use; try --port (\d+)/).flatMap({ Int($0.output.1) }) {
            #expect(suggested > port)
            #expect(PortProbe.check(host: "127.0.0.1", port: suggested) == .free)
        }
        #expect(!run.stdout.contains("Built"), "it built before telling: \(run)")
        #expect(!run.stderr.contains("bind("), "\(run)")
    }

    /// A `base_url` with a path (GitHub project pages): the site is served under that
    /// path, where its links point, and `/` redirects there.
    @Test func servesUnderTheBaseURLPath() async throws {
        let site = try TestSiteFolder(files: [
            "content/site.yml": "title: T\nbase_url: https://user.github.io/blog/\n",
            "content/posts/2021-01-01-hello.md": "---\ntitle: Hello\n---\nUnder a path.\n",
        ])
        let server = try await ServeProcess(arguments: ["--site", site.root.path])
        defer { server.terminateIfRunning() }
        #expect(server.servingLine.hasSuffix(":\(server.port)/blog/ (Ctrl-C to stop)"), "\(server.servingLine)")
        let root = try await RawHTTP.request("/", port: server.port)
        #expect(root.status == 302)
        #expect(root.headers["location"] == "/blog/")
        let home = try await RawHTTP.request("/blog/", port: server.port)
        #expect(home.status == 200)
        #expect(home.text.contains("href=\"/blog/assets/style.css\""))
        let css = try await RawHTTP.request("/blog/assets/style.css", port: server.port)
        #expect(css.status == 200)
        #expect(css.headers["content-type"]?.hasPrefix("text/css") == true)
        let noSlash = try await RawHTTP.request("/blog", port: server.port)
        #expect(noSlash.status == 301)
        #expect(noSlash.headers["location"] == "/blog/")
        let outside = try await RawHTTP.request("/assets/style.css", port: server.port)
        #expect(outside.status == 404)
        // Live reload names the paths as the browser sees them.
        let postFile = try #require(findFile(in: server.output, containing: "Under a path."))
        let postPath = "/blog/" + String(postFile.path.dropFirst(server.output.path.count + 1))
        let events = try EventStreamClient(port: server.port)
        defer { events.close() }
        _ = try await events.read(until: ": connected")
        try site.write("content/posts/2021-01-01-hello.md", "---\ntitle: Hello\n---\nStill under a path.\n")
        let event = try await events.read(until: "\n\n", after: "data: ")
        #expect(event.contains("\"\(postPath)\""), "\(event)")
        #expect(try await server.interrupt() == 0)
    }
}

/// What the live-reload browser test needs: python3 with selenium, chromium and
/// chromedriver (`make setup` installs them); nil when all are there.
let liveReloadBrowserMissing: String? = {
    guard let python = ProcessRunner.findOnPath("python3") else { return "python3" }
    var missing: [String] = []
    if (try? ProcessRunner.run(python, ["-c", "import selenium"], timeout: 30))?.status != 0 { missing.append("selenium") }
    if ["chromium", "chromium-browser", "google-chrome"].allSatisfy({ ProcessRunner.findOnPath($0) == nil }) {
        missing.append("chromium")
    }
    if ProcessRunner.findOnPath("chromedriver") == nil { missing.append("chromedriver") }
    return missing.isEmpty ? nil : missing.joined(separator: ", ")
}()

/// Drives headless Chromium (Tests/browser/browser.py's helper) on a page served by
/// `blogbuild serve`: edits the post's Markdown and waits for the new text without
/// navigating; appends a CSS rule and waits for the computed colour, checking that
/// the page did not reload. Prints one JSON line.
let liveReloadBrowserScript = #"""
import json, sys
browser_dir, url, markdown, css = sys.argv[1:5]
sys.path.insert(0, browser_dir)
from browser import chromium, MissingTool
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.support.ui import WebDriverWait

def body_text(d):
    return d.execute_script("return document.body ? document.body.innerText : ''")

def color(d):
    return d.execute_script("return getComputedStyle(document.body).color")

result = {}
try:
    with chromium() as d:
        d.get(url)
        result["before"] = "Before edit" in body_text(d)
        with open(markdown) as f:
            text = f.read()
        with open(markdown, "w") as f:
            f.write(text.replace("Before edit", "After edit"))
        wait = WebDriverWait(d, 20, 0.1, ignored_exceptions=(WebDriverException,))
        wait.until(lambda d: "After edit" in body_text(d))
        result["content"] = "updated"
        result["url"] = d.current_url
        d.execute_script("window.__liveReloadMarker = 'same page'")
        result["color_before"] = color(d)
        with open(css, "a") as f:
            f.write("\nbody { color: rgb(1, 2, 3) !important; }\n")
        wait.until(lambda d: color(d) == "rgb(1, 2, 3)")
        result["color_after"] = color(d)
        result["marker"] = d.execute_script("return window.__liveReloadMarker || null")
        overlay = "var o = document.getElementById('blogbuild-error-overlay'); return o ? o.textContent : null"
        with open(markdown, "w") as f:
            f.write("---\ntitle: Broken\n\nNo closing line.\n")
        wait.until(lambda d: d.execute_script(overlay))
        result["overlay"] = d.execute_script(overlay)
        d.execute_script("document.querySelector('#blogbuild-error-overlay button').click()")
        result["overlay_dismissed"] = d.execute_script(overlay) is None
        with open(markdown, "w") as f:
            f.write(text.replace("Before edit", "Fixed again"))
        wait.until(lambda d: "Fixed again" in body_text(d) and d.execute_script(overlay) is None)
        result["fixed"] = True
        result["url_after_fix"] = d.current_url
        panel = "var p = document.getElementById('blogbuild-warnings'); return p ? p.textContent : null"
        result["panel_before_warning"] = d.execute_script(panel)
        with open(markdown, "w") as f:
            f.write(text.replace("Before edit", "Warned [here](/no-such-page/)"))
        wait.until(lambda d: "Warned" in body_text(d) and d.execute_script(panel))
        result["panel"] = d.execute_script(panel)
        d.execute_script("document.querySelector('#blogbuild-warnings button').click()")
        result["panel_dismissed"] = d.execute_script(panel) is None
        d.refresh()
        wait.until(lambda d: "Warned" in body_text(d))
        d.execute_script("return new Promise(function(r){setTimeout(r, 1000)})")
        result["panel_after_reload"] = d.execute_script(panel)
except MissingTool as error:
    print(error)
    sys.exit(3)
print(json.dumps(result))
"""#

/// A `blogbuild serve` child process on a free port.
struct ServeProcess {
    let process = Process()
    let stdout = OutputCollector(), stderr = OutputCollector()
    var port = 0
    var servingLine = ""
    /// Where serve renders: `--output` when given, else the private folder it names.
    var output = URL(fileURLWithPath: "/nonexistent")

    init(arguments: [String]) async throws {
        let executable = try #require(RepoPaths.executable, "the blogbuild executable was not built")
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0"] + arguments
        process.environment = RepoPaths.childEnvironment()
        process.standardOutput = stdout.pipe
        process.standardError = stderr.pipe
        try process.run()
        let stdout = self.stdout
        servingLine = try await waitFor("the Serving line", seconds: 60) {
            stdout.text.split(separator: "\n").first { $0.hasPrefix("Serving ") }.map(String.init)
        }
        port = try #require(servingLine.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })
        if let flag = arguments.firstIndex(of: "--output"), flag + 1 < arguments.count {
            output = URL(fileURLWithPath: arguments[flag + 1])
        } else {
            output = try await waitFor("the Rendering line", seconds: 10) {
                stdout.text.split(separator: "\n").first { $0.hasPrefix("Rendering into ") }
                    .map { URL(fileURLWithPath: String($0.dropFirst("Rendering into ".count).prefix { $0 != "," })) }
            }
        }
    }

    /// SIGINT, then waits (at most `seconds`) for the exit; the exit status.
    func interrupt(seconds: Double = 10) async throws -> Int32 {
        kill(process.processIdentifier, SIGINT)
        let process = self.process
        _ = try await waitFor("the server to exit", seconds: seconds) { process.isRunning ? nil : true }
        return process.terminationStatus
    }

    func terminateIfRunning() { if process.isRunning { process.terminate() } }
}

/// Collects everything a child process writes to one pipe.
final class OutputCollector: @unchecked Sendable {
    let pipe = Pipe()
    private let lock = NSLock()
    private var data = Data()  // guarded by lock

    init() {
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            if chunk.isEmpty {
                handle.readabilityHandler = nil
            } else if let self {
                self.lock.withLock { self.data.append(chunk) }
            }
        }
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

/// Polls `check` every 50 ms until it returns a value; fails after `seconds`.
func waitFor<T>(_ what: String, seconds: Double, _ check: () throws -> T?) async throws -> T {
    // Gives up after `seconds` of wall time AND as many 50 ms polls: with two
    // cores, tests that render whole sites can hold both of the threads this task
    // resumes on for a long while, and time it could not look in is not time the
    // process took.
    let deadline = Date().addingTimeInterval(seconds)
    var polls = 0
    while Date() < deadline || Double(polls) * 0.05 < seconds {
        if let value = try check() { return value }
        polls += 1
        try await Task.sleep(for: .milliseconds(50))
    }
    throw RawHTTPError(description: "timed out waiting for \(what)")
}

/// The first `.html` file under `folder` whose text contains `needle`.
func findFile(in folder: URL, containing needle: String) -> URL? {
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return nil }
    while let relative = walker.nextObject() as? String {
        guard relative.hasSuffix(".html") else { continue }
        let url = folder.appendingPathComponent(relative)
        if let text = try? String(contentsOf: url, encoding: .utf8), text.contains(needle) { return url }
    }
    return nil
}

extension RawHTTP {
    /// A blocking GET, for polling loops.
    static func exchangeBlocking(_ target: String, host: String = "127.0.0.1", port: Int) throws -> RawReply {
        let text = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n"
        return try exchange(Array(text.utf8), host: host, port: port)
    }
}

/// A client that keeps one SSE connection open and reads it incrementally.
final class EventStreamClient: @unchecked Sendable {
    private let fd: Int32
    private var buffer = ""  // only touched by one read at a time

    init(port: Int, host: String = "127.0.0.1") throws {
        fd = try RawHTTP.connectSocket(host: host, port: port)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET \(LiveReloadScript.endpoint) HTTP/1.1\r\nHost: \(host):\(port)\r\nAccept: text/event-stream\r\n\r\n"
        let bytes = Array(request.utf8)
        let sent = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard sent == bytes.count else { throw RawHTTPError(description: "write failed") }
    }

    /// Everything up to and including `needle` (searched after `marker` when given;
    /// then only the text after the marker is returned).
    func read(until needle: String, after marker: String? = nil) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try self.readBlocking(until: needle, after: marker) })
            }
        }
    }

    private func readBlocking(until needle: String, after marker: String?) throws -> String {
        while true {
            var searchFrom = buffer.startIndex
            var start = buffer.startIndex
            if let marker {
                if let found = buffer.range(of: marker) {
                    searchFrom = found.upperBound
                    start = found.upperBound
                } else {
                    guard try fill() else { throw RawHTTPError(description: "stream ended before \(marker)") }
                    continue
                }
            }
            if let end = buffer.range(of: needle, range: searchFrom..<buffer.endIndex) {
                let text = String(buffer[start..<end.upperBound])
                buffer = String(buffer[end.upperBound...])
                return text
            }
            guard try fill() else { throw RawHTTPError(description: "stream ended before \(needle)") }
        }
    }

    /// One read into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
        if n < 0 { throw RawHTTPError(description: "read failed or timed out (errno \(errno))") }
        if n == 0 { return false }
        buffer += String(decoding: chunk[0..<n], as: UTF8.self)
        return true
    }

    func close() { posixClose(fd) }
}

/// The C functions, for types that have methods of the same name.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func posixClose(_ fd: Int32) { close(fd) }
