import VigilCore
import VigilHub
import VigilStore

/// Reads of the flood domain: the state each of its topics starts with, and the region listing.
struct FloodQueries: Sendable {
    /// Markers a state carries at most; the rest are read over HTTP.
    static let maxStateMarkers = 10_000
    let store: any EventStore

    /// `flood/{region}`: the region, its boundaries, its open events and their approved markers.
    func publicState(of topic: Topic) async throws -> TopicSnapshot {
        let region = topic.scope
        return try await store.read { transaction in
            let head = try transaction.head(of: topic.rawValue)
            let markers = try FloodTables(transaction).floodMarkers(in: region, status: .approved, openOnly: true, limit: Self.maxStateMarkers + 1)
            var data = try Self.outline(of: region, transaction)
            data["markers"] = try JSONValue(encoding: markers.prefix(Self.maxStateMarkers).map(\.publicWire))
            if markers.count > Self.maxStateMarkers { data["truncated"] = true }
            return TopicSnapshot(head: head, data: data)
        }
    }

    /// `flood/{region}/reports`: the markers waiting for a moderator, with their reporters' contact.
    func reportsState(of topic: Topic) async throws -> TopicSnapshot {
        let region = topic.scope
        return try await store.read { transaction in
            let head = try transaction.head(of: topic.rawValue)
            let pending = try FloodTables(transaction).floodMarkers(in: region, status: .pending, limit: Self.maxStateMarkers + 1)
            var data: [String: JSONValue] = ["pending": try JSONValue(encoding: pending.prefix(Self.maxStateMarkers).map(\.moderationWire))]
            if pending.count > Self.maxStateMarkers { data["truncated"] = true }
            return TopicSnapshot(head: head, data: data)
        }
    }

    /// A near topic: the approved markers of the region's open events inside its circle, as of the
    /// region topic's head (the view's numbers).
    func nearState(of view: FloodNearView) async throws -> TopicSnapshot {
        let box = try GeoBox.around(view.center, radius: view.radius)
        return try await store.read { transaction in
            let head = try transaction.head(of: view.source.rawValue)
            let markers = try FloodTables(transaction).approvedFloodMarkers(in: view.source.scope, within: box, limit: Self.maxStateMarkers + 1)
                .filter { view.contains(latitude: $0.latitude, longitude: $0.longitude) }
            var data: [String: JSONValue] = ["markers": try JSONValue(encoding: markers.prefix(Self.maxStateMarkers).map(\.publicWire))]
            if markers.count > Self.maxStateMarkers { data["truncated"] = true }
            return TopicSnapshot(head: head, data: data)
        }
    }

    /// The photo `hash` while an approved marker shows it, nil otherwise (pending, rejected or
    /// removed markers' photos, and every other thumbnail, are not the public's).
    func approvedPhoto(_ hash: String) async throws -> Thumbnail? {
        try await store.read { transaction in
            guard try transaction.exists("SELECT 1 FROM flood_markers WHERE picture = ? AND status = 'approved'", [hash]) else { return nil }
            return try transaction.thumbnail(hash)
        }
    }

    /// The region's record, nil when there is none.
    func region(_ id: String) async throws -> FloodRegionRecord? {
        try await store.read { try FloodTables($0).floodRegion(id) }
    }

    /// Every region with its boundaries and open events: `{regions: [...]}`.
    func regions() async throws -> JSONValue {
        try await store.read { transaction in
            .object(["regions": .array(try FloodTables(transaction).floodRegions().map { .object(try Self.outline(of: $0.id, transaction)) })])
        }
    }

    /// The region (null before it is created), its boundaries and its open events.
    private static func outline(of region: String, _ transaction: any DomainTransaction) throws -> [String: JSONValue] {
        // The region is null, not absent, before it is made.
        var outline = JSONValue.fields(
            of: FloodOutline(
                region: try FloodTables(transaction).floodRegion(region)?.wire,
                boundaries: try FloodTables(transaction).floodBoundaries(of: region).map(\.wire),
                events: try FloodTables(transaction).openFloodEvents(of: region).map(\.wire)))
        outline["region"] = outline["region"] ?? .null
        return outline
    }
}
