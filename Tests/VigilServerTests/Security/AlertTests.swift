import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct AlertTests {
    private func raise(_ client: VigilClient, _ data: JSONValue, site: String = "hq") async throws -> [String: JSONValue] {
        try await client.request(.publish(topic: "alerts/\(site)", type: "raise", data: data))
    }

    /// `acknowledge` or `resolve` of an alert of hq.
    private func answer(_ client: VigilClient, _ type: String, _ data: JSONValue) async throws -> [String: JSONValue] {
        try await client.request(.publish(topic: "alerts/hq", type: type, data: data))
    }

    @Test func anAlertGoesRaisedAcknowledgedResolvedAndNoOtherWay() async throws {
        try await withHub { hub async throws in
            let room = hub.client("operator")
            let stream = try await room.subscribe("alerts/hq")
            let state = try await collect(1, from: stream)[0]
            #expect(state.type == "state" && state.data["alerts"] == .array([]) && state.data["head"] == 0)

            let device = hub.client("device")
            let raised = try await raise(device, ["kind": "door", "message": "Door 4 forced", "location": "door-4"])
            let id = try #require(raised["data"]?["alert"]?["id"]?.stringValue)
            #expect(raised["type"] == "alert.raised")
            #expect(raised["data"]?["alert"]?["severity"] == 3, "a door alert is severity 3 unless told")

            let guardClient = hub.client("guard")
            #expect(
                await refusalCode { _ = try await answer(guardClient, "resolve", ["alert": .string(id)]) } == "invalid_transition",
                "raised -> resolved skips the acknowledgement")
            let acknowledged = try await answer(room, "acknowledge", ["alert": .string(id)])
            #expect(acknowledged["data"]?["by"] == "olga")
            #expect(await refusalCode { _ = try await answer(guardClient, "acknowledge", ["alert": .string(id)]) } == "invalid_transition")
            _ = try await answer(guardClient, "resolve", ["alert": .string(id), "note": "Door closed, nobody inside"])
            #expect(await refusalCode { _ = try await answer(room, "resolve", ["alert": .string(id)]) } == "invalid_transition")
            #expect(await refusalCode { _ = try await answer(room, "acknowledge", ["alert": "al_nothere"]) } == "not_found")

            let events = try await collect(3, from: stream)
            #expect(events.map(\.type) == ["alert.raised", "alert.acknowledged", "alert.resolved"])
            #expect(events.map(\.seq) == [1, 2, 3])
            #expect(events[0].data["alert"]?["message"] == "Door 4 forced" && events[0].from == "pir-1")
            #expect(events[1].data["by"] == "olga" && events[1].data["at"]?.numberValue == Double(events[1].ts))
            #expect(events[2].data["by"] == "gus" && events[2].data["note"] == "Door closed, nobody inside")
            for client in [room, device, guardClient] { await client.close() }
        }
    }

    @Test func twoOperatorsAcknowledgingAtOnceGetOneAcknowledgementAndOneRefusal() async throws {
        try await withHub { hub async throws in
            let device = hub.client("device")
            let first = hub.client("operator")
            let second = hub.client("admin")
            try await first.connect()
            try await second.connect()
            for round in 0..<5 {
                let id = try #require(try await raise(device, ["kind": "panic", "message": .string("round \(round)")])["data"]?["alert"]?["id"])
                async let a = refusalCode { _ = try await answer(first, "acknowledge", ["alert": id]) }
                async let b = refusalCode { _ = try await answer(second, "acknowledge", ["alert": id]) }
                let outcomes = await [a, b]
                #expect(outcomes.filter { $0 == nil }.count == 1, "round \(round): \(outcomes)")
                #expect(outcomes.filter { $0 == "invalid_transition" }.count == 1, "round \(round): \(outcomes)")
            }
            let history = try await first.history(topic: "alerts/hq", limit: 100)
            #expect(history.filter { $0.type == "alert.acknowledged" }.count == 5)
            #expect(history.map(\.seq) == (1...10).map { UInt64($0) })
            for client in [device, first, second] { await client.close() }
        }
    }

    @Test func whoMayRaiseReadAndAnswerAlerts() async throws {
        try await withHub { hub async throws in
            let device = hub.client("device")
            let guardClient = hub.client("guard")
            let depotGuard = hub.client("guard-depot")
            let room = hub.client("operator")
            // The control room reads alerts/{site}; the site's guards hear escalations too; devices only raise.
            #expect(await refusalCode { _ = try await guardClient.subscribe("alerts/hq") } == "forbidden")
            #expect(await refusalCode { _ = try await device.subscribe("alerts/hq") } == "forbidden")
            #expect(await refusalCode { _ = try await room.subscribe("alerts/depot") } == "forbidden")
            #expect(await refusalCode { _ = try await room.subscribe("alerts/+") } == "forbidden")
            #expect(await refusalCode { _ = try await depotGuard.subscribe("alerts/hq/escalated") } == "forbidden")
            #expect(await refusalCode { _ = try await device.subscribe("alerts/hq/escalated") } == "forbidden")
            #expect(await refusalCode { _ = try await room.subscribe("alerts/hq/other") } == "invalid_topic")
            #expect(await refusalCode { _ = try await room.subscribe("alerts/depot/escalated") } == "forbidden", "an escalation stays in its site")
            #expect(await refusalCode { _ = try await room.subscribe("alerts/+/escalated") } == "forbidden")
            _ = try await guardClient.subscribe("alerts/hq/escalated")
            _ = try await room.subscribe("alerts/hq/escalated")
            let everySite = hub.client("admin")
            _ = try await everySite.subscribe("alerts/+/escalated")

            #expect(await refusalCode { _ = try await raise(depotGuard, ["kind": "panic"]) } == "forbidden")
            #expect(await refusalCode { _ = try await raise(device, ["kind": "panic"], site: "nowhere") } == "forbidden")
            #expect(
                await refusalCode { _ = try await device.request(.publish(topic: "alerts/hq/escalated", type: "raise", data: ["kind": "panic"])) }
                    == "forbidden")
            let id = try #require(try await raise(guardClient, ["kind": "panic", "message": "Guard down at gate"])["data"]?["alert"]?["id"])
            #expect(await refusalCode { _ = try await answer(device, "acknowledge", ["alert": id]) } == "forbidden")
            #expect(
                await refusalCode { _ = try await room.request(.publish(topic: "alerts/hq", type: "dismiss", data: ["alert": id])) } == "unknown_type"
            )
            for client in [device, guardClient, depotGuard, room, everySite] { await client.close() }
        }
    }

    @Test(
        arguments: [
            (JSONValue.string("panic"), "data must be an object"),
            (["kind": "earthquake"], "data.kind must be one of"),
            (["kind": "missed-checkpoint"], "data.kind must be one of"),
            (["kind": "motion"], "needs data.location"),
            (["kind": "door", "severity": 9], "data.severity"),
            (["kind": "door", "severity": 2.5], "data.severity"),
            (["kind": "door", "location": "gate/b"], "data.location"),
            (["kind": "door", "message": ""], "data.message"),
            (["kind": "door", "message": .string(String(repeating: "x", count: 501))], "longer than 500"),
            (["kind": "door", "thumbnails": ["not-a-hash"]], "SHA-256"),
            (["kind": "door", "thumbnails": .string(String(repeating: "a", count: 64))], "list"),
        ] as [(JSONValue, String)])
    func aMalformedAlertIsRefusedAndNothingIsStored(_ data: JSONValue, _ says: String) async throws {
        try await withHub { hub async throws in
            let device = hub.client("device")
            do {
                _ = try await raise(device, data)
                Issue.record("accepted \(data)")
            } catch ClientError.refused(let info) {
                #expect(info.code == "invalid_data")
                #expect(info.message.contains(says), "\(info.message)")
            }
            let admin = hub.client("admin")
            #expect(try await admin.history(topic: "alerts/hq").isEmpty)
            await device.close()
            await admin.close()
        }
    }

    @Test func aClientConnectingGetsTheOpenAlertsAsStateThenLiveEvents() async throws {
        try await withHub { hub async throws in
            let device = hub.client("device")
            let room = hub.client("operator")
            var ids: [JSONValue] = []
            for door in 1...3 {
                hub.clock.advance(by: .milliseconds(1))
                ids.append(try #require(try await raise(device, ["kind": "door", "location": .string("door-\(door)")])["data"]?["alert"]?["id"]))
            }
            _ = try await answer(room, "acknowledge", ["alert": ids[0]])
            _ = try await answer(room, "acknowledge", ["alert": ids[1]])
            _ = try await answer(room, "resolve", ["alert": ids[1]])

            let late = hub.client("admin")
            let stream = try await late.subscribe("alerts/hq")
            let state = try await collect(1, from: stream)[0]
            #expect(state.type == "state" && state.seq == nil)
            #expect(state.data["head"] == 6)
            let open = state.data["alerts"]?.arrayValue ?? []
            #expect(open.map { $0["id"] } == [ids[0], ids[2]], "the resolved alert is not open")
            #expect(open.map { $0["state"] } == ["acknowledged", "raised"])
            #expect(open[0]["acknowledgedBy"] == "olga")

            _ = try await raise(device, ["kind": "door", "location": "door-9"])
            let live = try await collect(1, from: stream)[0]
            #expect(live.type == "alert.raised" && live.seq == 7)
            for client in [device, room, late] { await client.close() }
        }
    }

    @Test func anUnacknowledgedAlertEscalatesToTheSitesOperatorsAndGuards() async throws {
        try await withHub { hub async throws in
            try await hub.setTimings(of: "hq", escalateAfterMs: 2000)
            let guardClient = hub.client("guard")
            let escalations = try await guardClient.subscribe("alerts/hq/escalated")
            #expect(try await collect(1, from: escalations)[0].type == "state")
            let room = hub.client("operator")
            let siteStream = try await room.subscribe("alerts/hq")
            _ = try await collect(1, from: siteStream)

            let device = hub.client("device")
            let ignored = try #require(try await raise(device, ["kind": "motion", "location": "yard"])["data"]?["alert"]?["id"])
            let answered = try #require(try await raise(device, ["kind": "door", "location": "door-1"])["data"]?["alert"]?["id"])
            _ = try await answer(room, "acknowledge", ["alert": answered])
            try await hub.advance(by: .milliseconds(1999))
            #expect(try await room.history(topic: "alerts/hq/escalated").isEmpty, "nothing escalates before its time")
            try await hub.advance(by: .milliseconds(1))

            let escalated = try await collect(1, from: escalations)[0]
            #expect(escalated.type == "alert.escalated" && escalated.seq == 1)
            #expect(escalated.data["alert"]?["id"] == ignored)
            #expect(escalated.data["alert"]?["kind"] == "motion" && escalated.data["alert"]?["escalatedAt"] != nil)
            #expect(escalated.from == "vigil/0.1", "escalations are the hub's own events")
            let onSite = try await collect(4, from: siteStream)
            #expect(onSite.map(\.type) == ["alert.raised", "alert.raised", "alert.acknowledged", "alert.escalated"])
            #expect(onSite[3].data["alert"]?["id"] == ignored && onSite[3].seq == 4)

            // Once escalated, the alert's answer reaches the wider audience too.
            _ = try await answer(room, "acknowledge", ["alert": ignored])
            let followUp = try await collect(1, from: escalations)[0]
            #expect(followUp.type == "alert.acknowledged" && followUp.data["alert"] == ignored && followUp.seq == 2)

            // The acknowledged alert never escalates, however long the clock runs.
            try await hub.advance(by: .seconds(60))
            let history = try await room.history(topic: "alerts/hq/escalated")
            #expect(history.map(\.type) == ["alert.escalated", "alert.acknowledged"])
            for client in [guardClient, room, device] { await client.close() }
        }
    }
}
