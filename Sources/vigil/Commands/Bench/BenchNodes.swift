import ArgumentParser
import Foundation
import Synchronization
import VigilBench
import VigilClient
import VigilCore
import VigilHub
import VigilStore

/// `vigil bench nodes`: what more nodes of a hub add and take. First, latency: one publisher
/// publishes notices one at a time through the first node; a subscriber on the same node and one
/// on the second time each event from its publish: the first is today's path (fan-out after the
/// commit), the second the follower's (woken by NOTIFY, reading the events table). Then
/// throughput with one, two, ... of the nodes (`NodesThroughput`), and the same with every node
/// and the commit-time NOTIFY trigger turned off, to tell its cost.
struct BenchNodes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nodes",
        abstract:
            "Nodes of one hub on PostgreSQL: delivery latency on another node (p50/p99), then publishes and deliveries per second with 1, 2, ... nodes and without NOTIFY."
    )
    @Option(help: "The node the publisher and the first subscriber connect to.") var url = "wss://localhost:8443/ws"
    @Option(name: .customLong("other-url"), help: "Another node of the same hub (repeat for more); the first has the second subscriber.")
    var otherURLs: [String]
    @Option(help: "CA certificate to trust.") var ca = "certs/vigil-dev-ca.pem"
    @Option(help: "Notices published, one after the other's ok.") var messages = 1000
    @Option(name: .customLong("load-messages"), help: "Notices published in each throughput run (0: none).") var loadMessages = 4000
    @Option(help: "Publishing lanes of the throughput runs, spread over the nodes.") var lanes = 8
    @Option(help: "Subscribers of the throughput runs, spread over the nodes.") var subscribers = 24
    /// The hub's store, where the benchmark makes its site and token.
    @OptionGroup var store: StoreOptions

    static let site = "bench-nodes"

    func run() async throws {
        let database = try store.open()
        let sites = SiteRepository(database: database)
        if try sites.find(Self.site) == nil {
            _ = try sites.create(id: Self.site, name: "benchmark of nodes", at: SystemClock().milliseconds())
        }
        let token = try BenchSetup.token(role: .operator, in: database)
        let topic = "notice/\(Self.site)"
        let sent = SendTimes()
        var watchers: [Task<LatencyRecorder, any Error>] = []
        var clients: [VigilClient] = []
        guard let otherURL = otherURLs.first else { throw ValidationError("give at least one --other-url") }
        for node in [url, otherURL] {
            let client = VigilClient(configuration: ClientConfiguration(url: node, token: token, caFile: ca))
            clients.append(client)
            let stream = try await client.subscribe(topic)
            watchers.append(Task { [messages] in try await Self.latencies(of: stream, messages: messages, sent: sent) })
        }
        let publisher = VigilClient(configuration: ClientConfiguration(url: url, token: token, caFile: ca))
        for index in 0..<messages {
            let text = "\(UUID().uuidString) \(index)"
            sent.times.withLock { $0[text] = .now }
            _ = try await publisher.publish(topic: topic, type: "notice", data: ["text": .string(text)])
        }
        let local = try await watchers[0].value.percentiles
        let remote = try await watchers[1].value.percentiles
        say("\(messages) notices, load average \(BenchSetup.loadAverage()) (a shared machine's figures vary: compare within one run)")
        say(String(format: "same node:  p50 %.2f ms, p99 %.2f ms, max %.2f ms", local.p50, local.p99, local.max))
        say(String(format: "other node: p50 %.2f ms, p99 %.2f ms, max %.2f ms", remote.p50, remote.p99, remote.max))
        say(String(format: "other/same: p50 x%.2f, p99 x%.2f", remote.p50 / max(local.p50, 0.001), remote.p99 / max(local.p99, 0.001)))
        for client in clients + [publisher] { await client.close() }
        guard loadMessages > 0 else { return }

        let load = NodesThroughput(
            urls: [url] + otherURLs, ca: ca, topic: topic, lanes: lanes, subscribers: subscribers, messages: loadMessages)
        say("\(loadMessages) notices from \(lanes) lanes, \(subscribers) subscribers, both spread over the nodes used")
        var withEveryNode: NodesThroughput.Figures?
        for nodes in 1...(1 + otherURLs.count) {
            let figures = try await load.run(
                nodes: nodes, tag: "load \(nodes) \(UUID().uuidString)", token: try BenchSetup.token(role: .operator, in: database))
            withEveryNode = figures
            say(
                String(
                    format: "%d node(s): %.0f publishes/s, %.0f deliveries/s, load average %.1f", nodes, figures.publishesPerSecond,
                    figures.deliveriesPerSecond, BenchSetup.loadAverage()))
        }
        // The trigger off, the nodes learn of the others' commits by their 500 ms read alone.
        try database.transaction { try $0.execute("ALTER TABLE events DISABLE TRIGGER events_committed") }
        let quiet: NodesThroughput.Figures
        do {
            quiet = try await load.run(
                nodes: 1 + otherURLs.count, tag: "quiet \(UUID().uuidString)", token: try BenchSetup.token(role: .operator, in: database))
        } catch {
            try database.transaction { try $0.execute("ALTER TABLE events ENABLE TRIGGER events_committed") }
            throw error
        }
        try database.transaction { try $0.execute("ALTER TABLE events ENABLE TRIGGER events_committed") }
        say(
            String(
                format: "%d node(s), no NOTIFY: %.0f publishes/s, %.0f deliveries/s, load average %.1f", 1 + otherURLs.count,
                quiet.publishesPerSecond, quiet.deliveriesPerSecond, BenchSetup.loadAverage()))
        if let withEveryNode {
            say(String(format: "publishes/s without NOTIFY / with: x%.2f", quiet.publishesPerSecond / withEveryNode.publishesPerSecond))
        }
    }

    /// The time from each publish to its event on `stream`, for `messages` events (the state and
    /// events from before the run left out).
    private static func latencies(
        of stream: AsyncThrowingStream<Event, any Error>, messages: Int, sent: SendTimes
    ) async throws -> LatencyRecorder {
        var recorder = LatencyRecorder()
        var seen = 0
        for try await event in stream {
            guard event.seq != nil, let text = event.data["text"]?.stringValue, let start = sent.times.withLock({ $0[text] }) else { continue }
            recorder.record(.now - start)
            seen += 1
            if seen == messages { break }
        }
        return recorder
    }
}

/// When each notice of the run was published, by its text.
private final class SendTimes: Sendable {
    let times = Mutex<[String: ContinuousClock.Instant]>([:])
}
