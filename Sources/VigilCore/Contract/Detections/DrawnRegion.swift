/// A region drawn over a camera's frame, as a query or a watch zone gives it (docs/protocol.md
/// §6.8): one of `{"rect": {x, y, width, height}}`, `{"polygon": [{x, y}, ...]}` and
/// `{"lasso": [{x, y}, ...]}`. The hub checks the geometry (area, crossings, bounds).
public enum DrawnRegion: Sendable, Equatable, Codable {
    /// A rectangle.
    case rect(Rect)
    /// A simple polygon, its vertices in order.
    case polygon([Point])
    /// A finger's closed stroke, which the hub simplifies into a polygon.
    case lasso([Point])

    private enum CodingKeys: String, CodingKey { case rect, polygon, lasso }

    /// Decodes the one shape the object holds.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        switch fields.allKeys {
        case [.rect]: self = .rect(try fields.decode(Rect.self, forKey: .rect))
        case [.polygon]: self = .polygon(try fields.decode([Point].self, forKey: .polygon))
        case [.lasso]: self = .lasso(try fields.decode([Point].self, forKey: .lasso))
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: #"must be {"rect": ...}, {"polygon": [...]} or {"lasso": [...]}"#))
        }
    }

    /// Encodes the shape under its kind; each kind is offered, so that a description of the type
    /// names all three.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(rect, forKey: .rect)
        try fields.encodeIfPresent(polygon, forKey: .polygon)
        try fields.encodeIfPresent(lasso, forKey: .lasso)
    }

    private var rect: Rect? { if case .rect(let rect) = self { rect } else { nil } }
    private var polygon: [Point]? { if case .polygon(let points) = self { points } else { nil } }
    private var lasso: [Point]? { if case .lasso(let points) = self { points } else { nil } }
}

/// Whether a detection must be in any of a query's regions or in all of them.
public enum RegionMatch: String, Sendable, Codable, CaseIterable {
    /// In at least one region (the default).
    case anyRegion = "any"
    /// In every region.
    case allRegions = "all"
}

/// The point of a box that the anchor rule places in a region.
public enum RoiAnchor: String, Sendable, Codable, CaseIterable {
    /// The middle of its bottom edge: where a person stands.
    case bottomCenter = "bottom-center"
    /// Its centre.
    case center
}

/// When a box is in a region: `{"intensity": 0...1}` or `{"anchor": "bottom-center" | "center"}`.
public enum RegionRule: Sendable, Equatable, Codable {
    /// The fraction of the box's area inside the region is above 0 and at least this (the seed's
    /// Enhanced-ROI intensity).
    case intensity(Double)
    /// That point of the box is inside the region, its edge included.
    case anchor(RoiAnchor)

    private enum CodingKeys: String, CodingKey { case intensity, anchor }

    /// Decodes the one rule the object holds: an intensity from 0 to 1, or a known anchor.
    public init(from decoder: any Decoder) throws {
        let refusal = DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: #"must be {"intensity": 0...1} or {"anchor": "bottom-center" | "center"}"#))
        guard let fields = try? decoder.container(keyedBy: CodingKeys.self) else { throw refusal }
        switch fields.allKeys {
        case [.intensity]:
            guard let least = try? fields.decode(Double.self, forKey: .intensity), (0...1).contains(least) else { throw refusal }
            self = .intensity(least)
        case [.anchor]:
            guard let anchor = try? fields.decode(RoiAnchor.self, forKey: .anchor) else { throw refusal }
            self = .anchor(anchor)
        default:
            throw refusal
        }
    }

    /// Encodes the rule under its name; both are offered, so that a description of the type names them.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(intensity, forKey: .intensity)
        try fields.encodeIfPresent(anchor, forKey: .anchor)
    }

    private var intensity: Double? { if case .intensity(let least) = self { least } else { nil } }
    private var anchor: RoiAnchor? { if case .anchor(let anchor) = self { anchor } else { nil } }
}
