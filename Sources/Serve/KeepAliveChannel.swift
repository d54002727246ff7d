import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel, plus one thing it leaves out: a request that did
/// not ask to keep the connection (HTTP/1.0 without `Connection: keep-alive`) has
/// its connection closed after the response, as HTTP/1.0 clients expect. The
/// HTTP version is lost where requests become version-independent HTTPTypes, so a
/// small handler before that point marks such requests `Connection: close`, which
/// Hummingbird honours.
struct KeepAliveChannel: ServerChildChannel {
    let inner: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let codec = try channel.pipeline.syncOperations.handler(type: HTTP1ToHTTPServerCodec.self)
            try channel.pipeline.syncOperations.addHandler(CloseUnlessKeepAlive(), position: .before(codec))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }

    /// Adds `Connection: close` to a request head that is not keep-alive.
    final class CloseUnlessKeepAlive: ChannelInboundHandler, RemovableChannelHandler, Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive else {
                context.fireChannelRead(data)
                return
            }
            head.headers.replaceOrAdd(name: "connection", value: "close")
            context.fireChannelRead(wrapInboundOut(.head(head)))
        }
    }
}
