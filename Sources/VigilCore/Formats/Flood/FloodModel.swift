/// A named area holding one or more rectangular boundaries (e.g. North Dakota: Fargo, Minot).
public struct FloodRegion: Sendable, Hashable, Codable {
    public var id: Int
    public var name: String
    public var boundaries: [FloodBoundary]

    public init(id: Int, name: String, boundaries: [FloodBoundary]) {
        self.id = id
        self.name = name
        self.boundaries = boundaries
    }
}

/// A rectangle on the map inside which flood events are recorded.
public struct FloodBoundary: Sendable, Hashable, Codable {
    public var id: Int
    public var name: String
    public var box: GeoBox

    public init(id: Int, name: String, box: GeoBox) {
        self.id = id
        self.name = name
        self.box = box
    }
}

/// One flooding of one boundary, from its start date to its end date (none while it lasts).
public struct FloodEvent: Sendable, Hashable, Codable {
    public var id: Int
    public var name: String
    public var start: LocalTimestamp
    public var end: LocalTimestamp?
    /// Free text classifying the event (the seed derives it from its markers' severities).
    public var type: String

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
    public var location: GeoPoint
    public var observationTime: LocalTimestamp
    public var severity: FloodSeverity
    public var comment: String
    /// Reporter contact: stored, never shown to the public (see `FloodMarker.redactingContact()`).
    public var email: String
    public var phoneNumber: String
    public var coverType: String
    public var coverHeight: Double?

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
    public var id: Int
    public var observation: FloodObservation
    public var uploadTime: LocalTimestamp
    /// Whether a moderator accepted the marker (`t`/`f` in the KML).
    public var valid: Bool
    /// Address of the photo, empty when there is none.
    public var imageURL: String

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
