/// A zone as `zone.defined` and the zone's state carry it: its definition, with who defined it and
/// when. On the wire its fields sit beside the definition's, in one object.
public struct WatchZone: Sendable, Equatable, Codable {
    /// The zone's id, the last part of its topic `zones/{site}/{zone}`.
    public var id: String
    /// The zone as defined.
    public var definition: WatchZoneDefinition
    /// The name of the token that defined (or last redefined) it.
    public var definedBy: String
    /// When, in milliseconds since 1970.
    public var definedAt: Int64

    /// Zone `id`, defined as `definition` by `definedBy` at `definedAt`.
    public init(id: String, definition: WatchZoneDefinition, definedBy: String, definedAt: Int64) {
        self.id = id
        self.definition = definition
        self.definedBy = definedBy
        self.definedAt = definedAt
    }

    private enum CodingKeys: String, CodingKey { case id, definedBy, definedAt }

    /// Decodes the definition's fields and the zone's, from one object.
    public init(from decoder: any Decoder) throws {
        definition = try WatchZoneDefinition(from: decoder)
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        id = try fields.decode(String.self, forKey: .id)
        definedBy = try fields.decode(String.self, forKey: .definedBy)
        definedAt = try fields.decode(Int64.self, forKey: .definedAt)
    }

    /// Encodes the definition's fields and the zone's, into one object.
    public func encode(to encoder: any Encoder) throws {
        try definition.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(id, forKey: .id)
        try fields.encode(definedBy, forKey: .definedBy)
        try fields.encode(definedAt, forKey: .definedAt)
    }
}

/// Crossings of a line in one hour, one way.
public struct ZoneHourCount: Sendable, Equatable, Codable {
    /// The hour, as its first millisecond since 1970.
    public var hour: Int64
    /// The way the tracks crossed, as seen from the line's `from` towards its `to`.
    public var direction: TripLine.Direction
    /// How many tracks crossed that way in that hour.
    public var count: Int

    /// `count` crossings `direction` in `hour`.
    public init(hour: Int64, direction: TripLine.Direction, count: Int) {
        self.hour = hour
        self.direction = direction
        self.count = count
    }
}

/// A zone as the query `zones` lists it: as defined, with its topic's `head` and its figures as of
/// that event. On the wire its fields sit beside the zone's, in one object.
public struct ListedZone: Sendable, Equatable, Codable {
    /// The zone as defined.
    public var zone: WatchZone
    /// The `seq` of the zone's topic at which the figures were taken.
    public var head: UInt64
    /// A line's crossings per hour and direction over the last day; nil for an area.
    public var counts: [ZoneHourCount]?
    /// An area's detections told since the listing's `since`; nil for a line.
    public var recent: Int?

    /// `zone` as of `head`, with a line's `counts` or an area's `recent`.
    public init(zone: WatchZone, head: UInt64, counts: [ZoneHourCount]? = nil, recent: Int? = nil) {
        self.zone = zone
        self.head = head
        self.counts = counts
        self.recent = recent
    }

    private enum CodingKeys: String, CodingKey { case head, counts, recent }

    /// Decodes the zone's fields and the listing's, from one object.
    public init(from decoder: any Decoder) throws {
        zone = try WatchZone(from: decoder)
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        head = try fields.decode(UInt64.self, forKey: .head)
        counts = try fields.decodeIfPresent([ZoneHourCount].self, forKey: .counts)
        recent = try fields.decodeIfPresent(Int.self, forKey: .recent)
    }

    /// Encodes the zone's fields and the listing's, into one object.
    public func encode(to encoder: any Encoder) throws {
        try zone.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(head, forKey: .head)
        try fields.encodeIfPresent(counts, forKey: .counts)
        try fields.encodeIfPresent(recent, forKey: .recent)
    }
}

/// The `data` of the query `zones` on `zones/{site}`.
public struct ZoneListQuery: Sendable, Equatable, Codable {
    /// Only the zones on this camera; nil: every zone of the site.
    public var camera: String?

    /// The zones of `camera`, or of the whole site.
    public init(camera: String? = nil) { self.camera = camera }
}

/// The answer to the query `zones`: the site's zones by id, and the time areas' `recent` counts from.
public struct ZoneList: Sendable, Equatable, Codable {
    /// The zones, by id.
    public var zones: [ListedZone]
    /// Ten minutes before the hub's now, in ms since 1970: where areas' `recent` starts.
    public var since: Int64

    /// A listing of `zones`.
    public init(zones: [ListedZone], since: Int64) {
        self.zones = zones
        self.since = since
    }
}
