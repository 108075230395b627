/// Why a shape was refused.
public enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidFrameSize(width: Int, height: Int)
    case nonFiniteCoordinate(index: Int)
    case invalidRect(width: Double, height: Double)
    case tooFewVertices(count: Int)
    case tooManyVertices(count: Int, limit: Int)
    case zeroArea
    /// Edges `first` and `second` (edge i runs from vertex i to vertex i+1) cross each other.
    case selfIntersection(first: Int, second: Int)

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
