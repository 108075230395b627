import Foundation
import VigilCore
import VigilStore

/// A stored detection as the queries read it: where, when, what, and its thumbnail.
struct DetectionRecord: Sendable {
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

    /// What `init(_:)` reads, of `detections d` and `detection_cameras c`.
    static let columns = "d.id, c.camera, d.ts, d.x, d.y, d.width, d.height, d.label, d.score, d.track, d.thumbnail"

    init(_ row: any StoreRow) {
        (id, camera, ts) = (row.integer(0) ?? 0, row.text(1) ?? "", row.integer(2) ?? 0)
        (x, y, width, height) = (row.double(3), row.double(4), row.double(5), row.double(6))
        (label, score, track, thumbnail) = (row.text(7) ?? "", row.double(8), row.integer(9), row.text(10))
    }
}

/// The part of the box index a query narrows by: cameras, a time window and an area of the frame.
struct DetectionWindow: Sendable {
    var cameraKey: Int64
    /// Milliseconds, `from` included, `to` excluded.
    var from: Int64
    var to: Int64
    /// Boxes touching this rectangle are candidates.
    var area: Rect
    /// With an anchor rule, only boxes whose anchor can lie in `area`: the others are left out on
    /// the index's own numbers, before their rows are read.
    var anchor: RoiAnchor?

    /// Whether a box touching the window's area could match, on its exact numbers: what the box
    /// index asks, for the rows the row index holds. With an anchor rule, the anchor must lie in
    /// the area, which bounds every region it may lie in.
    func admits(_ box: Rect) -> Bool {
        guard box.maxX >= area.minX, box.minX <= area.maxX, box.maxY >= area.minY, box.minY <= area.maxY else { return false }
        return anchor.map { area.contains(RoiRegions.point($0, of: box)) } ?? true
    }

    /// What the candidates query adds for this window's anchor, on the index's own numbers: the
    /// lowest a box's bottom may be, and the ranges of the sums of a box's left and right edges
    /// (twice its centre) and of its top and bottom; only those the anchor needs, as SQLite works
    /// out each for every box the tree returns. The index keeps 32-bit floats rounded outwards, so
    /// each bound gives way by a few of their steps: a box exactly on it stays in.
    var anchorConstraints: (sql: String, bounds: [Double]) {
        func give(_ value: Double) -> Double { 4 * Double(Float(abs(value) + 1).ulp) }
        let xs = [2 * area.minX - give(2 * area.minX), 2 * area.maxX + give(2 * area.maxX)]
        let ys = [2 * area.minY - give(2 * area.minY), 2 * area.maxY + give(2 * area.maxY)]
        let centreX = " AND b.min_x + b.max_x BETWEEN ? AND ?"
        switch anchor {
        case nil: return ("", [])
        case .bottomCenter: return (" AND b.max_y <= ?" + centreX, [area.maxY + give(area.maxY)] + xs)
        case .center: return (centreX + " AND b.min_y + b.max_y BETWEEN ? AND ?", xs + ys)
        }
    }
}

/// The detection domain's tables: cameras' keys, sites' settings, the rows, their boxes and
/// vectors, read and written in the caller's transaction. What other domains may read of them is
/// published apart (`DetectionReads.swift`).
struct DetectionTables {
    let transaction: any DomainTransaction

    init(_ transaction: any DomainTransaction) {
        self.transaction = transaction
    }

    /// The number that stands for `camera` of `site` in the box index, made on first use.
    func detectionCameraKey(site: String, camera: String) throws -> Int64 {
        if let key = try transaction.existingDetectionCameraKey(site: site, camera: camera) { return key }
        try transaction.execute("INSERT INTO detection_cameras (site, camera) VALUES (?, ?)", [site, camera])
        return transaction.lastInsertedRowID
    }

    func fixAppearanceLength(_ length: Int, of site: String) throws {
        try transaction.execute(
            """
            INSERT INTO detection_sites (site, appearance_length) VALUES (?, ?)
            ON CONFLICT (site) DO UPDATE SET appearance_length = excluded.appearance_length
            """,
            [site, length])
    }

