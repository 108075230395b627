/// A named area holding one or more rectangular boundaries (e.g. North Dakota: Fargo, Minot).
public struct FloodRegion: Sendable, Hashable, Codable {
    /// The region's number, given by the hub (the legacy XML protocol names regions by number).
    public var id: Int
    /// The region's name, such as "North Dakota".
    public var name: String
    /// The region's boundaries.
    public var boundaries: [FloodBoundary]

    /// A region with each of its fields.
    public init(id: Int, name: String, boundaries: [FloodBoundary]) {
        self.id = id
        self.name = name
        self.boundaries = boundaries
    }
}

/// A rectangle on the map inside which flood events are recorded.
public struct FloodBoundary: Sendable, Hashable, Codable {
    /// The boundary's number, given by the hub.
    public var id: Int
    /// The boundary's name, such as "Fargo".
    public var name: String
    /// The rectangle, in degrees.
    public var box: GeoBox

    /// A boundary with each of its fields.
    public init(id: Int, name: String, box: GeoBox) {
        self.id = id
        self.name = name
        self.box = box
    }
}

/// One flooding of one boundary, from its start date to its end date (none while it lasts).
public struct FloodEvent: Sendable, Hashable, Codable {
    /// The event's number, given by the hub.
    public var id: Int
    /// The event's name, such as "Spring 2026".
    public var name: String
    /// When it began, in the region's local time (the legacy formats write times without a zone).
    public var start: LocalTimestamp
    /// When it ended, in the region's local time; nil while it lasts.
    public var end: LocalTimestamp?
    /// Free text classifying the event (the seed derives it from its markers' severities).
    public var type: String

    /// An event with each of its fields.
    public init(id: Int, name: String, start: LocalTimestamp, end: LocalTimestamp?, type: String = "") {
        self.id = id
        self.name = name
        self.start = start
        self.end = end
        self.type = type
    }
}

/// What a reporter observed at a place: the fields a marker is submitted with.
public struct FloodObservation: Sendable, Hashable, Codable {
    /// Where the flooding was seen, in degrees.
    public var location: GeoPoint
    /// When it was seen, in the region's local time.
    public var observationTime: LocalTimestamp
    /// How bad it was.
    public var severity: FloodSeverity
    /// What the reporter says of it; empty when nothing.
    public var comment: String
    /// Reporter contact: stored, never shown to the public (see `FloodMarker.redactingContact()`).
    public var email: String
    /// The reporter's phone number, empty when not given; like `email`, never shown to the public.
    public var phoneNumber: String
    /// The ground cover where it was seen (`covertype` in the XML protocol); empty when not given.
    public var coverType: String
    /// The height of that cover, a number in the reporter's unit; nil when not given.
    public var coverHeight: Double?

    /// An observation of `severity` at `location` and `observationTime`; the other fields are optional.
    public init(
        location: GeoPoint, observationTime: LocalTimestamp, severity: FloodSeverity, comment: String = "",
        email: String = "", phoneNumber: String = "", coverType: String = "", coverHeight: Double? = nil
    ) {
        self.location = location
        self.observationTime = observationTime
        self.severity = severity
        self.comment = comment
        self.email = email
        self.phoneNumber = phoneNumber
        self.coverType = coverType
        self.coverHeight = coverHeight
    }
}

/// A stored marker as the KML marker file lists it.
public struct FloodMarker: Sendable, Hashable, Codable {
    /// The marker's number, given by the hub.
    public var id: Int
    /// What the reporter observed.
    public var observation: FloodObservation
    /// When it was submitted, in the region's local time.
    public var uploadTime: LocalTimestamp
    /// Whether a moderator accepted the marker (`t`/`f` in the KML).
    public var valid: Bool
    /// Address of the photo, empty when there is none.
    public var imageURL: String

    /// A marker with each of its fields.
    public init(id: Int, observation: FloodObservation, uploadTime: LocalTimestamp, valid: Bool, imageURL: String = "") {
        self.id = id
        self.observation = observation
        self.uploadTime = uploadTime
        self.valid = valid
        self.imageURL = imageURL
    }

    /// The marker without the reporter's e-mail and phone, for anything the public can read.
    public func redactingContact() -> FloodMarker {
        var copy = self
        copy.observation.email = ""
        copy.observation.phoneNumber = ""
        return copy
    }
}
