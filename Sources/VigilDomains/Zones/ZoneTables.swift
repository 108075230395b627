import VigilCore
import VigilStore

/// A stored watch zone.
struct ZoneRecord: Sendable, Decodable {
    var site: String
    var id: String
    var camera: String
    var definition: String
    var definedBy: String
    var definedAt: Int64
}

/// A track as a zone last saw it.
struct ZoneTrack: Sendable, Decodable {
    var track: Int64
    var firstTs: Int64
    var lastTs: Int64
    var lastX: Double
    var lastY: Double
    var alerted: Bool
}

/// Crossings of a zone's line in one direction within one hour.
struct ZoneCrossingCount {
    struct Key: Hashable {
        let zone: String
        /// The hour's first millisecond.
        let hour: Int64
        let direction: TripLine.Direction
    }

    let key: Key
    let count: Int64
}

/// Something a zone saw that its subscribers are told at the next tick.
struct ZonePending: Sendable, Decodable {
    enum Kind: String, Sendable {
        case detection, crossing, loitering
    }

    var id: Int64
    var site: String
    var zone: String
    var kind: String
    /// Canonical JSON: one item, or the detections one batch brought to an area joined by commas.
    var body: String
    /// How many items `body` holds; for a flush, how many the zone has to tell.
    var items: Int
}

/// Crossings of a line zone in one hour, one way.
struct ZoneCount: Sendable, Decodable {
    var hour: Int64
    var direction: String
    var count: Int64
}

/// The zone domain's tables: zones, their versions, the tracks they follow, what they have to
/// tell and their crossing counts, read and written in the caller's transaction.
struct ZoneTables {
    let transaction: any DomainTransaction

    init(_ transaction: any DomainTransaction) {
        self.transaction = transaction
    }

    func zone(_ id: String, site: String) throws -> ZoneRecord? {
        try transaction.fetchOne(
            ZoneRecord.self, "SELECT site, id, camera, definition, defined_by, defined_at FROM zones WHERE site = ? AND id = ?", [site, id])
    }

    func zones(of camera: String, site: String) throws -> [ZoneRecord] {
        try transaction.fetchAll(
            ZoneRecord.self, "SELECT site, id, camera, definition, defined_by, defined_at FROM zones WHERE site = ? AND camera = ? ORDER BY id",
            [site, camera])
    }

    /// The site's zones, or those on one camera, by id.
    func zones(site: String, camera: String?) throws -> [ZoneRecord] {
        guard let camera else {
            return try transaction.fetchAll(
                ZoneRecord.self, "SELECT site, id, camera, definition, defined_by, defined_at FROM zones WHERE site = ? ORDER BY id", [site])
        }
        return try zones(of: camera, site: site)
    }

    /// How many zones the site has, and on `camera`, other than `id`.
    func zoneCount(site: String, camera: String, besides id: String) throws -> (site: Int64, camera: Int64) {
        let onSite = try transaction.fetchInteger("SELECT count(*) FROM zones WHERE site = ? AND id <> ?", [site, id]) ?? 0
        let onCamera = try transaction.fetchInteger("SELECT count(*) FROM zones WHERE site = ? AND camera = ? AND id <> ?", [site, camera, id]) ?? 0
        return (onSite, onCamera)
    }

    /// The version of the camera's zones (`ZoneSet.version`).
    func zoneVersion(of camera: String, site: String) throws -> Int64? {
        try transaction.fetchInteger("SELECT version FROM zone_versions WHERE site = ? AND camera = ?", [site, camera])
    }

    /// Gives the camera's zones a new version, drawn at random so that it never names another set
    /// of zones, even one a rolled-back commit once read; answers the old one.
    func renewZoneVersion(of camera: String, site: String) throws -> (old: Int64?, new: Int64) {
        let old = try zoneVersion(of: camera, site: site)
        var new = Int64.random(in: .min ... .max)
        while new == old { new = Int64.random(in: .min ... .max) }
        try transaction.execute(
            "INSERT INTO zone_versions (site, camera, version) VALUES (?, ?, ?) ON CONFLICT (site, camera) DO UPDATE SET version = excluded.version",
            [site, camera, new])
        return (old, new)
    }

    /// Defines the zone anew: what it had seen of tracks and not yet told goes with the old shape.
    func replaceZone(_ zone: ZoneRecord) throws {
        try removeZone(zone.id, site: zone.site)
        try transaction.execute(
            "INSERT INTO zones (site, id, camera, definition, defined_by, defined_at) VALUES (?, ?, ?, ?, ?, ?)",
            [zone.site, zone.id, zone.camera, zone.definition, zone.definedBy, zone.definedAt])
    }

    func removeZone(_ id: String, site: String) throws {
        for table in ["zone_tracks", "zone_pending", "zone_counts"] {
            try transaction.execute("DELETE FROM \(table) WHERE site = ? AND zone = ?", [site, id])
        }
        try transaction.execute("DELETE FROM zones WHERE site = ? AND id = ?", [site, id])
    }

