import Foundation
import Testing
import VigilClient
import VigilCore
import VigilHub
import VigilTestSupport

/// Escalations pushed to phones through the real hub over TLS, to a local push service that reads
/// every message with the reference implementations (http_ece, py_vapid) and answers as the test
/// scripts: sent off the commit path, retried after 503 honouring Retry-After, the phone dropped on
/// 410, and publishes never waiting for a push service that does not answer.
@Suite(.enabled(if: PushReference.isAvailable, "needs a Python with http_ece and py_vapid (VIGIL_PUSH_PYTHON)"))
struct PushDeliveryTests {
    /// A hub that trusts the push service's authority and allows its loopback address, with a
    /// guard's phone registered at `path`.
    func withPushingHub(
        _ service: PushServiceProcess, phones: [String: BrowserPushKeys], _ body: (TestHub) async throws -> Void
    ) async throws {
        try await withHub(tweak: {
            $0.allowsLocalEndpoints = true
            $0.outgoingTrustRootsFile = service.authorityFile
        }) { hub in
            for (path, keys) in phones {
                let put = try await hub.api("PUT", "/api/sites/hq/push/phone", as: "guard", body: keys.subscription(service.endpoint(path)))
                #expect(put.status == 200, "\(put.body)")
            }
            try await body(hub)
        }
    }

    /// Raises a door alert at hq's north gate (or at `location`) and lets it escalate; its id.
    func escalateAnAlert(_ hub: TestHub, at location: String = "gate") async throws -> String {
        let device = hub.client("device")
        _ = try await device.connect()
        defer { Task { await device.close() } }
        guard
            case .alert(let alert) = try await device.raiseAlert(
                site: "hq", kind: "door", message: "Badge 4411", location: location, locationName: "North gate")
        else { throw PushServiceError.didNotStart }
        try await hub.advance(by: .seconds(3600))
        return alert.id
    }

    @Test func anEscalationReachesTheGuardsPhoneEncryptedSignedAndMarkedUrgent() async throws {
        let keys = BrowserPushKeys()
        let service = try await PushServiceProcess(receivers: ["/sub/gus": keys])
        defer { service.stop() }
        try await withPushingHub(service, phones: ["/sub/gus": keys]) { hub in
            let id = try await escalateAnAlert(hub)
            let message = try #require(try await service.waitForMessages(1).first)
            #expect(message.error == nil, "\(message.error ?? "")")
            #expect(message.headers["Urgency"] == "high" && message.headers["Content-Encoding"] == "aes128gcm")
            let ttl = Int(message.headers["TTL"]?.stringValue ?? "") ?? 0
            #expect(ttl > 0 && ttl <= 300, "a short time to live: \(ttl)")
            #expect(message.headers["Topic"]?.stringValue?.count == 32)
            let shown = try JSONValue(parsing: message.plaintext ?? "")
            #expect(shown["title"] == "Escalated: door at North gate")
            #expect(shown["body"] == "Headquarters: not acknowledged yet")
            #expect(shown["url"]?.stringValue == "/?site=hq&alert=\(id)")
            #expect(shown["tag"] == message.headers["Topic"], "the notification's tag is the message's Topic")
            #expect(message.claims?["aud"]?.stringValue == "https://127.0.0.1:\(service.port)")
        }
    }

    /// An operator's client, connected, for `body`.
    func asOperator(_ hub: TestHub, _ body: (VigilClient) async throws -> Void) async throws {
        let olga = hub.client("operator")
        _ = try await olga.connect()
        defer { Task { await olga.close() } }
        try await body(olga)
    }

