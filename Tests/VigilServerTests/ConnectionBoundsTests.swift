import Foundation
import Testing
import VigilCore

/// Connections that hold a socket without doing anything useful are let go, and do not disturb others.
@Suite(.timeLimit(.minutes(10))) struct ConnectionBoundsTests {
    /// Slowloris: an upgrade request sent a byte at a time (it would take over a minute) is cut off
    /// by the opening deadline, which counts it.
    @Test func aSlowUpgradeRequestIsCutOffAtTheOpeningDeadline() async throws {
        try await withHub(server: { $0.openingTimeout = .seconds(3) }) { hub async throws in
            let slow = try await TCPPeer.connect(port: hub.port, caFile: hub.caFile)
            let request =
                "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + String(repeating: "X-Pad: slow\r\n", count: 100)
            let lasted = await slow.dribble(request, every: .milliseconds(50), limit: .seconds(30))
            #expect(lasted != nil, "the slow request was never cut off")
            try await expectCutByTheDeadlineAndOthersUndisturbed(hub)
        }
    }

    /// A peer that connects and never even finishes the TLS handshake is cut off too.
    @Test func aStalledTLSHandshakeIsCutOff() async throws {
        try await withHub(server: { $0.openingTimeout = .seconds(3) }) { hub async throws in
            let silent = try await TCPPeer.connect(port: hub.port, caFile: nil)
            let lasted = await silent.dribble("\u{16}\u{03}\u{01}", every: .milliseconds(200), limit: .seconds(30))
            #expect(lasted != nil, "the stalled handshake was never cut off")
            try await expectCutByTheDeadlineAndOthersUndisturbed(hub)
        }
    }

    /// A WebSocket whose peer has gone silent (half-open: it answers no ping) is sent a close after
    /// two ping intervals and let go once TLS gives up on its goodbye (5 s); its session ends and a
    /// live one beside it stays. (5 s intervals: a live client held up by a parallel run on two
    /// cores must still get its pong back within one.)
    @Test func aHalfOpenWebSocketIsClosedWhenItStopsAnsweringPings() async throws {
        try await withHub(server: { $0.pingInterval = .seconds(5) }) { hub async throws in
            let engine = try #require(hub.running?.hub)
            let live = try await hub.raw(bearer: hub.token("guard"))
            _ = try await live.nextMessage()
            // Authenticates, then never reads again: no pong ever comes back.
            let silent = try await RawSocket.connect(url: hub.url, caFile: hub.caFile, bearer: hub.token("operator"), stalled: true)
            #expect(await eventually(timeout: .seconds(5)) { engine.openSessionCount == 2 })
            #expect(await eventually(timeout: .seconds(45)) { engine.openSessionCount == 1 }, "the silent peer's session ended")
            // What the silent peer finds once it reads again: the close the WebSocket layer sent.
            await silent.startReading()
            #expect(await silent.closeCode() == CloseCode.goingAway.rawValue)
            try await live.send(ClientMessage(ref: "p", .ping))
            guard case .ok = try await live.answer(to: "p") else {
                Issue.record("the live connection was disturbed")
                return
            }
            await live.close()
        }
    }

    /// A client that ends its stream without a close frame (TLS close_notify, then FIN, as when its
    /// process exits) is let go at once, not left open until a ping finds it gone.
    @Test func aPeerThatEndsItsStreamWithoutACloseFrameIsLetGo() async throws {
        try await withHub(server: { $0.pingInterval = .seconds(120) }) { hub async throws in
            let engine = try #require(hub.running?.hub)
            let peer = try await TCPPeer.connect(port: hub.port, caFile: hub.caFile)
            try await peer.send(hub.upgradeRequest(bearer: hub.token("guard")))
            #expect(await peer.received(until: #""op":"welcome""#).contains(#""op":"welcome""#))
            #expect(engine.openSessionCount == 1)
            try await peer.channel.close(mode: .output)
            #expect(await eventually(timeout: .seconds(10)) { engine.openSessionCount == 0 }, "the session outlived its peer's stream")
            peer.close()
        }
    }

    private func expectCutByTheDeadlineAndOthersUndisturbed(_ hub: TestHub) async throws {
        #expect(try await metricValues(hub)["vigil_opening_timeouts_total"] == 1)
        let socket = try await hub.raw(bearer: hub.token("guard"))
        guard case .welcome = try await socket.nextMessage() else {
            Issue.record("a normal client was not welcomed")
            return
        }
        await socket.close()
    }
}
