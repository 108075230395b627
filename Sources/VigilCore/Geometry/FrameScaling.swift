/// Maps coordinates between two frame sizes, e.g. a region drawn on a 1024×768 view onto a
/// 640×480 camera frame. Each axis scales independently, so differing aspect ratios stretch.
public struct FrameScaling: Sendable, Hashable {
    public let source: FrameSize
    public let target: FrameSize

    public init(from source: FrameSize, to target: FrameSize) {
        self.source = source
        self.target = target
    }

    var scaleX: Double { Double(target.width) / Double(source.width) }
    var scaleY: Double { Double(target.height) / Double(source.height) }

    public func apply(_ point: Point) -> Point {
        Point(x: point.x * scaleX, y: point.y * scaleY)
    }

    public func apply(_ rect: Rect) -> Rect {
        Rect(x: rect.x * scaleX, y: rect.y * scaleY, width: rect.width * scaleX, height: rect.height * scaleY)
    }

    /// Scaling keeps a simple polygon simple (it is an affine map with positive factors).
    public func apply(_ polygon: Polygon) -> Polygon {
        Polygon(unchecked: polygon.vertices.map(apply))
    }

    public func apply(_ region: RegionOfInterest) -> RegionOfInterest {
        switch region {
        case .rect(let rect): .rect(apply(rect))
        case .polygon(let polygon): .polygon(apply(polygon))
        }
    }
}
