import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct ResumeTests {
    @Test func subscribeSinceReplaysExactlyTheMissedEventsThenLiveOnes() async throws {
        try await withHub { hub async throws in
            let publisher = hub.client("operator")
            for index in 1...30 { _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("n\(index)")) }
            let reader = hub.client("guard")
            let stream = try await reader.subscribe("notice/hq", since: 12)
            _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("live"))
            let events = try await collect(19, from: stream)
            #expect(events.compactMap(\.seq) == Array(13...31))
            #expect(events.last?.data["text"]?.stringValue == "live")
            await reader.close()
            await publisher.close()
        }
    }

    @Test func aClientResumesAfterTheHubRestartsWithoutGapOrRepeat() async throws {
        try await withHub { hub async throws in
            let reader = hub.client("guard")
            let stream = try await reader.subscribe("notice/hq")
            let publisher = hub.client("operator")
            for index in 1...5 { _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("before \(index)")) }
            await publisher.close()

            await hub.stop()
            // While the hub is down, an admin with direct database access is not needed: publish
            // after the restart, before the reader has come back, and live once it has.
            try await hub.start()
            let second = hub.client("operator")
            for index in 6...10 { _ = try await second.publish(topic: "notice/hq", type: "notice", data: notice("after \(index)")) }
            let events = try await collect(10, from: stream, timeout: .seconds(30))
            #expect(events.compactMap(\.seq) == Array(1...10))
            _ = try await second.publish(topic: "notice/hq", type: "notice", data: notice("live"))
            let live = try await collect(1, from: stream)
            #expect(live.first?.seq == 11)
            await second.close()
            await reader.close()
        }
    }

    @Test func historyPagesBackwards() async throws {
        try await withHub { hub async throws in
            let client = hub.client("operator")
            for index in 1...25 { _ = try await client.publish(topic: "notice/hq", type: "notice", data: notice("n\(index)")) }
            let newest = try await client.history(topic: "notice/hq", limit: 10)
            #expect(newest.compactMap(\.seq) == Array(16...25))
            let older = try await client.history(topic: "notice/hq", before: 16, limit: 10)
            #expect(older.compactMap(\.seq) == Array(6...15))
            let oldest = try await client.history(topic: "notice/hq", before: 6, limit: 10)
            #expect(oldest.compactMap(\.seq) == Array(1...5))
            await #expect(throws: ClientError.self) { try await client.history(topic: "notice/depot") }
            await client.close()
        }
    }

    @Test func concurrentPublishesShareCommitsAndGetContiguousSeqs() async throws {
        try await withHub { hub async throws in
            let clients = (0..<4).map { _ in hub.client("operator") }
            let seqs = try await withThrowingTaskGroup(of: [UInt64].self) { group in
                for client in clients {
                    group.addTask {
                        try await withThrowingTaskGroup(of: UInt64.self) { inner in
                            for index in 0..<50 {
                                inner.addTask { try await client.publish(topic: "notice/hq", type: "notice", data: notice("c\(index)")).seq ?? 0 }
                            }
                            return try await inner.reduce(into: []) { $0.append($1) }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(seqs.sorted() == Array(1...200))
            let metrics = try await curl(hub.httpsBase + "/metrics", caFile: hub.caFile).body
            let commits = metrics.split(separator: "\n").first { $0.hasPrefix("vigil_commit_batch_size_count") }
            let commitCount = commits.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
            #expect(commitCount > 0 && commitCount < 200, "200 publishes took \(commitCount) commits")
            for client in clients { await client.close() }
        }
    }
}
