import Foundation
import Testing

@testable import VigilCore

@Suite("Scribble text")
struct ScribbleTests {
    private func parse(_ text: String) throws -> Scribble {
        try ScribbleText.parse(Data(text.utf8))
    }

    @Test func readsTheGoldenFile() throws {
        let scribble = try ScribbleText.parse(Golden.data("Scribble/flower.txt"))
        #expect(scribble.imageName == "flower.jpg")
        #expect(scribble.imageSize == (try FrameSize(width: 640, height: 480)))
        #expect(
            scribble.foreground == [PixelPoint(x: 120, y: 200), PixelPoint(x: 121, y: 201), PixelPoint(x: 123, y: 203), PixelPoint(x: 126, y: 204)])
        #expect(scribble.background == [PixelPoint(x: 10, y: 10), PixelPoint(x: 11, y: 12), PixelPoint(x: 639, y: 479)])
        #expect(ScribbleText.write(scribble) == (try Golden.data("Scribble/flower.txt")), "the writer gives back the same bytes")
    }

    @Test func roundTripsRandomScribbles() throws {
        var random = SeededRandom(seed: 51)
        for _ in 0..<100 {
            let size = try FrameSize(width: Int.random(in: 1...2000, using: &random), height: Int.random(in: 1...2000, using: &random))
            func points() -> [PixelPoint] {
                (0..<Int.random(in: 0...50, using: &random)).map { _ in
                    PixelPoint(x: Int.random(in: 0..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random))
                }
            }
            let scribble = try Scribble(imageName: "image \(random.next() % 1000).png", imageSize: size, foreground: points(), background: points())
            #expect(try ScribbleText.parse(ScribbleText.write(scribble)) == scribble)
        }
    }

    @Test func acceptsWindowsLineEndingsTabsAndTrailingBlankLines() throws {
        let scribble = try parse("a.png\r\n10\t20\r\n1\r\n9 19\r\n0\r\n\r\n\n")
        #expect(scribble.foreground == [PixelPoint(x: 9, y: 19)])
        #expect(scribble.background.isEmpty)
    }

    @Test(arguments: [
        ("a.png\n10 20\n1\n10 5\n0\n", 4, "outside the 10x20 image"),
        ("a.png\n10 20\n1\n-1 5\n0\n", 4, "outside"),
        ("a.png\n10 20\n2\n1 1\n", 5, "the text ends where foreground point 2 should be"),
        ("a.png\n10 20\n1\n1 1\n1\n1 1 1\n", 6, "two integers"),
        ("a.png\n10 20\n1\n1.5 1\n0\n", 4, "two integers"),
        ("a.png\n0 20\n0\n0\n", 2, "at least 1x1"),
        ("a.png\nwide 20\n", 2, "width and height"),
        ("a.png\n10 20\nmany\n", 3, "number of foreground points"),
        ("a.png\n10 20\n0\n0\n3 3\n", 5, "unexpected text"),
        ("\n10 20\n0\n0\n", 1, "image name"),
        ("a.png\n10 20\n99999999999\n", 3, "number of foreground points"),
    ])
    func refusalsNameTheLine(_ text: String, _ line: Int, _ message: String) {
        let error = refusal { _ = try parse(text) }
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test func theModelRefusesPointsOutsideTheImage() throws {
        let size = try FrameSize(width: 4, height: 4)
        #expect(throws: ScribbleError.pointOutsideImage(PixelPoint(x: 4, y: 0), layer: .background, index: 1)) {
            try Scribble(imageName: "x", imageSize: size, foreground: [], background: [PixelPoint(x: 0, y: 0), PixelPoint(x: 4, y: 0)])
        }
    }
}
