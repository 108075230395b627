import Foundation
import NIOCore
import Testing
import VigilClient
import VigilCore

/// permessage-deflate (RFC 7692) on `/ws`, over TLS, with zlib on the client's side reading what
/// the hub compressed and compressing what it sends: a client that offers it gets its larger
/// frames deflated (each on its own, once for every subscriber with the same window) and small
/// ones plain; one that does not gets plain frames; a message that inflates past the limit closes
/// with 1009.
@Suite(.timeLimit(.minutes(10))) struct PerMessageDeflateTests {
    /// What Chromium offers.
    static let browserOffer = "permessage-deflate; client_max_window_bits"
    /// A notice whose event frame is well over the compression threshold (about 1.6 KB).
    static let longNotice = String(repeating: "Gate 3 reports the north fence open again. ", count: 36)

    @Test func aClientOfferingDeflateGetsLargeFramesCompressedAndSmallOnesAsTheyAre() async throws {
        try await withHub { hub async throws in
            let reader = try await PausableWebSocket.connect(to: hub, bearer: hub.token("operator"), extensions: Self.browserOffer)
            defer { reader.close() }
            #expect(
                reader.upgradeResponse.lowercased().contains(
                    "sec-websocket-extensions: permessage-deflate; server_no_context_takeover; client_no_context_takeover\r\n"))
            try await reader.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
            let ok = try #require(await reader.frame(containing: #""ref":"s""#))
            #expect(!ok.compressed, "an ok of a few dozen bytes goes as it is")
            _ = try await hub.client("admin").publish(topic: "notice/hq", type: "notice", data: notice(Self.longNotice))

            let event = try #require(await reader.frame(where: { $0.opcode == 0x1 && $0.compressed }))
            #expect(event.payload.count < Self.longNotice.utf8.count / 2, "the repeated text deflates to less than half")
            let inflated = try #require(RawDeflate.inflate(event.payload))
            guard case .event(let received) = try ServerMessage.decode(String(decoding: inflated, as: UTF8.self)) else {
                Issue.record("the inflated frame is not an event")
                return
            }
            #expect(received.data["text"] == .string(Self.longNotice))
        }
    }

    @Test func aClientNotOfferingDeflateGetsPlainFrames() async throws {
        try await withHub { hub async throws in
            let reader = try await PausableWebSocket.connect(to: hub, bearer: hub.token("operator"))
            defer { reader.close() }
            #expect(!reader.upgradeResponse.lowercased().contains("sec-websocket-extensions"))
            try await reader.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
            _ = try #require(await reader.frame(containing: #""ref":"s""#))
            _ = try await hub.client("admin").publish(topic: "notice/hq", type: "notice", data: notice(Self.longNotice))

            let event = try #require(await reader.frame(containing: Self.longNotice))
            #expect(!event.compressed)
            #expect(reader.received.allSatisfy { !$0.compressed })
        }
    }

    /// A hub told not to compress (`vigil serve --no-permessage-deflate`) declines the browser's
    /// offer: the connection is plain, and so is every frame of it.
    @Test func aHubToldNotToCompressDeclinesTheOffer() async throws {
        try await withHub(server: { $0.permessageDeflate = false }) { hub async throws in
            let reader = try await PausableWebSocket.connect(to: hub, bearer: hub.token("operator"), extensions: Self.browserOffer)
            defer { reader.close() }
            #expect(!reader.upgradeResponse.lowercased().contains("sec-websocket-extensions"))
            try await reader.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
            _ = try #require(await reader.frame(containing: #""ref":"s""#))
            _ = try await hub.client("admin").publish(topic: "notice/hq", type: "notice", data: notice(Self.longNotice))
            _ = try #require(await reader.frame(containing: Self.longNotice))
            #expect(reader.received.allSatisfy { !$0.compressed })
        }
    }

    /// Eight subscribers with the default window and two that asked for a 10-bit one: the event
    /// is deflated twice, once per window, and each subscriber gets the form of its window.
    @Test func anEventToManySubscribersIsDeflatedOncePerWindow() async throws {
        try await withHub { hub async throws in
            var readers: [PausableWebSocket] = []
            defer { readers.forEach { $0.close() } }
            for index in 0..<10 {
                let offer = index < 8 ? Self.browserOffer : "permessage-deflate; server_max_window_bits=10"
                let reader = try await PausableWebSocket.connect(to: hub, bearer: hub.token("operator"), extensions: offer)
                try await reader.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
                _ = try #require(await reader.frame(containing: #""ref":"s""#))
                readers.append(reader)
            }
            #expect(readers[9].upgradeResponse.contains("server_max_window_bits=10\r\n"))
            let before = try await metricValues(hub)["vigil_websocket_frames_deflated_total"] ?? 0
            _ = try await hub.client("admin").publish(topic: "notice/hq", type: "notice", data: notice(Self.longNotice))

            var payloads: [[UInt8]] = []
            for reader in readers {
                let event = try #require(await reader.frame(where: { $0.opcode == 0x1 && $0.compressed }))
                let inflated = try #require(RawDeflate.inflate(event.payload))
                #expect(String(decoding: inflated, as: UTF8.self).contains(Self.longNotice))
                payloads.append(event.payload)
            }
            #expect(Set(payloads[..<8]).count == 1, "one deflated form for the default window")
            #expect(Set(payloads[8...]).count == 1, "one for the 10-bit window")
            let after = try await metricValues(hub)["vigil_websocket_frames_deflated_total"] ?? 0
            #expect(after - before == 2)
        }
    }

    /// A compressed request is inflated and answered; one that inflates past the message limit
    /// (1 MiB of spaces in about 1 KB, sixteen times the limit) closes the connection with 1009,
    /// and the hub goes on serving.
    @Test func aCompressedRequestIsAnsweredAndADecompressionBombClosesWith1009() async throws {
        try await withHub { hub async throws in
            let socket = try await PausableWebSocket.connect(to: hub, bearer: hub.token("operator"), extensions: Self.browserOffer)
            defer { socket.close() }
            let ping = ClientMessage(ref: "squeezed", .ping).encoded() + String(repeating: " ", count: 2000)
            try await socket.sendText(RawDeflate.deflate(Array(ping.utf8)), compressed: true)
            _ = try #require(await socket.frame(containing: #""ref":"squeezed""#))

            let bomb = RawDeflate.deflate([UInt8](repeating: 0x20, count: 16 * hub.configuration.hub.maxFrameBytes))
            #expect(bomb.count < 2048)
            try await socket.sendText(bomb, compressed: true)
            let close = try #require(await socket.closeFrame())
            #expect(close.closeCode == CloseCode.messageTooBig.rawValue)

            let bystander = try await hub.authenticatedRaw("guard")
            try await expectStillServed(bystander, hub: hub)
        }
    }

    /// Each offer gets the answer RFC 7692 §7.1 gives it: the first acceptable offer is taken, its
    /// `server_max_window_bits` echoed; an offer with an unknown, repeated or malformed parameter
    /// is declined, and without one acceptable the connection opens plain.
    @Test(
        arguments: [
            ("permessage-deflate", "permessage-deflate; server_no_context_takeover; client_no_context_takeover"),
            (
                "permessage-deflate; server_max_window_bits=9; client_max_window_bits=12; client_no_context_takeover",
                "permessage-deflate; server_no_context_takeover; client_no_context_takeover; server_max_window_bits=9"
            ),
            (
                #"permessage-deflate; server_max_window_bits="8""#,
                "permessage-deflate; server_no_context_takeover; client_no_context_takeover; server_max_window_bits=8"
            ),
            (
                "permessage-deflate; server_max_window_bits=7, permessage-deflate; server_no_context_takeover",
                "permessage-deflate; server_no_context_takeover; client_no_context_takeover"
            ),
            (
                "x-webkit-deflate-frame, permessage-deflate; client_max_window_bits",
                "permessage-deflate; server_no_context_takeover; client_no_context_takeover"
            ),
            ("permessage-deflate; server_max_window_bits=16", nil),
            ("permessage-deflate; server_max_window_bits", nil),
            ("permessage-deflate; server_max_window_bits=010", nil),
            ("permessage-deflate; client_max_window_bits=0", nil),
            ("permessage-deflate; server_no_context_takeover=1", nil),
            ("permessage-deflate; server_no_context_takeover; server_no_context_takeover", nil),
            ("permessage-deflate; mystery", nil),
            ("x-webkit-deflate-frame", nil),
        ] as [(String, String?)])
    func offersAreAnsweredAsRFC7692Says(_ offer: String, _ answer: String?) async throws {
        try await withHub { hub async throws in
            let socket = try await PausableWebSocket.connect(to: hub, bearer: hub.token("operator"), extensions: offer)
            defer { socket.close() }
            let extensions = socket.upgradeResponse.split(separator: "\r\n").filter { $0.lowercased().hasPrefix("sec-websocket-extensions:") }
            #expect(extensions == (answer.map { ["Sec-WebSocket-Extensions: \($0)"] } ?? []), "\(offer)")
        }
    }

    /// With a window of 8 bits asked for, what the hub deflates has no back-reference at all, so
    /// an inflater of a 256-byte window reads it.
    @Test func aWindowOf8BitsIsReadableByAnInflaterOf8Bits() async throws {
        try await withHub { hub async throws in
            let reader = try await PausableWebSocket.connect(
                to: hub, bearer: hub.token("operator"), extensions: "permessage-deflate; server_max_window_bits=8")
            defer { reader.close() }
            try await reader.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
            _ = try #require(await reader.frame(containing: #""ref":"s""#))
            _ = try await hub.client("admin").publish(topic: "notice/hq", type: "notice", data: notice(Self.longNotice))
            let event = try #require(await reader.frame(where: { $0.opcode == 0x1 && $0.compressed }))
            let inflated = try #require(RawDeflate.inflate(event.payload, windowBits: 8))
            #expect(String(decoding: inflated, as: UTF8.self).contains(Self.longNotice))
        }
    }

    /// VigilClient offers permessage-deflate: a history page of long notices comes compressed and
    /// reads as it was published.
    @Test func vigilClientReadsCompressedFrames() async throws {
        try await withHub { hub async throws in
            let client = hub.client("admin")
            for index in 1...5 { _ = try await client.publish(topic: "notice/hq", type: "notice", data: notice("\(index) \(Self.longNotice)")) }
            let before = try await metricValues(hub)["vigil_websocket_frames_deflated_total"] ?? 0
            let page = try await client.history(topic: "notice/hq", limit: 10)
            #expect(Set(page.compactMap { $0.data["text"]?.stringValue }) == Set((1...5).map { "\($0) \(Self.longNotice)" }))
            let after = try await metricValues(hub)["vigil_websocket_frames_deflated_total"] ?? 0
            #expect(after > before, "the history page went compressed")
        }
    }
}
