import CZlib

/// zlib's raw deflate and inflate, as a permessage-deflate peer other than the hub uses them
/// (RFC 7692 §7.2): to read what the hub compressed and to send it compressed messages.
enum RawDeflate {
    /// `bytes` deflated on their own and flushed, without the 00 00 ff ff the flush ends with.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        let output = withStream(inflating: false, windowBits: 15) { stream in
            pump(bytes, through: stream) { CZlib.deflate($0, Z_SYNC_FLUSH) }
        }
        precondition(output?.suffix(4) == [0, 0, 0xFF, 0xFF], "a sync flush ends with an empty stored block")
        return Array(output!.dropLast(4))
    }

    /// A message's payload inflated with 00 00 ff ff appended, by an inflater of `windowBits`;
    /// nil when it is not deflate data (or reaches further back than the window).
    static func inflate(_ payload: [UInt8], windowBits: Int32 = 15) -> [UInt8]? {
        withStream(inflating: true, windowBits: windowBits) { stream in
            pump(payload + [0, 0, 0xFF, 0xFF], through: stream) { CZlib.inflate($0, Z_SYNC_FLUSH) }
        }
    }

    /// Feeds `input` to zlib's `step` until it has taken it all and has no more output; nil when
    /// a step fails or input is left over.
    private static func pump(_ input: [UInt8], through stream: UnsafeMutablePointer<z_stream>, step: (UnsafeMutablePointer<z_stream>) -> Int32)
        -> [UInt8]?
    {
        var input = input
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var failed = false
        input.withUnsafeMutableBufferPointer { input in
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = uInt(input.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { out in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    let status = step(stream)
                    failed = status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR
                    output += out[..<(out.count - Int(stream.pointee.avail_out))]
                }
            } while !failed && stream.pointee.avail_out == 0
        }
        return failed || stream.pointee.avail_in != 0 ? nil : output
    }

    private static func withStream(inflating: Bool, windowBits: Int32, _ body: (UnsafeMutablePointer<z_stream>) -> [UInt8]?) -> [UInt8]? {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        let size = Int32(MemoryLayout<z_stream>.size)
        if inflating {
            precondition(inflateInit2_(stream, -windowBits, ZLIB_VERSION, size) == Z_OK)
            defer { inflateEnd(stream) }
            return body(stream)
        }
        precondition(deflateInit2_(stream, 6, Z_DEFLATED, -windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, size) == Z_OK)
        defer { deflateEnd(stream) }
        return body(stream)
    }
}
