import Foundation
import Testing
import VigilCore

/// Bad frames get an error with a stable code, change nothing, and leave the connection usable.
@Suite(.timeLimit(.minutes(10))) struct MalformedInputTests {
    @Test(arguments: [
        ("{not json", ErrorCode.badJSON, nil as String?),
        ("[1,2,3]", .badJSON, nil),
        ("\"hello\"", .badJSON, nil),
        (#"{"op":"ping","ref":"t",}"#, .badJSON, nil),
        (#"{"op":"ping","ref":"\ud800"}"#, .badJSON, nil),
        (String(repeating: "[", count: 513) + String(repeating: "]", count: 513), .badJSON, nil),
        (#"{"ref":"a"}"#, .badRequest, "a"),
        (#"{"op":"launch","ref":"b"}"#, .unknownOp, "b"),
        (#"{"op":42,"ref":"c"}"#, .badRequest, "c"),
        (#"{"op":"subscribe","ref":"d"}"#, .badRequest, "d"),
        (#"{"op":"subscribe","ref":"e","topic":7}"#, .badRequest, "e"),
        (#"{"op":"subscribe","ref":"f","topic":"notice/hq","since":-1}"#, .badRequest, "f"),
        (#"{"op":"subscribe","ref":"g","topic":"notice/hq","since":"3"}"#, .badRequest, "g"),
        (#"{"op":"subscribe","ref":"h","topic":"notice/hq","since":1.5}"#, .badRequest, "h"),
        (#"{"op":"publish","ref":"i","topic":"notice/hq"}"#, .badRequest, "i"),
        (#"{"op":"history","ref":"j","topic":"notice/hq","limit":true}"#, .badRequest, "j"),
        (#"{"op":"ping","ref":12}"#, .badRequest, nil),
    ])
    func malformedFramesGetTheirCode(_ frame: String, _ code: ErrorCode, _ ref: String?) async throws {
        try await withHub { hub async throws in
            let socket = try await hub.authenticatedRaw("operator")
            try await socket.send(frame)
            guard case .error(let answeredRef, let error) = try await socket.nextMessage() else {
                Issue.record("expected an error for \(frame)")
                return
            }
            #expect(error.code == code, "\(frame)")
            #expect(answeredRef == ref, "\(frame)")
            // The connection still works.
            try await socket.send(ClientMessage(ref: "after", .ping))
            guard case .ok(let okRef, _) = try await socket.nextMessage() else {
                Issue.record("ping after a bad frame was not answered")
                return
            }
            #expect(okRef == "after")
            await socket.close()
        }
    }

    @Test func wrongTypesNameTheField() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.authenticatedRaw("operator")
            try await socket.send(#"{"op":"subscribe","ref":"x","topic":"notice/hq","since":"yesterday"}"#)
            guard case .error(_, let error) = try await socket.nextMessage() else {
                Issue.record("expected an error")
                return
            }
            #expect(error.message.contains("'since'"))
            await socket.close()
        }
    }

    @Test func unknownFieldsAreTolerated() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.authenticatedRaw("operator")
            try await socket.send(#"{"op":"ping","ref":"p","client":"v9","extra":{"a":[1,2]}}"#)
            guard case .ok(let ref, _) = try await socket.nextMessage() else {
                Issue.record("expected ok")
                return
            }
            #expect(ref == "p")
            await socket.close()
        }
    }

    @Test func binaryFramesAreRefused() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.authenticatedRaw("operator")
            try await socket.sendBinary([0x7B, 0x7D])
            guard case .error(_, let error) = try await socket.nextMessage() else {
                Issue.record("expected an error")
                return
            }
            #expect(error.code == .binaryNotSupported)
            await socket.close()
        }
    }

    @Test func aFrameOverTheLimitClosesWith1009AndStoresNothing() async throws {
        try await withHub(tweak: { $0.maxFrameBytes = 4096 }) { hub async throws in
            let socket = try await hub.authenticatedRaw("operator")
            let big = ClientMessage(ref: "big", .publish(topic: "notice/hq", type: "notice", data: notice(String(repeating: "x", count: 5000))))
            try await socket.send(big)
            #expect(await socket.closeCode() == CloseCode.messageTooBig.rawValue)
            let client = hub.client("admin")
            #expect(try await client.history(topic: "notice/hq").isEmpty)
            // Other clients are unaffected.
            let receipt = try await client.publish(topic: "notice/hq", type: "notice", data: notice("still up"))
            #expect(receipt.seq == 1)
            await client.close()
        }
    }

    @Test func invalidUTF8ClosesTheConnectionAndTheHubStaysUp() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.authenticatedRaw("operator")
            // A text frame whose bytes are not UTF-8 (WebSocket close code 1007).
            try await socket.sendInvalidUTF8Text([0x7B, 0xFF, 0xFE, 0x7D])
            #expect(await socket.closeCode() == CloseCode.invalidPayload.rawValue)
            let client = hub.client("guard")
            try await client.connect()
            await client.close()
        }
    }
}
