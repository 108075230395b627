/// Maps coordinates between two frame sizes, e.g. a region drawn on a 1024×768 view onto a
/// 640×480 camera frame. Each axis scales independently, so differing aspect ratios stretch.
public struct FrameScaling: Sendable, Hashable {
    /// The size the coordinates are given in (such as the view a region was drawn on).
    public let source: FrameSize
    /// The size they are mapped to (such as the camera's frame).
    public let target: FrameSize

    /// A mapping from `source` coordinates to `target` coordinates.
    public init(from source: FrameSize, to target: FrameSize) {
        self.source = source
        self.target = target
    }

    var scaleX: Double { Double(target.width) / Double(source.width) }
    var scaleY: Double { Double(target.height) / Double(source.height) }

    /// The point in target pixels.
    public func apply(_ point: Point) -> Point {
        Point(x: point.x * scaleX, y: point.y * scaleY)
    }

    /// The rectangle in target pixels (its origin and both sides scaled).
    public func apply(_ rect: Rect) -> Rect {
        Rect(x: rect.x * scaleX, y: rect.y * scaleY, width: rect.width * scaleX, height: rect.height * scaleY)
    }

    /// Scaling keeps a simple polygon simple (it is an affine map with positive factors).
    public func apply(_ polygon: Polygon) -> Polygon {
        Polygon(unchecked: polygon.vertices.map(apply))
    }

    /// The region in target pixels.
    public func apply(_ region: RegionOfInterest) -> RegionOfInterest {
        switch region {
        case .rect(let rect): .rect(apply(rect))
        case .polygon(let polygon): .polygon(apply(polygon))
        }
    }
}
