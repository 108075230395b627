import NIOCore
import NIOWebSocket

/// Writes what a connection's outbox handed over as one batch: every frame on the event loop in a
/// single hop, one flush (so several events share TLS records and syscalls), then waits until the
/// socket has taken them. The wait keeps the backpressure of one write at a time: while a slow
/// reader does not drain its socket, the writer waits and the outbox fills until it overflows.
enum FrameBatchWriter {
    static func write(_ frames: [ByteBuffer], to channel: any Channel) async throws {
        guard let last = frames.last else { return }
        let written = channel.eventLoop.makePromise(of: Void.self)
        channel.eventLoop.execute {
            for frame in frames.dropLast() {
                channel.write(WebSocketFrame(fin: true, opcode: .text, data: frame), promise: nil)
            }
            channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: last), promise: written)
        }
        try await written.futureResult.get()
    }
}
