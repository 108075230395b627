import VigilCore

/// A watch zone as the query `zones` on `zones/{site}` lists it (docs/protocol.md §6.9): its
/// definition as given, and its figures as of event `head` of its topic.
public struct WatchZone: Sendable, Equatable {
    /// The zone's id, the last part of its topic `zones/{site}/{zone}`.
    public let id: String
    /// The camera the zone watches; its geometry is in that camera's frame, in pixels.
    public let camera: String
    /// The fields it was defined with: `regions`, `match`, `rule`, `dwell` for an area, `line` and
    /// `direction` for a line, `labels`.
    public let definition: JSONValue
    /// The name of the token that defined (or last redefined) the zone.
    public let definedBy: String
    /// The `seq` of the zone's topic at which the figures were taken.
    public let head: UInt64
    /// A line's crossings per hour and direction over the last day; empty for an area.
    public let counts: [HourCount]
    /// An area's detections told since the listing's `since`; nil for a line.
    public let recent: Int?

    /// Whether the zone is a line that counts crossings (its definition has `line`) rather than an area.
    public var isLine: Bool { definition["line"] != nil }

    init(_ value: JSONValue) throws {
        guard let id = value["id"]?.stringValue, let camera = value["camera"]?.stringValue, let head = value["head"]?.numberValue else {
            throw ClientError.unexpectedAnswer("a zone without its id, camera or head")
        }
        self.id = id
        self.camera = camera
        self.head = UInt64(head)
        definedBy = value["definedBy"]?.stringValue ?? ""
        definition = .object((value.objectValue ?? [:]).filter { !["id", "head", "counts", "recent", "definedBy", "definedAt"].contains($0.key) })
        counts = (value["counts"]?.arrayValue ?? []).map {
            HourCount(
                hour: Int64($0["hour"]?.numberValue ?? 0), direction: $0["direction"]?.stringValue ?? "", count: Int($0["count"]?.numberValue ?? 0))
        }
        recent = value["recent"]?.numberValue.map { Int($0) }
    }

    /// Crossings of a line in one hour (its first millisecond), one way.
    public struct HourCount: Sendable, Equatable {
        /// The hour, as its first millisecond since 1970.
        public let hour: Int64
        /// The way the tracks crossed: `left-to-right` or `right-to-left`, as seen from the line's `from` towards its `to`.
        public let direction: String
        /// How many tracks crossed that way in that hour.
        public let count: Int
    }
}

/// Watch zones over the WebSocket: list a site's, define one, remove one.
extension VigilClient {
    /// The site's zones (or one camera's), by id, and the time from which areas' `recent` counts.
    public func zones(site: String, camera: String? = nil) async throws -> (zones: [WatchZone], since: Int64) {
        let result = try await query(topic: "zones/\(site)", type: "zones", data: .object(camera.map { ["camera": .string($0)] } ?? [:]))
        return (try (result["zones"]?.arrayValue ?? []).map(WatchZone.init), Int64(result["since"]?.numberValue ?? 0))
    }

    /// Defines (or redefines) zone `id` of `site` with `definition` as the protocol writes it; the
    /// `seq` of its `zone.defined`.
    public func defineZone(_ id: String, site: String, _ definition: JSONValue) async throws -> UInt64? {
        try await publish(topic: "zones/\(site)/\(id)", type: "define", data: definition).seq
    }

    /// Removes zone `id` of `site` (admins and operators); the hub publishes `zone.removed` and throws `not_found`
    /// for an unknown zone.
    public func removeZone(_ id: String, site: String) async throws {
        _ = try await publish(topic: "zones/\(site)/\(id)", type: "remove", data: [:])
    }
}
