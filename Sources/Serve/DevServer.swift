import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Output

/// The dev server: serves an output folder over HTTP/1.1 on Hummingbird.
///
/// The engine never prints: request lines go to `log` when one is given.
public struct DevServer: Sendable {
    public var root: URL
    public var host: String
    public var port: Int
    public var log: (@Sendable (String) -> Void)?
    /// With a hub: live reload (the script in served pages, the SSE endpoint).
    public var liveReload: LiveReloadHub?
    /// The path the site is served under: `base_url`'s path (`/blog/`), `/` for most sites.
    public var basePath: String
    /// How long a connection may sit between requests before it is closed, so idle
    /// connections (a stuck client, a port scanner, a tab in the background) cannot
    /// use up the process's descriptors. A live-reload stream is a response in
    /// progress, never idle.
    public var idleTimeout: Duration = .seconds(10)
    /// Pages of an announced edit that are not written yet (`IncrementalBuilder.page(atOutputPath:)`):
    /// asked before the output folder for every path.
    public var unwrittenPages: (@Sendable (String) -> UnwrittenPage)?
    /// Connections accepted at once; nil: as many as the descriptor limit allows
    /// (raised to its maximum), less a reserve for the files being served.
    public var maximumConnections: Int?

    public init(root: URL, host: String = "127.0.0.1", port: Int = 8000,
                log: (@Sendable (String) -> Void)? = nil, liveReload: LiveReloadHub? = nil, basePath: String = "/") {
        self.root = root
        self.basePath = basePath
        self.host = host
        self.port = port
        self.log = log
        self.liveReload = liveReload
    }

    /// `http://127.0.0.1:8000/`, `http://[::1]:8000/`; with a base path `http://127.0.0.1:8000/blog/`.
    public static func url(host: String, port: Int, basePath: String = "/") -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)" + (basePath.hasPrefix("/") ? basePath : "/" + basePath)
    }

    /// What to put before an output path (`/posts/x/index.html`) to get the path it is
    /// served at, decoded as the live-reload script compares them: `/blog`, or `""`.
    public static func servedPrefix(basePath: String) -> String {
        let segments = (try? RequestTarget.parse(basePath).get())?.segments ?? []
        return segments.map { "/" + $0 }.joined()
    }

    /// Serves until the surrounding task is cancelled or, with `handleSignals`,
    /// until SIGINT or SIGTERM (a graceful shutdown: open requests finish, the port
    /// is freed). `onListening` gets the bound port (useful with port 0).
    public func run(handleSignals: Bool = false,
                    onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var logger = Logger(label: "blogbuild.serve")
        logger.logLevel = .critical
        let fallbackPort = port
        let app = Application(
            responder: StaticFileResponder(root: root, log: log, liveReload: liveReload, basePath: basePath,
                                           unwritten: unwrittenPages),
            server: HTTPServerBuilder { responder in
                KeepAliveChannel(inner: HTTP1Channel(responder: responder,
                                                     configuration: .init(idleTimeout: TimeAmount(idleTimeout))))
            },
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port),
                availableConnectionsDelegate: MaximumAvailableConnections(
                    maximumConnections ?? DescriptorLimit.connections(forLimit: DescriptorLimit.raise()))),
            onServerRunning: { channel in
                await onListening(channel.localAddress?.port ?? fallbackPort)
            },
            logger: logger
        )
        if handleSignals {
            try await app.runService()
        } else {
            try await app.run()
        }
    }
}

