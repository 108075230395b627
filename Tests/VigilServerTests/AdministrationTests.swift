import Foundation
import Testing
import VigilClient
import VigilCore

/// Sites and tokens administered over HTTP by an admin, refused to everyone else.
@Suite(.timeLimit(.minutes(10)))
struct AdministrationTests {
    private func code(_ response: CurlResponse) -> String? { json(response.body)["code"]?.stringValue }

    @Test func anAdminCreatesASiteThatOthersSeeOnlyWhenTheyCoverIt() async throws {
        try await withHub { hub async throws in
            let created = try await hub.api(
                "POST", "/api/sites", as: "admin", body: ["id": "north-yard", "name": "North yard", "escalateAfter": "90s"])
            #expect(created.status == 201, "\(created.body)")
            #expect(json(created.body)["site"]?["escalateAfterMs"]?.numberValue == 90_000)

            let seenByAdmin = try await hub.api("GET", "/api/sites", as: "admin")
            #expect(json(seenByAdmin.body)["sites"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["depot", "hq", "north-yard"])
            let seenByOperator = try await hub.api("GET", "/api/sites", as: "operator")
            #expect(json(seenByOperator.body)["sites"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["hq"])

            // The new site takes events at once.
            let notice = try await hub.api(
                "POST", "/api/publish", as: "admin", body: ["topic": "notice/north-yard", "type": "notice", "data": ["text": "open"]])
            #expect(notice.status == 200, "\(notice.body)")

            let again = try await hub.api("POST", "/api/sites", as: "admin", body: ["id": "north-yard"])
            #expect(again.status == 409 && code(again) == "already_exists")
            let badID = try await hub.api("POST", "/api/sites", as: "admin", body: ["id": "north/yard"])
            #expect(badID.status == 400 && code(badID) == "invalid_data")
            let byOperator = try await hub.api("POST", "/api/sites", as: "operator", body: ["id": "south"])
            #expect(byOperator.status == 403 && code(byOperator) == "forbidden")
            let after = try await hub.api("GET", "/api/sites", as: "admin")
            #expect(json(after.body)["sites"]?.arrayValue?.count == 3, "refusals created nothing")
        }
    }

    @Test func anIssuedTokenWorksIsListedWithoutItsSecretAndItsRevocationEndsItsConnectionsAtOnce() async throws {
        // The periodic sweep is far off: only the revocation itself can end the connection in time.
        try await withHub(tweak: { $0.revocationCheckInterval = .seconds(600) }) { hub async throws in
            let issued = try await hub.api(
                "POST", "/api/tokens", as: "admin", body: ["role": "guard", "name": "gina", "sites": ["hq"], "expiresIn": "8h"])
            #expect(issued.status == 201, "\(issued.body)")
            let secret = try #require(json(issued.body)["secret"]?.stringValue)
            let id = try #require(json(issued.body)["token"]?["id"]?.stringValue)
            #expect(json(issued.body)["token"]?["expiresAt"]?.numberValue != nil)

            let connection = try await hub.raw(bearer: secret)
            guard case .welcome(let welcome) = try await connection.nextMessage() else {
                Issue.record("the new token was refused")
                return
            }
            #expect(welcome.user == "gina" && welcome.role == .guard && welcome.sites == ["hq"])

            let listed = try await hub.api("GET", "/api/tokens", as: "admin")
            #expect(!listed.body.contains(secret), "a listing never carries a secret")
            let gina = json(listed.body)["tokens"]?.arrayValue?.first { $0["id"]?.stringValue == id }
            #expect(gina?["state"]?.stringValue == "active" && gina?["role"]?.stringValue == "guard")

            let revoked = try await hub.api("POST", "/api/tokens/\(id)/revoke", as: "admin")
            #expect(revoked.status == 200 && json(revoked.body)["token"]?["state"]?.stringValue == "revoked", "\(revoked.body)")
            guard case .error(_, let error) = try await connection.nextMessage(timeout: .seconds(10)) else {
                Issue.record("expected the connection to be told")
                return
            }
            #expect(error.code == .unauthorized)
            #expect(await connection.closeCode() == CloseCode.tokenRevoked.rawValue)
            #expect(try await hub.api("GET", "/api/sites", bearer: secret).status == 401)
        }
    }

