import Foundation
import VigilCore
import VigilStore

/// A stored detection as the queries read it: where, when, what, and its thumbnail.
struct DetectionRecord: Sendable, Decodable {
    var id: Int64
    var camera: String
    var ts: Int64
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var label: String
    var score: Double
    var track: Int64?
    var thumbnail: String?

    var box: Rect { Rect(x: x, y: y, width: width, height: height) }
}

/// The part of the box index a query narrows by: cameras, a time window and an area of the frame.
struct DetectionWindow: Sendable {
    var cameraKey: Int64
    /// Milliseconds, `from` included, `to` excluded.
    var from: Int64
    var to: Int64
    /// Boxes touching this rectangle are candidates.
    var area: Rect
}

extension DomainTransaction {
    /// The number that stands for `camera` of `site` in the box index, made on first use.
    func detectionCameraKey(site: String, camera: String) throws -> Int64 {
        if let key = try existingDetectionCameraKey(site: site, camera: camera) { return key }
        try execute("INSERT INTO detection_cameras (site, camera) VALUES (?, ?)", [site, camera])
        return lastInsertedRowID
    }

    /// The number of `camera` of `site`, nil when it has no detections yet.
    func existingDetectionCameraKey(site: String, camera: String) throws -> Int64? {
        try fetchInteger("SELECT key FROM detection_cameras WHERE site = ? AND camera = ?", [site, camera])
    }

    /// The length every appearance vector of the site has: fixed by the first one stored.
    func appearanceLength(of site: String) throws -> Int? {
        try fetchInteger("SELECT appearance_length FROM detection_sites WHERE site = ?", [site]).map(Int.init)
    }

    func fixAppearanceLength(_ length: Int, of site: String) throws {
        try execute(
            """
            INSERT INTO detection_sites (site, appearance_length) VALUES (?, ?)
            ON CONFLICT (site) DO UPDATE SET appearance_length = excluded.appearance_length
            """,
            [site, length])
    }

    /// How long the site keeps its detections, in milliseconds.
    func detectionRetention(of site: String) throws -> Int64 {
        try fetchInteger("SELECT keep_ms FROM detection_sites WHERE site = ?", [site]) ?? DetectionRetention.defaultKeepMs
    }

    func setDetectionRetention(_ keepMs: Int64, of site: String) throws {
        try execute(
            "INSERT INTO detection_sites (site, keep_ms) VALUES (?, ?) ON CONFLICT (site) DO UPDATE SET keep_ms = excluded.keep_ms",
            [site, keepMs])
    }

    /// Deletes at most `limit` of the site's detections older than `before`: a bounded chunk, so
    /// that a batch that prunes stays short.
    func pruneDetections(of site: String, before: Int64, limit: Int) throws {
        let old = """
            SELECT id FROM detections WHERE camera_key IN (SELECT key FROM detection_cameras WHERE site = ?) AND ts < ?
            ORDER BY camera_key, ts LIMIT ?
            """
        try execute("DELETE FROM detection_boxes WHERE id IN (\(old))", [site, before, limit])
        try execute("DELETE FROM detections WHERE id IN (\(old))", [site, before, limit])
    }

