/// A straight segment between two points, with the exact predicates the polygon checks need.
struct Segment: Sendable {
    let start: Point
    let end: Point

    /// Twice the signed area of the triangle (a, b, c): > 0 counter-clockwise in math axes.
    static func cross(_ a: Point, _ b: Point, _ c: Point) -> Double {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }

    var minX: Double { Swift.min(start.x, end.x) }
    var maxX: Double { Swift.max(start.x, end.x) }

    /// True when the point lies on the segment, ends included.
    func contains(_ point: Point) -> Bool {
        Segment.cross(start, end, point) == 0 && withinBox(point)
    }

    /// True when the segments share at least one point (touching counts).
    func intersects(_ other: Segment) -> Bool {
        let d1 = Segment.cross(other.start, other.end, start)
        let d2 = Segment.cross(other.start, other.end, end)
        let d3 = Segment.cross(start, end, other.start)
        let d4 = Segment.cross(start, end, other.end)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
            return true
        }
        return (d1 == 0 && other.withinBox(start)) || (d2 == 0 && other.withinBox(end))
            || (d3 == 0 && withinBox(other.start)) || (d4 == 0 && withinBox(other.end))
    }

    /// True when the point is inside the segment's bounding box (used once collinearity is known).
    private func withinBox(_ point: Point) -> Bool {
        point.x >= Swift.min(start.x, end.x) && point.x <= Swift.max(start.x, end.x)
            && point.y >= Swift.min(start.y, end.y) && point.y <= Swift.max(start.y, end.y)
    }
}
