extension Polygon {
    /// The part of the polygon inside the rectangle (Sutherland–Hodgman against the rectangle's
    /// four half-planes). A concave polygon may come out with zero-width bridges along the
    /// rectangle's border; they add no area, so `area` of the result is exact.
    func clipped(to rect: Rect) -> Polygon {
        var ring = vertices
        ring = Polygon.clip(ring, inside: { $0.x >= rect.minX }, crossing: { a, b in a.atX(rect.minX, towards: b) })
        ring = Polygon.clip(ring, inside: { $0.x <= rect.maxX }, crossing: { a, b in a.atX(rect.maxX, towards: b) })
        ring = Polygon.clip(ring, inside: { $0.y >= rect.minY }, crossing: { a, b in a.atY(rect.minY, towards: b) })
        ring = Polygon.clip(ring, inside: { $0.y <= rect.maxY }, crossing: { a, b in a.atY(rect.maxY, towards: b) })
        return Polygon(unchecked: ring)
    }

    private static func clip(
        _ ring: [Point], inside: (Point) -> Bool, crossing: (Point, Point) -> Point
    ) -> [Point] {
        guard let last = ring.last else { return [] }
        var output: [Point] = []
        output.reserveCapacity(ring.count + 4)
        var previous = last
        for current in ring {
            switch (inside(previous), inside(current)) {
            case (true, true): output.append(current)
            case (true, false): output.append(crossing(previous, current))
            case (false, true):
                output.append(crossing(previous, current))
                output.append(current)
            case (false, false): break
            }
            previous = current
        }
        return output
    }
}

extension Point {
    /// The point at the given x on the line from self to other (the caller knows they straddle it).
    fileprivate func atX(_ lineX: Double, towards other: Point) -> Point {
        let t = (lineX - x) / (other.x - x)
        return Point(x: lineX, y: y + t * (other.y - y))
    }

    fileprivate func atY(_ lineY: Double, towards other: Point) -> Point {
        let t = (lineY - y) / (other.y - y)
        return Point(x: x + t * (other.x - x), y: lineY)
    }
}
