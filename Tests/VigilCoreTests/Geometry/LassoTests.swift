import Foundation
import Testing

@testable import VigilCore

@Suite("Lasso simplification")
struct LassoTests {
    /// A finger circle: many points with sub-pixel jitter.
    private func circleStroke(points: Int, radius: Double, random: inout SeededRandom) -> [Point] {
        (0..<points).map { index in
            let angle = Double(index) / Double(points) * 2 * .pi
            let r = radius + random.double(-0.3...0.3)
            return Point(x: 200 + r * cos(angle), y: 200 + r * sin(angle))
        }
    }

    @Test func simplifiesAJitteryCircleKeepingItsArea() throws {
        var random = SeededRandom(seed: 21)
        let stroke = circleStroke(points: 2000, radius: 100, random: &random)
        let polygon = try Polygon.lasso(stroke, tolerance: 1)
        #expect(polygon.vertices.count < 100)
        #expect(polygon.vertices.count > 8)
        #expect(abs(polygon.area - .pi * 100 * 100) / (.pi * 100 * 100) < 0.02)
    }

    @Test func keepsEveryPointFartherThanTheTolerance() {
        // A square drawn with many points per side simplifies to its four corners.
        var stroke: [Point] = []
        for i in 0..<50 { stroke.append(Point(x: Double(i), y: 0)) }
        for i in 0..<50 { stroke.append(Point(x: 50, y: Double(i))) }
        for i in 0..<50 { stroke.append(Point(x: 50 - Double(i), y: 50)) }
        for i in 0..<50 { stroke.append(Point(x: 0, y: 50 - Double(i))) }
        let polygon = try? Polygon.lasso(stroke, tolerance: 0.5)
        #expect(Set(polygon?.vertices ?? []) == [Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 50, y: 50), Point(x: 0, y: 50)])
        #expect(polygon?.area == 2500)
    }

    @Test func refusesAFigureEightClearly() {
        var stroke: [Point] = []
        for index in 0..<400 {
            let t = Double(index) / 400 * 2 * .pi
            stroke.append(Point(x: 200 + 100 * sin(t), y: 200 + 60 * sin(t) * cos(t)))
        }
        do {
            _ = try Polygon.lasso(stroke)
            Issue.record("a figure eight must be refused")
        } catch {
            guard case .selfIntersection = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.description.contains("crosses itself"))
        }
    }

    @Test func refusesOversizedOrBrokenStrokes() {
        #expect(throws: GeometryError.nonFiniteCoordinate(index: 2)) {
            try Polygon.lasso([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: .nan, y: 1), Point(x: 0, y: 1)])
        }
        let huge = [Point](repeating: Point(x: 0, y: 0), count: Polygon.maxLassoPointCount + 1)
        #expect(throws: GeometryError.self) { try Polygon.lasso(huge) }
        #expect(throws: GeometryError.self) { try Polygon.lasso([Point](repeating: Point(x: 3, y: 3), count: 50)) }
    }
}
