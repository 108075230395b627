/// The `data` of the commands of `flood/{region}` (docs/protocol.md §6.7), one definition that
/// `VigilClient` sends and the hub's flood domain reads. The hub checks each value's bounds (a
/// name's length, a severity's level) and answers `invalid_data` naming the field.
public enum FloodRegionCommand {
    /// `create_region` on `flood/{region}` (admins).
    public struct CreateRegion: Sendable, Equatable, Codable {
        /// The region's name as people know it, up to 100 characters.
        public var name: String
        /// The IANA time zone its reports' local times are read in.
        public var timeZone: String
        /// Whether reports are taken without a token; false when nil.
        public var anonymous: Bool?

        /// A region named `name` in `timeZone`.
        public init(name: String, timeZone: String, anonymous: Bool? = nil) {
            self.name = name
            self.timeZone = timeZone
            self.anonymous = anonymous
        }
    }

    /// `add_boundary` on `flood/{region}` (admins): a box where reports are taken.
    public struct AddBoundary: Sendable, Equatable, Codable {
        /// What people call the place, up to 100 characters.
        public var name: String
        /// The box's north-west corner.
        public var northWest: FloodWire.Corner
        /// The box's south-east corner; west of the north-west one across the antimeridian.
        public var southEast: FloodWire.Corner

        /// A boundary named `name` between its two corners.
        public init(name: String, northWest: FloodWire.Corner, southEast: FloodWire.Corner) {
            self.name = name
            self.northWest = northWest
            self.southEast = southEast
        }
    }

    /// `open_event` on `flood/{region}` (operators and admins): a flood event on a boundary.
    public struct OpenEvent: Sendable, Equatable, Codable {
        /// The number of the boundary the event is open on.
        public var boundary: Int64
        /// What people call the flood, up to 100 characters.
        public var name: String

        /// An event named `name` on `boundary`.
        public init(boundary: Int64, name: String) {
            self.boundary = boundary
            self.name = name
        }
    }

    /// `rename_event` on `flood/{region}` (operators and admins).
    public struct RenameEvent: Sendable, Equatable, Codable {
        /// The event's number.
        public var event: Int64
        /// Its new name, up to 100 characters.
        public var name: String

        /// `event` renamed `name`.
        public init(event: Int64, name: String) {
            self.event = event
            self.name = name
        }
    }

    /// `close_event` on `flood/{region}` (operators and admins).
    public struct CloseEvent: Sendable, Equatable, Codable {
        /// The event's number.
        public var event: Int64

        /// Closes `event`.
        public init(event: Int64) {
            self.event = event
        }
    }
}

/// The body of `POST /api/flood/regions` (docs/protocol.md, "Flood regions and reports"): the new
/// region's id beside the fields of its `create_region`, which the hub publishes on `flood/{id}`.
public struct FloodRegionCreation: Sendable, Equatable, Codable {
    /// The region's id, 1-64 of A-Z a-z 0-9 - _ . (a topic segment).
    public var id: String
    /// What `create_region` is given.
    public var region: FloodRegionCommand.CreateRegion

    /// The region `id` as `region` describes it.
    public init(id: String, region: FloodRegionCommand.CreateRegion) {
        self.id = id
        self.region = region
    }

    private enum CodingKeys: String, CodingKey {
        case id
    }

    /// Reads `id` and, from the same object, the command's fields.
    public init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .id)
        region = try FloodRegionCommand.CreateRegion(from: decoder)
    }

    /// Writes the command's fields and `id` into one object.
    public func encode(to encoder: any Encoder) throws {
        try region.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(id, forKey: .id)
    }
}

/// A marker as a reporter submits it: `submit` on `flood/{region}/reports` (docs/protocol.md §6.7).
public struct FloodReport: Sendable, Equatable, Codable {
    /// Where the flood was seen (WGS 84 degrees); `latitude` and `longitude` on the wire.
    public var position: GeoPoint
    /// How bad it is, a whole number from 1 to 5.
    public var severity: Int
    /// What the reporter says of it, up to 2,000 characters; empty sends none.
    public var description: String
    /// The flood event; when nil, the hub picks the open event whose boundary holds the position.
    public var event: Int64?
    /// When it was seen, in milliseconds since 1970; the submission time when nil.
    public var observedAt: Int64?
    /// SHA-256 of a photo uploaded with `POST /api/thumbnails`.
    public var picture: String?
    /// Shown to moderators only.
    public var email: String?
    /// Shown to moderators only, like `email`.
    public var phone: String?
    /// What covers the ground there (the legacy app's free text).
    public var coverType: String?
    /// How high the water stands over `coverType`, in the legacy app's unit.
    public var coverHeight: Double?