    /// How long the site keeps its detections, in milliseconds.
    func detectionRetention(of site: String) throws -> Int64 {
        try transaction.fetchInteger("SELECT keep_ms FROM detection_sites WHERE site = ?", [site]) ?? DetectionRetention.defaultKeepMs
    }

    func setDetectionRetention(_ keepMs: Int64, of site: String) throws {
        try transaction.execute(
            "INSERT INTO detection_sites (site, keep_ms) VALUES (?, ?) ON CONFLICT (site) DO UPDATE SET keep_ms = excluded.keep_ms",
            [site, keepMs])
    }

    /// Deletes at most `limit` of the site's detections older than `before` (their boxes and vectors
    /// with them): a bounded chunk, so that a commit that prunes stays short. Returns how many.
    func pruneDetections(of site: String, before: Int64, limit: Int) throws -> Int {
        let old = try transaction.fetchIntegers(
            """
            SELECT id FROM detections WHERE camera_key IN (SELECT key FROM detection_cameras WHERE site = ?) AND ts < ?
            ORDER BY camera_key, ts LIMIT ?
            """, [site, before, limit])
        guard !old.isEmpty else { return 0 }
        // Found once, deleted from both tables, five hundred ids a statement.
        var deleted = 0
        for part in Self.byFiveHundred(old) {
            try transaction.execute("DELETE FROM detection_boxes WHERE id IN (\(part.placeholders))", part.ids)
            try transaction.execute("DELETE FROM detections WHERE id IN (\(part.placeholders))", part.ids)
            deleted += transaction.changesCount
        }
        return deleted
    }

    /// The sites whose oldest detection is past their retention at `now` (each camera's oldest is
    /// one step down its time index).
    func sitesHoldingExpiredDetections(at now: Int64) throws -> [String] {
        var sites: [String] = []
        try transaction.forEachRow(
            """
            SELECT c.site FROM detection_cameras c LEFT JOIN detection_sites s ON s.site = c.site
            WHERE (SELECT min(d.ts) FROM detections d WHERE d.camera_key = c.key) < ? - coalesce(s.keep_ms, ?)
            GROUP BY c.site
            """, [now, DetectionRetention.defaultKeepMs]
        ) { row in
            if let site = row.text(0) { sites.append(site) }
        }
        return sites
    }

    /// Puts the boxes of the detections stored from `firstID` on into the box index: one statement
    /// for a batch, read back from their rows.
    func indexDetectionBoxes(from firstID: Int64) throws {
        try transaction.execute(
            """
            INSERT INTO detection_boxes (id, min_camera, max_camera, min_ts, max_ts, min_x, max_x, min_y, max_y)
            SELECT \(DetectionBoxSpace.columnsOfRow(in: transaction.dialect)) FROM detections WHERE id >= ?
            """, [firstID])
    }

    /// Builds the box index again from every stored detection, in time order as live ones come.
    func reindexDetectionBoxes() throws {
        try transaction.execute("DELETE FROM detection_boxes")
        try transaction.execute(
            """
            INSERT INTO detection_boxes (id, min_camera, max_camera, min_ts, max_ts, min_x, max_x, min_y, max_y)
            SELECT \(DetectionBoxSpace.columnsOfRow(in: transaction.dialect)) FROM detections ORDER BY ts
            """)
    }

    /// The detections with these ids, as queries show them (read 500 at a time). Read column by
    /// column: a query's page of 50 decoded as records cost as much as finding its matches.
    func detections(_ ids: [Int64]) throws -> [DetectionRecord] {
        var records: [DetectionRecord] = []
        records.reserveCapacity(ids.count)
        for part in Self.byFiveHundred(ids) {
            try transaction.forEachRow(
                """
                SELECT \(DetectionRecord.columns) FROM detections d JOIN detection_cameras c ON c.key = d.camera_key
                WHERE d.id IN (\(part.placeholders))
                """, part.ids
            ) { records.append(DetectionRecord($0)) }
        }
        return records
    }

