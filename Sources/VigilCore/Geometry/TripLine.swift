/// A line drawn across a camera's view that counts what crosses it (an NVR's tripwire). Sides are
/// as seen looking from `start` towards `end` on the image (y pointing down).
public struct TripLine: Sendable, Hashable {
    /// The way something crossed the line, as seen looking from `start` towards `end`.
    public enum Direction: String, Sendable, CaseIterable, Codable {
        /// From the left side to the right (for a line drawn left to right: from above it to below).
        case leftToRight = "left-to-right"
        /// From the right side to the left.
        case rightToLeft = "right-to-left"
    }

    /// The line's first point, in frame pixels.
    public let start: Point
    /// The line's second point, in frame pixels.
    public let end: Point

    /// A line of two distinct, finite points.
    public init(from start: Point, to end: Point) throws(GeometryError) {
        guard start.isFinite else { throw .nonFiniteCoordinate(index: 0) }
        guard end.isFinite else { throw .nonFiniteCoordinate(index: 1) }
        guard start != end else { throw .tooFewVertices(count: 1) }
        self.start = start
        self.end = end
    }

    /// The way a move from `from` to `to` crosses the line, nil when it does not: it must go from
    /// one side strictly to the other, through the drawn segment (touching is not crossing).
    public func crossing(from: Point, to: Point) -> Direction? {
        let before = Segment.cross(start, end, from)
        let after = Segment.cross(start, end, to)
        guard (before < 0 && after > 0) || (before > 0 && after < 0) else { return nil }
        let moveBefore = Segment.cross(from, to, start)
        let moveAfter = Segment.cross(from, to, end)
        guard (moveBefore <= 0 && moveAfter >= 0) || (moveBefore >= 0 && moveAfter <= 0) else { return nil }
        // With y pointing down, a negative cross product is the left of the line.
        return before < 0 ? .leftToRight : .rightToLeft
    }
}
