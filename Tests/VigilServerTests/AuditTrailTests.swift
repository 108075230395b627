import Foundation
import Testing
import VigilClient
import VigilCore

/// The audit trail: who changed what and who decided what, when (the hub's clock) and from where,
/// written with the change; read by admins over `GET /api/audit`, each admin only their sites'.
@Suite(.timeLimit(.minutes(10))) struct AuditTrailTests {
    @Test func changesAndDecisionsAreKeptWithWhoWhenAndWhereAndEachAdminReadsOnlyTheirSites() async throws {
        try await withHub { hub async throws in
            let decidedAt = hub.clock.milliseconds()
            // An admin of every site issues an admin of the depot alone, and issues and revokes another token.
            let issued = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "admin", "name": "dana", "sites": ["depot"]])
            let dana = try #require(json(issued.body)["secret"]?.stringValue, "\(issued.body)")
            let temporary = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "guard", "name": "tim", "sites": ["hq"]])
            let temporaryID = try #require(json(temporary.body)["token"]?["id"]?.stringValue)
            #expect(try await hub.api("POST", "/api/tokens/\(temporaryID)/revoke", as: "admin").status == 200)

            // An operator of hq acknowledges and resolves an alert; the depot guard's attempt and a
            // second acknowledgement are refused and leave no entry.
            let raised = try await hub.client("device").request(.publish(topic: "alerts/hq", type: "raise", data: ["kind": "door"]))
            let alert = try #require(raised["data"]?["alert"]?["id"]?.stringValue)
            let olga = hub.client("operator")
            await #expect(throws: ClientError.self) {
                _ = try await hub.client("guard-depot").request(.publish(topic: "alerts/hq", type: "acknowledge", data: ["alert": .string(alert)]))
            }
            let acknowledged = try await olga.request(.publish(topic: "alerts/hq", type: "acknowledge", data: ["alert": .string(alert)]))
            await #expect(throws: ClientError.self) {
                _ = try await olga.request(.publish(topic: "alerts/hq", type: "acknowledge", data: ["alert": .string(alert)]))
            }
            try await hub.advance(by: .seconds(60))
            _ = try await olga.request(.publish(topic: "alerts/hq", type: "resolve", data: ["alert": .string(alert), "note": "door closed"]))
            // The depot's admin makes a checkpoint there.
            _ = try await hub.client(secret: dana).request(
                .publish(topic: "checkins/depot", type: "create_checkpoint", data: ["name": "Gate", "every": "30m"]))

            let all = try await entries(hub, "", as: hub.token("admin"))
            #expect(
                all.map { $0["action"]?.stringValue ?? "" } == [
                    "checkpoint.created", "alert.resolved", "alert.acknowledged", "token.revoked", "token.created", "token.created",
                ], "newest first, one entry a change, none for a refusal")
            let tokens = json(try await hub.api("GET", "/api/tokens", as: "admin").body)["tokens"]?.arrayValue ?? []
            let olgaID = tokens.first { $0["name"]?.stringValue == "olga" }?["id"]?.stringValue
            let acknowledgement = try #require(all.first { $0["action"]?.stringValue == "alert.acknowledged" })
            #expect(acknowledgement["name"]?.stringValue == "olga" && acknowledgement["role"]?.stringValue == "operator")
            #expect(acknowledgement["token"]?.stringValue == olgaID && olgaID != nil)
            #expect(acknowledgement["peer"]?.stringValue?.hasPrefix("127.0.0.1:") == true, "\(acknowledgement)")
            #expect(acknowledgement["at"]?.numberValue == Double(decidedAt), "the hub's clock")
            #expect(acknowledgement["site"]?.stringValue == "hq" && acknowledgement["target"]?.stringValue == "alerts/hq")
            #expect(acknowledgement["seq"] == acknowledged["seq"] && acknowledgement["detail"] == acknowledged["data"], "the event as committed")
            let resolution = try #require(all.first { $0["action"]?.stringValue == "alert.resolved" })
            #expect(resolution["at"]?.numberValue == Double(decidedAt + 60_000))
            let revocation = try #require(all.first { $0["action"]?.stringValue == "token.revoked" })
            #expect(revocation["name"]?.stringValue == "root" && revocation["target"]?.stringValue == "tokens/\(temporaryID)")
            #expect(revocation["site"] == nil, "tokens are the hub's own")

            // Filters: by person, by site, by time, a page.
            #expect(
                try await entries(hub, "?name=olga", as: hub.token("admin")).map { $0["action"]?.stringValue } == [
                    "alert.resolved", "alert.acknowledged",
                ])
            #expect(try await entries(hub, "?site=depot", as: hub.token("admin")).map { $0["action"]?.stringValue } == ["checkpoint.created"])
            #expect(try await entries(hub, "?since=\(decidedAt + 1)", as: hub.token("admin")).count == 2)
            #expect(
                try await entries(hub, "?until=\(decidedAt + 1)&limit=2", as: hub.token("admin")).map { $0["action"]?.stringValue } == [
                    "alert.acknowledged", "token.revoked",
                ])

            // Sealed by site: the depot's admin reads the depot's entries alone, even when asking for hq's.
            #expect(try await entries(hub, "", as: dana).map { $0["action"]?.stringValue } == ["checkpoint.created"])
            #expect(try await entries(hub, "?site=hq", as: dana).isEmpty)
            // Other roles read nothing.
            let byOperator = try await hub.api("GET", "/api/audit", as: "operator")
            #expect(byOperator.status == 403 && json(byOperator.body)["code"]?.stringValue == "forbidden")
            let anonymous = try await curl(hub.httpsBase + "/api/audit", caFile: hub.caFile)
            #expect(anonymous.status == 401)
            let badLimit = try await hub.api("GET", "/api/audit?limit=0", as: "admin")
            #expect(badLimit.status == 400 && json(badLimit.body)["code"]?.stringValue == "invalid_data")
        }
    }

    /// `vigil audit` reads the trail of a running hub with an admin token; changes made with the
    /// `vigil` command on the hub's machine are there too, as `local`.
    @Test func vigilAuditShowsWhatTheCommandLineChanged() async throws {
        let hub = try HubProcess()
        try await hub.command(["site", "create", "hq"])
        try await hub.command(["site", "set", "hq", "--escalate-after", "90s"])
        let admin = try await hub.token(["--role", "admin", "--all-sites", "--name", "root"])
        try await hub.start()
        defer { hub.terminate() }

        let shown = try await runVigilTellingErrors(["audit", "--site", "hq", "--url", hub.url, "--token", admin, "--ca", hub.caFile])
        #expect(shown.status == 0, "\(shown.errors)")
        let lines = shown.output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { $0.count > 4 ? $0[4] : "" } == ["site.changed", "site.created"], "\(shown.output)")
        #expect(lines.allSatisfy { $0.count == 7 && $0[1].hasSuffix("(command line)") && $0[2] == "local" && $0[3] == "hq" }, "\(shown.output)")
        #expect(lines.first?[6].contains(#""escalateAfterMs":90000"#) == true, "\(shown.output)")

        let tokens = try await runVigilTellingErrors(["audit", "--name", "nobody", "--url", hub.url, "--token", admin, "--ca", hub.caFile])
        #expect(tokens.output == "no entry\n")
    }

    private func entries(_ hub: TestHub, _ query: String, as secret: String) async throws -> [JSONValue] {
        let answer = try await hub.api("GET", "/api/audit" + query, bearer: secret)
        #expect(answer.status == 200, "\(answer.body)")
        return json(answer.body)["entries"]?.arrayValue ?? []
    }
}
