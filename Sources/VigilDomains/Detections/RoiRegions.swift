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

    /// `regions`, `match` and `rule` of a query's data, within `RegionBounds`, a count past them
    /// refused with `pastBound`; nil for a zone stored before the bounds, read back as it was.
    public init(_ fields: CommandData, pastBound: ErrorCode? = .invalidData) throws(ProtocolError) {
        if let pastBound { try RegionBounds.check(regions: fields.fields["regions"], pastBound: pastBound) }
        guard let list = fields.fields["regions"]?.arrayValue, (1...RegionBounds.maxRegions).contains(list.count) else {
            throw ProtocolError(.invalidData, "data.regions must be a list of 1 to \(RegionBounds.maxRegions) regions")
        }
        var shapes: [RegionOfInterest] = []
        for (index, value) in list.enumerated() {
            shapes.append(try Self.shape(value, path: "data.regions[\(index)]"))
        }
        self.shapes = shapes
        matchAll = try fields.choice("match", of: ["any", "all"]) == "all"
        rule = try Self.rule(fields.fields["rule"])
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

    private static func rule(_ value: JSONValue?) throws(ProtocolError) -> RegionRule {
        guard let value, value != .null else { return .anchor(.bottomCenter) }
        if let least = value["intensity"]?.numberValue, value.objectValue?.count == 1, (0...1).contains(least) {
            return .intensity(least)
        }
        if let name = value["anchor"]?.stringValue, value.objectValue?.count == 1, let anchor = RoiAnchor(rawValue: name) {
            return .anchor(anchor)
        }
        throw ProtocolError(.invalidData, "data.rule must be {\"intensity\": 0...1} or {\"anchor\": \"bottom-center\" | \"center\"}")
    }

    /// `{"rect": {x, y, width, height}}`, `{"polygon": [{x, y}, ...]}` or `{"lasso": [{x, y}, ...]}`
    /// (a finger's stroke: simplified, and refused if it crosses itself).
    private static func shape(_ value: JSONValue, path: String) throws(ProtocolError) -> RegionOfInterest {
        guard let fields = value.objectValue, fields.count == 1, let (kind, body) = fields.first else {
            throw ProtocolError(.invalidData, "\(path) must be {\"rect\": ...}, {\"polygon\": [...]} or {\"lasso\": [...]}")
        }
        do {
            switch kind {
            case "rect":
                guard let x = body["x"]?.numberValue, let y = body["y"]?.numberValue, let width = body["width"]?.numberValue,
                    let height = body["height"]?.numberValue
                else { throw ProtocolError(.invalidData, "\(path).rect must be {x, y, width, height}") }
                let rect = try Rect(validatingX: x, y: y, width: width, height: height)
                guard rect.area > 0 else { throw GeometryError.zeroArea }
                return .rect(rect)
            case "polygon":
                return .polygon(try Polygon(try points(body, path: "\(path).polygon")))
            case "lasso":
                return .polygon(try Polygon.lasso(try points(body, path: "\(path).lasso")))
            default:
                throw ProtocolError(.invalidData, "\(path) must be {\"rect\": ...}, {\"polygon\": [...]} or {\"lasso\": [...]}")
            }
        } catch let error as GeometryError {
            throw ProtocolError(.invalidData, "\(path): \(error.description)")
        } catch let error as ProtocolError {
            throw error
        } catch {
            throw ProtocolError(.invalidData, "\(path): \(error)")
        }
    }

    private static func points(_ value: JSONValue, path: String) throws(ProtocolError) -> [Point] {
        guard let list = value.arrayValue, list.count <= Polygon.maxLassoPointCount else {
            throw ProtocolError(.invalidData, "\(path) must be a list of points {x, y}")
        }
        var points: [Point] = []
        points.reserveCapacity(list.count)
        for item in list {
            guard let x = item["x"]?.numberValue, let y = item["y"]?.numberValue else {
                throw ProtocolError(.invalidData, "\(path) must be a list of points {x, y}")
            }
            points.append(Point(x: x, y: y))
        }
        return points
    }
}