    /// `ids` in parts of at most 500, each with its `?, ?, ...` for an `IN (...)`: one statement
    /// a part keeps each well under SQLite's limit on bound values.
    static func byFiveHundred(_ ids: [Int64]) -> [(ids: [Int64], placeholders: String)] {
        stride(from: 0, to: ids.count, by: 500).map { start in
            let part = Array(ids[start..<min(start + 500, ids.count)])
            return (part, part.map { _ in "?" }.joined(separator: ","))
        }
    }

    /// The rows of the detections in the window whose box, as the box index keeps it, touches its
    /// area: candidates, whose camera, time, score and box are then checked exactly. The tree
    /// lists them, each row is found by its id.
    func forEachDetectionRow(in window: DetectionWindow, _ body: (DetectionRow) -> Void) throws {
        let area = window.area
        let anchor = window.anchorConstraints
        try transaction.forEachRow(
            """
            SELECT \(DetectionRow.columns) FROM detection_boxes b JOIN detections d ON d.id = b.id
            WHERE b.min_camera <= ? AND b.max_camera >= ? AND b.max_ts >= ? AND b.min_ts <= ?
                AND b.max_x >= ? AND b.min_x <= ? AND b.max_y >= ? AND b.min_y <= ?\(anchor.sql)
            """,
            [
                DetectionBoxSpace.camera(window.cameraKey), DetectionBoxSpace.camera(window.cameraKey), DetectionBoxSpace.time(window.from),
                DetectionBoxSpace.time(window.to), area.minX, area.maxX, area.minY, area.maxY,
            ] + anchor.bounds.map { $0 as any StoreArgument }
        ) { body(DetectionRow($0)) }
    }

    /// Every detection of the site from `since` on with an id above `afterID` (and committed after
    /// `mark`, when given), in id order, as the row index keeps it. One pass over the rows by id
    /// (the `+` keep the camera and time indexes out).
    func forEachDetectionRow(
        site: String, since: Int64, afterID: Int64, committedAfter mark: CommitMark? = nil, _ body: (DetectionRow) -> Void
    ) throws {
        let committed = committedCondition(after: mark)
        try transaction.forEachRow(
            """
            SELECT \(DetectionRow.columns) FROM detections d
            WHERE d.id > ? AND \(transaction.unindexed("d.camera_key")) IN (SELECT key FROM detection_cameras WHERE site = ?)
                AND \(transaction.unindexed("d.ts")) >= ?\(committed.sql)
            ORDER BY d.id
            """, ([afterID, site, since] as [any StoreArgument]) + committed.arguments
        ) { body(DetectionRow($0)) }
    }

    /// ` AND` the detections (`d`) committed after `mark`, or nothing when there is no mark.
    func committedCondition(after mark: CommitMark?) -> (sql: String, arguments: [any StoreArgument]) {
        guard let mark else { return ("", []) }
        let condition = transaction.committed(after: mark, xid: "d.xid")
        return (" AND " + condition.sql, condition.arguments)
    }
}

extension DetectionRow {
    /// What `init(_:)` reads, of `detections d`.
    static let columns = "d.id, d.camera_key, d.ts, d.x, d.y, d.width, d.height, d.label, d.score, d.track"

    init(_ row: any StoreRow) {
        self.init(
            id: row.integer(0) ?? 0, cameraKey: row.integer(1) ?? 0, ts: row.integer(2) ?? 0,
            box: Rect(x: row.double(3), y: row.double(4), width: row.double(5), height: row.double(6)), label: row.text(7) ?? "",
            score: row.double(8), track: row.integer(9))
    }
}

/// Appearance vectors are kept as blobs of 32-bit floats in the machine's (little-endian) order.
public enum AppearanceVector {
    static func data(_ vector: [Float]) -> Data {
        vector.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    /// The vector a stored blob holds.
    public static func vector(_ data: Data) -> [Float] {
        data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }
}
