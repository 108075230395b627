/// An axis-aligned rectangle in frame pixels: origin (x, y) at the top-left, then width and height.
public struct Rect: Sendable, Hashable, Codable {
    /// The left edge, in pixels from the frame's left.
    public var x: Double
    /// The top edge, in pixels from the frame's top.
    public var y: Double
    /// The width, in pixels.
    public var width: Double
    /// The height, in pixels.
    public var height: Double

    /// A rectangle as given, unchecked; see ``init(validatingX:y:width:height:)`` for untrusted numbers.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Creates a rectangle from untrusted numbers: all finite, width and height not negative.
    public init(validatingX x: Double, y: Double, width: Double, height: Double) throws(GeometryError) {
        guard x.isFinite, y.isFinite else { throw .nonFiniteCoordinate(index: 0) }
        guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
            throw .invalidRect(width: width, height: height)
        }
        self.init(x: x, y: y, width: width, height: height)
    }

    /// The smallest rectangle holding every point; nil when there are none.
    public init?(bounding points: some Sequence<Point>) {
        var iterator = points.makeIterator()
        guard let first = iterator.next() else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        while let point = iterator.next() {
            minX = Swift.min(minX, point.x)
            minY = Swift.min(minY, point.y)
            maxX = Swift.max(maxX, point.x)
            maxY = Swift.max(maxY, point.y)
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The left edge, `x`.
    public var minX: Double { x }
    /// The top edge, `y`.
    public var minY: Double { y }
    /// The right edge, `x + width`.
    public var maxX: Double { x + width }
    /// The bottom edge, `y + height`.
    public var maxY: Double { y + height }

    /// Area in square pixels; a rectangle with a negative side has none.
    public var area: Double { Swift.max(0, width) * Swift.max(0, height) }

    /// Corners clockwise on screen (y down): top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// The rectangle as a four-vertex polygon.
    public var polygon: Polygon { Polygon(unchecked: corners) }

    /// True when the point lies inside or on the border.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// The common part of two rectangles; nil when they do not overlap with positive area.
    public func intersection(_ other: Rect) -> Rect? {
        let left = Swift.max(minX, other.minX)
        let top = Swift.max(minY, other.minY)
        let right = Swift.min(maxX, other.maxX)
        let bottom = Swift.min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Exact area shared with another rectangle.
    public func intersectionArea(with other: Rect) -> Double {
        intersection(other)?.area ?? 0
    }

    /// Exact area shared with a polygon, found by clipping the polygon to this rectangle.
    public func intersectionArea(with polygon: Polygon) -> Double {
        polygon.clipped(to: self).area
    }

    /// Intersection over union, 0 when both are empty.
    public func intersectionOverUnion(_ other: Rect) -> Double {
        let shared = intersectionArea(with: other)
        let union = area + other.area - shared
        return union > 0 ? shared / union : 0
    }
}
