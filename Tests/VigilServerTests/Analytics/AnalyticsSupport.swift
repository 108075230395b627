import Foundation
import VigilClient
import VigilCore
import VigilStore
import VigilTestSupport

/// Two cameras of `hq` as an analytics backend sees them: `lobby` 640x480 and `dock` 320x240.
let analyticsTopology: JSONValue = [
    "cameras": [
        [
            "id": "lobby", "floor": 0, "frameSize": ["width": 640, "height": 480], "position": ["x": 0, "y": 0],
            "neighbours": ["right": "dock"], "reminderNotice": "", "animationStyle": "",
        ],
        [
            "id": "dock", "floor": 0, "frameSize": ["width": 320, "height": 240], "position": ["x": 640, "y": 0],
            "neighbours": ["left": "lobby"], "reminderNotice": "", "animationStyle": "",
        ],
    ]
]

/// The start of the tests' hour: two whole hours before the wall clock's now, so that the sites'
/// retention (30 days by the hub's clock, which starts at the wall clock's now) keeps it.
let detectionHour: Int64 = (Int64(Date().timeIntervalSince1970 * 1000) / 3_600_000 - 2) * 3_600_000

/// A moment of the tests' detections: `offset` milliseconds into the tests' hour.
func detectionTime(_ offset: Int64) -> Int64 { detectionHour + offset }

/// A detection at `offset` ms into the tests' hour.
func detection(
    at offset: Int64, _ box: Rect, label: String = "person", score: Double = 0.9, track: Int? = nil, thumbnail: String? = nil,
    appearance: [Float]? = nil
) -> Detection {
    Detection(
        time: Date(timeIntervalSince1970: Double(detectionTime(offset)) / 1000), box: box, label: label, score: score, trackID: track,
        thumbnail: thumbnail, appearance: appearance)
}

/// A batch as the JSON an analytics backend sends (docs/formats.md §5), as `data` of a publish.
func batchJSON(camera: String, frame: (Int, Int), _ detections: [Detection]) throws -> JSONValue {
    let batch = try DetectionBatch(camera: camera, frameSize: FrameSize(width: frame.0, height: frame.1), detections: detections)
    return try JSONValue(parsing: DetectionBatchJSON.write(batch))
}

/// A small area zone on the lobby: the definition the tests that refuse zones start from.
let lobbyArea: [String: JSONValue] = ["camera": "lobby", "regions": [["rect": ["x": 0, "y": 0, "width": 10, "height": 10]]]]

/// `lobbyArea` with some fields changed (nil: left out).
func lobbyArea(with changes: [String: JSONValue?]) -> JSONValue {
    var data = lobbyArea
    for (key, value) in changes { data[key] = value }
    return .object(data)
}

extension TestHub {
    /// Imports `analyticsTopology` for hq.
    func importAnalyticsTopology() async throws {
        let put = try await api("PUT", "/api/sites/hq/cameras", as: "admin", body: analyticsTopology)
        guard put.status == 200 else { throw AnalyticsSetupFailed(what: "topology import: \(put.body)") }
    }

    /// Rows of the analytics tables and of the event log, read from the hub's database file.
    func analyticsRowCounts() async throws -> [String: Int64] {
        try await databaseFile().read { transaction in
            var counts: [String: Int64] = [:]
            for table in [
                "detections", "detection_boxes", "detection_appearances", "detection_cameras", "detection_sites", "zones", "zone_tracks",
                "zone_pending", "zone_counts", "events",
            ] {
                counts[table] = try transaction.fetchInteger("SELECT count(*) FROM \(table)", [])
            }
            return counts
        }
    }

    /// Pages of the SQLite file (free ones included): what it takes on disk. Nil on PostgreSQL,
    /// which reclaims the space of deleted rows by vacuuming on its own schedule, not as it deletes.
    func pageCount() async throws -> Int64? {
        guard case .sqlite = configuration.store else { return nil }
        return try await databaseFile().read { try $0.fetchInteger("PRAGMA page_count", []) ?? -1 }
    }

    /// An ROI query over HTTP, as `role`.
    func roi(_ query: JSONValue, site: String = "hq", as role: String = "operator") async throws -> CurlResponse {
        try await api("POST", "/api/sites/\(site)/roi", as: role, body: query)
    }
}

struct AnalyticsSetupFailed: Error {
    let what: String
}
