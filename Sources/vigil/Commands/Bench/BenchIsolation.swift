import ArgumentParser
import Foundation
import Synchronization
import VigilBench
import VigilClient
import VigilCore
import VigilDomains
import VigilHub
import VigilStore

/// `vigil bench isolation`: does one site's analytics load hold up another site's publishes? A hub
/// of its own (TLS on a loopback port, a scratch SQLite file or the PostgreSQL database `--database`
/// names) with two sites: `a`, whose cameras have
/// watch zones and ingest detections at a fixed rate, and `b`, which publishes notices at a fixed
/// rate. The `ok` latency of b's notices is measured first with a idle, then with a loaded, in the
/// same run, with the machine's load average beside each. `--site-b-apart` moves b to a second hub
/// in the same process: the bound of what keeping a's writes apart from b's could give. `--port`
/// drives a hub already serving instead, so that the load can come from other processes, as
/// cameras' backends and control rooms do.
struct BenchIsolation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isolation", abstract: "Site b's publish latency with site a idle, then ingesting detections through its watch zones.")
    @Option(help: "Cameras of site a.") var cameras = 4
    @Option(help: "Watch zones on each camera of site a.") var zonesPerCamera = 20
    @Option(help: "Detections site a sends a second, over all its cameras.") var detectionsPerSecond = 20_000
    @Option(help: "Detections of a batch (one WebSocket message).") var batch = 200
    @Option(help: "WebSocket connections site a sends on, each keeping at most --window batches waiting for their ok.") var publishers = 4
    @Option(help: "Batches each of site a's connections keeps waiting at most.") var window = 8
    @Option(help: "Notices site b publishes a second.") var noticesPerSecond = 50
    @Option(help: "Seconds of each phase (a idle, a loaded).") var seconds = 20.0
    @Option(help: "Seed of the generated zones and detections.") var seed: UInt64 = 1
    @Flag(help: "Site b on a second hub in this process, with a SQLite file of its own: b's writer and file shared with nothing of a's.")
    var siteBApart = false
    @OptionGroup var running: RunningHubOptions
    @OptionGroup var store: ScratchStoreOptions
    @OptionGroup var output: BenchOutputOptions

    struct Phase: Codable {
        var noticeOkP50Ms: Double
        var noticeOkP99Ms: Double
        var noticeOkMaxMs: Double
        var notices: UInt64
        var detectionsStoredPerSecond: Double
        /// The 1-minute load average at the phase's end.
        var loadAverage: Double
    }

    struct Result: Codable {
        var cameras: Int
        var zonesPerCamera: Int
        /// Whether site b published to a hub of its own (`--site-b-apart`).
        var siteBApart: Bool
        var idle: Phase
        var loaded: Phase
        /// Loaded p99 over idle p99.
        var p99Ratio: Double
    }

    func run() async throws {
        if let port = running.port {
            let admin = try running.admin(port: port, database: try store.address())
            say("isolation: driving the hub on port \(port)")
            try output.write(try await measure(siteA: admin, siteB: admin))
            return
        }
        let hub = try await Self.startHub("isolation", database: try store.address())
        say("isolation: the hub's store is \(hub.configuration.store)")
        guard siteBApart else {
            try output.write(try await hub.stopping { try await measure(siteA: $0.client($0.adminToken), siteB: $0.client($0.adminToken)) })
            return
        }
        let apart = try await Self.startHub("isolation-b", database: nil)
        say("isolation: site b publishes to a hub of its own, its store \(apart.configuration.store)")
        try output.write(
            try await hub.stopping { hub in
                try await apart.stopping { apart in try await measure(siteA: hub.client(hub.adminToken), siteB: apart.client(apart.adminToken)) }
            })
    }

    private static func startHub(_ name: String, database: StoreAddress?) async throws -> BenchScratchHub {
        try await BenchScratchHub.start(
            name, database: database, tweak: { $0.hub.messagesPerSecond = 1_000_000 }, prepare: { try BenchScratchHub.makeSites(["a", "b"], in: $0) })
    }

    /// Site a's load as the admin `siteA`, site b's notices as `siteB` (another hub with `--site-b-apart`).
    private func measure(siteA: ClientConfiguration, siteB: ClientConfiguration) async throws -> Result {
        var random = SeededRandom(seed: seed)
        let room = VigilClient(configuration: siteA)
        _ = try await room.request(.publish(topic: "cameras/a", type: "topology", data: try BenchCameras.topology(cameras, width: 640, height: 480)))
        for camera in 0..<cameras {
            for (index, zone) in BenchZones.definitions(zonesPerCamera, camera: "cam-\(camera)", &random).enumerated() {
                _ = try await room.request(.publish(topic: "zones/a/cam-\(camera)-zone-\(index)", type: "define", data: zone))
            }
        }
        await room.close()
        let batches = try (0..<64).map { index in
            let made = try BenchAnalytics.batch(batch, camera: "cam-\(index % cameras)", dimensions: 0, hour: AnalyticsBenchHub.hour, &random)
            return LiveBatch(camera: made.camera, json: try JSONValue(parsing: DetectionBatchJSON.write(made)))
        }
        let notices = VigilClient(configuration: siteB)
        let senders = (0..<publishers).map { _ in VigilClient(configuration: siteA) }
        // Connected and warm before anything is timed: the first publish of each opens its connection.
        _ = try await notices.request(.publish(topic: "notice/b", type: "notice", data: ["text": "warm-up"]))
        for (index, sender) in senders.enumerated() {
            let live = batches[index % batches.count]
            _ = try await sender.request(
                .publish(topic: "detections/a/\(live.camera)", type: "batch", data: live.stamped(at: SystemClock().milliseconds())))
        }

        say("isolation: site b publishes \(noticesPerSecond) notices/s for \(seconds) s with site a idle")
        let idle = try await phase(notices: notices, senders: [], batches: batches)
        report("a idle", idle)
        say(
            "site a: \(cameras) cameras with \(zonesPerCamera) zones each, \(detectionsPerSecond) detections/s in batches of \(batch); "
                + "site b as before"
        )
        let loaded = try await phase(notices: notices, senders: senders, batches: batches)
        report("a loaded", loaded)
        for client in senders + [notices] { await client.close() }
        let ratio = loaded.noticeOkP99Ms / max(idle.noticeOkP99Ms, 0.001)
        say(String(format: "  site b's ok p99 loaded / idle: %.2f", ratio))
        return Result(cameras: cameras, zonesPerCamera: zonesPerCamera, siteBApart: siteBApart, idle: idle, loaded: loaded, p99Ratio: ratio)
    }

    private func report(_ name: String, _ phase: Phase) {
        say(
            "  \(name): "
                + String(
                    format: "site b's ok p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d notices); site a stored %.0f detections/s; load average %.2f",
                    phase.noticeOkP50Ms, phase.noticeOkP99Ms, phase.noticeOkMaxMs, Int(phase.notices), phase.detectionsStoredPerSecond,
                    phase.loadAverage))
    }

    /// Site b's notices for `seconds`, with site a's batches on `senders` meanwhile (none: a idle).
    private func phase(notices: VigilClient, senders: [VigilClient], batches: [LiveBatch]) async throws -> Phase {
        let started = ContinuousClock.now
        let deadline = started + .milliseconds(Int(seconds * 1000))
        let latencies = Latencies()
        let batchesPerSecond = Double(detectionsPerSecond) / Double(batch) / Double(max(senders.count, 1))
        let stored = try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, sender) in senders.enumerated() {
                group.addTask {
                    try await paced(perSecond: batchesPerSecond, from: started, until: deadline, window: window) { tick in
                        let live = batches[(tick * senders.count + index) % batches.count]
                        let ok = try await sender.request(
                            .publish(
                                topic: "detections/a/\(live.camera)", type: "batch", data: live.stamped(at: SystemClock().milliseconds())))
                        return Int(ok["detections"]?.numberValue ?? 0)
                    }
                }
            }
            group.addTask {
                try await paced(perSecond: Double(noticesPerSecond), from: started, until: deadline, window: 1_000) { tick in
                    let sent = ContinuousClock.now
                    _ = try await notices.request(.publish(topic: "notice/b", type: "notice", data: ["text": .string("notice \(tick)")]))
                    let took = ContinuousClock.now - sent
                    latencies.record(took)
                    return 0
                }
            }
            return try await group.reduce(0, +)
        }
        let elapsed = (ContinuousClock.now - started) / .seconds(1)
        let percentiles = latencies.percentiles
        return Phase(
            noticeOkP50Ms: percentiles.p50, noticeOkP99Ms: percentiles.p99, noticeOkMaxMs: percentiles.max, notices: percentiles.count,
            detectionsStoredPerSecond: Double(stored) / elapsed, loadAverage: BenchSetup.loadAverage())
    }
}

