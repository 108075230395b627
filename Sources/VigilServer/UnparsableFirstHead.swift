import NIOCore
import NIOHTTP1

/// Answers 400 and closes the connection when its first request head does not parse (a raw
/// control character in the path, say). Hummingbird answers a malformed request once the
/// connection is HTTP, but the first head is parsed before that is decided, and a failure there
/// reached no one: the connection stayed open, past the opening deadline (which had seen the head
/// end) and with no idle timeout yet. Sits right after the request decoder and leaves the
/// pipeline at the first head that parses.
final class UnparsableFirstHead: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let isHead = if case .head = unwrapInboundIn(data) { true } else { false }
        context.fireChannelRead(data)
        if isHead { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        let head = HTTPResponseHead(version: .http1_1, status: .badRequest, headers: ["Connection": "close", "Content-Length": "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
