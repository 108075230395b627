import VigilCore

/// A marker as a reporter submits it (docs/protocol.md §6.7, `submit`).
public struct FloodReport: Sendable {
    /// Where the flood was seen (WGS 84 degrees).
    public var position: GeoPoint
    /// How bad it is, a whole number from 1 to 5 (docs/protocol.md §6.7).
    public var severity: Int
    /// What the reporter says of it; empty sends none.
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

    /// A report of a flood seen at `position` with `severity`; the optional fields are sent only when given.
    public init(
        position: GeoPoint, severity: Int, description: String = "", event: Int64? = nil, observedAt: Int64? = nil, picture: String? = nil,
        email: String? = nil, phone: String? = nil
    ) {
        self.position = position
        self.severity = severity
        self.description = description
        self.event = event
        self.observedAt = observedAt
        self.picture = picture
        self.email = email
        self.phone = phone
    }

    var data: JSONValue {
        var fields: [String: JSONValue] = [
            "latitude": .number(position.latitude), "longitude": .number(position.longitude), "severity": .number(Double(severity)),
            "description": description.isEmpty ? .null : .string(description),
        ]
        fields["event"] = event.map { .number(Double($0)) }
        fields["observedAt"] = observedAt.map { .number(Double($0)) }
        fields["picture"] = picture.map(JSONValue.string)
        fields["email"] = email.map(JSONValue.string)
        fields["phone"] = phone.map(JSONValue.string)
        return .object(fields)
    }
}

/// Which markers a moderator decides: a selection, or everything pending in a boundary.
public enum FloodModeration: Sendable {
    /// The markers with these numbers.
    case markers([Int64])
    /// Every pending marker inside the boundary with this number.
    case boundary(Int64)

    var data: JSONValue {
        switch self {
        case .markers(let ids): ["markers": .array(ids.map { .number(Double($0)) })]
        case .boundary(let id): ["boundary": .number(Double(id))]
        }
    }
}

/// Typed calls for the flood topics, `flood/{region}` and `flood/{region}/reports`. Each returns
/// the record the hub committed, as the event carries it, in the contract's types (`FloodWire`).
extension VigilClient {
    /// Admins. The region id is its topic scope; dates without a zone are read in `timeZone`.
    public func createFloodRegion(_ region: String, name: String, timeZone: String, anonymous: Bool = false) async throws -> FloodWire.Region {
        try await floodCommand(
            "flood/\(region)", "create_region", ["name": .string(name), "timeZone": .string(timeZone), "anonymous": .bool(anonymous)], "region")
    }

    /// Admins. A boundary is a box given by its north-west and south-east corners.
    public func addFloodBoundary(region: String, name: String, northWest: GeoPoint, southEast: GeoPoint) async throws -> FloodWire.Boundary {
        func corner(_ point: GeoPoint) -> JSONValue { ["latitude": .number(point.latitude), "longitude": .number(point.longitude)] }
        return try await floodCommand(
            "flood/\(region)", "add_boundary", ["name": .string(name), "northWest": corner(northWest), "southEast": corner(southEast)], "boundary")
    }

    /// Operators and admins.
    public func openFloodEvent(region: String, boundary: Int64, name: String) async throws -> FloodWire.Event {
        try await floodCommand("flood/\(region)", "open_event", ["boundary": .number(Double(boundary)), "name": .string(name)], "event")
    }

    /// Operators and admins: a new name for an event, open or closed; its markers stay.
    public func renameFloodEvent(region: String, event: Int64, name: String) async throws -> FloodWire.Event {
        try await floodCommand("flood/\(region)", "rename_event", ["event": .number(Double(event)), "name": .string(name)], "event")
    }

    /// Operators and admins: closes the event, after which it takes no more markers; returns the event record.
    public func closeFloodEvent(region: String, event: Int64) async throws -> FloodWire.Event {
        try await floodCommand("flood/\(region)", "close_event", ["event": .number(Double(event))], "event")
    }

    /// Any token. The marker is pending until a moderator approves it.
    public func submitFloodMarker(region: String, _ report: FloodReport) async throws -> FloodWire.Marker {
        try await floodCommand("flood/\(region)/reports", "submit", report.data, "marker")
    }

    /// Operators and admins: the approved markers, as the public now sees them.
    public func approveFloodMarkers(region: String, _ selection: FloodModeration) async throws -> [FloodWire.Marker] {
        try await floodCommand("flood/\(region)/reports", "approve", selection.data, "markers")
    }

    /// Operators and admins: the numbers of the rejected markers.
    public func rejectFloodMarkers(region: String, _ selection: FloodModeration) async throws -> [Int64] {
        try await floodCommand("flood/\(region)/reports", "reject", selection.data, "markers")
    }

    /// Operators and admins: approved markers taken down again (a hoax, a duplicate); each one's
    /// number, event and place, as the public hears of it.
    public func removeFloodMarkers(region: String, _ ids: [Int64]) async throws -> [FloodWire.RemovedMarker] {
        try await floodCommand("flood/\(region)/reports", "remove", FloodModeration.markers(ids).data, "markers")
    }

    /// Publishes the command and decodes the record its `ok` carries under `field`.
    private func floodCommand<Record: Decodable>(_ topic: String, _ type: String, _ data: JSONValue, _ field: String) async throws -> Record {
        let ok = try await request(.publish(topic: topic, type: type, data: data))
        guard let record = ok["data"]?[field] else {
            throw ClientError.unexpectedAnswer("the hub's ok for \(type) carried no \(field)")
        }
        return try record.decode(Record.self, field: "data.\(field)")
    }
}
