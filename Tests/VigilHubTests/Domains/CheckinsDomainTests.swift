import Testing
import VigilCore
import VigilHub
import VigilTestSupport

@Suite struct CheckinsDomainTests {
    /// The base64url character that differs from `character` only in the two low bits that 43
    /// characters for 32 bytes leave unused.
    static func spareBitsNeighbour(of character: Character) -> Character {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let index = alphabet.firstIndex(of: character)!
        return alphabet[index ^ 1]
    }

    @Test(arguments: StoreBackEnd.available) func aRoundMissedRaisesOneAlertAtItsDueTimeAndTheNextRoundStartsThen(_ backEnd: StoreBackEnd)
        async throws
    {
        let engine = try await Engine.start(on: backEnd)
        let room = try await engine.connect("operator")
        let created = try await room.publish("checkins/hq", "create_checkpoint", ["name": "Roof door", "every": "30m"])
        let code = try #require(created["code"]?.stringValue)
        let guardSession = try await engine.connect("guard")
        _ = try await room.request(.subscribe(topic: "alerts/hq", since: 0))

        await engine.advance(by: .seconds(20 * 60))
        let checkedIn = try await guardSession.publish("checkins/hq", "check_in", ["code": .string(code)])
        #expect(checkedIn["data"]?["nextDueAt"]?.numberValue == Double(engine.clock.milliseconds() + 30 * 60_000))
        await engine.advance(by: .milliseconds(30 * 60_000 - 1))
        #expect(try await room.request(.history(topic: "alerts/hq", before: nil, limit: 10))["events"] == [], "due, not yet missed")
        await engine.advance(by: .milliseconds(1))
        let missed = try await room.nextEvent()
        #expect(missed.type == "alert.raised" && missed.data["alert"]?["kind"] == "missed-checkpoint")
        #expect(missed.data["checkpoint"]?["dueAt"]?.numberValue == Double(engine.clock.milliseconds() + 30 * 60_000))

        // A hub that was down for five rounds notices late: one alert, then a full interval again.
        engine.clock.advance(by: .seconds(5 * 30 * 60))
        await engine.advance(by: .zero)
        await engine.advance(by: .zero)
        let history = try await room.request(.history(topic: "alerts/hq", before: nil, limit: 10))
        let raised = history["events"]?.arrayValue?.filter { $0["type"] == "alert.raised" }
        #expect(raised?.map { $0["data"]?["alert"]?["kind"] } == ["missed-checkpoint", "missed-checkpoint"])
        let checkins = try await room.request(.history(topic: "checkins/hq", before: nil, limit: 10))
        #expect(
            checkins["events"]?.arrayValue?.compactMap { $0["type"]?.stringValue } == [
                "checkpoint.created", "checkin.recorded", "alert.raised", "alert.raised",
            ], "checkins/hq hears of each missed round too")
    }

    @Test(arguments: StoreBackEnd.available) func aForgedOrMovedCodeIsRefusedAndChangesNothing(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let admin = try await engine.connect("admin")
        let code = try #require(try await admin.publish("checkins/hq", "create_checkpoint", ["name": "Gate", "every": "1h"])["code"]?.stringValue)
        let depotCode = try #require(
            try await admin.publish("checkins/depot", "create_checkpoint", ["name": "Dock", "every": "1h"])["code"]?.stringValue)
        let guardSession = try await engine.connect("guard")
        // A character of the signature changed, and its last character changed in the bits base64 leaves spare.
        var altered = Array(code)
        altered[altered.count - 10] = altered[altered.count - 10] == "A" ? "B" : "A"
        let spare = String(code.dropLast()) + String(Self.spareBitsNeighbour(of: code.last!))
        for forged in [String(altered), spare] {
            #expect(
                await refusal { _ = try await guardSession.publish("checkins/hq", "check_in", ["code": .string(forged)]) } == .invalidCheckpointCode)
        }
        #expect(
            await refusal { _ = try await guardSession.publish("checkins/hq", "check_in", ["code": .string(depotCode)]) } == .invalidCheckpointCode)
        let history = try await admin.request(.history(topic: "checkins/hq", before: nil, limit: 10))
        #expect(history["events"]?.arrayValue?.count == 1)
    }

    @Test(arguments: StoreBackEnd.available) func aRoundIsGivenToAGuardOfItsSiteAndARefusedAssignmentChangesNothing(_ backEnd: StoreBackEnd)
        async throws
    {
        let engine = try await Engine.start(on: backEnd)
        let olga = try await engine.connect("operator")
        let created = try await olga.publish("checkins/hq", "create_checkpoint", ["name": "Roof door", "every": "30m"])
        let id = try #require(created["checkpoint"])
        let assigned = try await olga.publish("checkins/hq", "assign_checkpoint", ["checkpoint": id, "guard": "gus"])
        #expect(assigned["type"] == "checkpoint.assigned")
        #expect(assigned["data"] == ["checkpoint": id, "name": "Roof door", "assignedGuard": "gus"])

        // Dora guards the depot, olga is no guard, nobody is called nemo: none can have hq's round.
        for name in ["dora", "olga", "nemo"] {
            #expect(
                await refusal { _ = try await olga.publish("checkins/hq", "assign_checkpoint", ["checkpoint": id, "guard": .string(name)]) }
                    == .notFound, "\(name)")
        }
        #expect(await refusal { _ = try await olga.publish("checkins/hq", "assign_checkpoint", ["checkpoint": id]) } == .invalidData)
        #expect(
            await refusal { _ = try await olga.publish("checkins/hq", "assign_checkpoint", ["checkpoint": "cp_none", "guard": "gus"]) } == .notFound)
        let gus = try await engine.connect("guard")
        #expect(await refusal { _ = try await gus.publish("checkins/hq", "assign_checkpoint", ["checkpoint": id, "guard": "gus"]) } == .forbidden)
        _ = try await gus.request(.subscribe(topic: "checkins/hq", since: nil))
        let state = try await gus.nextEvent()
        #expect(state.data["checkpoints"]?.arrayValue?.first?["assignedGuard"] == "gus", "the refusals left gus's round as it was: \(state.data)")

        let unassigned = try await olga.publish("checkins/hq", "assign_checkpoint", ["checkpoint": id, "guard": nil])
        #expect(unassigned["data"] == ["checkpoint": id, "name": "Roof door"])
        let history = try await olga.request(.history(topic: "checkins/hq", before: nil, limit: 10))
        #expect(
            history["events"]?.arrayValue?.compactMap { $0["type"]?.stringValue } == [
                "checkpoint.created", "checkpoint.assigned", "checkpoint.assigned",
            ])
    }
}
