/// Writes an `RGBImage` as a PNG: 8-bit truecolour, no interlace, each row unfiltered. The image
/// data is a zlib stream of stored (uncompressed) deflate blocks, which every PNG reader accepts;
/// a 320x180 snapshot is then about 170 KiB.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func encode(_ image: RGBImage) -> [UInt8] {
        var header = bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((image.width * 3 + 1) * image.height)
        for row in 0..<image.height {
            scanlines.append(0)  // filter type None
            scanlines += image.pixels[(row * image.width * 3)..<((row + 1) * image.width * 3)]
        }
        return signature + chunk("IHDR", header) + chunk("IDAT", zlibStored(scanlines)) + chunk("IEND", [])
    }

    /// Length, type, data, and the CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(CRC32.checksum(typeAndData))
    }

    /// A zlib stream (RFC 1950) holding `data` in stored deflate blocks (RFC 1951 §3.2.4) of at
    /// most 65,535 bytes, then the Adler-32 of `data`.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]  // deflate with a 32 KiB window, no dictionary; 0x7801 is a multiple of 31
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            stream.append(end == data.count ? 1 : 0)  // BFINAL on the last block, BTYPE 00 (stored)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        return stream + bigEndian(Adler32.checksum(data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
