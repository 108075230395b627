import Foundation
import Synchronization
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

/// Nodes of one hub on one PostgreSQL store recover: a node started late catches up, and nodes
/// whose store goes away during a burst (every connection cut, or the server restarted) come back
/// with nothing acknowledged lost.
@Suite(
    .timeLimit(.minutes(10)),
    .enabled(if: TestPostgres.serverURL != nil || TestPostgres.isRequired, "needs a PostgreSQL server (VIGIL_TEST_POSTGRES_URL)"))
struct SeveralHubsRecoveryTests {
    /// A third node started after events were published through the first two: a subscriber on it
    /// resumes from 0 with every one, then gets what the others publish next, in order, once.
    @Test func aThirdNodeStartedLateCatchesUp() async throws {
        let nodes = try await HubNodes()
        let publishers = [nodes.client(of: nodes.a, nodes.operatorToken), nodes.client(of: nodes.b, nodes.operatorToken)]
        for number in 1...10 {
            _ = try await publishers[number % 2].publish(topic: "notice/hq", type: "notice", data: notice("before #\(number)"))
        }

        let c = try await nodes.another()
        let reader = nodes.client(of: c, nodes.operatorToken)
        let stream = try await reader.subscribe("notice/hq", since: 0)
        for number in 1...10 {
            _ = try await publishers[number % 2].publish(topic: "notice/hq", type: "notice", data: notice("after #\(number)"))
        }
        let events = try await collect(20, from: stream)
        #expect(events.compactMap(\.seq) == Array(1...20))
        #expect(events.compactMap { $0.data["text"]?.stringValue } == (1...10).map { "before #\($0)" } + (1...10).map { "after #\($0)" })

        for client in publishers + [reader] { await client.close() }
        await c.stop()
        await nodes.stop()
    }

    /// What takes the store from under both nodes in the middle of the burst.
    enum StoreFault: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Every connection of both nodes to the store is ended (`pg_terminate_backend`), as an
        /// operator or a network fault would.
        case connectionsEnded = "every store connection ended"
        /// The PostgreSQL server restarts (`pg_ctl restart`): every session ends, and for a moment
        /// no connection can be made.
        case serverRestarted = "the PostgreSQL server restarted"

        var testDescription: String { rawValue }
    }

    /// The store goes from under both nodes in the middle of a burst published through both:
    /// publishes cut by it fail or are answered; both nodes then publish again; every acknowledged
    /// event is stored with its text, with no gap, and the subscribers on both nodes get exactly
    /// the stored events, in order, once. No statement waits out its answer timeout: one sent on a
    /// connection that is closing may never be answered, and a node that waited for it (a rollback
    /// after the failed commit) held its writers for 30 s.
    @Test(arguments: StoreFault.allCases)
    func nodesWhoseStoreGoesAwayLoseNothingAcknowledged(_ fault: StoreFault) async throws {
        // A restart would end every other test's sessions too: that fault gets a server of its own.
        let server = fault == .serverRestarted ? try await RestartablePostgres() : nil
        let nodes = try await HubNodes(on: server)
        let readers = [nodes.client(of: nodes.a, nodes.operatorToken), nodes.client(of: nodes.b, nodes.operatorToken)]
        var streams: [AsyncThrowingStream<Event, any Error>] = []
        for reader in readers { streams.append(try await reader.subscribe("notice/hq", since: 0)) }

        let acknowledged = Acknowledged()
        // What each publish that was not acknowledged was answered with, to say why when this fails.
        let refusals = Failures()
        // A publish the cut leaves unanswered fails after 5 s, and the burst ends by its deadline
        // whatever the nodes do: this test reports, it does not wait.
        let publishers = [nodes.a, nodes.b].map { node in
            var configuration = ClientConfiguration(url: node.url, token: nodes.operatorToken, caFile: node.caFile)
            configuration.requestTimeout = .seconds(5)
            return VigilClient(configuration: configuration)
        }
        let deadline = ContinuousClock.now + .seconds(90)
        func publish(_ text: String, through publisher: VigilClient) async {
            do {
                let receipt = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice(text))
                acknowledged.texts.withLock { $0[receipt.seq ?? 0] = text }
            } catch {
                refusals.list.withLock { $0.append("\(text): \(error)") }
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (node, publisher) in publishers.enumerated() {
                group.addTask {
                    for index in 0..<60 where ContinuousClock.now < deadline { await publish("node \(node) #\(index)", through: publisher) }
                }
            }
            group.addTask {
                _ = await eventually(timeout: .seconds(30)) { acknowledged.texts.withLock { $0.count } >= 30 }
                switch fault {
                case .connectionsEnded: try nodes.a.terminateStoreConnections()
                case .serverRestarted: try await server?.restart()
                }
            }
            try await group.waitForAll()
        }
        // Both nodes take publishes again.
        for (node, publisher) in publishers.enumerated() {
            let back = await eventually(timeout: .seconds(20)) {
                (try? await publisher.publish(topic: "notice/hq", type: "notice", data: notice("node \(node) is back"))) != nil
            }
            #expect(back, "node \(node) publishes again; the burst's failures: \(refusals.list.withLock { $0 })")
        }
        for node in [nodes.a, nodes.b] {
            #expect(!node.log.contains("did not answer within"), "a store connection waited out its answer timeout: \(node.log)")
        }
        #expect(nodes.a.log.contains("connecting again") || nodes.b.log.contains("connecting again"), "the cut was seen")

        let stored = try await publishers[0].history(topic: "notice/hq", before: nil, limit: 1000)
        let texts = Dictionary(uniqueKeysWithValues: stored.compactMap { event in event.seq.map { ($0, event.data["text"]?.stringValue ?? "") } })
        #expect(stored.compactMap(\.seq) == Array(1...UInt64(stored.count)), "no gap, no repeat")
        let lost = acknowledged.texts.withLock { $0 }.filter { texts[$0.key] != $0.value }
        #expect(lost.isEmpty, "acknowledged but not stored as acknowledged: \(lost); failures: \(refusals.list.withLock { $0 })")
        for (node, stream) in zip(["a", "b"], streams) {
            let events = try await collect(stored.count, from: stream)
            #expect(events.compactMap(\.seq) == Array(1...UInt64(stored.count)), "node \(node)'s reader: each stored event once, in order")
            #expect(events.map { $0.data["text"]?.stringValue ?? "" } == stored.map { $0.data["text"]?.stringValue ?? "" }, "node \(node)'s reader")
        }
        for client in readers + publishers { await client.close() }
        await nodes.stop()
        withExtendedLifetime(server) {}
    }
}

/// What went wrong, in words, gathered from concurrent tasks.
private final class Failures: Sendable {
    let list = Mutex<[String]>([])
}