    @Test func aMissedRoundReachesThePhoneOfTheGuardWhoseRoundItIsSayingWhichCheckpoint() async throws {
        let keys = BrowserPushKeys()
        let service = try await PushServiceProcess(receivers: ["/sub/gus": keys])
        defer { service.stop() }
        try await withPushingHub(service, phones: ["/sub/gus": keys]) { hub in
            try await asOperator(hub) { olga in
                let created = try await olga.request(
                    .publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": "Roof door", "every": "30m"]))
                try await olga.assignCheckpoint(try #require(created["checkpoint"]?.stringValue), site: "hq", to: "gus")
            }
            try await hub.advance(by: .seconds(30 * 60))
            let message = try #require(try await service.waitForMessages(1).first)
            #expect(message.error == nil, "\(message.error ?? "")")
            let shown = try JSONValue(parsing: message.plaintext ?? "")
            #expect(shown["kind"] == "checkpoint" && shown["title"] == "Missed checkpoint: Roof door")
            #expect(shown["body"] == "Headquarters: not visited within 30m")
            #expect(shown["url"]?.stringValue?.hasPrefix("/?site=hq&alert=al_") == true)
            #expect(message.headers["Urgency"] == "high" && shown["tag"] == message.headers["Topic"])
        }
    }

    @Test func anUrgentMessageAskedAgainIsPushedUnderTheSameTopicSoItReplacesTheFirst() async throws {
        let keys = BrowserPushKeys()
        let service = try await PushServiceProcess(receivers: ["/sub/gus": keys])
        defer { service.stop() }
        try await withPushingHub(service, phones: ["/sub/gus": keys]) { hub in
            try await asOperator(hub) { olga in
                _ = try await olga.publish(
                    topic: "chat/hq/control", type: "say", data: ["text": "Fire door 3 open", "urgent": true, "repeatEvery": "1m"])
            }
            _ = try await service.waitForMessages(1)
            try await hub.advance(by: .seconds(60))
            let both = try await service.waitForMessages(2)
            #expect(both.allSatisfy { $0.error == nil && $0.headers["Urgency"] == "high" })
            let titles = both.map { (try? JSONValue(parsing: $0.plaintext ?? ""))?["title"]?.stringValue }
            #expect(titles == ["Urgent message in Control room", "Urgent message in Control room, asked again"])
            #expect(both[0].headers["Topic"] != nil && both[0].headers["Topic"] == both[1].headers["Topic"], "the repeat replaces the first push")
        }
    }

    @Test func pushesToOnePushServiceGoOnConnectionsKeptOpenNotANewOneEach() async throws {
        let phones = Dictionary(uniqueKeysWithValues: (0..<3).map { ("/sub/gus-\($0)", BrowserPushKeys()) })
        let service = try await PushServiceProcess(receivers: phones)
        defer { service.stop() }
        try await withPushingHub(service, phones: phones) { hub in
            _ = try await escalateAnAlert(hub)
            _ = try await service.waitForMessages(3)
            _ = try await escalateAnAlert(hub, at: "dock")
            let all = try await service.waitForMessages(6)
            #expect(all.allSatisfy { $0.error == nil && $0.answered == 201 })
            let connections = Set(all.map(\.connection))
            #expect(connections.count <= 3, "six pushes on the three connections the first three opened, not six: \(connections.count)")
        }
    }

    @Test func aPushServiceThatAnswers503IsTriedAgainAfterItsRetryAfter() async throws {
        let keys = BrowserPushKeys()
        let service = try await PushServiceProcess(
            receivers: ["/sub/gus": keys], answers: ["/sub/gus": [["status": 503, "retryAfter": 30]]])
        defer { service.stop() }
        try await withPushingHub(service, phones: ["/sub/gus": keys]) { hub in
            _ = try await escalateAnAlert(hub)
            #expect(try await service.waitForMessages(1).map(\.answered) == [503])
            // The backoff alone would try again after 5 s; the service asked for 30.
            try await hub.advance(by: .seconds(20))
            try await Task.sleep(for: .milliseconds(500))
            #expect(service.received.count == 1, "not before Retry-After")
            try await hub.advance(by: .seconds(11))
            let both = try await service.waitForMessages(2)
            #expect(both.map(\.answered) == [503, 201])
            #expect(both[1].error == nil && both[0].plaintext == both[1].plaintext, "the same message, sent again")
        }
    }

    @Test func aPhoneThePushServiceSaysIsGoneIsDropped() async throws {
        let gone = BrowserPushKeys()
        let kept = BrowserPushKeys()
        let service = try await PushServiceProcess(
            receivers: ["/sub/old": gone, "/sub/new": kept], answers: ["/sub/old": [["status": 410]]])
        defer { service.stop() }
        try await withPushingHub(service, phones: ["/sub/old": gone, "/sub/new": kept]) { hub in
            _ = try await escalateAnAlert(hub)
            #expect(Set(try await service.waitForMessages(2).map(\.answered)) == [410, 201])
            var listed: [JSONValue] = []
            for _ in 0..<250 {
                listed = json(try await hub.api("GET", "/api/sites/hq/push/phones", as: "guard").body)["phones"]?.arrayValue ?? []
                if listed.count == 1 { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(listed.compactMap { $0["endpoint"]?.stringValue } == [service.endpoint("/sub/new")])
        }
    }

    @Test func aPushServiceThatNeverAnswersDelaysNoPublish() async throws {
        let keys = BrowserPushKeys()
        let service = try await PushServiceProcess(receivers: ["/sub/gus": keys], answers: ["/sub/gus": [["status": 201, "delay": 30]]])
        defer { service.stop() }
        try await withPushingHub(service, phones: ["/sub/gus": keys]) { hub in
            _ = try await escalateAnAlert(hub)
            try await service.waitForRequest()
            // The hub's request is held open by the service: every publish is still answered.
            let device = hub.client("device")
            _ = try await device.connect()
            defer { Task { await device.close() } }
            for index in 0..<20 {
                _ = try await device.raiseAlert(site: "hq", kind: "door", location: "door-\(index)")
            }
            #expect(service.received.isEmpty, "the push is still unanswered after the twenty publishes")
        }
    }

    /// A push service whose port refuses the connection: the try fails at once and is made again
    /// later, and the hub goes on answering publishes.
    @Test func aPushServiceThatRefusesTheConnectionDelaysNoPublish() async throws {
        let keys = BrowserPushKeys()
        let service = try await PushServiceProcess(receivers: [:])
        defer { service.stop() }
        try await withPushingHub(service, phones: [:]) { hub in
            try await withRefusingLoopbackPort { port in
                let closed = "https://127.0.0.1:\(port)/sub/gus"
                let put = try await hub.api("PUT", "/api/sites/hq/push/phone", as: "guard", body: keys.subscription(closed))
                #expect(put.status == 200, "\(put.body)")
                _ = try await escalateAnAlert(hub)
                try await Task.sleep(for: .seconds(1))  // the sender's try, refused at once
                try await hub.advance(by: .seconds(6))  // past the first backoff: tried again
                try await Task.sleep(for: .seconds(1))
                let device = hub.client("device")
                _ = try await device.connect()
                defer { Task { await device.close() } }
                guard case .alert = try await device.raiseAlert(site: "hq", kind: "door", location: "door-after") else {
                    Issue.record("a publish after the refused pushes was not answered with the alert")
                    return
                }
            }
        }
    }
}
