import NIOCore
import NIOWebSocket

/// Writes what a connection's outbox handed over as one batch. The frames are encoded here, one
/// after the other, into a single buffer (a server's frames are not masked: a header, then the
/// bytes) that enters the pipeline below the WebSocket frame encoder, so the whole batch costs one
/// TLS write and one flush instead of one each per frame (and no hop when the writer already runs
/// on the channel's event loop, see `EventLoopTaskExecutor`). The writer then waits
/// until the socket has taken the batch: while a slow reader does not drain its socket, the writer
/// waits and the outbox fills until it overflows.
enum FrameBatchWriter {
    static func write(_ frames: [ByteBuffer], to channel: any Channel) async throws {
        guard !frames.isEmpty else { return }
        let written = channel.eventLoop.makePromise(of: Void.self)
        if channel.eventLoop.inEventLoop {
            send(frames, to: channel, promise: written)
        } else {
            channel.eventLoop.execute { send(frames, to: channel, promise: written) }
        }
        try await written.futureResult.get()
    }

    private static func send(_ frames: [ByteBuffer], to channel: any Channel, promise: EventLoopPromise<Void>) {
        do {
            let encoder = try channel.pipeline.syncOperations.context(handlerType: WebSocketFrameEncoder.self)
            var batch = channel.allocator.buffer(capacity: frames.reduce(0) { $0 + $1.readableBytes + 10 })
            for frame in frames { appendTextFrame(frame, to: &batch) }
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
