import Foundation
import Testing
import VigilCore
import VigilHub
import VigilStore
import VigilTestSupport

/// Sites on the hub and live tokens per site stop at their documented limits, over HTTP and with
/// the `vigil` command alike: the next one is refused and nothing of it is stored.
@Suite(.timeLimit(.minutes(10)))
struct AdministrationLimitTests {
    private func code(_ response: CurlResponse) -> String? { json(response.body)["code"]?.stringValue }

    /// `vigil ARGUMENTS` on the hub's database while it runs: its exit status and standard error.
    private func vigil(_ arguments: [String], on hub: TestHub) async throws -> (status: Int32, errors: String) {
        let run = try await runVigilTellingErrors(arguments + hub.storeArguments)
        return (run.status, run.errors)
    }

    @Test func theHubKeepsAtMostAThousandSites() async throws {
        try await withHub { hub async throws in
            try await offThePool {
                let sites = SiteRepository(database: try hub.openStore())
                for number in 2..<1000 { _ = try sites.create(id: "site-\(number)", name: "Site \(number)", at: 0) }
            }
            let overHTTP = try await hub.api("POST", "/api/sites", as: "admin", body: ["id": "one-more"])
            #expect(overHTTP.status == 409 && code(overHTTP) == "limit_reached", "\(overHTTP.body)")
            let command = try await vigil(["site", "create", "one-more"], on: hub)
            #expect(command.status != 0 && command.errors.contains("1000 sites"), "\(command.errors)")
            let listed = json(try await hub.api("GET", "/api/sites", as: "admin").body)["sites"]?.arrayValue
            #expect(listed?.count == 1000 && listed?.contains { $0["id"] == "one-more" } == false, "nothing refused is stored")
        }
    }

    /// A token's name is a segment of its holder's topics (`cameras/{site}/view/{name}`): the command
    /// refuses one that cannot be, as the HTTP API does, and stores nothing.
    @Test func theCommandRefusesATokenNameNoTopicCanHold() async throws {
        try await withHub { hub async throws in
            let overHTTP = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "guard", "name": "Gina Smith", "sites": ["hq"]])
            #expect(overHTTP.status == 400 && code(overHTTP) == "invalid_data", "\(overHTTP.body)")
            for name in ["Gina Smith", "gina/ops", ""] {
                let command = try await vigil(["token", "create", "--role", "guard", "--site", "hq", "--name", name], on: hub)
                #expect(command.status != 0 && command.errors.contains("--name must be"), "\(name): \(command.errors)")
            }
            let tokens = json(try await hub.api("GET", "/api/tokens", as: "admin").body)["tokens"]?.arrayValue ?? []
            #expect(!tokens.contains { ["Gina Smith", "gina/ops", ""].contains($0["name"]?.stringValue) }, "nothing refused is stored")
            #expect(try await vigil(["token", "create", "--role", "guard", "--site", "hq", "--name", "gina.smith"], on: hub).status == 0)
        }
    }

    @Test func aSiteKeepsAtMostAThousandLiveTokensAndEndedOnesDoNotCount() async throws {
        try await withHub { hub async throws in
            // depot has one live token (dora); hq one revoked, which does not count.
            try await offThePool {
                let issuer = TokenIssuer(tokens: TokenRepository(database: try hub.openStore()))
                for number in 1..<1000 { _ = try issuer.issue(role: .guard, sites: ["depot"], allSites: false, name: "guard-\(number)", now: 0) }
                for number in 1..<100 { _ = try issuer.issue(role: .admin, sites: [], allSites: true, name: "admin-\(number)", now: 0) }
            }
            let before = json(try await hub.api("GET", "/api/tokens", as: "admin").body)["tokens"]?.arrayValue ?? []

            let overHTTP = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "guard", "name": "extra", "sites": ["hq", "depot"]])
            #expect(overHTTP.status == 409 && code(overHTTP) == "limit_reached", "\(overHTTP.body)")
            let command = try await vigil(["token", "create", "--role", "guard", "--site", "depot", "--name", "extra"], on: hub)
            #expect(command.status != 0 && command.errors.contains("1000 live tokens"), "\(command.errors)")
            let everySite = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "admin", "name": "extra", "allSites": true])
            #expect(everySite.status == 409 && code(everySite) == "limit_reached", "\(everySite.body)")
            let after = json(try await hub.api("GET", "/api/tokens", as: "admin").body)["tokens"]?.arrayValue ?? []
            #expect(after.count == before.count && !after.contains { $0["name"] == "extra" }, "nothing refused is stored")

            let onHQ = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "guard", "name": "hq-only", "sites": ["hq"]])
            #expect(onHQ.status == 201, "another site has room: \(onHQ.body)")
            let ended = try #require(before.first { $0["name"] == "guard-1" }?["id"]?.stringValue)
            #expect(try await hub.api("POST", "/api/tokens/\(ended)/revoke", as: "admin").status == 200)
            let afterRevoking = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "guard", "name": "extra", "sites": ["depot"]])
            #expect(afterRevoking.status == 201, "a revoked token frees its place: \(afterRevoking.body)")
        }
    }
}
