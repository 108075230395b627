/// PNG: the signature, IHDR first, and the IEND chunk last.
enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    static func inspect(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        guard bytes.count >= 33, Array(bytes[12..<16]) == Array("IHDR".utf8),
            let width = bytes.bigEndian(at: 16, bytes: 4), let height = bytes.bigEndian(at: 20, bytes: 4)
        else { throw .corrupt("no IHDR chunk") }
        guard bytes.count >= 45, Array(bytes.suffix(end.count)) == end else { throw .corrupt("the PNG does not end with IEND") }
        return ImageHeader(format: .png, width: width, height: height)
    }
}

/// JPEG: segments from SOI to the first start-of-frame, which holds the size; EOI at the end.
enum JPEG {
    static func inspect(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        guard bytes.count >= 4, bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else {
            throw .corrupt("the JPEG does not end with EOI")
        }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { throw .corrupt("no segment marker at byte \(offset)") }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }  // fill byte
            guard let length = bytes.bigEndian(at: offset + 2, bytes: 2), length >= 2 else {
                throw .corrupt("a segment has no length at byte \(offset)")
            }
            if isStartOfFrame(marker) {
                guard let height = bytes.bigEndian(at: offset + 5, bytes: 2), let width = bytes.bigEndian(at: offset + 7, bytes: 2) else {
                    throw .corrupt("the frame header is cut short")
                }
                return ImageHeader(format: .jpeg, width: width, height: height)
            }
            guard marker != 0xDA else { break }  // scan data before any frame header
            offset += 2 + length
        }
        throw .corrupt("no frame header")
    }

    /// SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}

/// WebP: a RIFF container whose size matches the bytes, then a VP8, VP8L or VP8X chunk.
enum WebP {
    static func inspect(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        guard let riffSize = bytes.littleEndian(at: 4, bytes: 4), riffSize + 8 == bytes.count else {
            throw .corrupt("the RIFF size does not match the file")
        }
        guard bytes.count >= 30 else { throw .corrupt("the WebP is cut short") }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A,
                let width = bytes.littleEndian(at: 26, bytes: 2), let height = bytes.littleEndian(at: 28, bytes: 2)
            else { throw .corrupt("no VP8 key frame") }
            return ImageHeader(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F, let bits = bytes.littleEndian(at: 21, bytes: 4) else { throw .corrupt("no VP8L signature") }
            return ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let width = bytes.littleEndian(at: 24, bytes: 3), let height = bytes.littleEndian(at: 27, bytes: 3) else {
                throw .corrupt("the VP8X header is cut short")
            }
            return ImageHeader(format: .webp, width: width + 1, height: height + 1)
        default:
            throw .corrupt("unknown WebP chunk \"\(chunk)\"")
        }
    }
}