    /// A report of a flood seen at `position` with `severity`; the optional fields are sent only when given.
    public init(
        position: GeoPoint, severity: Int, description: String = "", event: Int64? = nil, observedAt: Int64? = nil, picture: String? = nil,
        email: String? = nil, phone: String? = nil, coverType: String? = nil, coverHeight: Double? = nil
    ) {
        self.position = position
        self.severity = severity
        self.description = description
        self.event = event
        self.observedAt = observedAt
        self.picture = picture
        self.email = email
        self.phone = phone
        self.coverType = coverType
        self.coverHeight = coverHeight
    }

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, severity, description, event, observedAt, picture, email, phone, coverType, coverHeight
    }

    /// Reads the wire's fields; a position off the Earth is refused naming `latitude`.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        do {
            position = try GeoPoint(
                latitude: try fields.decode(Double.self, forKey: .latitude), longitude: try fields.decode(Double.self, forKey: .longitude))
        } catch let error as GeoError {
            throw fields.refuse(.latitude, "and longitude must be a point on the Earth, in degrees: \(error.description)")
        }
        severity = try fields.decodeWhole(Int.self, forKey: .severity)
        description = try fields.decodeIfPresent(String.self, forKey: .description) ?? ""
        event = try fields.decodeWholeIfPresent(Int64.self, forKey: .event)
        observedAt = try fields.decodeWholeIfPresent(Int64.self, forKey: .observedAt)
        picture = try fields.decodeIfPresent(String.self, forKey: .picture)
        email = try fields.decodeIfPresent(String.self, forKey: .email)
        phone = try fields.decodeIfPresent(String.self, forKey: .phone)
        coverType = try fields.decodeIfPresent(String.self, forKey: .coverType)
        coverHeight = try fields.decodeIfPresent(Double.self, forKey: .coverHeight)
    }

    /// Writes the wire's fields; an empty description and absent options are left out.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(position.latitude, forKey: .latitude)
        try fields.encode(position.longitude, forKey: .longitude)
        try fields.encode(severity, forKey: .severity)
        try fields.encodeIfPresent(description.isEmpty ? nil : description, forKey: .description)
        try fields.encodeIfPresent(event, forKey: .event)
        try fields.encodeIfPresent(observedAt, forKey: .observedAt)
        try fields.encodeIfPresent(picture, forKey: .picture)
        try fields.encodeIfPresent(email, forKey: .email)
        try fields.encodeIfPresent(phone, forKey: .phone)
        try fields.encodeIfPresent(coverType, forKey: .coverType)
        try fields.encodeIfPresent(coverHeight, forKey: .coverHeight)
    }
}

/// Which markers a moderator decides: `approve` and `reject` take a selection or everything
/// pending in a boundary, `remove` a selection only.
public enum FloodModeration: Sendable, Equatable, Codable {
    /// The markers with these numbers (`{markers}`), at most 1,000.
    case markers([Int64])
    /// Every pending marker inside the boundary with this number (`{boundary}`).
    case boundary(Int64)

    private enum CodingKeys: String, CodingKey {
        case markers, boundary
    }

    /// Reads `{markers}` or `{boundary}`; both, or neither, is refused.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        switch (try fields.decodeIfPresent([Int64].self, forKey: .markers), try fields.decodeWholeIfPresent(Int64.self, forKey: .boundary)) {
        case (let markers?, nil): self = .markers(markers)
        case (nil, let boundary?): self = .boundary(boundary)
        default: throw fields.refuse(.markers, "or data.boundary, one of them: a list of marker numbers or a boundary's number")
        }
    }

    /// Writes `{markers}` or `{boundary}`.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        var markers: [Int64]?
        var boundary: Int64?
        switch self {
        case .markers(let ids): markers = ids
        case .boundary(let id): boundary = id
        }
        try fields.encodeIfPresent(markers, forKey: .markers)
        try fields.encodeIfPresent(boundary, forKey: .boundary)
    }
}
