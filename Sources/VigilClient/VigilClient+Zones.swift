import VigilCore

/// A watch zone as the query `zones` on `zones/{site}` lists it (docs/protocol.md §6.9): its
/// definition as given, and its figures as of event `head` of its topic.
public struct WatchZone: Sendable, Equatable {
    public let id: String
    public let camera: String
    /// The fields it was defined with: `regions`, `match`, `rule`, `dwell` for an area, `line` and
    /// `direction` for a line, `labels`.
    public let definition: JSONValue
    public let definedBy: String
    public let head: UInt64
    /// A line's crossings per hour and direction over the last day; empty for an area.
    public let counts: [HourCount]
    /// An area's detections told since the listing's `since`; nil for a line.
    public let recent: Int?

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
            HourCount(hour: Int64($0["hour"]?.numberValue ?? 0), direction: $0["direction"]?.stringValue ?? "", count: Int($0["count"]?.numberValue ?? 0))
        }
        recent = value["recent"]?.numberValue.map { Int($0) }
    }

    /// Crossings of a line in one hour (its first millisecond), one way.
    public struct HourCount: Sendable, Equatable {
        public let hour: Int64
        public let direction: String
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

    public func removeZone(_ id: String, site: String) async throws {
        _ = try await publish(topic: "zones/\(site)/\(id)", type: "remove", data: [:])
    }
}
