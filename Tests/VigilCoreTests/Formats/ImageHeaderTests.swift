import Foundation
import Testing
import VigilCore

@Suite struct ImageHeaderTests {
    private func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Golden.data("images/\(name)")) }

    @Test(arguments: [
        ("snapshot.jpg", ImageHeader.Format.jpeg, 64, 48),
        ("snapshot.png", .png, 64, 48),
        ("snapshot-lossy.webp", .webp, 64, 48),
        ("snapshot-lossless.webp", .webp, 64, 48),
        ("alpha.webp", .webp, 33, 17),
    ])
    func readsFormatAndSizeFromTheBytes(_ name: String, _ format: ImageHeader.Format, _ width: Int, _ height: Int) throws {
        #expect(try ImageHeader.inspect(bytes(name)) == ImageHeader(format: format, width: width, height: height))
    }

    @Test(arguments: ["snapshot.jpg", "snapshot.png", "snapshot-lossy.webp", "snapshot-lossless.webp", "alpha.webp"])
    func aTruncatedImageIsCorrupt(_ name: String) throws {
        let whole = try bytes(name)
        for cut in [whole.count - 1, whole.count / 2, 20] {
            #expect(throws: ImageError.self, "cut at \(cut) of \(whole.count)") { try ImageHeader.inspect(Array(whole.prefix(cut))) }
        }
    }

    @Test func otherBytesAreNotAnImage() {
        #expect(throws: ImageError.unsupported) { try ImageHeader.inspect(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) }
        #expect(throws: ImageError.unsupported) { try ImageHeader.inspect(Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)) }
        #expect(throws: ImageError.unsupported) { try ImageHeader.inspect([]) }
    }

    @Test func aHugeImageIsRefusedByItsHeader() throws {
        var png = try bytes("snapshot.png")
        // IHDR width at bytes 16-19, big-endian: 100000 pixels wide.
        png.replaceSubrange(16..<20, with: [0x00, 0x01, 0x86, 0xA0])
        #expect(throws: ImageError.tooManyPixels(width: 100_000, height: 48)) { try ImageHeader.inspect(png) }
    }

    @Test func anImageOfMoreThanItsPixelBoundIsRefusedWhateverItsSides() throws {
        let png = try bytes("snapshot.png")
        // IHDR width and height at bytes 16-23, big-endian: a small file may declare any size.
        func declaring(_ width: Int, _ height: Int) -> [UInt8] {
            var bytes = png
            bytes.replaceSubrange(
                16..<24, with: [width, height].flatMap { side in (0..<4).reversed().map { UInt8(truncatingIfNeeded: side >> ($0 * 8)) } })
            return bytes
        }
        #expect(throws: ImageError.tooManyPixels(width: 8192, height: 8192)) { try ImageHeader.inspect(declaring(8192, 8192)) }
        #expect(throws: ImageError.tooManyPixels(width: 8192, height: 2049)) { try ImageHeader.inspect(declaring(8192, 2049)) }
        #expect(try ImageHeader.inspect(declaring(8192, 2048)) == ImageHeader(format: .png, width: 8192, height: 2048), "16.7 MP in all is allowed")
        #expect(try ImageHeader.inspect(declaring(4096, 4096)) == ImageHeader(format: .png, width: 4096, height: 4096))
    }

    @Test func aJPEGWithoutAFrameHeaderIsCorrupt() {
        // SOI, a comment segment, then EOI: whole, but no picture.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x04, 0x68, 0x69, 0xFF, 0xD9]
        #expect(throws: ImageError.corrupt("no frame header")) { try ImageHeader.inspect(jpeg) }
    }
}

@Suite struct DurationTextTests {
    @Test(arguments: [
        ("30m", 1_800_000), ("45s", 45_000), ("2h", 7_200_000), ("1h30m", 5_400_000), ("500ms", 500), ("1d", 86_400_000),
        ("1d2h3m4s5ms", 93_784_005),
    ])
    func parsesWhatPeopleType(_ text: String, _ milliseconds: Int64) {
        #expect(DurationText.milliseconds(text) == milliseconds)
    }

    @Test(arguments: ["", "30", "m", "-5m", "0s", "5 m", "1y", "9999999999999h", "400d", "1m1m1m", "30m1h", "1s1s", "1ms1s", "1h1h30m"])
    func refusesAnythingElse(_ text: String) {
        #expect(DurationText.milliseconds(text) == nil)
    }

    @Test func writesTheLargestWholeUnit() {
        #expect(DurationText.text(1_800_000) == "30m")
        #expect(DurationText.text(90_000) == "90s")
        #expect(DurationText.text(7_200_000) == "2h")
        #expect(DurationText.text(1500) == "1500ms")
    }
}
