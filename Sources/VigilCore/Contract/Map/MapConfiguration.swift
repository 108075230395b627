/// The answer of `GET /map/config.json` (docs/protocol.md): where the pages' maps take their tiles
/// from, or that there is no map (`tiles` null).
public struct MapConfiguration: Sendable, Equatable, Codable {
    /// The tiles' URL template (`/map/tiles/{z}/{x}/{y}.png`, or a tile server's); nil: no map.
    public var tiles: String?
    /// The lowest zoom the tiles cover, when the hub serves them from a file.
    public var minZoom: Int?
    /// The highest zoom the tiles cover, when the hub serves them from a file.
    public var maxZoom: Int?
    /// West, south, east and north edges in degrees, when the file says.
    public var bounds: [Double]?
    /// Whose map it is, to be shown on it.
    public var attribution: String?

    /// A configuration with the fields given.
    public init(tiles: String?, minZoom: Int? = nil, maxZoom: Int? = nil, bounds: [Double]? = nil, attribution: String? = nil) {
        self.tiles = tiles
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds
        self.attribution = attribution
    }

    private enum CodingKeys: String, CodingKey {
        case tiles, minZoom, maxZoom, bounds, attribution
    }

    /// Writes `tiles` as null when there is no map, as the pages read it.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(tiles, forKey: .tiles)
        try fields.encodeIfPresent(minZoom, forKey: .minZoom)
        try fields.encodeIfPresent(maxZoom, forKey: .maxZoom)
        try fields.encodeIfPresent(bounds, forKey: .bounds)
        try fields.encodeIfPresent(attribution, forKey: .attribution)
    }
}
