import Foundation
import Testing

@testable import VigilCore

@Suite("Polygon")
struct PolygonTests {
    /// An L shape (concave), 30x30 with the 20x20 top-right square cut out: area 500.
    private let lShape = try! Polygon([
        Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 20), Point(x: 30, y: 20),
        Point(x: 30, y: 30), Point(x: 0, y: 30),
    ])

    @Test func areaOfAConcavePolygon() {
        #expect(lShape.area == 500)
        #expect(lShape.bounds == Rect(x: 0, y: 0, width: 30, height: 30))
    }

    @Test func pointInPolygon() {
        #expect(lShape.contains(Point(x: 5, y: 5)))
        #expect(lShape.contains(Point(x: 25, y: 25)))
        #expect(!lShape.contains(Point(x: 25, y: 5)))
        #expect(lShape.contains(Point(x: 10, y: 10)), "a point on an edge is inside")
        #expect(!lShape.contains(Point(x: -1, y: 15)))
    }

    @Test func dropsRepeatedAndClosingVertices() throws {
        let polygon = try Polygon([
            Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 3), Point(x: 0, y: 0),
        ])
        #expect(polygon.vertices.count == 3)
        #expect(polygon.area == 6)
    }

    @Test func refusesABowTieNamingTheCrossingEdges() {
        let bowTie = [Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 10, y: 0), Point(x: 0, y: 10)]
        #expect(throws: GeometryError.selfIntersection(first: 0, second: 2)) { try Polygon(bowTie) }
    }

    @Test func refusesAnEdgeThatFoldsBack() {
        // 0->1 runs right, 1->2 comes back along it: a zero-width spike.
        let spike = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 0), Point(x: 5, y: 5)]
        #expect(throws: GeometryError.selfIntersection(first: 0, second: 1)) { try Polygon(spike) }
    }

    @Test func refusesAVertexTouchingAnotherEdge() {
        let pinched = [
            Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 5, y: 0), Point(x: 0, y: 10),
        ]
        #expect(throws: GeometryError.self) { try Polygon(pinched) }
    }

    @Test func refusesDegenerateInput() {
        #expect(throws: GeometryError.tooFewVertices(count: 2)) { try Polygon([Point(x: 0, y: 0), Point(x: 1, y: 1)]) }
        #expect(throws: GeometryError.zeroArea) {
            try Polygon([Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2)])
        }
        #expect(throws: GeometryError.nonFiniteCoordinate(index: 1)) {
            try Polygon([Point(x: 0, y: 0), Point(x: .infinity, y: 1), Point(x: 2, y: 0)])
        }
        let tooMany = (0..<(Polygon.maxVertexCount + 1)).map { Point(x: Double($0), y: Double($0 % 2)) }
        #expect(throws: GeometryError.tooManyVertices(count: tooMany.count, limit: Polygon.maxVertexCount)) {
            try Polygon(tooMany)
        }
    }

    @Test func decodingValidates() throws {
        let good = Data(#"[{"x":0,"y":0},{"x":4,"y":0},{"x":0,"y":3}]"#.utf8)
        #expect(try JSONDecoder().decode(Polygon.self, from: good).area == 6)
        let bowTie = Data(#"[{"x":0,"y":0},{"x":10,"y":10},{"x":10,"y":0},{"x":0,"y":10}]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Polygon.self, from: bowTie) }
    }
}
