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
            let fields = try CommandData(data, shape: "{name, timeZone, anonymous?}")
            let name = try fields.string("name", maxLength: maxNameLength)
            let zone = try fields.string("timeZone", maxLength: 64)
            guard TimeZone(identifier: zone) != nil else {
                throw ProtocolError(.invalidData, "data.timeZone must be an IANA time zone such as America/Chicago")
            }
            return ValidatedEvent(
                type: FloodEventType.regionCreated.rawValue, payload: ["region": .string(region)],
                effect: CreateFloodRegion(id: region, name: name, timeZone: zone, anonymous: try fields.bool("anonymous") ?? false))
        case "add_boundary":
            try require(identity.role == .admin, "only admins add boundaries to a flood region")
            let fields = try CommandData(data, shape: "{name, northWest: {latitude, longitude}, southEast: {latitude, longitude}}")
            let name = try fields.string("name", maxLength: maxNameLength)
            let box: GeoBox
            do {
                box = try GeoBox(northWest: try point(fields, "northWest"), southEast: try point(fields, "southEast"))
            } catch let error as GeoError {
                throw ProtocolError(.invalidData, "the boundary is not a box: \(error.description)")
            } catch {
                throw error as? ProtocolError ?? ProtocolError(.invalidData, "\(error)")
            }
            return ValidatedEvent(
                type: FloodEventType.boundaryAdded.rawValue, payload: ["name": .string(name)],
                effect: AddFloodBoundary(region: region, name: name, box: box))
        case "open_event":
            try require(FloodService.moderates(identity), "only operators and admins open flood events")
            let (boundary, name) = try numberAndName(data, "boundary")
            return ValidatedEvent(
                type: FloodEventType.eventOpened.rawValue, payload: ["boundary": .number(Double(boundary))],
                effect: OpenFloodEvent(region: region, boundary: boundary, name: name))
        case "close_event":
            try require(FloodService.moderates(identity), "only operators and admins close flood events")
            let event = try requiredID(try CommandData(data, shape: "{event}"), "event")
            return ValidatedEvent(
                type: FloodEventType.eventClosed.rawValue, payload: ["event": .number(Double(event))],
                effect: CloseFloodEvent(region: region, event: event))
        case "rename_event":
            try require(FloodService.moderates(identity), "only operators and admins rename flood events")
            let (event, name) = try numberAndName(data, "event")
            return ValidatedEvent(
                type: FloodEventType.eventRenamed.rawValue, payload: ["event": .number(Double(event))],
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

    /// A record number (boundary, event, marker) that must be present.
    static func requiredID(_ fields: CommandData, _ key: String) throws(ProtocolError) -> Int64 {
        guard let id = try fields.integer(key, in: 1...Int.max) else {
            throw ProtocolError(.invalidData, "data.\(key) is required: the number of a \(key)")
        }
        return Int64(id)
    }

    /// `{key, name}`: the number of the record acted on and a name, as opening and renaming an event take them.
    static func numberAndName(_ data: JSONValue, _ key: String) throws(ProtocolError) -> (Int64, String) {
        let fields = try CommandData(data, shape: "{\(key), name}")
        return (try requiredID(fields, key), try fields.string("name", maxLength: maxNameLength))
    }

    /// `{latitude, longitude}` under `key`.
    static func point(_ fields: CommandData, _ key: String) throws -> GeoPoint {
        let corner = try CommandData(fields.fields[key] ?? .null, shape: "{latitude, longitude} at data.\(key)")
        guard let latitude = try corner.number("latitude", in: -90...90), let longitude = try corner.number("longitude", in: -180...180) else {
            throw ProtocolError(.invalidData, "data.\(key) must be {latitude, longitude} in degrees")
        }
        return try GeoPoint(latitude: latitude, longitude: longitude)
    }
}
