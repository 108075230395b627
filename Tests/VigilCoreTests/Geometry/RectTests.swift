import Testing

@testable import VigilCore

@Suite("Rect")
struct RectTests {
    @Test func areaAndEdges() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.area == 1200)
        #expect((rect.minX, rect.minY, rect.maxX, rect.maxY) == (10, 20, 40, 60))
    }

    @Test func intersectionOfOverlappingRects() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 6, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 6, width: 5, height: 4))
        #expect(a.intersectionArea(with: b) == 20)
    }

    @Test func touchingOrApartRectsShareNothing() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == nil)
        #expect(a.intersectionArea(with: Rect(x: 20, y: 20, width: 5, height: 5)) == 0)
    }

    @Test func intersectionOverUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 0, width: 10, height: 10)
        #expect(a.intersectionOverUnion(b) == 50.0 / 150.0)
        #expect(a.intersectionOverUnion(a) == 1)
        let empty = Rect(x: 0, y: 0, width: 0, height: 0)
        #expect(empty.intersectionOverUnion(empty) == 0)
    }

    @Test func containsIncludesTheBorder() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(rect.contains(Point(x: 10, y: 5)))
        #expect(!rect.contains(Point(x: 10.01, y: 5)))
    }

    @Test func validatingRefusesNegativeOrNonFiniteSides() {
        #expect(throws: GeometryError.invalidRect(width: -1, height: 2)) {
            try Rect(validatingX: 0, y: 0, width: -1, height: 2)
        }
        #expect(throws: GeometryError.self) { try Rect(validatingX: .nan, y: 0, width: 1, height: 1) }
        #expect(throws: Never.self) { try Rect(validatingX: 1, y: 2, width: 0, height: 3) }
    }

    @Test func boundingRectOfPoints() {
        let points = [Point(x: 3, y: -1), Point(x: -2, y: 4), Point(x: 1, y: 1)]
        #expect(Rect(bounding: points) == Rect(x: -2, y: -1, width: 5, height: 5))
        #expect(Rect(bounding: [Point]()) == nil)
    }
}