    /// The zone's states of `tracks` (those it has), read 64 at a time: one statement for a
    /// batch's tracks rather than one a detection.
    func zoneTracks(_ tracks: Set<Int64>, zone: String, site: String) throws -> [Int64: ZoneTrack] {
        let (list, chunk) = (Array(tracks), 64)
        let sql = """
            SELECT track, first_ts, last_ts, last_x, last_y, alerted FROM zone_tracks
            WHERE site = ? AND zone = ? AND track IN (\(Array(repeating: "?", count: chunk).joined(separator: ", ")))
            """
        var states: [Int64: ZoneTrack] = [:]
        for start in stride(from: 0, to: list.count, by: chunk) {
            // A short last chunk repeats its first track, so that every chunk is the same statement.
            let part = list[start..<min(start + chunk, list.count)]
            let padded = Array(part) + Array(repeating: part[part.startIndex], count: chunk - part.count)
            try transaction.forEachRow(sql, ([site, zone] as [any StoreArgument]) + padded.map { $0 as any StoreArgument }) { row in
                guard let track = row.integer(0), let first = row.integer(1), let last = row.integer(2) else { return }
                states[track] = ZoneTrack(
                    track: track, firstTs: first, lastTs: last, lastX: row.double(3), lastY: row.double(4), alerted: row.integer(5) == 1)
            }
        }
        return states
    }

    /// Writes the zone's states of these tracks (each track once), in one statement on PostgreSQL.
    func setZoneTracks(_ tracks: [ZoneTrack], zone: String, site: String) throws {
        try transaction.insertRows(
            "zone_tracks (site, zone, track, first_ts, last_ts, last_x, last_y, alerted)",
            tracks.map { [site, zone, $0.track, $0.firstTs, $0.lastTs, $0.lastX, $0.lastY, $0.alerted] },
            suffix: """
                ON CONFLICT (site, zone, track) DO UPDATE SET first_ts = excluded.first_ts, last_ts = excluded.last_ts,
                    last_x = excluded.last_x, last_y = excluded.last_y, alerted = excluded.alerted
                """)
    }

    /// Notes what zones have to tell, in order: each row is the site, the zone, the kind, the body
    /// (canonical JSON text of the items joined by commas, spliced as it is into the zone's next
    /// event) and the number of items.
    func addZonePending(_ rows: [[any StoreArgument]]) throws {
        try transaction.insertRows("zone_pending (site, zone, kind, body, items)", rows)
    }

    /// The zones with something to tell, and each loitering to raise on its own.
    func zonePendingDue() throws -> [ZonePending] {
        try transaction.fetchAll(
            ZonePending.self,
            """
            SELECT min(id) AS id, site, zone, 'flush' AS kind, '' AS body, sum(items) AS items FROM zone_pending WHERE kind <> 'loitering'
            GROUP BY site, zone
            UNION ALL SELECT id, site, zone, kind, body, items FROM zone_pending WHERE kind = 'loitering'
            ORDER BY id
            """, [])
    }

    /// Takes what the zone has to tell, oldest first, other than loitering.
    func takeZonePending(zone: String, site: String) throws -> [ZonePending] {
        let pending = try transaction.fetchAll(
            ZonePending.self,
            "SELECT id, site, zone, kind, body, items FROM zone_pending WHERE site = ? AND zone = ? AND kind <> 'loitering' ORDER BY id",
            [site, zone])
        try transaction.execute("DELETE FROM zone_pending WHERE site = ? AND zone = ? AND kind <> 'loitering'", [site, zone])
        return pending
    }

    /// Takes one pending loitering, nil when another tick took it.
    func takeZoneLoitering(_ id: Int64) throws -> ZonePending? {
        let pending = try transaction.fetchOne(
            ZonePending.self, "SELECT id, site, zone, kind, body, items FROM zone_pending WHERE id = ? AND kind = 'loitering'", [id])
        try transaction.execute("DELETE FROM zone_pending WHERE id = ?", [id])
        return pending
    }

    func countZoneCrossings(_ counts: [ZoneCrossingCount], site: String) throws {
        try transaction.insertRows(
            "zone_counts (site, zone, hour, direction, count)",
            counts.map { [site, $0.key.zone, $0.key.hour, $0.key.direction.rawValue, $0.count] },
            suffix: "ON CONFLICT (site, zone, hour, direction) DO UPDATE SET count = zone_counts.count + excluded.count")
    }

    /// The zone's counts per hour and direction, from the hour holding `fromHour` on.
    func zoneCounts(zone: String, site: String, fromHour: Int64 = 0) throws -> [ZoneCount] {
        try transaction.fetchAll(
            ZoneCount.self, "SELECT hour, direction, count FROM zone_counts WHERE site = ? AND zone = ? AND hour >= ? ORDER BY hour, direction",
            [site, zone, fromHour / 3_600_000 * 3_600_000])
    }
}
