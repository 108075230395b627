import Foundation
import VigilStore

/// What the appearance domain reads of the detections' tables (their vectors, keys and lengths):
/// published here, in the transaction it reads in; the rest is `DetectionTables`'s own.
extension DomainTransaction {
    /// The number of `camera` of `site`, nil when it has no detections yet.
    public func existingDetectionCameraKey(site: String, camera: String) throws -> Int64? {
        try fetchInteger("SELECT key FROM detection_cameras WHERE site = ? AND camera = ?", [site, camera])
    }

    /// The length every appearance vector of the site has: fixed by the first one stored.
    public func appearanceLength(of site: String) throws -> Int? {
        try fetchInteger("SELECT appearance_length FROM detection_sites WHERE site = ?", [site]).map(Int.init)
    }

    /// Every detection of one camera in the window that has an appearance vector, as `measure`
    /// finds its vector's bytes (nil: left out): id, time, track and the measure, nothing decoded.
    public func measureAppearances(
        cameraKey: Int64, from: Int64, to: Int64, _ measure: (UnsafeRawBufferPointer) -> Double?
    ) throws -> [(id: Int64, ts: Int64, track: Int64?, value: Double)] {
        var measured: [(id: Int64, ts: Int64, track: Int64?, value: Double)] = []
        try forEachRow(
            """
            SELECT d.id, d.ts, d.track, a.vector FROM detections d \(joinInOrder) detection_appearances a ON a.id = d.id
            WHERE d.camera_key = ? AND d.ts >= ? AND d.ts < ?
            """,
            [cameraKey, from, to]
        ) { row in
            guard let value = try row.withBlob(3, measure) ?? nil else { return }
            measured.append((row.integer(0) ?? 0, row.integer(1) ?? 0, row.integer(2), value))
        }
        return measured
    }

    /// The similarity `measure` finds in the vector of each of these detections (nil: left out),
    /// read by id: the exact measure of an image query's few candidates.
    public func measureAppearances(ofDetections ids: [Int64], _ measure: (UnsafeRawBufferPointer) -> Double?) throws -> [Int64: Double] {
        var measured: [Int64: Double] = [:]
        for part in DetectionTables.byFiveHundred(ids) {
            try forEachRow("SELECT id, vector FROM detection_appearances WHERE id IN (\(part.placeholders))", part.ids) { row in
                if let value = try row.withBlob(1, measure) ?? nil, let id = row.integer(0) { measured[id] = value }
            }
        }
        return measured
    }

    /// Every vector of the site's detections from `since` on with an id above `afterID` (and
    /// committed after `mark`, when given), in the order they were stored, in place: what the
    /// appearance index is filled with. One pass over the vectors in id order, each row found by its
    /// id (the `+` keep the camera and time indexes out, which would leave a million rows to sort).
    public func forEachAppearance(
        site: String, since: Int64, afterID: Int64, committedAfter mark: CommitMark? = nil,
        _ body: (_ id: Int64, _ cameraKey: Int64, _ ts: Int64, _ track: Int64?, UnsafeRawBufferPointer) -> Void
    ) throws {
        let committed = DetectionTables(self).committedCondition(after: mark)
        try forEachRow(
            """
            SELECT d.id, d.camera_key, d.ts, d.track, a.vector FROM detection_appearances a \(joinInOrder) detections d ON d.id = a.id
            WHERE a.id > ? AND \(unindexed("d.camera_key")) IN (SELECT key FROM detection_cameras WHERE site = ?)
                AND \(unindexed("d.ts")) >= ?\(committed.sql)
            ORDER BY a.id
            """, ([afterID, site, since] as [any StoreArgument]) + committed.arguments
        ) { row in
            _ = try row.withBlob(4) { body(row.integer(0) ?? 0, row.integer(1) ?? 0, row.integer(2) ?? 0, row.integer(3), $0) }
        }
    }

    /// The vector of a detection of the site, with its camera; nil when there is none.
    public func appearance(ofDetection id: Int64, site: String) throws -> Data? {
        guard
            case .blob(let bytes) = try fetchValue(
                """
                SELECT a.vector FROM detection_appearances a JOIN detections d ON d.id = a.id JOIN detection_cameras c ON c.key = d.camera_key
                WHERE a.id = ? AND c.site = ?
                """, [id, site])
        else { return nil }
        return Data(bytes)
    }

    /// The newest detection of the site with this thumbnail and a vector.
    public func detection(withThumbnail hash: String, site: String) throws -> Int64? {
        try fetchInteger(
            """
            SELECT d.id FROM detections d JOIN detection_cameras c ON c.key = d.camera_key
            WHERE d.thumbnail = ? AND c.site = ? AND EXISTS (SELECT 1 FROM detection_appearances a WHERE a.id = d.id) ORDER BY d.ts DESC LIMIT 1
            """, [hash, site])
    }
}
