/// The zone domain's event types on `zones/{site}/{zone}` (docs/protocol.md §6.9), and the `data`
/// each carries. A loitering alert is `alert.raised` (`AlertEventType.raised`), its `data`
/// `ZoneLoitering`, on the zone's topic and on `alerts/{site}`.
public enum ZoneEventType: String, Sendable, CaseIterable, Codable {
    /// The zone was defined or redefined: `data` is `ZoneDefined`.
    case defined = "zone.defined"
    /// The zone was removed: `data` is `ZoneRemoved`.
    case removed = "zone.removed"
    /// New detections inside an area: `data` is `ZoneDetections`.
    case detections = "zone.detections"
    /// Tracks crossed a line: `data` is `ZoneCrossings`.
    case crossings = "zone.crossings"
}

/// `zone.defined`.
public struct ZoneDefined: Sendable, Equatable, Codable {
    /// The zone as now defined.
    public var zone: WatchZone

    /// The event's data for `zone`.
    public init(zone: WatchZone) { self.zone = zone }
}

/// `zone.removed`.
public struct ZoneRemoved: Sendable, Equatable, Codable {
    /// The id of the zone removed.
    public var zone: String

    /// The event's data for zone `zone`.
    public init(zone: String) { self.zone = zone }
}

/// A detection inside an area, with the intensity the area's rule found. On the wire its field
/// sits beside the detection's, in one object.
public struct ZoneDetection: Sendable, Equatable, Codable {
    /// The detection, with its camera.
    public var detection: WireDetection
    /// The fraction of its box inside the area (the best region's, or the least for `all`).
    public var intensity: Double

    /// `detection`, inside an area at `intensity`.
    public init(detection: WireDetection, intensity: Double) {
        self.detection = detection
        self.intensity = intensity
    }

    private enum CodingKeys: String, CodingKey { case intensity }

    /// Decodes the detection's fields and the intensity, from one object.
    public init(from decoder: any Decoder) throws {
        detection = try WireDetection(from: decoder)
        intensity = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .intensity)
    }

    /// Encodes the detection's fields and the intensity, into one object.
    public func encode(to encoder: any Encoder) throws {
        try detection.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(intensity, forKey: .intensity)
    }
}

/// A tracked detection whose bottom centre crossed a line since its track's previous detection. On
/// the wire its field sits beside the detection's, in one object.
public struct ZoneCrossing: Sendable, Equatable, Codable {
    /// The detection after the crossing, with its camera and track.
    public var detection: WireDetection
    /// The way it crossed.
    public var direction: TripLine.Direction

    /// `detection`, having crossed `direction`.
    public init(detection: WireDetection, direction: TripLine.Direction) {
        self.detection = detection
        self.direction = direction
    }

    private enum CodingKeys: String, CodingKey { case direction }

    /// Decodes the detection's fields and the direction, from one object.
    public init(from decoder: any Decoder) throws {
        detection = try WireDetection(from: decoder)
        direction = try decoder.container(keyedBy: CodingKeys.self).decode(TripLine.Direction.self, forKey: .direction)
    }

    /// Encodes the detection's fields and the direction, into one object.
    public func encode(to encoder: any Encoder) throws {
        try detection.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(direction, forKey: .direction)
    }
}

/// `zone.detections`: the new detections an area holds, oldest first.
public struct ZoneDetections: Sendable, Equatable, Codable {
    /// The zone's id.
    public var zone: String
    /// The detections, oldest first.
    public var detections: [ZoneDetection]

    /// The event's data for `detections` inside `zone`.
    public init(zone: String, detections: [ZoneDetection]) {
        self.zone = zone
        self.detections = detections
    }
}

/// `zone.crossings`: the crossings of a line, oldest first, with the hour's counts.
public struct ZoneCrossings: Sendable, Equatable, Codable {
    /// The zone's id.
    public var zone: String
    /// The crossings, oldest first.
    public var crossings: [ZoneCrossing]
    /// This hour's crossings per direction, these included.
    public var counts: [ZoneHourCount]

    /// The event's data for `crossings` of `zone`.
    public init(zone: String, crossings: [ZoneCrossing], counts: [ZoneHourCount]) {
        self.zone = zone
        self.crossings = crossings
        self.counts = counts
    }
}

/// `alert.raised` for a loitering track: the alert (kind `loitering`), with the zone's findings.
public struct ZoneLoitering: Sendable, Equatable, Codable {
    /// The alert raised.
    public var alert: Alert
    /// The id of the zone the track stayed in.
    public var zone: String
    /// The track that stayed.
    public var track: Int64
    /// When it was first seen inside in this stay, in ms since 1970.
    public var first: Int64
    /// The time of the detection that made the stay long enough, in ms since 1970.
    public var last: Int64
    /// That detection.
    public var detection: ZoneDetection

    /// The event's data for `alert`, raised for `track` staying in `zone` from `first` to `last`.
    public init(alert: Alert, zone: String, track: Int64, first: Int64, last: Int64, detection: ZoneDetection) {
        self.alert = alert
        self.zone = zone
        self.track = track
        self.first = first
        self.last = last
        self.detection = detection
    }
}

/// What a subscriber of `zones/{site}/{zone}` gets first, beside the engine's `head`.
public struct ZoneState: Sendable, Equatable, Codable {
    /// The zone as defined; nil before `define` and after `remove`.
    public var zone: WatchZone?
    /// A line's crossings per hour and direction.
    public var counts: [ZoneHourCount]

    /// The state of `zone`.
    public init(zone: WatchZone?, counts: [ZoneHourCount]) {
        self.zone = zone
        self.counts = counts
    }
}
