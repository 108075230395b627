import HummingbirdCore
import Logging
import Metrics
import NIOCore

/// Bounds how long a new connection may take to open: the TLS handshake and its first request head
/// (a WebSocket upgrade or an HTTP request) must be complete within `limit`, or the connection is
/// closed. Without it a peer that sends its headers a byte at a time (slowloris), or never finishes
/// the handshake, holds a socket for ever: the HTTP idle timeout only starts after the first request.
struct OpeningDeadline<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value
    let base: Base
    let limit: Duration
    let timeouts: Counter

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        // Inside TLS: the handler sits after the TLS handler and sees the decrypted bytes.
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(OpeningDeadlineHandler(limit: TimeAmount(limit), timeouts: timeouts, logger: logger))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// Closes the channel unless the end of a request head ("\r\n\r\n") arrives in time; once it has,
/// the handler leaves the pipeline.
final class OpeningDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limit: TimeAmount
    private let timeouts: Counter
    private let logger: Logger
    private var deadline: Scheduled<Void>?
    /// The last bytes of the previous reads, so that a head end split across reads is still found.
    private var carry: [UInt8] = []
    private static let headEnd: [UInt8] = Array("\r\n\r\n".utf8)

    init(limit: TimeAmount, timeouts: Counter, logger: Logger) {
        self.limit = limit
        self.timeouts = timeouts
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let window = carry + unwrapInboundIn(data).readableBytesView
        carry = Array(window.suffix(Self.headEnd.count - 1))
        context.fireChannelRead(data)
        if window.count >= Self.headEnd.count,
            (0...(window.count - Self.headEnd.count)).contains(where: { window[$0..<($0 + Self.headEnd.count)].elementsEqual(Self.headEnd) })
        {
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let channel = context.channel
        let logger = logger
        let limit = limit
        let timeouts = timeouts
        deadline = context.eventLoop.scheduleTask(in: limit) {
            logger.notice(
                "closing a connection that did not open in time",
                metadata: [
                    "peer": "\(channel.remoteAddress?.description ?? "?")", "limit": "\(limit)",
                ])
            timeouts.increment()
            channel.close(promise: nil)
        }
    }
}
