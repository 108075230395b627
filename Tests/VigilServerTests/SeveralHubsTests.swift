import Foundation
import Synchronization
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

/// Two `vigil serve` processes on one PostgreSQL store, as two nodes of one hub: what is committed
/// through either reaches the subscribers of both, each topic in `seq` order, each event once.
@Suite(
    .timeLimit(.minutes(10)),
    .enabled(if: TestPostgres.serverURL != nil || TestPostgres.isRequired, "needs a PostgreSQL server (VIGIL_TEST_POSTGRES_URL)"))
struct SeveralHubsTests {
    /// The `application_name` of the connection on which a hub follows the others' events.
    static let followerConnection = "vigil follower"

    /// Publishers on both nodes write one topic at once, so that a node's own commit often comes
    /// before the other node's lower `seq` has been followed: every subscriber, on either node,
    /// gets 1...n in order, once; a pattern subscriber (no `since`, no order to repair) gets each
    /// event once, the node's own included, whoever committed it.
    @Test func eventsPublishedOnEitherNodeReachEverySubscriberInOrder() async throws {
        let nodes = try await HubNodes()
        let readers = [nodes.client(of: nodes.a, nodes.operatorToken), nodes.client(of: nodes.b, nodes.operatorToken)]
        var streams: [AsyncThrowingStream<Event, any Error>] = []
        for reader in readers { streams.append(try await reader.subscribe("notice/hq", since: 0)) }
        let watcher = nodes.client(of: nodes.a, nodes.adminToken)
        let everything = try await watcher.subscribe("notice/+")

        let perNode = 40
        let publishers = [nodes.client(of: nodes.a, nodes.operatorToken), nodes.client(of: nodes.b, nodes.operatorToken)]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, publisher) in publishers.enumerated() {
                group.addTask {
                    for number in 1...perNode {
                        _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("node \(index) #\(number)"))
                    }
                }
            }
            try await group.waitForAll()
        }

        let total = 2 * perNode
        for (node, stream) in zip(["a", "b"], streams) {
            let events = try await collect(total, from: stream)
            #expect(events.compactMap(\.seq) == Array(1...UInt64(total)), "node \(node)'s subscriber: every seq once, in order")
            let texts = Set(events.compactMap { $0.data["text"]?.stringValue })
            #expect(texts.count == total, "node \(node)'s subscriber: every publish once")
        }
        let watched = try await collect(total, from: everything)
        #expect(Set(watched.compactMap(\.seq)) == Set(1...UInt64(total)), "the pattern subscriber on a: each event once")

        for client in readers + publishers + [watcher] { await client.close() }
        await nodes.stop()
    }

    /// Many subscribers on each node while four publishers, two through each node, write a few
    /// hundred events to one topic at once: a node fans out its own commits and the ones it
    /// follows from the other on different threads, often to the same subscriber at the same
    /// moment. Every subscriber still gets every `seq` once and in order (a client drops an event
    /// that comes after a higher `seq`, so one sent out of order would be lost to it).
    @Test func aBusyTopicPublishedOnBothNodesReachesEverySubscriberInOrder() async throws {
        let nodes = try await HubNodes()
        let readers = (0..<12).map { index in nodes.client(of: index % 2 == 0 ? nodes.a : nodes.b, nodes.operatorToken) }
        var streams: [AsyncThrowingStream<Event, any Error>] = []
        for reader in readers { streams.append(try await reader.subscribe("notice/hq", since: 0)) }

        let perPublisher = 75
        let publishers = (0..<4).map { index in nodes.client(of: index % 2 == 0 ? nodes.a : nodes.b, nodes.operatorToken) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, publisher) in publishers.enumerated() {
                group.addTask {
                    for number in 1...perPublisher {
                        _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("lane \(index) #\(number)"))
                    }
                }
            }
            try await group.waitForAll()
        }

        let total = publishers.count * perPublisher
        for (index, stream) in streams.enumerated() {
            let seqs = await seqs(total, from: stream, timeout: .seconds(30))
            let missing = Set(1...UInt64(total)).subtracting(seqs).sorted()
            let disorder = zip(seqs, seqs.dropFirst()).first { $0.1 <= $0.0 }.map { "\($0)" } ?? "none"
            #expect(
                seqs == Array(1...UInt64(total)),
                """
                subscriber \(index) on node \(index % 2 == 0 ? "a" : "b"): \(seqs.count) events, missing \(missing), out of order at \(disorder)
                \(nodes.a.log.suffix(3000))
                \(nodes.b.log.suffix(3000))
                """
            )
        }
        for client in readers + publishers { await client.close() }
        await nodes.stop()
    }

    /// The connection on which a node follows the others is killed on the server
    /// (`pg_terminate_backend`) between two bursts published on the other node: the node connects
    /// again and its subscriber gets the second burst after the first, nothing missed or repeated.
    @Test func aNodeWhoseFollowingConnectionIsKilledCatchesUp() async throws {
        let nodes = try await HubNodes()
        let reader = nodes.client(of: nodes.a, nodes.operatorToken)
        let stream = try await reader.subscribe("notice/hq", since: 0)
        let publisher = nodes.client(of: nodes.b, nodes.operatorToken)

        for number in 1...5 { _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("before \(number)")) }
        #expect(try await collect(5, from: stream).compactMap(\.seq) == [1, 2, 3, 4, 5])

        try nodes.a.terminateStoreConnections(named: Self.followerConnection)
        for number in 1...5 { _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("after \(number)")) }
        let after = try await collect(5, from: stream)
        #expect(after.map { "\($0.seq ?? 0) \($0.data["text"]?.stringValue ?? "")" } == (1...5).map { "\($0 + 5) after \($0)" })
        #expect(nodes.a.log.contains("connecting again"), "the node saw its connection end: \(nodes.a.log)")

        await reader.close()
        await publisher.close()
        await nodes.stop()
    }

    /// Both nodes run the timers: an alert raised through a escalates once, not once per node; and
    /// an alert raised through a just before a is killed (-9) escalates all the same, through b.
    @Test func timersFireOnceAcrossNodesAndStillFireWhenANodeDies() async throws {
        let nodes = try await HubNodes(siteOptions: ["--escalate-after", "2s", "--quiet-after", "2s"])
        let device = nodes.client(of: nodes.a, nodes.deviceToken)
        let reader = nodes.client(of: nodes.b, nodes.adminToken)
        func escalations() async -> [JSONValue] {
            let history = (try? await reader.history(topic: "alerts/hq")) ?? []
            return history.filter { $0.type == "alert.escalated" }.compactMap { $0.data["alert"]?["id"] }
        }

        let first = try await device.request(.publish(topic: "alerts/hq", type: "raise", data: ["kind": "motion", "location": "gate"]))
        let firstID = try #require(first["data"]?["alert"]?["id"])
        #expect(await eventually(timeout: .seconds(20)) { await escalations().contains(firstID) })
        try await Task.sleep(for: .milliseconds(2500))  // two more ticks of each node
        #expect(await escalations() == [firstID], "escalated once, by one of the two nodes")

        let second = try await device.request(.publish(topic: "alerts/hq", type: "raise", data: ["kind": "motion", "location": "dock"]))
        let secondID = try #require(second["data"]?["alert"]?["id"])
        await device.close()
        nodes.a.kill()
        #expect(await eventually(timeout: .seconds(20)) { await escalations().contains(secondID) }, "b fires what a would have")
        try await Task.sleep(for: .milliseconds(2500))
        #expect(await escalations() == [firstID, secondID])
        let history = try await reader.history(topic: "alerts/hq")
        #expect(history.map(\.seq) == (1...UInt64(history.count)).map { $0 }, "no gap, no repeat")

        await reader.close()
        await nodes.stop()
    }

    /// A client given both nodes' URLs reads through a; a is killed (-9) and b goes on taking
    /// publishes: the client moves on to b and resumes with `since`, every `seq` once, in order.
    @Test func aClientGivenBothNodesMovesOnWhenItsNodeDies() async throws {
        let nodes = try await HubNodes()
        var configuration = ClientConfiguration(url: nodes.a.url, token: nodes.operatorToken, caFile: nodes.a.caFile)
        configuration.otherURLs = [nodes.b.url]
        configuration.minBackoff = .milliseconds(50)
        configuration.maxBackoff = .milliseconds(400)
        let reader = VigilClient(configuration: configuration)
        let stream = try await reader.subscribe("notice/hq", since: 0)
        let publisher = nodes.client(of: nodes.b, nodes.operatorToken)

        for number in 1...10 { _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("#\(number)")) }
        #expect(try await collect(10, from: stream).compactMap(\.seq) == Array(1...10))
        nodes.a.kill()
        for number in 11...30 { _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("#\(number)")) }
        let after = try await collect(20, from: stream)
        #expect(after.map { "\($0.seq ?? 0) \($0.data["text"]?.stringValue ?? "")" } == (11...30).map { "\($0) #\($0)" })

        await reader.close()
        await publisher.close()
        await nodes.stop()
    }

    /// A token connected to both nodes is revoked with `vigil token revoke` (in the store, through
    /// neither node): both nodes end its connections (close 4010), each by its own sweep.
    @Test func aRevokedTokenIsEndedOnEveryNode() async throws {
        let nodes = try await HubNodes()
        let guardToken = try await nodes.a.token(["--role", "guard", "--site", "hq", "--name", "gus"])
        let clients = [nodes.client(of: nodes.a, guardToken), nodes.client(of: nodes.b, guardToken)]
        var streams: [AsyncThrowingStream<Event, any Error>] = []
        for client in clients { streams.append(try await client.subscribe("notice/hq", since: 0)) }
        let listing = try await nodes.a.command(["token", "list"]).split(separator: "\n")
        let id = try #require(listing.first { $0.split(separator: "\t").dropFirst(2).first == "gus" }?.split(separator: "\t").first)
        try await nodes.b.command(["token", "revoke", String(id)])

        for (node, stream) in zip(["a", "b"], streams) {
            do {
                let events = try await collect(1, from: stream)
                Issue.record("node \(node) still delivered to the revoked token: \(events)")
            } catch let error as ClientError {
                #expect(error == .rejected(code: CloseCode.tokenRevoked.rawValue, reason: "token revoked"), "node \(node)")
            }
        }
        for client in clients { await client.close() }
        await nodes.stop()
    }

    /// Through HAProxy in front of both nodes (round robin: the publisher's and the readers'
    /// connections land on both), the nodes are killed (-9) one after the other in the middle of a
    /// burst of publishes from four lanes, each started again before the next is killed: a, then
    /// b, then a again. Every acknowledged event is stored with its text, the log has no gap, and
    /// every reader, moved by the proxy from node to node, gets exactly the stored events, in
    /// order, once.
    @Test func nodesKilledOneAfterAnotherDuringAPublishBurstBehindHAProxyLoseNothing() async throws {
        let nodes = try await HubNodes()
        let proxy = try HAProxy(nodes: [nodes.a.port, nodes.b.port], caFile: nodes.a.caFile)
        try await proxy.start(caFile: nodes.a.caFile)
        func client(_ token: String) -> VigilClient {
            var configuration = ClientConfiguration(url: proxy.url, token: token, caFile: nodes.a.caFile)
            configuration.minBackoff = .milliseconds(50)
            configuration.maxBackoff = .milliseconds(400)
            return VigilClient(configuration: configuration)
        }
        let readers = (0..<3).map { _ in client(nodes.operatorToken) }
        var streams: [AsyncThrowingStream<Event, any Error>] = []
        for reader in readers { streams.append(try await reader.subscribe("notice/hq", since: 0)) }

        let acknowledged = Acknowledged()
        let publisher = client(nodes.operatorToken)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<4 {
                group.addTask {
                    var index = 0
                    var lastError: (any Error)?
                    let deadline = ContinuousClock.now + .seconds(180)
                    while acknowledged.texts.withLock({ $0.count }) < 300 {
                        // A client that gave up would fail every publish at once: a deadline says so
                        // with its error, instead of a loop that never ends.
                        guard ContinuousClock.now < deadline else {
                            Issue.record("lane \(lane): 300 acknowledgements not reached in 180 s; last error: \(String(describing: lastError))")
                            return
                        }
                        let text = "lane \(lane) #\(index)"
                        // A publish cut by the kill fails or is answered after the move; both are fine.
                        do {
                            let receipt = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice(text))
                            acknowledged.texts.withLock { $0[receipt.seq ?? 0] = text }
                        } catch {
                            lastError = error
                        }
                        index += 1
                    }
                }
            }
            group.addTask {
                for (acknowledgements, node) in [(60, nodes.a), (150, nodes.b), (240, nodes.a)] {
                    _ = await eventually(timeout: .seconds(60)) { acknowledged.texts.withLock { $0.count } >= acknowledgements }
                    node.kill()
                    try await node.restart()
                }
            }
            try await group.waitForAll()
        }

        // A read sent just as the proxy still picks the dead node for a new connection is cut
        // before its answer, or finds no hub behind it; like a person, the test asks again (reads
        // change nothing), for up to a minute: on a loaded machine a node answering its health
        // check late is marked down and its sessions cut (a loaded CI run ended here, most likely
        // so, when the test gave up after ten tries over five seconds).
        var stored: [Event] = []
        let readDeadline = ContinuousClock.now + .seconds(60)
        while true {
            do {
                stored = try await publisher.history(topic: "notice/hq", before: nil, limit: 1000)
                break
            } catch let error as ClientError where ContinuousClock.now < readDeadline && Self.isCutOnTheWay(error) {
                try await Task.sleep(for: .milliseconds(500))
            }
        }
        let texts = Dictionary(uniqueKeysWithValues: stored.compactMap { event in event.seq.map { ($0, event.data["text"]?.stringValue ?? "") } })
        #expect(stored.compactMap(\.seq) == Array(1...UInt64(stored.count)), "no gap, no repeat")
        let lost = acknowledged.texts.withLock { $0 }.filter { texts[$0.key] != $0.value }
        #expect(lost.isEmpty, "acknowledged but not stored as acknowledged: \(lost)")
        for (index, stream) in streams.enumerated() {
            let events = try await collect(stored.count, from: stream)
            #expect(events.compactMap(\.seq) == Array(1...UInt64(stored.count)), "reader \(index): each stored event once, in order")
            #expect(events.map { $0.data["text"]?.stringValue ?? "" } == stored.map { $0.data["text"]?.stringValue ?? "" }, "reader \(index)")
        }
        for client in readers + [publisher] { await client.close() }
        await nodes.stop()
    }

    /// A request that failed on the way to a node the proxy did not yet know was dead.
    private static func isCutOnTheWay(_ error: ClientError) -> Bool {
        switch error {
        case .connectionLost, .unreachable: true
        default: false
        }
    }

    /// `vigil pub` given both nodes in `--url`, the first of them killed: it publishes through the
    /// second; given the dead node alone, it fails.
    @Test func vigilPubGoesToTheNextNodeWhenTheFirstIsGone() async throws {
        let nodes = try await HubNodes()
        nodes.a.kill()
        let publish = ["pub", "notice/hq", "notice", #"{"text":"Gate B closed"}"#, "--token", nodes.operatorToken, "--ca", nodes.a.caFile]
        let published = try await runVigilTellingErrors(publish + ["--url", "\(nodes.a.url),\(nodes.b.url)"])
        #expect(published.status == 0 && published.output == "ok notice/hq seq 1\n", "\(published.errors)")
        let refused = try await runVigilTellingErrors(publish + ["--url", nodes.a.url])
        #expect(refused.status != 0, "\(refused.output)")
        await nodes.stop()
    }
}
