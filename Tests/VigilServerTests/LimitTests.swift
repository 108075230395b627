import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct LimitTests {
    @Test func aRequestFloodIsRateLimitedAndTheConnectionSurvives() async throws {
        try await withHub(tweak: { $0.messagesPerSecond = 20 }) { hub async throws in
            let socket = try await hub.raw(bearer: hub.token("guard"))
            _ = try await socket.nextMessage()
            for index in 0..<200 { try await socket.send(ClientMessage(ref: "p\(index)", .ping)) }
            var ok = 0
            var limited = 0
            while ok + limited < 200, let text = await socket.next(timeout: .seconds(5)) {
                switch try ServerMessage.decode(text) {
                case .ok: ok += 1
                case .error(_, let error) where error.code == .rateLimited: limited += 1
                default: break
                }
            }
            // The hub's clock stands still: the burst (twice the rate) passes and nothing refills.
            #expect(ok == 40, "the burst passes, the rest is refused: \(ok) ok")
            #expect(ok + limited == 200)
            hub.clock.advance(by: .milliseconds(500))
            try await socket.send(ClientMessage(ref: "later", .ping))
            guard case .ok(let ref, _) = try await socket.answer(to: "later") else {
                Issue.record("a ping after the flood was refused")
                return
            }
            #expect(ref == "later")
            await socket.close()
        }
    }

    @Test func subscriptionsPerConnectionAreBounded() async throws {
        try await withHub(tweak: { $0.maxSubscriptionsPerConnection = 2 }) { hub async throws in
            let socket = try await hub.raw(bearer: hub.token("admin"))
            _ = try await socket.nextMessage()
            let topics = ["notice/hq", "notice/depot", "presence/notice/hq"]
            var answers: [ServerMessage] = []
            for (index, topic) in topics.enumerated() {
                try await socket.send(ClientMessage(ref: "s\(index)", .subscribe(topic: topic, since: nil)))
                answers.append(try await socket.answer(to: "s\(index)"))
            }
            guard case .error(_, let error) = answers[2] else {
                Issue.record("the third subscription was accepted")
                return
            }
            #expect(error.code == .tooManySubscriptions)
            // Unsubscribing frees a place.
            try await socket.send(ClientMessage(ref: "u", .unsubscribe(topic: "notice/depot")))
            _ = try await socket.answer(to: "u")
            try await socket.send(ClientMessage(ref: "again", .subscribe(topic: "presence/notice/hq", since: nil)))
            guard case .ok = try await socket.answer(to: "again") else {
                Issue.record("subscribing after an unsubscribe was refused")
                return
            }
            await socket.close()
        }
    }

    @Test func connectionsPerTokenAreBounded() async throws {
        try await withHub(tweak: { $0.maxConnectionsPerToken = 2 }) { hub async throws in
            let first = try await hub.raw(bearer: hub.token("guard"))
            let second = try await hub.raw(bearer: hub.token("guard"))
            guard case .welcome = try await first.nextMessage(), case .welcome = try await second.nextMessage() else {
                Issue.record("the first two connections were not welcomed")
                return
            }
            let third = try await hub.raw(bearer: hub.token("guard"))
            guard case .error(_, let error) = try await third.nextMessage() else {
                Issue.record("the third connection was welcomed")
                return
            }
            #expect(error.code == .tooManyConnections)
            #expect(await third.closeCode() == CloseCode.tooManyConnections.rawValue)
            // Another token is not affected, and a closed connection frees its place.
            let other = try await hub.raw(bearer: hub.token("operator"))
            guard case .welcome = try await other.nextMessage() else {
                Issue.record("another token was refused")
                return
            }
            await first.close()
            let fourth = try await hub.raw(bearer: hub.token("guard"))
            let welcomed = await eventually(timeout: .seconds(5)) {
                if case .welcome? = try? await fourth.nextMessage(timeout: .seconds(1)) { return true }
                return false
            }
            #expect(welcomed)
            for socket in [second, other, fourth] { await socket.close() }
        }
    }
}
