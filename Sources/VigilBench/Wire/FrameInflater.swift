import CompressNIO
import NIOCore
import NIOWebSocket

/// Gives the dialects' readers plain payloads from a server that agreed to permessage-deflate:
/// a frame with RSV1 set is inflated with compress-nio's zlib (not the hub's own code), its
/// inflater reset after each message, since the hub keeps no context between the messages it
/// sends. The hub sends every message in one frame, so a frame is a message here.
final class FrameInflater {
    private var decompressor: ZlibDecompressor?

    func plain(_ frame: WebSocketFrame) throws -> WebSocketFrame {
        guard frame.rsv1 else { return frame }
        let decompressor = try decompressor ?? ZlibDecompressor(algorithm: .deflate, windowSize: 15)
        self.decompressor = decompressor
        var data = frame.unmaskedData
        data.writeBytes([0, 0, 0xFF, 0xFF])
        let inflated = try data.decompressStream(with: decompressor, maxSize: 1 << 24, allocator: ByteBufferAllocator())
        try decompressor.reset()
        return WebSocketFrame(fin: frame.fin, opcode: frame.opcode, data: inflated)
    }
}
