/// Why a shape was refused.
public enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A frame size with a side under one pixel.
    case invalidFrameSize(width: Int, height: Int)
    /// Vertex (or corner) `index` has a coordinate that is infinite or not a number.
    case nonFiniteCoordinate(index: Int)
    /// A rectangle with a negative or non-finite side.
    case invalidRect(width: Double, height: Double)
    /// Fewer than three distinct vertices (or a line whose two points are the same).
    case tooFewVertices(count: Int)
    /// More vertices than `limit`.
    case tooManyVertices(count: Int, limit: Int)
    /// The vertices all lie on one line.
    case zeroArea
    /// Edges `first` and `second` (edge i runs from vertex i to vertex i+1) cross each other.
    case selfIntersection(first: Int, second: Int)

    /// The refusal in one sentence, such as "the polygon encloses no area".
    public var description: String {
        switch self {
        case .invalidFrameSize(let width, let height):
            "frame size \(width)x\(height) must be at least 1x1"
        case .nonFiniteCoordinate(let index):
            "vertex \(index) has a coordinate that is not a finite number"
        case .invalidRect(let width, let height):
            "rectangle of width \(width) and height \(height) must have finite, non-negative sides"
        case .tooFewVertices(let count):
            "a polygon needs at least 3 distinct vertices, got \(count)"
        case .tooManyVertices(let count, let limit):
            "a polygon may have at most \(limit) vertices, got \(count)"
        case .zeroArea:
            "the polygon encloses no area"
        case .selfIntersection(let first, let second):
            "the polygon crosses itself: edge \(first) intersects edge \(second)"
        }
    }
}
