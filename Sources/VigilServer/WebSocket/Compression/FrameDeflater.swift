import CZlib
import NIOCore

/// Deflates one message on its own (no context taken over from the ones before, RFC 7692 §7.2.1):
/// the payload of a frame with RSV1 set. A zlib stream is made for the message and ended with it,
/// so nothing is kept between messages.
enum FrameDeflater {
    /// The deflated form of `bytes` for a peer whose inflater has a window of `windowBits` (8-15),
    /// without the 00 00 ff ff a sync flush ends with (§7.2.1); nil only when zlib fails.
    static func deflate(_ bytes: ByteBuffer, windowBits: Int) -> ByteBuffer? {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        // zlib's raw deflate refuses a window of 8 bits; a window of 9 with literals only (no
        // back-reference at all) is readable by an inflater of any window.
        let strategy = windowBits < 9 ? Z_HUFFMAN_ONLY : Z_DEFAULT_STRATEGY
        guard
            deflateInit2_(
                stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -Int32(max(windowBits, 9)), 8, strategy, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(stream) }
        // deflateBound covers the data; the sync flush adds an empty stored block (5 bytes) at most.
        let room = Int(deflateBound(stream, uLong(bytes.readableBytes))) + 16
        var output = ByteBuffer()
        let flushed = bytes.withUnsafeReadableBytes { input in
            output.writeWithUnsafeMutableBytes(minimumWritableBytes: room) { out in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.pointee.avail_in = uInt(input.count)
                stream.pointee.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.pointee.avail_out = uInt(room)
                _ = CZlib.deflate(stream, Z_SYNC_FLUSH)
                return room - Int(stream.pointee.avail_out)
            }
        }
        // Everything taken and flushed: the output ends with the empty block's 00 00 ff ff.
        guard stream.pointee.avail_in == 0, stream.pointee.avail_out > 0, flushed >= 4,
            output.getBytes(at: flushed - 4, length: 4) == [0, 0, 0xFF, 0xFF]
        else { return nil }
        output.moveWriterIndex(to: flushed - 4)
        return output
    }
}
