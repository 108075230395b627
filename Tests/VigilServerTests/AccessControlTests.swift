import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct AccessControlTests {
    /// Sends one request as `role` on a raw socket and returns the answer's error code, nil for ok.
    private func answerCode(_ hub: TestHub, role: String, _ request: ClientRequest) async throws -> ErrorCode? {
        let socket = try await hub.raw(bearer: hub.token(role))
        _ = try await socket.nextMessage()
        try await socket.send(ClientMessage(ref: "r", request))
        let answer = try await socket.answer(to: "r")
        await socket.close()
        if case .error(_, let error) = answer { return error.code }
        return nil
    }

    private func subscribeCode(_ hub: TestHub, role: String, topic: String) async throws -> ErrorCode? {
        try await answerCode(hub, role: role, .subscribe(topic: topic, since: nil))
    }

    private func publishCode(_ hub: TestHub, role: String, topic: String, type: String = "notice", data: JSONValue = notice("hello")) async throws
        -> ErrorCode?
    {
        try await answerCode(hub, role: role, .publish(topic: topic, type: type, data: data))
    }

    @Test func whoMayReadNotices() async throws {
        try await withHub { hub async throws in
            #expect(try await subscribeCode(hub, role: "guard", topic: "notice/hq") == nil)
            #expect(try await subscribeCode(hub, role: "operator", topic: "notice/hq") == nil)
            #expect(try await subscribeCode(hub, role: "admin", topic: "notice/depot") == nil)
            #expect(try await subscribeCode(hub, role: "guard-depot", topic: "notice/hq") == .forbidden)
            #expect(try await subscribeCode(hub, role: "device", topic: "notice/hq") == .forbidden)
            #expect(try await subscribeCode(hub, role: "guard", topic: "notice/+") == .forbidden)
            #expect(try await subscribeCode(hub, role: "admin", topic: "notice/+") == nil)
            #expect(try await subscribeCode(hub, role: "guard", topic: "weather/hq") == .unknownKind)
            #expect(try await subscribeCode(hub, role: "guard", topic: "notice/hq/extra") == .invalidTopic)
            #expect(try await subscribeCode(hub, role: "guard", topic: "notice//hq") == .invalidTopic)
            #expect(try await subscribeCode(hub, role: "guard", topic: "+/hq") == .invalidTopic)
        }
    }

    @Test func whoMayPostNotices() async throws {
        try await withHub { hub async throws in
            #expect(try await publishCode(hub, role: "operator", topic: "notice/hq") == nil)
            #expect(try await publishCode(hub, role: "admin", topic: "notice/depot") == nil)
            #expect(try await publishCode(hub, role: "guard", topic: "notice/hq") == .forbidden)
            #expect(try await publishCode(hub, role: "device", topic: "notice/hq") == .forbidden)
            #expect(try await publishCode(hub, role: "operator", topic: "notice/depot") == .forbidden)
            #expect(try await publishCode(hub, role: "admin", topic: "notice/nowhere") == .notFound)
            #expect(try await publishCode(hub, role: "operator", topic: "notice/+") == .invalidTopic)
            #expect(try await publishCode(hub, role: "operator", topic: "presence/notice/hq", type: "presence.join") == .forbidden)
        }
    }

    @Test func noticeDataIsValidated() async throws {
        try await withHub { hub async throws in
            #expect(try await publishCode(hub, role: "operator", topic: "notice/hq", type: "alarm") == .unknownType)
            #expect(try await publishCode(hub, role: "operator", topic: "notice/hq", data: "just text") == .invalidData)
            #expect(try await publishCode(hub, role: "operator", topic: "notice/hq", data: ["text": 42]) == .invalidData)
            #expect(try await publishCode(hub, role: "operator", topic: "notice/hq", data: ["text": "  "]) == .invalidData)
            #expect(try await publishCode(hub, role: "operator", topic: "notice/hq", data: ["text": "\n\t\u{00A0}\r\n"]) == .invalidData)
            #expect(try await publishCode(hub, role: "operator", topic: "notice/hq", data: ["text": "x", "level": "panic"]) == .invalidData)
            #expect(
                try await publishCode(hub, role: "operator", topic: "notice/hq", data: ["text": .string(String(repeating: "a", count: 2001))])
                    == .invalidData)
            // Nothing refused was stored.
            let client = hub.client("admin")
            #expect(try await client.history(topic: "notice/hq").isEmpty)
            await client.close()
        }
    }

    @Test func aWildcardSubscriberGetsEverySitesNotices() async throws {
        try await withHub { hub async throws in
            let admin = hub.client("admin")
            let stream = try await admin.subscribe("notice/+")
            let publisher = hub.client("admin")
            _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("to hq"))
            _ = try await publisher.publish(topic: "notice/depot", type: "notice", data: notice("to depot"))
            let events = try await collect(2, from: stream)
            #expect(events.map(\.topic) == ["notice/hq", "notice/depot"])
            #expect(events.map { $0.data["text"]?.stringValue } == ["to hq", "to depot"])
            #expect(events.allSatisfy { $0.from == "root" && $0.seq == 1 && $0.type == "notice" })
            await admin.close()
            await publisher.close()
        }
    }

    @Test func aGuardSeesOnlyItsSite() async throws {
        try await withHub { hub async throws in
            let guardClient = hub.client("guard")
            let stream = try await guardClient.subscribe("notice/hq")
            let admin = hub.client("admin")
            _ = try await admin.publish(topic: "notice/depot", type: "notice", data: notice("not for hq"))
            _ = try await admin.publish(topic: "notice/hq", type: "notice", data: ["text": "for hq", "level": "urgent"])
            let events = try await collect(1, from: stream)
            #expect(events[0].topic == "notice/hq")
            #expect(events[0].data == ["text": "for hq", "level": "urgent"])
            await guardClient.close()
            await admin.close()
        }
    }
}
