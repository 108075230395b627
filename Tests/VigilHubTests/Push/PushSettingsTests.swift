import Foundation
import Testing
import VigilCore
import VigilHub
import VigilStore
import VigilTestSupport

@testable import VigilPush

/// A person's push settings on a site: set and read by their own token, and obeyed by the commit
/// that decides a push (muted kinds, quiet hours at their offset from UTC, escalations breaking
/// through), on both stores.
@Suite struct PushSettingsTests {
    static let endpoint = "https://push.vigil.test/wpush/"

    /// Whose phones an escalation of hq was queued for: token names.
    func escalationReaches(_ engine: Engine) async throws -> [String] {
        let device = try await engine.connect("device")
        _ = try await device.publish("alerts/hq", "raise", ["kind": "door", "location": "gate"])
        await engine.advance(by: .seconds(90))
        let tokens = try await engine.store.read { transaction in
            try transaction.fetchAll(
                Owner.self,
                "SELECT t.name FROM push_deliveries d JOIN push_phones p ON p.id = d.phone_id JOIN tokens t ON t.id = p.token_id ORDER BY t.name",
                [])
        }
        return tokens.map(\.name)
    }

    struct Owner: Decodable {
        var name: String
    }

    /// Quiet hours around the engine's now, at two hours east of UTC.
    func quietNow(_ engine: Engine) -> JSONValue {
        let local = (engine.clock.milliseconds() / 60_000 + 120) % 1440
        func text(_ minute: Int64) -> JSONValue { .string(PushSettingsRecord.clockText((minute + 1440) % 1440)) }
        return ["from": text(local - 30), "to": text(local + 60), "utcOffsetMinutes": 120]
    }

    func engineWithTwoPhones(_ backEnd: StoreBackEnd) async throws -> (Engine, gus: Connection, olga: Connection) {
        let engine = try await Engine.start(on: backEnd)
        try await engine.setTimings(of: "hq", escalateAfterMs: 60_000)
        let (gus, olga) = try await engine.gusAndOlgaWithPhones(at: Self.endpoint)
        return (engine, gus, olga)
    }

    @Test(arguments: StoreBackEnd.available) func aPersonsQuietHoursHoldBackWhatDoesNotBreakThrough(_ backEnd: StoreBackEnd) async throws {
        let (engine, gus, _) = try await engineWithTwoPhones(backEnd)
        _ = try await gus.publish("push/hq", "set_settings", ["muted": [], "quietHours": quietNow(engine), "escalationsBreakThrough": false])
        #expect(try await escalationReaches(engine) == ["olga"], "gus sleeps")
    }

    @Test(arguments: StoreBackEnd.available) func anEscalationBreaksThroughQuietHoursWhenThePersonSaysSo(_ backEnd: StoreBackEnd) async throws {
        let (engine, gus, _) = try await engineWithTwoPhones(backEnd)
        _ = try await gus.publish("push/hq", "set_settings", ["muted": [], "quietHours": quietNow(engine), "escalationsBreakThrough": true])
        #expect(try await escalationReaches(engine) == ["gus", "olga"])
    }

    @Test(arguments: StoreBackEnd.available) func quietHoursElsewhereInTheDayHoldNothingBack(_ backEnd: StoreBackEnd) async throws {
        let (engine, gus, _) = try await engineWithTwoPhones(backEnd)
        var later = quietNow(engine).objectValue!
        later["utcOffsetMinutes"] = -600  // the same clock times, twelve hours away
        _ = try await gus.publish("push/hq", "set_settings", ["muted": [], "quietHours": .object(later), "escalationsBreakThrough": false])
        #expect(try await escalationReaches(engine) == ["gus", "olga"])
    }

    @Test(arguments: StoreBackEnd.available) func aMutedKindIsNotPushed(_ backEnd: StoreBackEnd) async throws {
        let (engine, _, olga) = try await engineWithTwoPhones(backEnd)
        _ = try await olga.publish("push/hq", "set_settings", ["muted": ["escalation"], "escalationsBreakThrough": true])
        #expect(try await escalationReaches(engine) == ["gus"])
    }

    @Test(arguments: StoreBackEnd.available) func settingsAreReadBackByTheirOwnerAndBadOnesChangeNothing(_ backEnd: StoreBackEnd) async throws {
        let (engine, gus, olga) = try await engineWithTwoPhones(backEnd)
        func settings(_ session: Connection) async throws -> JSONValue? {
            try await session.request(.query(topic: "push/hq", type: "settings", data: [:]))["result"]
        }
        #expect(try await settings(gus) == ["muted": [], "escalationsBreakThrough": true], "until set: everything, at any hour")
        let chosen: JSONValue = [
            "muted": ["escalation"], "quietHours": ["from": "22:00", "to": "06:30", "utcOffsetMinutes": 60], "escalationsBreakThrough": false,
        ]
        _ = try await gus.publish("push/hq", "set_settings", chosen)
        #expect(try await settings(gus) == chosen)
        #expect(try await settings(olga) == ["muted": [], "escalationsBreakThrough": true], "another person's are their own")

        for bad: JSONValue in [
            ["muted": ["sirens"], "escalationsBreakThrough": true],
            ["muted": [], "quietHours": ["from": "25:00", "to": "06:00", "utcOffsetMinutes": 0], "escalationsBreakThrough": true],
            ["muted": [], "quietHours": ["from": "22:00", "to": "6:00", "utcOffsetMinutes": 0], "escalationsBreakThrough": true],
            ["muted": [], "quietHours": ["from": "22:00", "to": "06:00", "utcOffsetMinutes": 900], "escalationsBreakThrough": true],
        ] {
            #expect(await refusal { _ = try await gus.publish("push/hq", "set_settings", bad) } == .invalidData, "\(bad)")
        }
        #expect(try await settings(gus) == chosen, "refused means unchanged")
        let depot = try await engine.connect("guard-depot")
        #expect(
            await refusal { _ = try await depot.publish("push/hq", "set_settings", ["muted": [], "escalationsBreakThrough": true]) } == .forbidden)
    }
}
