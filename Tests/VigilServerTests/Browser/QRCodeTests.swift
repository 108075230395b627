import Foundation
import Testing
import VigilCore
import VigilTestSupport

/// zbar (Debian's `zbar-tools`), an independent decoder that reads the codes back from their PNGs.
enum Zbar {
    static let zbarimg = "/usr/bin/zbarimg"
    static var isAvailable: Bool { TestTools.isAvailable(zbarimg) }

    /// The text of the QR code in `png` (the other symbologies are off: their decoders can see a
    /// barcode in a QR code's modules).
    static func read(_ png: URL) async throws -> String {
        let (status, output) = try await offThePool {
            try runProcess(URL(fileURLWithPath: zbarimg), ["--raw", "-q", "--nodbus", "-Sdisable", "-Sqrcode.enable", png.path])
        }
        guard status == 0 else { return "(zbarimg found no code, status \(status))" }
        return output.hasSuffix("\n") ? String(output.dropLast()) : output
    }

    /// The text of the QR code in a PNG data URL (a canvas's `toDataURL()`), and the file it was
    /// read from, to keep when the text is not what was expected.
    static func read(pngDataURL dataURL: String) async throws -> (text: String, file: URL) {
        let png = try #require(Data(base64Encoded: String(dataURL.drop { $0 != "," }.dropFirst())), "a PNG data URL")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-qr-\(UUID().uuidString).png")
        try png.write(to: file)
        return (try await read(file), file)
    }
}

extension BrowserTests {
    /// The page's QR codes (`public/ui/qr-code.js`, over Debian's QR code generator) in headless Chromium:
    /// each code it draws must read back as exactly its text.
    @Suite(.enabled(if: Zbar.isAvailable, "needs zbar-tools from Debian"))
    struct QRCodeTests {
        /// Every printable ASCII character but the space, 150 in all.
        private let ascii = String((0..<150).map { Character(UnicodeScalar(UInt8(33 + $0 * 37 % 94))) })

        /// Opens the test page on a hub that serves the pages and Debian's QR code generator.
        private func withQRPage(_ name: String, _ body: (TestHub, Chromium) async throws -> Void) async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub, testPages: ["qr-test.html", "qr-test.js"])
                try await withBrowser(hub, name) { browser in
                    try await browser.open("\(hub.httpsBase)/qr-test.html")
                    #expect(await browser.waitUntil("return window.ready === true"))
                    try await body(hub, browser)
                }
            }
        }

        /// Draws `text` in the page and checks that zbar reads it back; a code that does not is kept.
        private func expectReadBack(_ text: String, in browser: Chromium) async throws {
            let dataURL = try #require(try await browser.evaluate("return draw(\(Self.literal(text)))") as? String)
            let (read, file) = try await Zbar.read(pngDataURL: dataURL)
            #expect(read == text, "the code is in \(file.path)")
            if read == text { try? FileManager.default.removeItem(at: file) }
        }

        /// `text` as a JavaScript string literal.
        private static func literal(_ text: String) throws -> String {
            String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        }

        @Test func aCheckpointCodeAndOtherTextsReadBackInTheSmallestVersionThatHoldsThem() async throws {
            try await withQRPage("qr-texts") { hub, browser in
                let created = try await hub.api(
                    "POST", "/api/publish", as: "operator",
                    body: ["topic": "checkins/hq", "type": "create_checkpoint", "data": ["name": "Gate B", "every": "30m"]])
                let checkpointCode = try #require(json(created.body)["code"]?.stringValue, "\(created.body)")
                // The standard's capacities at level M, in bytes: 14 for version 1, 26 for 2, 62 for 4,
                // 84 for 5, 152 for 8, 450 for 16.
                let texts: [(text: String, version: Int)] = [
                    (checkpointCode, 5),
                    ("x", 1),
                    (String(repeating: "a", count: 14), 1),
                    (String(repeating: "a", count: 15), 2),
                    (ascii, 8),
                    (String(repeating: ascii, count: 3), 16),
                ]
                for (text, version) in texts {
                    #expect(try await browser.evaluate("return version(\(Self.literal(text)))") as? Int == version, "version of \(text)")
                    try await expectReadBack(text, in: browser)
                }
                let tooLong = try await browser.evaluate("return draw('x'.repeat(2332)).then(() => null, (error) => error.message)")
                #expect(tooLong as? String == "2332 characters are too many for a QR code")
                // Without an ECI header, which Debian's generator does not write, readers differ on
                // bytes beyond ASCII: such a text is refused, not drawn to be misread.
                for text in ["héllo wörld", "Portail nord — entrée B · 北门", "two\nlines"] {
                    let refused = try await browser.evaluate("return draw(\(Self.literal(text))).then(() => null, (error) => error.message)")
                    #expect(refused as? String == "a QR code is drawn of printable ASCII text only", "\(text)")
                }
            }
        }

        @Test func everyLengthUpTo150BytesReadsBack() async throws {
            // Versions 1 to 8, and among them every one of the eight masks.
            try await withQRPage("qr-lengths") { _, browser in
                for length in 1...ascii.count {
                    try await expectReadBack(String(ascii.prefix(length)), in: browser)
                }
            }
        }
    }
}