    /// Stores one detection and its box in the index; returns its id.
    func insertDetection(_ detection: Detection, cameraKey: Int64) throws -> Int64 {
        let box = detection.box
        try execute(
            """
            INSERT INTO detections (camera_key, ts, x, y, width, height, label, score, track, thumbnail, appearance)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                cameraKey, detection.milliseconds, box.x, box.y, box.width, box.height, detection.label, detection.score,
                detection.trackID, detection.thumbnail, detection.appearance.map(AppearanceVector.data),
            ])
        let id = lastInsertedRowID
        try execute(
            "INSERT INTO detection_boxes (id, min_camera, max_camera, min_ts, max_ts, min_x, max_x, min_y, max_y) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [id, cameraKey, cameraKey, detection.milliseconds, detection.milliseconds, box.minX, box.maxX, box.minY, box.maxY])
        return id
    }

    /// Every detection of one camera in the window that has an appearance vector, as `measure`
    /// finds its vector's bytes (nil: left out): id, time, track and the measure, nothing decoded.
    func measureAppearances(
        cameraKey: Int64, from: Int64, to: Int64, _ measure: (UnsafeRawBufferPointer) -> Double?
    ) throws -> [(id: Int64, ts: Int64, track: Int64?, value: Double)] {
        var measured: [(id: Int64, ts: Int64, track: Int64?, value: Double)] = []
        try forEachRow(
            "SELECT id, ts, track, appearance FROM detections WHERE camera_key = ? AND ts >= ? AND ts < ? AND appearance IS NOT NULL",
            [cameraKey, from, to]
        ) { row in
            guard let value = try row.withBlob(3, measure) ?? nil else { return }
            measured.append((row.integer(0) ?? 0, row.integer(1) ?? 0, row.integer(2), value))
        }
        return measured
    }

    /// The similarity `measure` finds in the vector of each of these detections (nil: left out),
    /// read by id: the exact measure of an image query's few candidates.
    func measureAppearances(ofDetections ids: [Int64], _ measure: (UnsafeRawBufferPointer) -> Double?) throws -> [Int64: Double] {
        var measured: [Int64: Double] = [:]
        for part in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
            try forEachRow(
                "SELECT id, appearance FROM detections WHERE id IN (\(part.map { _ in "?" }.joined(separator: ",")))", Array(part)
            ) { row in
                if let value = try row.withBlob(1, measure) ?? nil, let id = row.integer(0) { measured[id] = value }
            }
        }
        return measured
    }

    /// Every vector of the site's detections from `since` on, in the order they were stored, in
    /// place: what the appearance index is filled with. One pass over the table in id order (the
    /// `+` keep the camera and time indexes out, which would leave a million rows to sort).
    func forEachAppearance(
        site: String, since: Int64, _ body: (_ id: Int64, _ cameraKey: Int64, _ ts: Int64, _ track: Int64?, UnsafeRawBufferPointer) -> Void
    ) throws {
        try forEachRow(
            """
            SELECT id, camera_key, ts, track, appearance FROM detections
            WHERE +camera_key IN (SELECT key FROM detection_cameras WHERE site = ?) AND +ts >= ? AND appearance IS NOT NULL ORDER BY id
            """, [site, since]
        ) { row in
            _ = try row.withBlob(4) { body(row.integer(0) ?? 0, row.integer(1) ?? 0, row.integer(2) ?? 0, row.integer(3), $0) }
        }
    }

    /// The detections with these ids, as queries show them.
    func detections(_ ids: [Int64]) throws -> [DetectionRecord] {
        guard !ids.isEmpty else { return [] }
        return try fetchAll(
            DetectionRecord.self,
            """
            SELECT d.id, c.camera, d.ts, d.x, d.y, d.width, d.height, d.label, d.score, d.track, d.thumbnail
            FROM detections d JOIN detection_cameras c ON c.key = d.camera_key WHERE d.id IN (\(ids.map { _ in "?" }.joined(separator: ",")))
            """, ids)
    }

    /// The vector of a detection of the site, with its camera; nil when there is none.
    func appearance(ofDetection id: Int64, site: String) throws -> Data? {
        guard case .blob(let bytes) = try fetchValue(
            "SELECT d.appearance FROM detections d JOIN detection_cameras c ON c.key = d.camera_key WHERE d.id = ? AND c.site = ?", [id, site])
        else { return nil }
        return Data(bytes)
    }

    /// The newest detection of the site with this thumbnail and a vector.
    func detection(withThumbnail hash: String, site: String) throws -> Int64? {
        try fetchInteger(
            """
            SELECT d.id FROM detections d JOIN detection_cameras c ON c.key = d.camera_key
            WHERE d.thumbnail = ? AND c.site = ? AND d.appearance IS NOT NULL ORDER BY d.ts DESC LIMIT 1
            """, [hash, site])
    }

    /// Detections of one camera in the window whose box touches its area, with at least `minScore`:
    /// the index narrows, the time and camera are then checked exactly on the rows. The box index
    /// drives (CROSS JOIN keeps it outside, `+` keeps the rows' own indexes out): read by camera and
    /// time first, a busy camera's hour would be scanned whole.
    func detectionCandidates(in window: DetectionWindow, camera: String, minScore: Double) throws -> [DetectionRecord] {
        let area = window.area
        var candidates: [DetectionRecord] = []
        // Read by position, not decoded: a region may hold thousands of candidates.
        try forEachRow(
            """
            SELECT d.id, d.ts, d.x, d.y, d.width, d.height, d.label, d.score, d.track, d.thumbnail
            FROM detection_boxes b CROSS JOIN detections d ON d.id = b.id
            WHERE b.min_camera <= ? AND b.max_camera >= ? AND b.max_ts >= ? AND b.min_ts <= ?
                AND b.max_x >= ? AND b.min_x <= ? AND b.max_y >= ? AND b.min_y <= ?
                AND +d.camera_key = ? AND +d.ts >= ? AND +d.ts < ? AND +d.score >= ?
            """,
            [
                window.cameraKey, window.cameraKey, window.from, window.to, area.minX, area.maxX, area.minY, area.maxY,
                window.cameraKey, window.from, window.to, minScore,
            ]
        ) { row in
            candidates.append(DetectionRecord(
                id: row.integer(0) ?? 0, camera: camera, ts: row.integer(1) ?? 0, x: row.double(2), y: row.double(3), width: row.double(4),
                height: row.double(5), label: row.text(6) ?? "", score: row.double(7), track: row.integer(8), thumbnail: row.text(9)))
        }
        return candidates
    }
}

/// Appearance vectors are kept as blobs of 32-bit floats in the machine's (little-endian) order.
enum AppearanceVector {
    static func data(_ vector: [Float]) -> Data {
        vector.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    static func vector(_ data: Data) -> [Float] {
        data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }
}
