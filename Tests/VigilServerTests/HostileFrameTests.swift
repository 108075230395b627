import Foundation
import NIOCore
import NIOWebSocket
import Testing
import VigilClient
import VigilCore

/// Frames that break RFC 6455 get the close code the RFC names; requests in their thousands are
/// bounded; in every case the hub stays up and other clients go on.
@Suite(.timeLimit(.minutes(10))) struct HostileFrameTests {
    @Test(arguments: [
        ("a ping without FIN", WebSocketFrame(fin: false, opcode: .ping, data: ByteBuffer(string: "hi"))),
        ("a pong without FIN", WebSocketFrame(fin: false, opcode: .pong, data: ByteBuffer(string: "hi"))),
        ("a ping over 125 bytes", WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer(repeating: 0x61, count: 126))),
        ("a continuation with nothing to continue", WebSocketFrame(fin: true, opcode: .continuation, data: ByteBuffer(string: "{}"))),
        ("reserved bits set", WebSocketFrame(fin: true, rsv1: true, opcode: .text, data: ByteBuffer(string: "{}"))),
        ("a close with reserved bits set", WebSocketFrame(fin: true, rsv2: true, opcode: .connectionClose, data: ByteBuffer(bytes: [0x03, 0xE8]))),
        ("a reserved opcode", WebSocketFrame(fin: true, opcode: WebSocketOpcode(encodedWebSocketOpcode: 0x3)!, data: ByteBuffer(string: "{}"))),
    ])
    func protocolViolationsCloseWith1002(_ what: String, _ frame: WebSocketFrame) async throws {
        try await withHub { hub async throws in
            let bystander = try await hub.authenticatedRaw("guard")
            let socket = try await hub.authenticatedRaw("operator")
            try await socket.sendFrame(frame)
            #expect(await socket.closeCode() == CloseCode.protocolError.rawValue, "\(what)")
            try await expectStillServed(bystander, hub: hub)
        }
    }

    /// Invalid UTF-8 split across the fragments of one text message is found once the message is whole.
    @Test func invalidUTF8AcrossFragmentsClosesWith1007() async throws {
        try await withHub { hub async throws in
            let bystander = try await hub.authenticatedRaw("guard")
            let socket = try await hub.authenticatedRaw("operator")
            try await socket.sendFrame(
                WebSocketFrame(fin: false, opcode: .text, data: ByteBuffer(bytes: Array(#"{"op":"ping","ref":"\#u{E9}"#.utf8.dropLast()))))
            try await socket.sendFrame(WebSocketFrame(fin: true, opcode: .continuation, data: ByteBuffer(bytes: [0x28, 0x22, 0x7D])))
            #expect(await socket.closeCode() == CloseCode.invalidPayload.rawValue)
            try await expectStillServed(bystander, hub: hub)
        }
    }

    /// Fragments each under the frame limit that add up to more than the message limit close with
    /// 1009 as soon as the limit is passed, not once the message is whole.
    @Test func fragmentsAddingUpToMoreThanTheLimitCloseWith1009() async throws {
        try await withHub { hub async throws in
            let bystander = try await hub.authenticatedRaw("guard")
            let socket = try await hub.authenticatedRaw("operator")
            let half = ByteBuffer(repeating: 0x20, count: hub.configuration.hub.maxFrameBytes / 2 + 1)
            try await socket.sendFrame(WebSocketFrame(fin: false, opcode: .text, data: half))
            try await socket.sendFrame(WebSocketFrame(fin: false, opcode: .continuation, data: half))
            #expect(await socket.closeCode() == CloseCode.messageTooBig.rawValue)
            try await expectStillServed(bystander, hub: hub)
        }
    }

    /// A text message in fragments, with a ping between them, is answered like a whole one.
    @Test func aFragmentedRequestWithAPingBetweenIsAnswered() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.authenticatedRaw("operator")
            try await socket.sendFrame(WebSocketFrame(fin: false, opcode: .text, data: ByteBuffer(string: #"{"op":"pi"#)))
            try await socket.sendFrame(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer(string: "between")))
            try await socket.sendFrame(WebSocketFrame(fin: true, opcode: .continuation, data: ByteBuffer(string: #"ng","ref":"split"}"#)))
            guard case .ok(let ref, _) = try await socket.answer(to: "split") else {
                Issue.record("the fragmented request was not answered")
                return
            }
            #expect(ref == "split")
            await socket.close()
        }
    }

    /// Thousands of subscriptions on one connection: the first `maxSubscriptionsPerConnection` are
    /// taken, every other one gets `too_many_subscriptions`, and the connection goes on working.
    @Test func thousandsOfSubscriptionsAreBoundedAndTheConnectionStaysUsable() async throws {
        try await withHub(tweak: { $0.messagesPerSecond = 100_000 }) { hub async throws in
            let limit = hub.configuration.hub.maxSubscriptionsPerConnection
            let socket = try await hub.authenticatedRaw("admin")
            let count = 3_000
            for index in 0..<count {
                // The admin's token covers every site, present or not; the first is a real one.
                let topic = index == 0 ? "notice/hq" : "notice/site\(index)"
                try await socket.send(ClientMessage(ref: "s\(index)", .subscribe(topic: topic, since: nil)))
            }
            var accepted = 0
            var refused = 0
            while accepted + refused < count, let text = await socket.next(timeout: .seconds(20)) {
                switch try ServerMessage.decode(text) {
                case .ok: accepted += 1
                case .error(_, let error):
                    #expect(error.code == .tooManySubscriptions)
                    refused += 1
                default: break
                }
            }
            #expect(accepted == limit)
            #expect(refused == count - limit)

            // Still usable: one of its subscriptions delivers, and it answers.
            let publisher = hub.client("admin")
            _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("still here"))
            guard case .event(let event) = try await socket.nextMessage() else {
                Issue.record("the subscription did not deliver")
                return
            }
            #expect(event.topic == "notice/hq")
            await publisher.close()
            try await expectStillServed(socket, hub: hub)
        }
    }
}
