import ArgumentParser
import Foundation
import VigilBench
import VigilClient
import VigilCore
import VigilHub
import VigilServer
import VigilStore

/// `vigil bench push`: escalations of one site with many phones registered, pushed to a local
/// HTTPS push service: how long after the escalation each push request arrives, and how long the
/// escalation takes to reach the site's WebSocket subscribers while that service answers and while
/// it hangs (a publish must not wait for it).
struct BenchPush: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push", abstract: "Web Push: escalation to push request, and fan-out while the push service answers or hangs.")
    @Option(help: "Phones registered on the site (5 per guard token).") var phones = 1000
    @Option(help: "WebSocket subscribers of the site's escalations.") var subscribers = 50
    @Option(help: "Escalations measured with the push service answering, and again hanging.") var rounds = 5
    @OptionGroup var output: BenchOutputOptions

    struct Result: Encodable {
        var phones: Int
        var pushRequest: Percentiles
        var fanoutAnswering: Percentiles
        var fanoutHanging: Percentiles
        var loadAverage: String
    }

    func run() async throws {
        var guards: [String] = []
        let hub = try await BenchScratchHub.start(
            "push",
            tweak: { configuration in
                configuration.hub.allowsLocalEndpoints = true
                configuration.hub.outgoingTrustRootsFile = DevelopmentCertificates(directory: configuration.certificateDirectory).caCertificate.path
            },
            prepare: { database in
                let sites = SiteRepository(database: database)
                _ = try sites.create(id: "bench", name: "Bench site", at: 0)
                try sites.setTimings(of: "bench", SiteTimings(escalateAfterMs: 1000, quietAfterMs: 60_000))
                let issuer = TokenIssuer(tokens: TokenRepository(database: database))
                for index in 0..<(phones + 4) / 5 {
                    guards.append(try issuer.issue(role: .guard, sites: ["bench"], allSites: false, name: "guard-\(index)", now: 0).secret)
                }
            })
        try await hub.stopping { hub in
            let certificates = DevelopmentCertificates(directory: hub.configuration.certificateDirectory)
            let endpoint = try await PushBenchEndpoint.start(certificate: certificates.serverCertificate.path, key: certificates.serverKey.path)
            defer { Task { await endpoint.stop() } }
            try await register(on: hub, guards: guards, endpoint: endpoint)
            let watchers = try await Watchers.subscribe(hub, count: subscribers)
            let admin = VigilClient(configuration: hub.client(hub.adminToken))
            defer { Task { await admin.close() } }

            var pushRequest = LatencyRecorder()
            var answering = LatencyRecorder()
            for round in 0..<rounds {
                let before = endpoint.count
                let escalated = try await escalate(round, by: admin, watchers: watchers, recording: &answering)
                try await waitFor(phones, after: before, at: endpoint)
                for arrival in endpoint.arrivals(from: before) { pushRequest.record(.milliseconds(max(arrival - escalated, 0))) }
            }
            endpoint.set(.hanging)
            var hanging = LatencyRecorder()
            for round in rounds..<(2 * rounds) {
                _ = try await escalate(round, by: admin, watchers: watchers, recording: &hanging)
            }
            await watchers.close()
            let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
            let result = Result(
                phones: phones, pushRequest: pushRequest.percentiles, fanoutAnswering: answering.percentiles,
                fanoutHanging: hanging.percentiles, loadAverage: load)
            say(
                String(
                    format: "escalation to push request, %d phones: p50 %.1f ms, p99 %.1f ms (%llu requests)", phones, result.pushRequest.p50,
                    result.pushRequest.p99, result.pushRequest.count))
            say(
                String(
                    format:
                        "escalation to %d WebSocket subscribers: push service answering p50 %.1f ms, p99 %.1f ms; hanging p50 %.1f ms, p99 %.1f ms (p99 ratio %.2f)",
                    subscribers, result.fanoutAnswering.p50, result.fanoutAnswering.p99, result.fanoutHanging.p50, result.fanoutHanging.p99,
                    result.fanoutHanging.p99 / max(result.fanoutAnswering.p99, 0.001)))
            say("load average \(load) (a shared machine: read the figures as ratios within this run)")
            try output.write(result)
        }
    }

    /// Registers `phones` phones, five per guard, each at its own path of the endpoint.
    private func register(on hub: BenchScratchHub, guards: [String], endpoint: PushBenchEndpoint) async throws {
        for (index, secret) in guards.enumerated() {
            let client = VigilClient(configuration: hub.client(secret))
            for phone in (index * 5)..<min(index * 5 + 5, phones) {
                let subscription = PhoneRegistration(
                    endpoint: "https://127.0.0.1:\(endpoint.port)/p/\(phone)", keys: .init(p256dh: Self.browserKey, auth: "BTBZMqHH6r4Tts7J_aSIgg"))
                try await client.registerPhone(subscription, site: "bench")
            }
            await client.close()
        }
    }

    /// A browser's P-256 public key (RFC 8291's example receiver): every phone of the bench shares
    /// it, since its push service reads no message.
    static let browserKey = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"

    /// Raises an alert and waits for its escalation at every subscriber; the escalation's time.
    private func escalate(_ round: Int, by admin: VigilClient, watchers: Watchers, recording latency: inout LatencyRecorder) async throws -> Int64 {
        _ = try await admin.raiseAlert(site: "bench", kind: "door", location: "gate-\(round)")
        let (escalatedAt, received) = try await watchers.nextEscalation()
        for time in received { latency.record(.milliseconds(max(time - escalatedAt, 0))) }
        return escalatedAt
    }

    /// Waits (a minute at most) until `count` requests have arrived after the first `before`.
    private func waitFor(_ count: Int, after before: Int, at endpoint: PushBenchEndpoint) async throws {
        for _ in 0..<6000 where endpoint.count - before < count {
            try await Task.sleep(for: .milliseconds(10))
        }
        guard endpoint.count - before >= count else { throw ValidationError("only \(endpoint.count - before) of \(count) pushes arrived") }
    }
}

/// The site's WebSocket subscribers to escalations, each noting when it receives one.
private final class Watchers: Sendable {
    private let clients: [VigilClient]
    private let streams: [AsyncThrowingStream<Event, any Error>]

    private init(clients: [VigilClient], streams: [AsyncThrowingStream<Event, any Error>]) {
        self.clients = clients
        self.streams = streams
    }

    static func subscribe(_ hub: BenchScratchHub, count: Int) async throws -> Watchers {
        var clients: [VigilClient] = []
        var streams: [AsyncThrowingStream<Event, any Error>] = []
        for _ in 0..<count {
            let client = VigilClient(configuration: hub.client(hub.adminToken))
            streams.append(try await client.subscribe("alerts/bench/escalated"))
            clients.append(client)
        }
        return Watchers(clients: clients, streams: streams)
    }

    /// The next escalation's time (its event's `ts`) and when each subscriber received it.
    func nextEscalation() async throws -> (Int64, [Int64]) {
        try await withThrowingTaskGroup(of: (Int64, Int64).self) { group in
            for stream in streams {
                group.addTask {
                    for try await event in stream where event.type == AlertEventType.escalated.rawValue {
                        return (event.ts, Int64(Date().timeIntervalSince1970 * 1000))
                    }
                    throw ValidationError("a subscriber's connection ended")
                }
            }
            var escalatedAt: Int64 = 0
            var received: [Int64] = []
            for try await (ts, time) in group {
                escalatedAt = ts
                received.append(time)
            }
            return (escalatedAt, received)
        }
    }

    func close() async {
        for client in clients { await client.close() }
    }
}
