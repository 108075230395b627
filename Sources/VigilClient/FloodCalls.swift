import VigilCore

/// Typed calls for the flood topics, `flood/{region}` and `flood/{region}/reports`. Each returns
/// the record the hub committed, as the event carries it, in the contract's types (`FloodWire`).
extension VigilClient {
    /// Admins. The region id is its topic scope; dates without a zone are read in `timeZone`.
    public func createFloodRegion(_ region: String, name: String, timeZone: String, anonymous: Bool = false) async throws -> FloodWire.Region {
        try await floodCommand(
            "flood/\(region)", "create_region", FloodRegionCommand.CreateRegion(name: name, timeZone: timeZone, anonymous: anonymous), "region")
    }

    /// Admins. A boundary is a box given by its north-west and south-east corners.
    public func addFloodBoundary(region: String, name: String, northWest: GeoPoint, southEast: GeoPoint) async throws -> FloodWire.Boundary {
        func corner(_ point: GeoPoint) -> FloodWire.Corner { FloodWire.Corner(latitude: point.latitude, longitude: point.longitude) }
        return try await floodCommand(
            "flood/\(region)", "add_boundary", FloodRegionCommand.AddBoundary(name: name, northWest: corner(northWest), southEast: corner(southEast)),
            "boundary")
    }

    /// Operators and admins.
    public func openFloodEvent(region: String, boundary: Int64, name: String) async throws -> FloodWire.Event {
        try await floodCommand("flood/\(region)", "open_event", FloodRegionCommand.OpenEvent(boundary: boundary, name: name), "event")
    }

    /// Operators and admins: a new name for an event, open or closed; its markers stay.
    public func renameFloodEvent(region: String, event: Int64, name: String) async throws -> FloodWire.Event {
        try await floodCommand("flood/\(region)", "rename_event", FloodRegionCommand.RenameEvent(event: event, name: name), "event")
    }

    /// Operators and admins: closes the event, after which it takes no more markers; returns the event record.
    public func closeFloodEvent(region: String, event: Int64) async throws -> FloodWire.Event {
        try await floodCommand("flood/\(region)", "close_event", FloodRegionCommand.CloseEvent(event: event), "event")
    }

    /// Any token. The marker is pending until a moderator approves it.
    public func submitFloodMarker(region: String, _ report: FloodReport) async throws -> FloodWire.Marker {
        try await floodCommand("flood/\(region)/reports", "submit", report, "marker")
    }

    /// Operators and admins: the approved markers, as the public now sees them.
    public func approveFloodMarkers(region: String, _ selection: FloodModeration) async throws -> [FloodWire.Marker] {
        try await floodCommand("flood/\(region)/reports", "approve", selection, "markers")
    }

    /// Operators and admins: the numbers of the rejected markers.
    public func rejectFloodMarkers(region: String, _ selection: FloodModeration) async throws -> [Int64] {
        try await floodCommand("flood/\(region)/reports", "reject", selection, "markers")
    }

    /// Operators and admins: approved markers taken down again (a hoax, a duplicate); each one's
    /// number, event and place, as the public hears of it.
    public func removeFloodMarkers(region: String, _ ids: [Int64]) async throws -> [FloodWire.RemovedMarker] {
        try await floodCommand("flood/\(region)/reports", "remove", FloodModeration.markers(ids), "markers")
    }

    /// Publishes the command and decodes the record its `ok` carries under `field`.
    private func floodCommand<Record: Decodable>(_ topic: String, _ type: String, _ data: some Encodable, _ field: String) async throws -> Record {
        let ok = try await command(topic, type, data)
        guard let record = ok["data"]?[field] else {
            throw ClientError.unexpectedAnswer("the hub's ok for \(type) carried no \(field)")
        }
        return try record.decode(Record.self, field: "data.\(field)")
    }
}
