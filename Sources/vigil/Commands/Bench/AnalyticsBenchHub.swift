import Foundation
import VigilAppearances
import VigilClient
import VigilCore
import VigilDomains
import VigilHub
import VigilStore

/// The hub `vigil bench analytics` measures: started in this process on a free loopback port over
/// TLS, with a scratch SQLite file (or the PostgreSQL database given) holding the site `bench`, its
/// cameras and an admin token; the baselines read the same store through a handle of their own.
struct AnalyticsBenchHub: Sendable {
    static let site = "bench"
    static let frame = try! FrameSize(width: 640, height: 480)
    /// The hour the fill's detections fall in: one just past, so that the site's retention (30
    /// days) keeps them, ending a minute before the bench starts. The ingest that follows sends
    /// live times, tens of thousands a second: right at the hour's end, those of its first seconds
    /// were candidates of every query of the hour (the box index keeps times to some seconds),
    /// where a real hour's neighbours come at the site's own pace.
    static let hour: ClosedRange<Int64> = {
        let now = SystemClock().milliseconds()
        return (now - 3_660_000)...(now - 60_000)
    }()

    let hub: BenchScratchHub
    let database: any StoreDatabase

    var adminToken: String { hub.adminToken }

    static func start(cameras: Int, indexBytesPerSite: Int, database: StoreAddress?) async throws -> AnalyticsBenchHub {
        let hub = try await BenchScratchHub.start(
            "analytics", database: database, tweak: { $0.hub.indexBytesPerSite = indexBytesPerSite },
            prepare: { try BenchScratchHub.makeSites([site], in: $0) })
        let topology = try BenchCameras.topology(cameras, width: frame.width, height: frame.height)
        let client = VigilClient(configuration: hub.client(hub.adminToken))
        _ = try await client.request(.publish(topic: "cameras/\(site)", type: "topology", data: topology))
        await client.close()
        return AnalyticsBenchHub(hub: hub, database: try hub.configuration.store.open(migrations: Domains.migrations))
    }

    func client(_ token: String) -> ClientConfiguration { hub.client(token) }

    /// Stores a batch with `POST /api/detections`, as a backend with large batches does. The batch's
    /// JSON is sent as written, the site put first in its object: read into a `JSONValue` and
    /// written again, it took the fill more time than the hub.
    func post(_ batch: DetectionBatch) async throws {
        let body = Array("{\"site\":\"\(Self.site)\",".utf8) + DetectionBatchJSON.write(batch).dropFirst()
        _ = try await HubHTTP(configuration: client(adminToken)).send("POST", "/api/detections", body: .bytes(body)).json()
    }

    /// The baseline: the ROI question answered without the box index, by reading every detection of
    /// the hour and checking each one's anchor point against the region.
    func naiveScan(camera: String, region: Rect, hour: ClosedRange<Int64>) async throws -> Int {
        struct Row: Decodable {
            var camera: String
            var x: Double
            var y: Double
            var width: Double
            var height: Double
        }
        let rows = try await database.read { transaction in
            try transaction.fetchAll(
                Row.self,
                """
                SELECT c.camera, d.x, d.y, d.width, d.height FROM detections AS d \(transaction.dialect == .sqlite ? "NOT INDEXED" : "")
                JOIN detection_cameras c ON c.key = d.camera_key WHERE d.ts >= ? AND d.ts < ?
                """, [hour.lowerBound, hour.upperBound])
        }
        let shape = RegionOfInterest.rect(region)
        return rows.filter { $0.camera == camera && shape.contains(Point(x: $0.x + $0.width / 2, y: $0.y + $0.height)) }.count
    }

    /// The image query's baseline: the `similar` query answered by scanning every vector of its
    /// window in the store, as the hub did before its appearance index.
    func imageScan(_ data: JSONValue) async throws -> JSONValue {
        try await ImageScan.answer(data, site: Self.site, in: database)
    }

    /// The SQLite file and its write-ahead log, or the PostgreSQL database as its server counts it.
    func databaseBytes() async throws -> Int {
        guard case .sqlite(let path) = hub.configuration.store else {
            return Int(try await database.read { try $0.fetchInteger("SELECT pg_database_size(current_database())", []) } ?? 0)
        }
        return ["", "-wal"].reduce(0) { total, suffix in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0)
        }
    }

    func stop() async {
        await hub.stop()
    }
}

/// Durable ingest over WebSocket: publishers each keep a window of batches waiting for their `ok`.
struct Ingest {
    let bench: AnalyticsBenchHub
    let cameras: Int
    let batch: Int
    let seed: UInt64

    func run(publishers: Int, window: Int, seconds: Double, memory: ResidentPeak) async throws -> (stored: Int, perSecond: Double) {
        var random = SeededRandom(seed: seed &+ 1)
        // Made before the clock starts: the measurement is the hub's, not the generator's. Each is
        // sent with times of the second before it leaves (`LiveBatch`), as a camera's backend does.
        let batches = try (0..<32).map { index in
            let made = try BenchAnalytics.batch(batch, camera: "cam-\(index % cameras)", dimensions: 0, hour: AnalyticsBenchHub.hour, &random)
            return LiveBatch(camera: made.camera, json: try JSONValue(parsing: DetectionBatchJSON.write(made)))
        }
        let clients = (0..<publishers).map { _ in VigilClient(configuration: bench.client(bench.adminToken)) }
        let started = ContinuousClock.now
        let deadline = started + .milliseconds(Int(seconds * 1000))
        let stored = try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, client) in clients.enumerated() {
                for slot in 0..<window {
                    group.addTask {
                        var count = 0
                        var next = index * window + slot
                        while ContinuousClock.now < deadline {
                            let live = batches[next % batches.count]
                            let ok = try await client.request(
                                .publish(
                                    topic: "detections/\(AnalyticsBenchHub.site)/\(live.camera)", type: "batch",
                                    data: live.stamped(at: SystemClock().milliseconds())))
                            count += Int(ok["detections"]?.numberValue ?? 0)
                            next += publishers * window
                            if count % (batch * 50) == 0 { memory.sample() }
                        }
                        return count
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        let elapsed = (ContinuousClock.now - started) / .seconds(1)
        for client in clients { await client.close() }
        return (stored, Double(stored) / elapsed)
    }
}

/// A generated batch sent as a camera's backend sends one: its detections seen over the second
/// before it leaves, in their order, not at the random times of the hour they were made with.
/// Only the times are written again at each send: they decide where the rows land in the store's
/// indexes, and live rows land at the end of each camera's time, never spread over the hour.
struct LiveBatch: Sendable {
    let camera: String
    let json: JSONValue

    func stamped(at now: Int64) -> JSONValue {
        guard case .object(var batch) = json, case .array(let detections) = batch["detections"] else { return json }
        let step = 1000 / Int64(max(detections.count, 1))
        batch["detections"] = .array(
            detections.enumerated().map { index, detection in
                guard case .object(var fields) = detection else { return detection }
                fields["time"] = .string(RFC3339Time.format(now - 1000 + Int64(index) * step))
                return .object(fields)
            })
        return .object(batch)
    }
}
