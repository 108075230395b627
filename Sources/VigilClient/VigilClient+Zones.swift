import VigilCore

/// Watch zones over the WebSocket (docs/protocol.md §6.9): list a site's, define one, remove one.
/// Follow a zone with `subscribe("zones/{site}/{zone}")` and read each event's `data` by
/// `ZoneEventType(rawValue: event.type)`: `ZoneState` first, then `ZoneDefined`, `ZoneRemoved`,
/// `ZoneDetections` or `ZoneCrossings`, and `ZoneLoitering` for an `alert.raised`.
extension VigilClient {
    /// The site's zones (or one camera's), by id, and the time from which areas' `recent` counts.
    public func zones(site: String, camera: String? = nil) async throws -> ZoneList {
        try await query(topic: "zones/\(site)", type: "zones", data: JSONValue(encoding: ZoneListQuery(camera: camera))).decode(
            ZoneList.self, field: "result")
    }

    /// Defines (or redefines) zone `id` of `site` as `definition`; the `seq` of its `zone.defined`.
    public func defineZone(_ id: String, site: String, _ definition: WatchZoneDefinition) async throws -> UInt64? {
        try await publish(topic: "zones/\(site)/\(id)", type: "define", data: JSONValue(encoding: definition)).seq
    }

    /// Removes zone `id` of `site` (admins and operators); the hub publishes `zone.removed` and throws `not_found`
    /// for an unknown zone.
    public func removeZone(_ id: String, site: String) async throws {
        _ = try await publish(topic: "zones/\(site)/\(id)", type: "remove", data: [:])
    }
}
