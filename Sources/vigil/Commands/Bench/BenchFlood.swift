import ArgumentParser
import Foundation
import Synchronization
import VigilBench
import VigilClient
import VigilCore
import VigilHub

/// `vigil bench flood`: on hubs of its own, the KML file of an event with many markers, then
/// near-subscriptions receiving approvals at a steady rate, matched through the grid of cells and,
/// as the baseline in the same run, by a scan of every near-subscription.
struct BenchFlood: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flood", abstract: "Flood markers: the KML of a big event, and near-subscriptions matched by grid against a scan.")
    @Option(help: "Approved markers in the event whose KML is fetched.") var markers = 100_000
    @Option(help: "Times each client fetches the KML (the first makes the file).") var fetches = 6
    @Option(help: "Near-subscriptions (250 to a connection).") var subscriptions = 10_000
    @Option(help: "Approvals per second, one marker each.") var rate = 500
    @Option(help: "Seconds of approvals.") var seconds = 10
    @Option(help: "Skip a part: kml or near.") var skip: [String] = []

    func run() async throws {
        var random = SystemRandomNumberGenerator()
        if !skip.contains("kml") { try await kml(&random) }
        if !skip.contains("near") {
            for matching in [HubConfiguration.ViewMatching.cells, .scan] { try await near(matching, &random) }
        }
    }

    /// The KML as two clients fetch it: one that takes gzip (curl --compressed, as browsers and
    /// Google Earth ask) and one that does not (the old app). Before each, one more marker is
    /// approved, so that its first fetch finds no file made and makes it (cold); the next are
    /// served the kept file (warm), and an `If-None-Match` with its entity tag is a 304.
    private func kml(_ random: inout SystemRandomNumberGenerator) async throws {
        let hub = try await FloodBenchHub.start(matching: .cells)
        say("KML: submitting and approving \(markers) markers…")
        _ = try await hub.submit(markers, random: &random)
        try await hub.approveAll()
        let latecomers = try await hub.submit(2, random: &random)
        let path = "/api/flood/events/1/markers.kml"
        for (compressed, latecomer) in zip([true, false], latecomers) {
            _ = try await hub.admin.approveFloodMarkers(region: "bench", .markers([latecomer]))
            var times: [Double] = []
            var bytes = 0
            for _ in 0..<fetches {
                let fetched = try await hub.timedGet(path, compressed: compressed)
                guard fetched.status == 200 else { throw FloodBenchError("KML answered \(fetched.status)") }
                times.append(fetched.seconds * 1000)
                bytes = fetched.bytes
            }
            let etag = try await hub.etag(path, compressed: compressed)
            let unchanged = try await hub.timedGet(path, compressed: compressed, headers: ["If-None-Match: \(etag)"])
            let warm = times.dropFirst().sorted()
            say(
                String(
                    format:
                        "KML of %d markers, %@ (%.1f MB sent): cold %.0f ms, warm min %.0f / median %.0f / max %.0f ms over %d fetches; unchanged (304) %.1f ms",
                    markers + (compressed ? 1 : 2), compressed ? "gzip" : "plain", Double(bytes) / 1_000_000, times[0], warm.first ?? 0,
                    warm.isEmpty ? 0 : warm[warm.count / 2], warm.last ?? 0, warm.count, unchanged.seconds * 1000))
        }
        await hub.stop()
    }

    private func near(_ matching: HubConfiguration.ViewMatching, _ random: inout SystemRandomNumberGenerator) async throws {
        let hub = try await FloodBenchHub.start(matching: matching)
        let count = rate * seconds
        let ids = try await hub.submit(count, random: &random)
        let received = DeliveryLatencies()
        var listeners: [VigilClient] = []
        var consumers: [Task<Void, Never>] = []
        let perConnection = 250
        for first in stride(from: 0, to: subscriptions, by: perConnection) {
            let client = VigilClient(configuration: hub.configuration)
            listeners.append(client)
            for _ in first..<min(subscriptions, first + perConnection) {
                let latitude = Double.random(in: FloodBenchHub.box.south...FloodBenchHub.box.north, using: &random)
                let longitude = Double.random(in: FloodBenchHub.box.west...FloodBenchHub.box.east, using: &random)
                let radius = Int.random(in: 1000...5000, using: &random)
                let stream = try await client.subscribe(
                    "flood/bench/near/\(String(format: "%.4f", latitude))/\(String(format: "%.4f", longitude))/\(radius)")
                consumers.append(
                    Task {
                        do {
                            for try await event in stream where event.type == "markers.approved" {
                                let now = Int64(Date().timeIntervalSince1970 * 1000)
                                received.record(.milliseconds(now - event.ts))
                            }
                        } catch {}
                    })
            }
        }
        let before = try await hub.viewMatching()
        let start = ContinuousClock.now
        // A hub that falls behind answers late or not at all: counted, not fatal.
        let unanswered = await withTaskGroup(of: Int.self) { group in
            for (index, id) in ids.enumerated() {
                try? await Task.sleep(until: start + .milliseconds(index * 1000 / rate))
                group.addTask { (try? await hub.admin.approveFloodMarkers(region: "bench", .markers([id]))) == nil ? 1 : 0 }
            }
            return await group.reduce(0, +)
        }
        let elapsed = Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000
        try await Task.sleep(for: .seconds(3))
        let after = try await hub.viewMatching()
        let latency = received.percentiles
        let perMarker = after.count > before.count ? (after.seconds - before.seconds) / (after.count - before.count) * 1_000_000 : 0
        say(
            String(
                format:
                    "near, %@: %d subscriptions, %d approvals in %.1f s (%.0f/s, %d unanswered); matching %.1f µs a marker; %d deliveries, latency p50 %.0f ms, p99 %.0f ms, max %.0f ms",
                matching == .cells ? "grid" : "scan (baseline)", subscriptions, count, elapsed, Double(count) / elapsed, unanswered, perMarker,
                Int(latency.count), latency.p50, latency.p99, latency.max))
        for client in listeners { await client.close() }
        for consumer in consumers { consumer.cancel() }
        await hub.stop()
    }
}

/// Delivery latencies from the approval's time-stamp to its arrival, recorded by every subscriber's task.
private final class DeliveryLatencies: Sendable {
    private let recorder = Mutex(LatencyRecorder())

    func record(_ latency: Duration) { recorder.withLock { $0.record(latency) } }
    var percentiles: Percentiles { recorder.withLock { $0.percentiles } }
}
