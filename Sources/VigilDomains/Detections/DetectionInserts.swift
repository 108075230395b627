import VigilCore
import VigilStore

extension DetectionTables {
    /// Stores a batch's detections and their vectors, in order; returns their ids, increasing.
    /// Their boxes join the index with one statement after (`indexDetectionBoxes`).
    ///
    /// SQLite runs in the process: a statement a row costs microseconds. On PostgreSQL each
    /// statement is a round trip to the server, so the batch's ids are taken from the identity
    /// sequence at once and the rows go in a few multi-row statements: five in all for a thousand
    /// detections with vectors, where a statement a row made three thousand.
    func insertDetections(_ detections: [Detection], cameraKey: Int64) throws -> [Int64] {
        guard !detections.isEmpty else { return [] }
        switch transaction.dialect {
        case .sqlite: return try detections.map { try insertDetection($0, cameraKey: cameraKey) }
        case .postgres:
            let ids = try transaction.fetchIntegers(
                "SELECT nextval(pg_get_serial_sequence('detections', 'id')) FROM generate_series(1, ?)", [detections.count]
            ).sorted()
            let rows = zip(ids, detections).map { id, detection in DetectionValues(id: id, cameraKey: cameraKey, detection: detection) }
            try transaction.insertRows("detections (id, camera_key, ts, x, y, width, height, label, score, track, thumbnail)", rows.map(\.columns))
            try transaction.insertRows(
                "detection_appearances (id, vector)", rows.compactMap { row in row.detection.appearance.map { [row.id, AppearanceVector.data($0)] } })
            return ids
        }
    }

    private func insertDetection(_ detection: Detection, cameraKey: Int64) throws -> Int64 {
        try transaction.execute(
            "INSERT INTO detections (camera_key, ts, x, y, width, height, label, score, track, thumbnail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            Array(DetectionValues(id: 0, cameraKey: cameraKey, detection: detection).columns.dropFirst()))
        let id = transaction.lastInsertedRowID
        if let appearance = detection.appearance {
            try transaction.execute("INSERT INTO detection_appearances (id, vector) VALUES (?, ?)", [id, AppearanceVector.data(appearance)])
        }
        return id
    }
}

/// One detection as its row's values, its id first.
private struct DetectionValues {
    let id: Int64
    let cameraKey: Int64
    let detection: Detection

    var columns: [any StoreArgument] {
        let box = detection.box
        return [
            id, cameraKey, detection.milliseconds, box.x, box.y, box.width, box.height, detection.label, detection.score,
            detection.trackID, detection.thumbnail,
        ]
    }
}
