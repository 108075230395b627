import Foundation
import Testing
import VigilClient
import VigilCore
import VigilStore

@Suite(.timeLimit(.minutes(10))) struct AuthenticationTests {
    @Test func helloWithAValidTokenIsWelcomed() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.raw()
            try await socket.send(ClientMessage(ref: "1", .hello(token: hub.token("guard"))))
            guard case .welcome(let welcome) = try await socket.nextMessage() else {
                Issue.record("expected welcome")
                return
            }
            #expect(welcome.user == "gus")
            #expect(welcome.role == .guard)
            #expect(welcome.sites == ["hq"])
            #expect(!welcome.epoch.isEmpty)
            // The token's id, as the administration lists it: a page finds its own token by it.
            let tokens = try json(try await hub.api("GET", "/api/tokens", as: "admin").body)["tokens"]?.arrayValue ?? []
            let listed = tokens.first { $0["name"]?.stringValue == "gus" }?["id"]?.stringValue
            #expect(welcome.token != nil && welcome.token == listed)
            await socket.close()
        }
    }

    @Test func bearerTokenOnTheUpgradeIsWelcomedAtOnce() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.raw(bearer: hub.token("admin"))
            guard case .welcome(let welcome) = try await socket.nextMessage() else {
                Issue.record("expected welcome")
                return
            }
            #expect(welcome.sites == ["*"])
            await socket.close()
        }
    }

    @Test(arguments: [
        ("forged", "vgl_" + String(repeating: "A", count: 43)),
        ("malformed", "not-a-token"),
        ("empty", ""),
    ])
    func refusedTokensGetUnauthorizedAndClose4001(_ kind: String, _ secret: String) async throws {
        try await withHub { hub async throws in
            let socket = try await hub.raw()
            try await socket.send(ClientMessage(ref: "h", .hello(token: secret)))
            let answer = try await socket.nextMessage()
            #expect(answer == .error(ref: "h", ProtocolError(.unauthorized, "the token is not valid")), "\(kind)")
            #expect(await socket.closeCode() == CloseCode.unauthorized.rawValue)
        }
    }

    @Test func revokedTokenIsRefusedOnHello() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.raw()
            try await socket.send(ClientMessage(ref: "h", .hello(token: hub.token("revoked"))))
            guard case .error(let ref, let error) = try await socket.nextMessage() else {
                Issue.record("expected an error")
                return
            }
            #expect(ref == "h")
            #expect(error.code == .unauthorized)
            #expect(error.message.contains("revoked"))
            #expect(await socket.closeCode() == CloseCode.unauthorized.rawValue)
        }
    }

    @Test func revokedBearerTokenIsRefusedWith4001() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.raw(bearer: hub.token("revoked"))
            guard case .error(_, let error) = try await socket.nextMessage() else {
                Issue.record("expected an error")
                return
            }
            #expect(error.code == .unauthorized)
            #expect(error.message.contains("revoked"))
            #expect(await socket.closeCode() == CloseCode.unauthorized.rawValue)
        }
    }

    @Test func requestsBeforeHelloAreRefused() async throws {
        try await withHub { hub async throws in
            let socket = try await hub.raw()
            try await socket.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
            guard case .error(let ref, let error) = try await socket.nextMessage() else {
                Issue.record("expected an error")
                return
            }
            #expect(ref == "s")
            #expect(error.code == .helloRequired)
            #expect(await socket.closeCode() == CloseCode.unauthorized.rawValue)
        }
    }

    @Test func aConnectionThatNeverSaysHelloIsClosed() async throws {
        try await withHub(tweak: { $0.helloTimeout = .milliseconds(300) }) { hub async throws in
            let socket = try await hub.raw()
            guard case .error(_, let error) = try await socket.nextMessage(timeout: .seconds(5)) else {
                Issue.record("expected an error")
                return
            }
            #expect(error.code == .unauthorized)
            #expect(await socket.closeCode() == CloseCode.unauthorized.rawValue)
        }
    }

    @Test func theClientLibraryReportsARefusedTokenWithoutRetrying() async throws {
        try await withHub { hub async throws in
            var configuration = ClientConfiguration(url: hub.url, token: hub.token("revoked"), caFile: hub.caFile)
            configuration.minBackoff = .milliseconds(10)
            let client = VigilClient(configuration: configuration)
            await #expect(throws: ClientError.self) { try await client.connect() }
            await client.close()
        }
    }
}

@Suite(.timeLimit(.minutes(10))) struct RevocationTests {
    @Test func anOpenConnectionIsClosedWhenItsTokenIsRevoked() async throws {
        try await withHub(tweak: { $0.revocationCheckInterval = .milliseconds(100) }) { hub async throws in
            let revokedLater = try await hub.raw()
            try await revokedLater.send(ClientMessage(ref: "h", .hello(token: hub.token("operator"))))
            guard case .welcome = try await revokedLater.nextMessage() else {
                Issue.record("expected welcome")
                return
            }
            let bystander = try await hub.raw(bearer: hub.token("guard"))
            _ = try await bystander.nextMessage()

            let tokens = TokenRepository(database: try hub.openStore())
            let operatorID = try #require(try tokens.all().first { $0.name == "olga" }?.id)
            try tokens.revoke(id: operatorID, at: 1)

            guard case .error(_, let error) = try await revokedLater.nextMessage(timeout: .seconds(15)) else {
                Issue.record("expected an error")
                return
            }
            #expect(error.code == .unauthorized)
            #expect(await revokedLater.closeCode() == CloseCode.tokenRevoked.rawValue)
            // Others stay connected.
            try await bystander.send(ClientMessage(ref: "p", .ping))
            guard case .ok = try await bystander.answer(to: "p") else {
                Issue.record("the bystander was disturbed")
                return
            }
            await bystander.close()
        }
    }
}
