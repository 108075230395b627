import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct PresenceTests {
    @Test func joinsAndLeavesAreAnnouncedToThoseWhoMayReadTheTopic() async throws {
        try await withHub { hub async throws in
            let watcher = hub.client("operator")
            let firstGuard = hub.client("guard")
            _ = try await firstGuard.subscribe("notice/hq")
            let presence = try await watcher.subscribe("presence/notice/hq")
            var events = try await collect(1, from: presence)
            #expect(events[0].type == "presence.state")
            #expect(events[0].seq == nil)
            let members = events[0].data["members"]?.arrayValue ?? []
            #expect(members.compactMap { $0["user"]?.stringValue } == ["gus"])

            let late = hub.client("admin")
            _ = try await late.subscribe("notice/hq")
            events = try await collect(1, from: presence)
            #expect(events[0].type == "presence.join")
            #expect(events[0].data["user"] == "root")
            #expect(events[0].data["role"] == "admin")
            #expect(events[0].data["topic"] == "notice/hq")

            await late.close()
            events = try await collect(1, from: presence)
            #expect(events[0].type == "presence.leave")
            #expect(events[0].data["user"] == "root")
            await firstGuard.close()
            await watcher.close()
        }
    }

    @Test func presenceFollowsTheReadRulesOfTheWatchedTopic() async throws {
        try await withHub { hub async throws in
            let outsider = hub.client("guard-depot")
            await #expect(throws: ClientError.self) { try await outsider.subscribe("presence/notice/hq") }
            let device = hub.client("device")
            await #expect(throws: ClientError.self) { try await device.subscribe("presence/notice/hq") }
            let admin = hub.client("admin")
            await #expect(throws: ClientError.self) { try await admin.subscribe("presence/notice/+") }
            await #expect(throws: ClientError.self) { try await admin.publish(topic: "presence/notice/hq", type: "presence.join", data: [:]) }
            for client in [outsider, device, admin] { await client.close() }
        }
    }
}