    /// What a script does through `VigilClient`'s `HubHTTP`, with the contract's types: a site
    /// made and listed, a token issued, listed without its secret and revoked; an operator refused.
    @Test func aScriptAdministersThroughTheTypedCalls() async throws {
        try await withHub { hub async throws in
            let admin = try HubHTTP(configuration: hub.configuration("admin"))
            let yard = try await admin.createSite(SiteCreation(id: "north-yard", name: "North yard", escalateAfter: .text("90s")))
            #expect(yard.id == "north-yard" && yard.name == "North yard" && yard.escalateAfterMs == 90_000 && yard.quietAfterMs == 60_000)
            #expect(try await admin.sites().map(\.id) == ["depot", "hq", "north-yard"])

            let issued = try await admin.createToken(TokenCreation(role: .guard, name: "gina", sites: ["north-yard"], expiresIn: .text("8h")))
            #expect(issued.secret.hasPrefix("vgl_") && issued.token.name == "gina" && issued.token.state == .active)
            #expect(issued.token.expiresAt == issued.token.createdAt + 8 * 3_600_000)
            let gina = try HubHTTP(configuration: ClientConfiguration(url: hub.url, token: issued.secret, caFile: hub.caFile))
            #expect(try await gina.sites() == [yard])

            let listed = try #require(try await admin.tokens().first { $0.id == issued.token.id })
            #expect(listed == issued.token)
            let revoked = try await admin.revokeToken(issued.token.id)
            #expect(revoked.state == .revoked && revoked.revokedAt != nil)
            #expect(try await admin.tokens().first { $0.id == issued.token.id }?.state == .revoked)

            let operatorHTTP = try HubHTTP(configuration: hub.configuration("operator"))
            await #expect(throws: ClientError.self) { _ = try await operatorHTTP.tokens() }
            await #expect(throws: ClientError.self) { _ = try await operatorHTTP.createSite(SiteCreation(id: "south")) }
            #expect(try await admin.sites().count == 3, "the refusal made nothing")
        }
    }

    @Test func onlyAnAdminSeesOrChangesTokensAndABadRequestNamesItsField() async throws {
        try await withHub { hub async throws in
            for role in ["operator", "guard", "device"] {
                #expect(code(try await hub.api("GET", "/api/tokens", as: role)) == "forbidden", "\(role) listing tokens")
                #expect(code(try await hub.api("POST", "/api/tokens", as: role, body: ["role": "admin", "allSites": true])) == "forbidden")
            }
            // An admin of some sites administers none: it could list other sites' tokens or issue itself one for every site.
            let depotAdmin = try await hub.issueToken(.admin, name: "deputy", sites: ["depot"])
            #expect(code(try await hub.api("GET", "/api/tokens", bearer: depotAdmin)) == "forbidden")
            #expect(code(try await hub.api("POST", "/api/tokens", bearer: depotAdmin, body: ["role": "admin", "allSites": true])) == "forbidden")
            #expect(code(try await hub.api("POST", "/api/sites", bearer: depotAdmin, body: ["id": "annex"])) == "forbidden")
            let before = try await hub.api("GET", "/api/tokens", as: "admin")
            let cases: [(JSONValue, String)] = [
                (["role": "king", "allSites": true], "data.role"),
                (["role": "guard"], "data.sites"),
                (["role": "guard", "sites": ["hq"], "name": "gus/../x"], "data.name"),
                (["role": "guard", "sites": ["nowhere"]], "site nowhere"),
                (["role": "guard", "sites": ["hq"], "expiresIn": "5y"], "data.expiresIn"),
            ]
            for (body, field) in cases {
                let refused = try await hub.api("POST", "/api/tokens", as: "admin", body: body)
                #expect(refused.status == 400 || refused.status == 404, "\(body)")
                #expect(json(refused.body)["message"]?.stringValue?.contains(field) == true, "\(refused.body)")
            }
            #expect(try await hub.api("POST", "/api/tokens/tk_nothing/revoke", as: "admin").status == 404)
            let after = try await hub.api("GET", "/api/tokens", as: "admin")
            #expect(json(after.body)["tokens"]?.arrayValue?.count == json(before.body)["tokens"]?.arrayValue?.count, "refusals issued nothing")
        }
    }

    @Test func aCheckpointCodeIsReadAgainByTheControlRoomOnly() async throws {
        try await withHub { hub async throws in
            let operatorClient = hub.client("operator")
            try await operatorClient.connect()
            let created = try await operatorClient.request(
                .publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": "Gate B", "every": "30m"]))
            let id = try #require(created["checkpoint"]?.stringValue)
            let code = try #require(created["code"]?.stringValue)

            let reread = try await hub.api("GET", "/api/sites/hq/checkpoints/\(id)/code", as: "operator")
            #expect(json(reread.body)["code"]?.stringValue == code && json(reread.body)["checkpoint"]?["name"]?.stringValue == "Gate B")
            #expect(self.code(try await hub.api("GET", "/api/sites/hq/checkpoints/\(id)/code", as: "guard")) == "forbidden")
            #expect(try await hub.api("GET", "/api/sites/hq/checkpoints/cp_nothing/code", as: "admin").status == 404)
            #expect(self.code(try await hub.api("GET", "/api/sites/depot/checkpoints/\(id)/code", as: "operator")) == "forbidden")
            await operatorClient.close()
        }
    }
}
