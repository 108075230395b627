import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct ShutdownTests {
    /// A graceful stop lets each connection take what its outbox holds, then closes it with 1001.
    @Test func gracefulShutdownDrainsOutboxesAndClosesWith1001() async throws {
        try await withHub { hub async throws in
            let reader = try await RawSocket.connect(url: hub.url, caFile: hub.caFile, bearer: hub.token("guard"), stalled: true)
            // since 0: whether the subscription lands before or during the burst, every event comes, once.
            try await reader.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: 0)))
            let publisher = hub.client("operator")
            try await publishBurst(300, with: publisher)
            await publisher.close()
            let engine = try #require(hub.running?.hub)

            // The reader has not read anything yet: its events wait in its outbox and socket.
            let stopping = Task { await hub.stop() }
            #expect(await eventually(timeout: .seconds(5)) { engine.isShuttingDown })
            await reader.startReading()
            var seqs: [UInt64] = []
            while let text = await reader.next(timeout: .seconds(5)) {
                if case .event(let event) = try ServerMessage.decode(text), let seq = event.seq { seqs.append(seq) }
            }
            #expect(seqs == Array(1...300), "every queued event is delivered before the close")
            #expect(await reader.closeCode() == CloseCode.goingAway.rawValue)
            await stopping.value
        }
    }

    /// Once shutdown has begun (what SIGTERM starts before the server stops), open connections are
    /// closed with 1001, a new WebSocket is closed at once with 1001 and an HTTP request gets 503
    /// `shutting_down`.
    @Test func onceShutdownHasBegunNothingNewIsAdmitted() async throws {
        try await withHub { hub async throws in
            let engine = try #require(hub.running?.hub)
            let open = try await hub.raw(bearer: hub.token("guard"))
            _ = try await open.nextMessage()
            engine.beginShutdown()
            #expect(await open.closeCode() == CloseCode.goingAway.rawValue)

            let request = try await curl(hub.httpsBase + "/healthz", caFile: hub.caFile)
            #expect(request.status == 503)
            #expect(request.body.contains(#""code":"shutting_down""#))
            let latecomer = try await hub.raw(bearer: hub.token("guard"))
            #expect(await latecomer.closeCode() == CloseCode.goingAway.rawValue)
            #expect(await eventually { engine.openSessionCount == 0 })
        }
    }

    /// SIGTERM on the real process: connected clients are closed with 1001 and it exits cleanly.
    @Test func sigtermClosesConnectionsWith1001AndExitsCleanly() async throws {
        let hub = try HubProcess()
        try await hub.command(["site", "create", "hq"])
        let token = try await hub.token(["--role", "guard", "--site", "hq"])
        try await hub.start()
        let socket = try await RawSocket.connect(url: hub.url, caFile: hub.caFile, bearer: token)
        guard case .welcome = try await socket.nextMessage() else {
            Issue.record("expected welcome")
            return
        }
        hub.requestShutdown()
        #expect(await socket.closeCode() == CloseCode.goingAway.rawValue)
        #expect(await hub.exitStatus(timeout: .seconds(15)) == 0)
    }
}
