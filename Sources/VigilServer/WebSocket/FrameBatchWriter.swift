import NIOCore
import NIOWebSocket

/// Writes what a connection's outbox handed over as one batch. The frames are encoded here, one
/// after the other, into a single buffer (a server's frames are not masked: a header, then the
/// bytes) that enters the pipeline below the WebSocket frame encoder, so the whole batch costs one
/// TLS write and one flush instead of one each per frame (and no hop when the writer already runs
/// on the channel's event loop, see `EventLoopTaskExecutor`). The writer then waits
/// until the socket has taken the batch: while a slow reader does not drain its socket, the writer
/// waits and the outbox fills until it overflows.
/// One per connection.
final class FrameBatchWriter: Sendable {
    private let channel: any Channel
    /// The frame encoder's place in the pipeline, looked up on the first batch.
    private let encoder: NIOLoopBoundBox<ChannelHandlerContext?>

    init(channel: any Channel) {
        self.channel = channel
        encoder = .makeEmptyBox(valueType: ChannelHandlerContext.self, eventLoop: channel.eventLoop)
    }

    func write(_ frames: [ByteBuffer]) async throws {
        guard !frames.isEmpty else { return }
        let written = channel.eventLoop.makePromise(of: Void.self)
        if channel.eventLoop.inEventLoop {
            send(frames, promise: written)
        } else {
            channel.eventLoop.execute { self.send(frames, promise: written) }
        }
        try await written.futureResult.get()
    }

    private func send(_ frames: [ByteBuffer], promise: EventLoopPromise<Void>) {
        do {
            let encoder = try self.encoder.value ?? channel.pipeline.syncOperations.context(handlerType: WebSocketFrameEncoder.self)
            self.encoder.value = encoder
            var batch = channel.allocator.buffer(capacity: frames.reduce(0) { $0 + $1.readableBytes + 10 })
            for frame in frames { Self.appendTextFrame(frame, to: &batch) }
            encoder.writeAndFlush(NIOAny(batch), promise: promise)
        } catch {
            promise.fail(error)
        }
    }

    /// A final, unmasked text frame (RFC 6455 §5.2).
    static func appendTextFrame(_ payload: ByteBuffer, to buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(0x81))
        let length = payload.readableBytes
        switch length {
        case ..<126:
            buffer.writeInteger(UInt8(length))
        case ..<65536:
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        default:
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
        buffer.writeImmutableBuffer(payload)
    }
}
