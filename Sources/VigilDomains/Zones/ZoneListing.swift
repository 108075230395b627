import VigilCameras
import VigilCore
import VigilHub
import VigilStore

/// The query `zones` on `zones/{site}` (docs/protocol.md §6.9): the site's zones, or one camera's,
/// each with its topic's `head` and its figures as of that head, so that a client following
/// `zones/{site}/+` adds only the events after it: a line's crossings per hour over the last day,
/// an area's detections told since `since` (ten minutes before the hub's now).
struct ZoneListing: Sendable {
    static let countsWindowMs: Int64 = 86_400_000
    static let recentWindowMs: Int64 = 600_000
    /// Events read at a time while counting an area's recent detections back from its head.
    private static let historyPage = 200

    let camera: String?

    init(_ data: JSONValue) throws(ProtocolError) {
        camera = try CommandBounds.optionalText(try data.decode(ZoneListQuery.self).camera, "camera", maxLength: DetectionBatch.maxCameraLength)
    }

    private struct Listed: Sendable {
        let zone: ZoneRecord
        let head: UInt64
        let counts: [ZoneCount]
    }

    func run(site: String, at now: Int64, in store: any EventStore) async throws -> Swift.Result<JSONValue, ProtocolError> {
        let since = now - Self.recentWindowMs
        let read = try await store.read { [camera] transaction -> Swift.Result<[Listed], ProtocolError> in
            if let camera, try transaction.decodedCameraTopology(of: site)?.camera(camera) == nil {
                return .failure(ProtocolError(.notFound, "data.camera: site \(site) has no camera \(camera) in its topology"))
            }
            return .success(
                try ZoneTables(transaction).zones(site: site, camera: camera).map { zone in
                    Listed(
                        zone: zone, head: try transaction.head(of: ZoneService.topic(of: zone.id, site: site)),
                        counts: try ZoneTables(transaction).zoneCounts(zone: zone.id, site: site, fromHour: now - Self.countsWindowMs))
                })
        }
        guard case .success(let listed) = read else { return read.map { _ in .null } }
        var zones: [ListedZone] = []
        for item in listed {
            let zone = try item.zone.wire
            if zone.definition.isLine {
                zones.append(ListedZone(zone: zone, head: item.head, counts: item.counts.compactMap(\.wire)))
            } else {
                zones.append(
                    ListedZone(
                        zone: zone, head: item.head, recent: try await Self.detectionsTold(on: item.zone, upTo: item.head, since: since, in: store)))
            }
        }
        return .success(try JSONValue(encoding: ZoneList(zones: zones, since: since)))
    }

    /// The detections an area's `zone.detections` events told from `since` to its event `head`,
    /// read back from the head a page at a time; events are stamped in commit order, so the first
    /// one older than `since` ends the count.
    private static func detectionsTold(on zone: ZoneRecord, upTo head: UInt64, since: Int64, in store: any EventStore) async throws -> Int {
        var told = 0
        var before = head + 1
        while true {
            let page = try await store.history(of: ZoneService.topic(of: zone.id, site: zone.site), before: before, limit: historyPage)
            for event in page.reversed() {
                guard event.ts >= since else { return told }
                if event.type == ZoneEventType.detections.rawValue {
                    told += (try? JSONValue(parsing: event.payload).decode(ZoneDetections.self))?.detections.count ?? 0
                }
            }
            guard let oldest = page.first, page.count == historyPage else { return told }
            before = oldest.seq
        }
    }
}
