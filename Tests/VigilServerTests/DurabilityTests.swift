import Foundation
import Synchronization
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct DurabilityTests {
    static let killCycles = 8

    /// Kill -9 the hub during bursts of publishes, `killCycles` times, starting it again after each: every acknowledged
    /// event is stored with the text it was sent with, seq has no gap and no repeat, and a reader
    /// that stayed connected throughout receives every event exactly once, in order.
    @Test func acknowledgedEventsSurviveKillNine() async throws {
        let hub = try HubProcess()
        try await hub.command(["site", "create", "hq"])
        let operatorToken = try await hub.token(["--role", "operator", "--site", "hq", "--name", "olga"])
        let guardToken = try await hub.token(["--role", "guard", "--site", "hq", "--name", "gus"])
        try await hub.start()

        func client(_ token: String) -> VigilClient {
            var configuration = ClientConfiguration(url: hub.url, token: token, caFile: hub.caFile)
            configuration.minBackoff = .milliseconds(50)
            configuration.maxBackoff = .milliseconds(400)
            return VigilClient(configuration: configuration)
        }
        let reader = client(guardToken)
        let stream = try await reader.subscribe("notice/hq")
        let acknowledged = Acknowledged()

        for round in 1...Self.killCycles {
            let publisher = client(operatorToken)
            try await publisher.connect()
            let target = acknowledged.texts.withLock { $0.count } + 150
            acknowledged.killed.store(false, ordering: .releasing)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for lane in 0..<10 {
                    group.addTask {
                        var index = 0
                        while !acknowledged.killed.load(ordering: .acquiring) {
                            let text = "round \(round) lane \(lane) #\(index)"
                            // A publish cut by the kill fails or waits for the restart; both are fine.
                            if let receipt = try? await publisher.publish(topic: "notice/hq", type: "notice", data: notice(text)) {
                                acknowledged.texts.withLock { $0[receipt.seq ?? 0] = text }
                            }
                            index += 1
                        }
                    }
                }
                group.addTask {
                    _ = await eventually(timeout: .seconds(60)) { acknowledged.texts.withLock { $0.count } >= target }
                    acknowledged.killed.store(true, ordering: .releasing)
                    hub.kill()
                    try await hub.start()
                }
                try await group.waitForAll()
            }
            await publisher.close()
        }

        let checker = client(operatorToken)
        var stored: [Event] = []
        var before: UInt64?
        repeat {
            let page = try await checker.history(topic: "notice/hq", before: before, limit: 500)
            stored.insert(contentsOf: page, at: 0)
            before = page.first?.seq
            if page.count < 500 { break }
        } while true
        let head = UInt64(stored.count)
        #expect(stored.compactMap(\.seq) == Array(1...head), "no gap, no repeat")
        let acks = acknowledged.texts.withLock { $0 }
        #expect(acks.count >= 150 * Self.killCycles)
        for (seq, text) in acks {
            #expect(seq >= 1 && seq <= head && stored[Int(seq) - 1].data["text"]?.stringValue == text, "acknowledged seq \(seq) is stored as sent")
        }

        // The reader reconnected after each kill and resumed: every event once, in order.
        let seen = try await collect(Int(head), from: stream, timeout: .seconds(60))
        #expect(seen.compactMap(\.seq) == Array(1...head))
        _ = try await checker.publish(topic: "notice/hq", type: "notice", data: notice("after the storm"))
        let live = try await collect(1, from: stream)
        #expect(live.first?.seq == head + 1)
        await checker.close()
        await reader.close()
        await hub.stop()
    }

    @Test func revokingATokenWithTheCommandLineRefusesItsNextConnection() async throws {
        let hub = try HubProcess()
        try await hub.command(["site", "create", "hq"])
        let token = try await hub.token(["--role", "guard", "--site", "hq", "--name", "temp"])
        let listing = try await hub.command(["token", "list"])
        #expect(listing.contains("temp"))
        #expect(!listing.contains(token), "a secret is never shown again")
        try await hub.start()
        let first = VigilClient(configuration: ClientConfiguration(url: hub.url, token: token, caFile: hub.caFile))
        try await first.connect()
        await first.close()
        let id = try #require(listing.split(separator: "\n").first { $0.contains("temp") }?.split(separator: "\t").first)
        try await hub.command(["token", "revoke", String(id)])
        let second = VigilClient(configuration: ClientConfiguration(url: hub.url, token: token, caFile: hub.caFile))
        await #expect(throws: ClientError.self) { try await second.connect() }
        await second.close()
        await hub.stop()
    }
}

/// The text of each acknowledged publish by its seq, filled from several lanes, and whether the
/// hub of this round has been killed (the backup and several-node tests use the texts alone).
final class Acknowledged: Sendable {
    let texts = Mutex<[UInt64: String]>([:])
    let killed = Atomic<Bool>(false)
}
