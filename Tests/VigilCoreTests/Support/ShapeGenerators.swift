import Foundation

@testable import VigilCore

/// Random shapes for property tests, from a seeded generator so that failures repeat.
extension SeededRandom {
    mutating func double(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    mutating func rect(in bounds: ClosedRange<Double> = 0...200) -> Rect {
        let x = double(bounds)
        let y = double(bounds)
        return Rect(x: x, y: y, width: double(0...(bounds.upperBound - x)), height: double(0...(bounds.upperBound - y)))
    }

    /// A star-shaped polygon around a centre: simple by construction, usually concave. Vertex i
    /// sits at a random angle inside the i-th of `vertexCount` equal sectors, so the angles rise
    /// and no gap between neighbours reaches half a turn.
    mutating func starPolygon(vertexCount: Int? = nil, center: Point = Point(x: 100, y: 100)) -> Polygon {
        let count = vertexCount ?? Int.random(in: 4...24, using: &self)
        let points = (0..<count).map { index in
            let angle = (Double(index) + double(0.2...0.8)) * 2 * .pi / Double(count)
            let radius = double(10...90)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        return try! Polygon(points)
    }
}

/// Area of the points of a fine grid that pass `inside`: each sample stands for one cell.
func rasterArea(over bounds: Rect, step: Double, inside: (Point) -> Bool) -> Double {
    var count = 0
    var y = bounds.minY + step / 2
    while y < bounds.maxY {
        var x = bounds.minX + step / 2
        while x < bounds.maxX {
            if inside(Point(x: x, y: y)) { count += 1 }
            x += step
        }
        y += step
    }
    return Double(count) * step * step
}
