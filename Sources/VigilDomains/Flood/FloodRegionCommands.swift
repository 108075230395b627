import Foundation
import VigilCore
import VigilHub

/// The commands of `flood/{region}`: admins create the region and its boundaries; operators (and
/// admins) open, rename and close flood events on a boundary.
enum FloodRegionCommands {
    static let maxNameLength = 100

    static func command(_ identity: Identity, region: String, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        switch type {
        case "create_region":
            try require(identity.role == .admin, "only admins create flood regions")
            let command = try data.decode(FloodRegionCommand.CreateRegion.self)
            let name = try CommandBounds.text(command.name, "name", maxLength: maxNameLength)
            let zone = try CommandBounds.text(command.timeZone, "timeZone", maxLength: 64)
            guard TimeZone(identifier: zone) != nil else {
                throw ProtocolError(.invalidData, "data.timeZone must be an IANA time zone such as America/Chicago")
            }
            return ValidatedEvent(
                type: FloodEventType.regionCreated.rawValue, payload: [:],
                effect: CreateFloodRegion(id: region, name: name, timeZone: zone, anonymous: command.anonymous ?? false))
        case "add_boundary":
            try require(identity.role == .admin, "only admins add boundaries to a flood region")
            let command = try data.decode(FloodRegionCommand.AddBoundary.self)
            let name = try CommandBounds.text(command.name, "name", maxLength: maxNameLength)
            let box: GeoBox
            do {
                box = try GeoBox(northWest: try point(command.northWest), southEast: try point(command.southEast))
            } catch {
                throw ProtocolError(.invalidData, "the boundary is not a box: \(error.description)")
            }
            return ValidatedEvent(
                type: FloodEventType.boundaryAdded.rawValue, payload: [:],
                effect: AddFloodBoundary(region: region, name: name, box: box))
        case "open_event":
            try require(FloodService.moderates(identity), "only operators and admins open flood events")
            let command = try data.decode(FloodRegionCommand.OpenEvent.self)
            let boundary = try CommandBounds.recordNumber(command.boundary, "boundary")
            let name = try CommandBounds.text(command.name, "name", maxLength: maxNameLength)
            return ValidatedEvent(
                type: FloodEventType.eventOpened.rawValue, payload: [:],
                effect: OpenFloodEvent(region: region, boundary: boundary, name: name))
        case "close_event":
            try require(FloodService.moderates(identity), "only operators and admins close flood events")
            let event = try CommandBounds.recordNumber(try data.decode(FloodRegionCommand.CloseEvent.self).event, "event")
            return ValidatedEvent(
                type: FloodEventType.eventClosed.rawValue, payload: [:],
                effect: CloseFloodEvent(region: region, event: event))
        case "rename_event":
            try require(FloodService.moderates(identity), "only operators and admins rename flood events")
            let command = try data.decode(FloodRegionCommand.RenameEvent.self)
            let event = try CommandBounds.recordNumber(command.event, "event")
            let name = try CommandBounds.text(command.name, "name", maxLength: maxNameLength)
            return ValidatedEvent(
                type: FloodEventType.eventRenamed.rawValue, payload: [:],
                effect: RenameFloodEvent(region: region, event: event, name: name))
        default:
            throw ProtocolError(
                .unknownType,
                "flood/{region} takes create_region, add_boundary, open_event, rename_event and close_event; reports go to flood/{region}/reports")
        }
    }

    static func require(_ allowed: Bool, _ message: String) throws(ProtocolError) {
        guard allowed else { throw ProtocolError(.forbidden, message) }
    }

    /// A boundary's corner as a point on the Earth.
    static func point(_ corner: FloodWire.Corner) throws(GeoError) -> GeoPoint {
        try GeoPoint(latitude: corner.latitude, longitude: corner.longitude)
    }
}
