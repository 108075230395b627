/// A region drawn over a camera frame: a rectangle or a free-form (lasso) polygon.
/// Coded as `{"rect": {x, y, width, height}}` or `{"polygon": [{x, y}, ...]}`.
public enum RegionOfInterest: Sendable, Hashable {
    /// A rectangle.
    case rect(Rect)
    /// A simple polygon, such as a finger's lasso.
    case polygon(Polygon)

    /// The region's area, in square pixels.
    public var area: Double {
        switch self {
        case .rect(let rect): rect.area
        case .polygon(let polygon): polygon.area
        }
    }

    /// The smallest rectangle holding the region.
    public var bounds: Rect {
        switch self {
        case .rect(let rect): rect
        case .polygon(let polygon): polygon.bounds
        }
    }

    /// Whether `point` lies inside the region or on its border.
    public func contains(_ point: Point) -> Bool {
        switch self {
        case .rect(let rect): rect.contains(point)
        case .polygon(let polygon): polygon.contains(point)
        }
    }

    /// Exact area the region shares with a box.
    public func intersectionArea(with box: Rect) -> Double {
        switch self {
        case .rect(let rect): rect.intersectionArea(with: box)
        case .polygon(let polygon): box.intersectionArea(with: polygon)
        }
    }

    /// The Enhanced-ROI "intensity": the fraction (0...1) of the box's area that lies inside the
    /// region. A box with no area has intensity 0.
    public func intensity(of box: Rect) -> Double {
        let boxArea = box.area
        guard boxArea > 0 else { return 0 }
        return Swift.min(1, intersectionArea(with: box) / boxArea)
    }
}

extension RegionOfInterest: Codable {
    private enum CodingKeys: String, CodingKey { case rect, polygon }

    /// Decodes `{"rect": {x, y, width, height}}` (finite, sides not negative) or `{"polygon": [{x, y}, ...]}` (a simple polygon).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let rect = try container.decodeIfPresent(Rect.self, forKey: .rect) {
            self = .rect(try Rect(validatingX: rect.x, y: rect.y, width: rect.width, height: rect.height))
        } else if let polygon = try container.decodeIfPresent(Polygon.self, forKey: .polygon) {
            self = .polygon(polygon)
        } else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected a \"rect\" or a \"polygon\""))
        }
    }

    /// Encodes `{"rect": ...}` or `{"polygon": ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .rect(let rect): try container.encode(rect, forKey: .rect)
        case .polygon(let polygon): try container.encode(polygon, forKey: .polygon)
        }
    }
}
