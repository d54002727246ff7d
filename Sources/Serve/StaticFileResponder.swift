import Foundation
import Hummingbird
import ServiceLifecycle
import Support
import Output

/// Serves the output folder: GET and HEAD, `index.html` (else `index.xml`, a feed) for folders, a redirect
/// from `/x` to `/x/`, the site's `404.html` with status 404, `ETag` and
/// `Last-Modified` validators. Never serves anything outside the folder.
///
/// With a base path (`base_url: https://user.github.io/blog/`) the folder is served
/// under `/blog/`, where the pages' links point, and `/` redirects there.
struct StaticFileResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let resolver: OutputFolderResolver
    let log: (@Sendable (String) -> Void)?
    /// With a hub, served HTML pages get the live-reload script and the SSE endpoint exists.
    let liveReload: LiveReloadHub?
    /// The decoded segments of the path the site is served under (`["blog"]`); empty for `/`.
    let baseSegments: [String]
    /// Pages of an edit that are not written yet, by output path (`DevServer.unwrittenPages`).
    let unwritten: (@Sendable (String) -> UnwrittenPage)?

    init(root: URL, log: (@Sendable (String) -> Void)?, liveReload: LiveReloadHub? = nil, basePath: String = "/",
         unwritten: (@Sendable (String) -> UnwrittenPage)? = nil) {
        self.resolver = OutputFolderResolver(root: root.path)
        self.log = log
        self.liveReload = liveReload
        self.baseSegments = (try? RequestTarget.parse(basePath).get())?.segments ?? []
        self.unwritten = unwritten
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let response = respond(to: request)
        if let log {
            log("\(request.method) \(request.head.path ?? "") \(response.status.code)")
        }
        return response
    }

    func respond(to request: Request) -> Response {
        let isHead = request.method == .head
        guard request.method == .get || isHead else {
            var response = plain(.methodNotAllowed, "405 Method Not Allowed\n", head: false)
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        let rawPath = request.head.path ?? "/"
        if let hub = liveReload, rawPath.split(separator: "?", maxSplits: 1).first == Substring(LiveReloadScript.endpoint) {
            return eventStream(hub, head: isHead)
        }
        let target: RequestTarget
        switch RequestTarget.parse(rawPath) {
        case .success(let parsed): target = parsed
        case .failure(.badRequest): return plain(.badRequest, "400 Bad Request\n", head: isHead)
        case .failure(.notFound): return notFound(head: isHead)
        }
        var segments = target.segments
        if !baseSegments.isEmpty {
            if segments.starts(with: baseSegments) {
                segments.removeFirst(baseSegments.count)
            } else if segments.isEmpty {
                // Not permanent: the next serve may have another base_url.
                var response = Response(status: .found)
                response.headers[.location] = RequestTarget(segments: baseSegments, hasTrailingSlash: true, query: nil)
                    .slashRedirectLocation
                return response
            } else {
                return notFound(head: isHead)
            }
        }
        if let unwritten, !segments.contains(where: { $0.contains("/") || $0.contains("\0") }) {
            // A page the last save changed is answered as it is now, before its file is written.
            let path = segments.joined(separator: "/")
            let page = target.hasTrailingSlash || segments.isEmpty ? (path.isEmpty ? "" : path + "/") + "index.html" : path
            switch unwritten(page) {
            case .gone: return notFound(head: isHead)
            case .page(let bytes): return serve(bytes: bytes, name: page, request: request, head: isHead)
            case .onDisk:
                if !target.hasTrailingSlash, !segments.isEmpty, case .page = unwritten(path + "/index.html") {
                    var response = Response(status: .movedPermanently)
                    response.headers[.location] = target.slashRedirectLocation
                    return response
                }
            }
        }
        guard let found = resolver.resolve(segments) else { return notFound(head: isHead) }
        switch found.kind {
        case .folder:
            if !target.hasTrailingSlash {
                var response = Response(status: .movedPermanently)
                response.headers[.location] = target.slashRedirectLocation
                return response
            }
            // A folder's page, else its feed, as GitHub Pages serves them (`FeedAddress`).
            for name in ["index.html", FeedAddress.folderFile] {
                if let index = resolver.resolve(segments + [name]), index.kind == .file {
                    return serve(path: index.path, name: name, request: request, head: isHead)
                }
            }
            return notFound(head: isHead)
        case .file:
            // `/style.css/` is not the file: relative links under it would break.
            if target.hasTrailingSlash { return notFound(head: isHead) }
            return serve(path: found.path, name: target.segments.last ?? "", request: request, head: isHead)
        }
    }

    private func serve(path: String, name: String, request: Request, head: Bool) -> Response {
        let inject = liveReload != nil && ContentType.forFileName(name).hasPrefix("text/html")
        // An injected page's length is known only after reading it, HEAD included.
        guard let file = ServedFile.load(path: path, readBody: !head || inject) else { return notFound(head: head) }
        return serve(file, name: name, request: request, head: head)
    }

    /// A page rendered for this request, not read from the output folder.
    private func serve(bytes: [UInt8], name: String, request: Request, head: Bool) -> Response {
        serve(ServedFile(rendered: bytes), name: name, request: request, head: head)
    }

    private func serve(_ file: ServedFile, name: String, request: Request, head: Bool) -> Response {
        var file = file
        let contentType = ContentType.forFileName(name)
        if liveReload != nil && contentType.hasPrefix("text/html") { file.injectLiveReload() }
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.eTag] = file.etag
        headers[.lastModified] = file.lastModified
        headers[.cacheControl] = "no-cache"
        if isNotModified(request, file: file) {
            var response = Response(status: .notModified, headers: headers)
            response.headers[.contentLength] = nil  // a 304 has no body
            return response
        }
        headers[.contentLength] = String(file.bodyLength)
        if head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// `If-None-Match` (weak comparison, `*`), else `If-Modified-Since`.
    private func isNotModified(_ request: Request, file: ServedFile) -> Bool {
        let matches = request.headers[values: .ifNoneMatch]
        if !matches.isEmpty {
            let ours = Self.opaqueTag(file.etag)
            for value in matches {
                for tag in value.split(separator: ",") {
                    let trimmed = tag.trimmingCharacters(in: .whitespaces)
                    if trimmed == "*" || Self.opaqueTag(trimmed) == ours { return true }
                }
            }
            return false
        }
        if let since = request.headers[.ifModifiedSince], let seconds = HTTPDate.parse(since) {
            return file.modifiedSeconds <= seconds
        }
        return false
    }

    private static func opaqueTag(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }

    /// The site's `404.html` with status 404, or a plain-text 404.
    private func notFound(head: Bool) -> Response {
        if let page = resolver.resolve(["404.html"]), page.kind == .file,
           var file = ServedFile.load(path: page.path, readBody: !head || liveReload != nil) {
            if liveReload != nil { file.injectLiveReload() }
            var headers = HTTPFields()
            headers[.contentType] = ContentType.forFileName("404.html")
            headers[.cacheControl] = "no-cache"
            headers[.contentLength] = String(file.bodyLength)
            if head { return Response(status: .notFound, headers: headers) }
            return Response(status: .notFound, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
        }
        return plain(.notFound, "404 Not Found\n", head: head)
    }

    /// The Server-Sent Events stream: one `data:` line of JSON per rebuild; ends when
    /// the hub closes, a graceful shutdown starts, or the task is cancelled.
    private func eventStream(_ hub: LiveReloadHub, head: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        if head { return Response(status: .ok, headers: headers) }
        let events = hub.subscribe()
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
            // An open stream would hold a graceful shutdown until the connection timed
            // out: when one starts, the hub ends every stream.
            try await withGracefulShutdownHandler {
                for await payload in events {
                    try await writer.write(ByteBuffer(string: "data: \(payload)\n\n"))
                }
            } onGracefulShutdown: {
                hub.close()
            }
            try await writer.finish(nil)
        })
    }

    private func plain(_ status: HTTPResponse.Status, _ text: String, head: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.contentLength] = String(text.utf8.count)
        if head { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
