/// A watch zone as `define` gives it and the hub keeps it (docs/protocol.md §6.9): an area (regions
/// and rule as in an `roi` query, and a dwell time after which a lingering track raises a
/// loitering alert) or a line that counts the tracks crossing it, on one camera.
public struct WatchZoneDefinition: Sendable, Equatable, Codable {
    /// A counting line, from `from` to `to` in the camera's frame.
    public struct Line: Sendable, Equatable, Codable {
        /// Its first point; left and right are as seen from here towards `to`.
        public var from: Point
        /// Its second point, distinct from the first.
        public var to: Point

        /// A line from `from` to `to`.
        public init(from: Point, to: Point) {
            self.from = from
            self.to = to
        }
    }

    /// Which crossings of a line count.
    public enum Directions: String, Sendable, Codable, CaseIterable {
        /// From its left to its right.
        case leftToRight = "left-to-right"
        /// From its right to its left.
        case rightToLeft = "right-to-left"
        /// Either way (the default).
        case both
    }

    /// The camera the zone watches; its geometry is in that camera's frame, in pixels.
    public var camera: String
    /// An area's regions; nil for a line.
    public var regions: [DrawnRegion]?
    /// An area's match: in any region (default) or all.
    public var match: RegionMatch?
    /// An area's rule; default: a box's bottom centre is inside.
    public var rule: RegionRule?
    /// An area's dwell time, 1 s to a day, after which a track inside raises a loitering alert.
    public var dwell: WireDuration?
    /// A line's two points; nil for an area.
    public var line: Line?
    /// A line's counted crossings; default both ways.
    public var direction: Directions?
    /// Only detections with one of these labels; nil: any.
    public var labels: [String]?

    /// An area over `regions` of `camera`.
    public init(
        camera: String, regions: [DrawnRegion], match: RegionMatch? = nil, rule: RegionRule? = nil, dwell: WireDuration? = nil,
        labels: [String]? = nil
    ) {
        self.camera = camera
        self.regions = regions
        self.match = match
        self.rule = rule
        self.dwell = dwell
        self.labels = labels
    }

    /// A line across `camera`'s frame.
    public init(camera: String, line: Line, direction: Directions? = nil, labels: [String]? = nil) {
        self.camera = camera
        self.line = line
        self.direction = direction
        self.labels = labels
    }

    private enum CodingKeys: String, CodingKey { case camera, regions, match, rule, dwell, line, direction, labels }

    /// Reads the wire's fields; a match or a direction of another word is refused naming it.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        camera = try fields.decode(String.self, forKey: .camera)
        regions = try fields.decodeIfPresent([DrawnRegion].self, forKey: .regions)
        match = try fields.decodeChoiceIfPresent(RegionMatch.self, forKey: .match)
        rule = try fields.decodeIfPresent(RegionRule.self, forKey: .rule)
        dwell = try fields.decodeIfPresent(WireDuration.self, forKey: .dwell)
        line = try fields.decodeIfPresent(Line.self, forKey: .line)
        direction = try fields.decodeChoiceIfPresent(Directions.self, forKey: .direction)
        labels = try fields.decodeIfPresent([String].self, forKey: .labels)
    }

    /// Whether the zone is a line that counts crossings rather than an area.
    public var isLine: Bool { line != nil }
}
