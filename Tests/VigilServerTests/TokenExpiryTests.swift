import Foundation
import Testing
import VigilCore
import VigilHub
import VigilStore
import VigilTestSupport

@Suite(.timeLimit(.minutes(10))) struct TokenExpiryTests {
    /// Issues a guard token for `hq` in the hub's own database that expires at `expiresAt`.
    private func guardToken(_ hub: TestHub, expiresAt: Int64) async throws -> String {
        try await hub.issueToken(.guard, name: "temp", sites: ["hq"], expiresAt: expiresAt)
    }

    @Test func anExpiredTokenIsRefusedOnHelloAndOnTheUpgrade() async throws {
        try await withHub { hub async throws in
            let expired = try await guardToken(hub, expiresAt: hub.clock.milliseconds() - 1)
            let onHello = try await hub.raw()
            try await onHello.send(ClientMessage(ref: "h", .hello(token: expired)))
            #expect(try await onHello.nextMessage() == .error(ref: "h", ProtocolError(.unauthorized, "the token has expired")))
            #expect(await onHello.closeCode() == CloseCode.unauthorized.rawValue)

            let onUpgrade = try await hub.raw(bearer: expired)
            #expect(try await onUpgrade.nextMessage() == .error(ref: nil, ProtocolError(.unauthorized, "the token has expired")))
            #expect(await onUpgrade.closeCode() == CloseCode.unauthorized.rawValue)

            let overHTTP = try await curl(
                hub.httpsBase + "/api/publish", caFile: hub.caFile, method: "POST", headers: ["Authorization": "Bearer \(expired)"],
                body: #"{"topic":"notice/hq","type":"notice","data":{"text":"late"}}"#)
            #expect(overHTTP.status == 401)
            #expect(overHTTP.body.contains(#""code":"unauthorized""#))
        }
    }

    @Test func aTokenWithAnExpiryInTheFutureIsWelcomed() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.raw(bearer: try await guardToken(hub, expiresAt: hub.clock.milliseconds() + 3_600_000))
            guard case .welcome = try await socket.nextMessage() else {
                Issue.record("expected welcome")
                return
            }
            await socket.close()
        }
    }

    @Test func anOpenConnectionIsClosedWhenItsTokenExpires() async throws {
        try await withHub(tweak: { $0.revocationCheckInterval = .milliseconds(100) }) { hub async throws in
            let socket = try await hub.raw(bearer: try await guardToken(hub, expiresAt: hub.clock.milliseconds() + 60_000))
            let first = try await socket.nextMessage()
            guard case .welcome = first else {
                Issue.record("expected welcome, got \(first)")
                return
            }
            #expect(try await hub.engine.closeRevokedSessions() == 0, "not yet expired by the hub's clock")
            hub.clock.advance(by: .seconds(60))
            // The sweep that runs every 100 ms ends it.
            #expect(try await socket.nextMessage(timeout: .seconds(10)) == .error(ref: nil, ProtocolError(.unauthorized, "the token has expired")))
            #expect(await socket.closeCode() == CloseCode.tokenRevoked.rawValue)
        }
    }

    @Test func theCommandLineCreatesTokensThatExpire() async throws {
        let hub = try HubProcess()
        try await hub.command(["site", "create", "hq"])
        _ = try await hub.token(["--role", "guard", "--site", "hq", "--name", "day", "--expires", "24h"])
        _ = try await hub.token(["--role", "guard", "--site", "hq", "--name", "blink", "--expires", "1s"])
        for invalid in ["0h", "24", "h", "-1d", "3w", "99999999999999999d"] {
            await #expect(throws: HubProcessError.self, "\(invalid)") {
                try await hub.command(["token", "create", "--role", "guard", "--site", "hq", "--expires", invalid])
            }
        }
        try await Task.sleep(for: .milliseconds(1_100))
        let states = try await hub.command(["token", "list"]).split(separator: "\n").reduce(into: [String: String]()) { states, line in
            let columns = line.split(separator: "\t")
            states[String(columns[2])] = String(columns[4])
        }
        #expect(states == ["day": "active", "blink": "expired"])
    }
}
