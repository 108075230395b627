import VigilCore
import VigilHub

/// The regions of a query or a watch zone and the rule that says when a detection's box is in them:
/// the Enhanced-ROI intensity (the least fraction of the box inside a region) or, as NVRs judge
/// zones, one anchor point of the box inside it; any of the regions, or all of them. Published:
/// a watch zone's area is a standing ROI, held to the same rule.
public struct RoiRegions: Sendable {
    /// The regions, as drawn.
    public var shapes: [RegionOfInterest]
    /// A box must be in all of them, not any.
    public var matchAll: Bool
    /// When a box is in a region.
    public var rule: RegionRule

    init(shapes: [RegionOfInterest], matchAll: Bool, rule: RegionRule) {
        self.shapes = shapes
        self.matchAll = matchAll
        self.rule = rule
    }

    /// The `regions`, `match` and `rule` a query or a zone gives, within `RegionBounds`, a count
    /// past them refused with `pastBound`; nil for a zone stored before the bounds, read back as it was.
    public init(_ regions: [DrawnRegion]?, match: RegionMatch?, rule: RegionRule?, pastBound: ErrorCode? = .invalidData) throws(ProtocolError) {
        let regions = regions ?? []
        if let pastBound { try RegionBounds.check(regions: regions, pastBound: pastBound) }
        guard (1...RegionBounds.maxRegions).contains(regions.count) else {
            throw ProtocolError(.invalidData, "data.regions must be a list of 1 to \(RegionBounds.maxRegions) regions")
        }
        var shapes: [RegionOfInterest] = []
        for (index, region) in regions.enumerated() {
            shapes.append(try Self.shape(region, path: "data.regions[\(index)]"))
        }
        self.shapes = shapes
        matchAll = match == .allRegions
        self.rule = rule ?? .anchor(.bottomCenter)
    }

    /// The same regions on a frame of another size.
    func scaled(_ scaling: FrameScaling) -> RoiRegions {
        RoiRegions(shapes: shapes.map(scaling.apply), matchAll: matchAll, rule: rule)
    }

    /// The rectangle a box must touch to be in the regions: around them all (any); for all of them,
    /// the common part of their bounds when one point of the box must lie in each (nil when they
    /// share nothing, so nothing can match), else the smallest region's bounds (a box that overlaps
    /// every region overlaps that one, though the regions themselves may not meet).
    var narrowing: Rect? {
        let bounds = shapes.map(\.bounds)
        guard matchAll else { return Rect(bounding: bounds.flatMap(\.corners)) }
        guard case .anchor = rule else { return bounds.min { $0.area < $1.area } }
        var common = bounds[0]
        for rect in bounds.dropFirst() {
            let left = max(common.minX, rect.minX)
            let top = max(common.minY, rect.minY)
            let right = min(common.maxX, rect.maxX)
            let bottom = min(common.maxY, rect.maxY)
            guard right >= left, bottom >= top else { return nil }
            common = Rect(x: left, y: top, width: right - left, height: bottom - top)
        }
        return common
    }

    /// The anchor a box's point must have in the regions, nil for the intensity rule.
    var anchor: RoiAnchor? {
        guard case .anchor(let anchor) = rule else { return nil }
        return anchor
    }

    /// The intensity a box is reported with when it is in the regions (the best region's for any,
    /// the least for all); nil when it is not in them. `bounds`, the shapes' (`shapes.map(\.bounds)`),
    /// spare the geometry of a shape the box cannot touch: a zone's are worked out once.
    public func match(_ box: Rect, bounds: [Rect]? = nil) -> Double? {
        var best: Double?
        for (index, shape) in shapes.enumerated() {
            // Outside its bounds (touching is outside), a box shares no area with a shape and holds no point of it.
            let apart = bounds.map { Self.apart(box, $0[index]) } ?? false
            let intensity = apart ? 0 : shape.intensity(of: box)
            let inside: Bool
            switch rule {
            case .intensity(let least): inside = intensity > 0 && intensity >= least
            case .anchor(let anchor):
                let point = Self.point(anchor, of: box)
                inside = (bounds.map { $0[index].contains(point) } ?? true) && shape.contains(point)
            }
            if matchAll {
                guard inside else { return nil }
                best = min(best ?? intensity, intensity)
            } else if inside {
                best = max(best ?? intensity, intensity)
            }
        }
        return best
    }

    /// Whether two rectangles share no area.
    private static func apart(_ a: Rect, _ b: Rect) -> Bool {
        a.maxX <= b.minX || b.maxX <= a.minX || a.maxY <= b.minY || b.maxY <= a.minY
    }

    /// Where `anchor` lies on `box`.
    public static func point(_ anchor: RoiAnchor, of box: Rect) -> Point {
        switch anchor {
        case .bottomCenter: Point(x: box.x + box.width / 2, y: box.maxY)
        case .center: Point(x: box.x + box.width / 2, y: box.y + box.height / 2)
        }
    }

    /// A drawn region as geometry: a rectangle of some area, a simple polygon, or a lasso's stroke
    /// simplified into one (refused if it crosses itself).
    private static func shape(_ region: DrawnRegion, path: String) throws(ProtocolError) -> RegionOfInterest {
        do throws(GeometryError) {
            switch region {
            case .rect(let given):
                let rect = try Rect(validatingX: given.x, y: given.y, width: given.width, height: given.height)
                guard rect.area > 0 else { throw GeometryError.zeroArea }
                return .rect(rect)
            case .polygon(let points):
                return .polygon(try Polygon(points))
            case .lasso(let points):
                return .polygon(try Polygon.lasso(points))
            }
        } catch {
            throw ProtocolError(.invalidData, "\(path): \(error.description)")
        }
    }
}