/// A hub already serving, which `vigil bench isolation --port` drives instead of starting one of
/// its own, so that the load generator runs in another process than the hub.
struct RunningHubOptions: ParsableArguments {
    @Option(help: "Drive the hub serving on this loopback port (its store: --data-dir, or --database) instead of starting one.")
    var port: Int?
    @Option(help: "With --port: the CA the hub's certificate is checked against.") var ca = "certs/vigil-dev-ca.pem"
    @Option(name: .customLong("data-dir"), help: "With --port: the hub's data directory, where the benchmark makes its sites and token.")
    var dataDirectory = "data"

    /// An admin of the running hub, with sites a and b made in its store (`database`, else the data
    /// directory's vigil.sqlite).
    func admin(port: Int, database: StoreAddress?) throws -> ClientConfiguration {
        let address = database ?? .sqlite(path: URL(fileURLWithPath: dataDirectory).appendingPathComponent("vigil.sqlite").path)
        let store = try address.open(migrations: Domains.migrations)
        try BenchScratchHub.makeSites(["a", "b"], in: store)
        return ClientConfiguration(url: "wss://localhost:\(port)/ws", token: try BenchSetup.token(role: .admin, in: store), caFile: ca)
    }
}

/// Latencies recorded from many tasks.
private final class Latencies: Sendable {
    private let recorder = Mutex(LatencyRecorder())

    var percentiles: Percentiles { recorder.withLock { $0.percentiles } }

    func record(_ duration: Duration) { recorder.withLock { $0.record(duration) } }
}

/// Runs `send` `perSecond` times a second on a fixed schedule from `start` until `deadline`, each
/// on its own task, with at most `window` waiting at once (a send due while the window is full
/// waits for one to finish); answers the sum of what the sends return.
private func paced(
    perSecond: Double, from start: ContinuousClock.Instant, until deadline: ContinuousClock.Instant, window: Int,
    _ send: @escaping @Sendable (Int) async throws -> Int
) async throws -> Int {
    let interval = Duration.nanoseconds(Int64(1e9 / max(perSecond, 0.001)))
    return try await withThrowingTaskGroup(of: Int.self) { group in
        var (total, waiting, tick) = (0, 0, 0)
        while true {
            let due = start + interval * tick
            guard due < deadline else { break }
            try await Task.sleep(until: due, clock: .continuous)
            if waiting >= window {
                total += try await group.next() ?? 0
                waiting -= 1
            }
            let number = tick
            group.addTask { try await send(number) }
            waiting += 1
            tick += 1
        }
        while let sent = try await group.next() { total += sent }
        return total
    }
}
