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
            #expect(revocation["detail"] == ["name": "tim", "role": "guard"], "whose token, by name")
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

    /// The other domains' audited changes and decisions: a camera wall imported, a watch zone
    /// defined and removed, a chat message deleted by an operator, flood reports approved and
    /// rejected. Read back through the typed client call, each with the site it belongs to (a
    /// flood region is a public place, of no site) and the event as it committed.
    @Test func cameraWallsZonesChatAndFloodModerationAreKeptAndReadThroughTheClient() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let olga = hub.client("operator")
            let zoneSeq = try await olga.defineZone(
                "loading-door", site: "hq", WatchZoneDefinition(camera: "lobby", regions: [.rect(Rect(x: 0, y: 0, width: 50, height: 50))]))
            try await olga.removeZone("loading-door", site: "hq")
            let spam = try await hub.client("guard").say(in: "chat/hq/control", text: "buy cheap watches")
            _ = try await olga.request(.publish(topic: "chat/hq/control", type: "delete", data: ["message": .string(spam.id)]))
            let fixture = try await FloodFixture.make(hub)
            let reports = try await FloodFixture.submit([FloodFixture.report(), FloodFixture.report()], as: fixture.reporter(hub))
            _ = try await olga.approveFloodMarkers(region: FloodFixture.region, .markers([reports[0]]))
            _ = try await olga.rejectFloodMarkers(region: FloodFixture.region, .markers([reports[1]]))

            let trail = try await HubHTTP(configuration: hub.configuration("admin")).auditTrail()
            let kept = trail.filter { !$0.action.hasPrefix("token.") }
            #expect(
                kept.map(\.action) == [
                    "markers.rejected", "markers.approved", "message.deleted", "zone.removed", "zone.defined", "camera.topology",
                ], "newest first: \(trail.map(\.action))")
            #expect(kept.map(\.site) == [nil, nil, "hq", "hq", "hq", "hq"], "flood regions are public places, of no site")
            #expect(kept.allSatisfy { $0.name == ($0.action == "camera.topology" ? "root" : "olga") })
            let defined = try #require(kept.first { $0.action == "zone.defined" })
            #expect(defined.target == "zones/hq/loading-door", "\(defined)")
            #expect(defined.seq == zoneSeq, "\(defined)")
            #expect(defined.detail["zone"]?["id"] == "loading-door", "\(defined)")
            let deleted = try #require(kept.first { $0.action == "message.deleted" })
            #expect(deleted.target == "chat/hq/control" && deleted.detail["message"]?.stringValue == spam.id, "\(deleted)")
            #expect(kept.first?.detail["markers"]?.arrayValue?.count == 1)

            // The typed call's filter reaches the hub: by person, by site, a page back.
            let admin = try HubHTTP(configuration: hub.configuration("admin"))
            #expect(try await admin.auditTrail(AuditFilter(name: "root", site: "hq")).map(\.action) == ["camera.topology"])
            let page = try await admin.auditTrail(AuditFilter(before: trail[1].id, limit: 2))
            #expect(page.map(\.id) == [trail[2].id, trail[3].id])
            // Refused through it as over HTTP: an operator, a limit out of range.
            await #expect(throws: ClientError.self) { _ = try await HubHTTP(configuration: hub.configuration("operator")).auditTrail() }
            await #expect(throws: ClientError.self) { _ = try await admin.auditTrail(AuditFilter(limit: 501)) }
        }
    }

    /// The trail keeps an entry for a year and a day unless the hub is told otherwise
    /// (`--keep-audit`); older entries are pruned by the hub's tick, the newer ones kept.
    @Test func entriesOlderThanTheTrailsRetentionArePruned() async throws {
        try await withHub(tweak: { $0.auditRetentionMs = 86_400_000 }) { hub async throws in
            let first = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "guard", "name": "early", "sites": ["hq"]])
            #expect(first.status == 201)
            try await hub.advance(by: .seconds(20 * 3600))
            let second = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "guard", "name": "late", "sites": ["hq"]])
            #expect(second.status == 201)
            // The hub's own tick prunes too, so what is asserted is what is left, not who pruned it.
            await try hub.engine.pruneExpiredAuditEntries()
            let both = try await entries(hub, "", as: hub.token("admin"))
            #expect(both.map { $0["detail"]?["name"]?.stringValue } == ["late", "early"], "nothing is a day old yet: \(both)")
            try await hub.advance(by: .seconds(5 * 3600))
            await try hub.engine.pruneExpiredAuditEntries()
            let left = try await entries(hub, "", as: hub.token("admin"))
            #expect(left.map { $0["detail"]?["name"]?.stringValue } == ["late"], "\(left)")
        }
    }

    /// A refused HTTP request leaves a structured log line, as a refused WebSocket request does:
    /// who was refused (the peer), what they asked for (method and path, never the query), and why.
    @Test func refusedHTTPRequestsAreLogged() async throws {
        try await withHub { hub async throws in
            let refused = try await hub.api("GET", "/api/audit?name=olga", as: "operator")
            #expect(refused.status == 403)
            let anonymous = try await curl(hub.httpsBase + "/api/tokens", caFile: hub.caFile)
            #expect(anonymous.status == 401)
            let lines = hub.log.all.filter { $0.message == "refused" && $0.metadata["method"] != nil }
            let forbidden = try #require(lines.first { $0.metadata["code"] == "forbidden" }, "\(hub.log.all.map(\.message))")
            #expect(forbidden.metadata["method"] == "GET" && forbidden.metadata["path"] == "/api/audit" && forbidden.metadata["status"] == "403")
            #expect(forbidden.metadata["peer"]?.hasPrefix("127.0.0.1:") == true && forbidden.metadata["reason"]?.isEmpty == false)
            #expect(lines.contains { $0.metadata["code"] == "unauthorized" && $0.metadata["path"] == "/api/tokens" })
        }
    }

    private func entries(_ hub: TestHub, _ query: String, as secret: String) async throws -> [JSONValue] {
        let answer = try await hub.api("GET", "/api/audit" + query, bearer: secret)
        #expect(answer.status == 200, "\(answer.body)")
        return json(answer.body)["entries"]?.arrayValue ?? []
    }
}
