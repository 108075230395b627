import Testing
import VigilCore
import VigilHub
import VigilTestSupport

@Suite struct AlertsDomainTests {
    @Test(arguments: StoreBackEnd.available) func anAlertEscalatesAtItsSitesEscalationTimeByTheHubsClockAndOnlyOnce(_ backEnd: StoreBackEnd)
        async throws
    {
        let engine = try await Engine.start(on: backEnd)
        try await engine.setTimings(of: "hq", escalateAfterMs: 90_000)
        let guardSession = try await engine.connect("guard")
        _ = try await guardSession.request(.subscribe(topic: "alerts/hq/escalated", since: nil))
        #expect(try await guardSession.nextEvent().type == "state")
        let device = try await engine.connect("device")
        let raised = try await device.publish("alerts/hq", "raise", ["kind": "door", "location": "door-4"])
        let id = try #require(raised["data"]?["alert"]?["id"])
        #expect(raised["data"]?["alert"]?["escalateAt"]?.numberValue == Double(engine.clock.milliseconds() + 90_000))

        await engine.advance(by: .milliseconds(89_999))
        let room = try await engine.connect("operator")
        #expect(try await room.request(.history(topic: "alerts/hq/escalated", before: nil, limit: 10))["events"] == [])
        await engine.advance(by: .milliseconds(1))
        let escalated = try await guardSession.nextEvent()
        #expect(escalated.type == "alert.escalated" && escalated.data["alert"]?["id"] == id && escalated.seq == 1)
        await engine.advance(by: .seconds(600))
        _ = try await room.publish("alerts/hq", "acknowledge", ["alert": id])
        let acknowledged = try await guardSession.nextEvent()
        #expect(acknowledged.type == "alert.acknowledged" && acknowledged.seq == 2, "escalated once; its answer reaches the wider audience")
    }

    @Test(arguments: StoreBackEnd.available) func motionKeepsAVisitOpenUntilTheLocationIsQuietForTheQuietPeriod(_ backEnd: StoreBackEnd) async throws
    {
        let engine = try await Engine.start(on: backEnd)
        try await engine.setTimings(of: "hq", quietAfterMs: 60_000)
        let room = try await engine.connect("operator")
        _ = try await room.request(.subscribe(topic: "alerts/hq", since: nil))
        _ = try await room.nextEvent()
        let device = try await engine.connect("device")
        let visit = try #require(try await device.publish("alerts/hq", "raise", ["kind": "motion", "location": "yard"])["data"]?["alert"]?["visit"])
        await engine.advance(by: .seconds(45))
        #expect(try await device.publish("alerts/hq", "raise", ["kind": "motion", "location": "yard"])["type"] == "visit.motion")
        await engine.advance(by: .seconds(45))
        #expect(
            try await room.events(2).map(\.type) == ["alert.raised", "visit.motion"], "90 s after the first motion, 45 after the last: still visited")
        await engine.advance(by: .seconds(15))
        let ended = try await room.nextEvent()
        #expect(ended.type == "visit.ended" && ended.data["visit"]?["id"] == visit)
        #expect(ended.data["visit"]?["endedAt"]?.numberValue == Double(engine.clock.milliseconds()))
    }

    @Test(arguments: StoreBackEnd.available) func twoAcknowledgementsAtOnceMakeOneTransition(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let device = try await engine.connect("device")
        let first = try await engine.connect("operator")
        let second = try await engine.connect("admin")
        for _ in 0..<5 {
            let id = try #require(try await device.publish("alerts/hq", "raise", ["kind": "panic"])["data"]?["alert"]?["id"])
            async let a = refusal { _ = try await first.publish("alerts/hq", "acknowledge", ["alert": id]) }
            async let b = refusal { _ = try await second.publish("alerts/hq", "acknowledge", ["alert": id]) }
            let outcomes = await [a, b]
            #expect(outcomes.filter { $0 == nil }.count == 1 && outcomes.contains(.invalidTransition), "\(outcomes)")
        }
    }

    @Test(arguments: StoreBackEnd.available) func theStateIsTheOpenAlertsAsOfTheHead(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let device = try await engine.connect("device")
        let room = try await engine.connect("operator")
        var ids: [JSONValue] = []
        for door in 1...3 {
            engine.clock.advance(by: .milliseconds(1))
            ids.append(
                try #require(
                    try await device.publish("alerts/hq", "raise", ["kind": "door", "location": .string("d\(door)")])["data"]?["alert"]?["id"]))
        }
        _ = try await room.publish("alerts/hq", "acknowledge", ["alert": ids[1]])
        _ = try await room.publish("alerts/hq", "resolve", ["alert": ids[1]])
        let late = try await engine.connect("admin")
        _ = try await late.request(.subscribe(topic: "alerts/hq", since: nil))
        let state = try await late.nextEvent()
        #expect(state.data["head"] == 5)
        #expect(state.data["alerts"]?.arrayValue?.map { $0["id"] } == [ids[0], ids[2]])
    }
}
