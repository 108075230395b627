import CZlib
import NIOCore

/// Inflates one compressed message from a client (RFC 7692 §7.2.2), frame by frame as they come,
/// never past `maxBytes`: a message that would inflate to more fails as soon as it passes the
/// limit, having taken no more than the limit (and one chunk) of memory. Made for one message and
/// let go with it: the hub answers every offer with `client_no_context_takeover`, so no window is
/// kept between messages and an idle connection holds no zlib state.
final class MessageInflater {
    enum Failure: Error {
        /// The message inflates to more than `maxBytes`.
        case tooBig
        /// The data is not deflate data.
        case corrupt
    }

    /// How much is inflated into the message per call of zlib.
    private static let chunkBytes = 16 * 1024
    /// What RFC 7692 §7.2.2 has the receiver append to a message's data before inflating it.
    private static let tail = ByteBuffer(bytes: [0, 0, 0xFF, 0xFF])

    private let stream: UnsafeMutablePointer<z_stream>
    private let maxBytes: Int
    private var inflated = ByteBuffer()

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // A raw inflater of 15 bits reads data deflated with any window the client used.
        guard inflateInit2_(stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            fatalError("zlib refused its own default parameters")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Inflates the compressed data of one frame of the message.
    func append(_ compressed: ByteBuffer) throws(Failure) {
        let failure: Failure? = compressed.withUnsafeReadableBytes { input in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            return inflateAvailableInput()
        }
        if let failure { throw failure }
    }

    /// The whole message, once its last frame has been appended.
    func finish() throws(Failure) -> ByteBuffer {
        try append(Self.tail)
        return inflated
    }

    private func inflateAvailableInput() -> Failure? {
        while true {
            // One byte past the limit is room enough to learn that the message is over it.
            let room = min(Self.chunkBytes, maxBytes + 1 - inflated.readableBytes)
            var status = Z_OK
            inflated.writeWithUnsafeMutableBytes(minimumWritableBytes: room) { out in
                stream.pointee.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.pointee.avail_out = uInt(room)
                status = inflate(stream, Z_SYNC_FLUSH)
                return room - Int(stream.pointee.avail_out)
            }
            if inflated.readableBytes > maxBytes { return .tooBig }
            let inputLeft = stream.pointee.avail_in > 0
            switch status {
            case Z_STREAM_END:
                // A block marked final: what follows (the appended tail) starts a stream of its own.
                inflateReset(stream)
                if !inputLeft { return nil }
            case Z_OK:
                if !inputLeft && stream.pointee.avail_out > 0 { return nil }
            case Z_BUF_ERROR:
                // No progress possible: done when all the input was taken, else the data is broken.
                return inputLeft ? .corrupt : nil
            default:
                return .corrupt
            }
        }
    }
}
