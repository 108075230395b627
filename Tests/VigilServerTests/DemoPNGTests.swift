import Testing
import VigilCore

@testable import VigilDemo

/// The demo's own PNG encoder: what it writes is a whole PNG, read back here chunk by chunk and
/// block by block, and accepted by the hub's image check.
@Suite struct DemoPNGTests {
    @Test func checksumsMatchTheirStandardCheckValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([]) == 1)
    }

    @Test func aSnapshotIsAWholePNGTheHubAccepts() throws {
        let size = try FrameSize(width: 320, height: 180)
        let scene = SnapshotScene(across: 0.3, depth: 0.8, shirt: RGB(200, 40, 40), bar: RGB(240, 170, 30))
        let image = SnapshotPainter.paint(scene, size: size)
        let png = PNGEncoder.encode(image)
        #expect(try ImageHeader.inspect(png) == ImageHeader(format: .png, width: 320, height: 180))

        let chunks = readChunks(png)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(chunks[0].data == [0, 0, 1, 64, 0, 0, 0, 180, 8, 2, 0, 0, 0])
        #expect(Array(png.suffix(4)) == [0xAE, 0x42, 0x60, 0x82], "IEND's CRC, which every PNG ends with")
        let scanlines = inflateStored(chunks[1].data)
        #expect(scanlines.count == 180 * (1 + 320 * 3))
        for row in 0..<180 {
            let line = scanlines[(row * 961)..<((row + 1) * 961)]
            #expect(line.first == 0, "filter type None")
            #expect(Array(line.dropFirst()) == Array(image.pixels[(row * 960)..<((row + 1) * 960)]))
        }
        #expect(image.pixel(x: 0, y: 179) == scene.bar, "the overlay bar along the bottom")
        #expect(image.pixel(x: 96, y: 85) == scene.shirt, "the figure stands where the scene says")
    }

    @Test func aTinyImageIsOneStoredBlock() throws {
        let png = PNGEncoder.encode(RGBImage(width: 1, height: 1, filledWith: RGB(1, 2, 3)))
        #expect(try ImageHeader.inspect(png) == ImageHeader(format: .png, width: 1, height: 1))
        #expect(inflateStored(readChunks(png)[1].data) == [0, 1, 2, 3])
    }

    private struct Chunk {
        let type: String
        let data: [UInt8]
    }

    /// The chunks after the signature, each CRC checked.
    private func readChunks(_ png: [UInt8]) -> [Chunk] {
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunks: [Chunk] = []
        var offset = 8
        while offset < png.count {
            let length = Int(bigEndian(png, at: offset))
            let typeAndData = Array(png[(offset + 4)..<(offset + 8 + length)])
            #expect(bigEndian(png, at: offset + 8 + length) == CRC32.checksum(typeAndData), "CRC of chunk at \(offset)")
            chunks.append(Chunk(type: String(decoding: typeAndData.prefix(4), as: UTF8.self), data: Array(typeAndData.dropFirst(4))))
            offset += 12 + length
        }
        #expect(offset == png.count)
        return chunks
    }

    /// The bytes of a zlib stream of stored deflate blocks, checking each block's header and the Adler-32.
    private func inflateStored(_ stream: [UInt8]) -> [UInt8] {
        #expect((UInt16(stream[0]) << 8 | UInt16(stream[1])) % 31 == 0 && stream[0] & 0x0F == 8, "a zlib header for deflate")
        var data: [UInt8] = []
        var offset = 2
        var final = false
        while !final {
            final = stream[offset] & 1 == 1
            #expect(stream[offset] >> 1 == 0, "a stored block")
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            #expect(length ^ complement == 0xFFFF)
            data += stream[(offset + 5)..<(offset + 5 + length)]
            offset += 5 + length
        }
        #expect(bigEndian(stream, at: offset) == Adler32.checksum(data))
        #expect(offset + 4 == stream.count)
        return data
    }

    private func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
