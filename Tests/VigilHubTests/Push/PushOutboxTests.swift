import Foundation
import Testing
import VigilCore
import VigilHub
import VigilStore
import VigilTestSupport

@testable import VigilPush

/// What the push domain decides in the commits of other domains' events: the outbox rows an
/// escalation, a chat message addressed to people and a camera sent write, for whom, with what a
/// lock screen shows, on both stores.
@Suite struct PushOutboxTests {
    /// A push service name no resolver here knows: sends fail and are retried, so the rows stay.
    static let endpoint = "https://push.vigil.test/wpush/"

    struct Queued: Decodable, Equatable {
        var site: String
        /// The name of the token whose phone it is for.
        var name: String
        var tag: String
        var urgency: String
        var ttlSeconds: Int64
        var payload: String
    }

    func queued(_ engine: Engine) async throws -> [Queued] {
        try await engine.store.read { transaction in
            try transaction.fetchAll(
                Queued.self,
                """
                SELECT m.site, t.name, m.tag, m.urgency, m.ttl_seconds, m.payload FROM push_deliveries d
                JOIN push_messages m ON m.id = d.message_id JOIN push_phones p ON p.id = d.phone_id
                JOIN tokens t ON t.id = p.token_id ORDER BY d.id
                """, [])
        }
    }

    func escalate(_ engine: Engine, location: String, name: String) async throws -> String {
        let device = try await engine.connect("device")
        let raised = try await device.publish(
            "alerts/hq", "raise", ["kind": "door", "location": .string(location), "locationName": .string(name), "message": "Badge 4411 used"])
        let id = try #require(raised["data"]?["alert"]?["id"]?.stringValue)
        await engine.advance(by: .seconds(90))
        return id
    }

    @Test(arguments: StoreBackEnd.available) func anEscalationIsQueuedForEveryPhoneOfItsSiteInItsCommit(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        try await engine.setTimings(of: "hq", escalateAfterMs: 90_000)
        let gus = try await engine.connect("guard")
        let olga = try await engine.connect("operator")
        let dora = try await engine.connect("guard-depot")
        _ = try await gus.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "gus"))
        _ = try await olga.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "olga"))
        _ = try await dora.publish("push/depot", "register_phone", browserSubscription(Self.endpoint + "dora"))

        let id = try await escalate(engine, location: "door-4", name: "North gate")
        let rows = try await queued(engine)
        #expect(rows.count == 2 && rows.allSatisfy { $0.site == "hq" }, "hq's two phones, not depot's")
        #expect(Set(rows.map(\.name)) == ["gus", "olga"])
        let message = try #require(rows.first)
        #expect(message.urgency == "high" && message.ttlSeconds == PushDecisions.escalationTTLSeconds)
        #expect(message.tag == PushDecisions.tag("alert", id) && message.tag.count == 32 && !message.tag.contains("al_"))
        let shown = try JSONDecoder().decode(LockScreenMessage.self, from: Data(message.payload.utf8))
        #expect(shown.title == "Escalated: door at North gate")
        #expect(shown.url == "/?site=hq&alert=\(id)")
        #expect(shown.tag == message.tag, "the phone's notification is replaced by a newer one about the same alert")
        #expect(!message.payload.contains("Badge 4411"), "the alert's own words stay off the lock screen")
    }

    @Test(arguments: StoreBackEnd.available) func aSiteWithoutPhonesQueuesNothing(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        try await engine.setTimings(of: "hq", escalateAfterMs: 90_000)
        _ = try await escalate(engine, location: "door-4", name: "North gate")
        #expect(try await queued(engine).isEmpty)
        let messages = try await engine.store.read { try $0.fetchInteger("SELECT count(*) FROM push_messages", []) }
        #expect(messages == 0)
    }

    @Test(arguments: StoreBackEnd.available) func aNewerMessageOfTheSameThingReplacesThePendingOneAndTheOutboxKeepsItsLimit(
        _ backEnd: StoreBackEnd
    ) async throws {
        let engine = try await Engine.start(on: backEnd)
        let gus = try await engine.connect("guard")
        for phone in ["a", "b"] {
            _ = try await gus.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + phone))
        }
        @Sendable func message(_ tag: String, _ title: String) -> PushMessageRecord {
            PushMessageRecord(site: "hq", kind: .escalation, tag: tag, urgency: "normal", ttlSeconds: 60, payload: title, createdAt: 1)
        }
        try await engine.store.write { transaction in
            try PushTables(transaction).enqueue(message("t1", "first"), limit: 5)
            try PushTables(transaction).enqueue(message("t1", "first, again"), limit: 5)
        }
        #expect(try await queued(engine).map(\.payload) == ["first, again", "first, again"], "one message per thing, not a stack")
        try await engine.store.write { transaction in
            try PushTables(transaction).enqueue(message("t2", "second"), limit: 5)
            try PushTables(transaction).enqueue(message("t3", "third"), limit: 5)
        }
        #expect(try await queued(engine).map(\.payload) == ["first, again", "second", "second", "third", "third"], "the oldest go past the limit")
        let messages = try await engine.store.read { try $0.fetchIntegers("SELECT id FROM push_messages ORDER BY id", []) }
        #expect(messages.count == 3)
    }

    func lockScreen(_ row: Queued) throws -> LockScreenMessage {
        try JSONDecoder().decode(LockScreenMessage.self, from: Data(row.payload.utf8))
    }

    @Test(arguments: StoreBackEnd.available) func aChatMessageReachesThePhonesOfThePeopleItIsForOnItsSiteAlone(_ backEnd: StoreBackEnd)
        async throws
    {
        let engine = try await Engine.start(on: backEnd)
        // Another gus, at the depot: a name is not a person across sites.
        let otherGus = try await engine.issueToken(role: .guard, sites: ["depot"], name: "gus", expiresAt: nil)
        let (gus, olga) = try await engine.gusAndOlgaWithPhones(at: Self.endpoint)
        _ = try await engine.connect("", secret: otherGus).publish("push/depot", "register_phone", browserSubscription(Self.endpoint + "gus-depot"))

        _ = try await olga.publish("chat/hq/control", "say", ["text": "@gus the van at gate B again"])
        let mention = try #require(try await queued(engine).first)
        #expect(try await queued(engine).map(\.name) == ["gus"] && mention.site == "hq", "hq's gus, not olga, not the depot's gus")
        #expect(try lockScreen(mention).title == "You were mentioned in Control room" && mention.urgency == "normal")
        #expect(!mention.payload.contains("van"), "the words stay off the lock screen")

        // An edit pushes to the people it mentions for the first time, and to nobody else.
        let said = try await olga.publish("chat/hq/control", "say", ["text": "the van at gate B"])
        let before = try await queued(engine).count
        let id = try #require(said["data"]?["message"]?["id"])
        _ = try await olga.publish("chat/hq/control", "edit", ["message": id, "text": "the van at gate B, @gus"])
        _ = try await olga.publish("chat/hq/control", "edit", ["message": id, "text": "the van at gate B, @gus, now"])
        let edited = try await queued(engine).dropFirst(before)
        #expect(edited.map(\.name) == ["gus"], "gus, newly mentioned, once")
        #expect(try edited.map { try lockScreen($0).title } == ["You were mentioned in Control room"])

        _ = try await gus.publish("chat/hq/control", "say", ["text": "Fire door 3 open", "urgent": true])
        let urgent = try await queued(engine).filter { $0.urgency == "high" }
        #expect(urgent.map(\.name) == ["olga"], "an urgent message asks the site's other people")
        #expect(try urgent.map { try lockScreen($0).title } == ["Urgent message in Control room"])
        #expect(try urgent.map { try lockScreen($0).url } == ["/?site=hq&room=control"])

        let queuedBefore = try await queued(engine).count
        _ = try await olga.publish("chat/hq/control", "say", ["text": "nobody named here"])
        #expect(try await queued(engine).count == queuedBefore, "a message for nobody in particular is pushed to nobody")
    }

    @Test(arguments: StoreBackEnd.available) func aCameraSentToAViewerReachesThatPersonsPhoneAndASwipeDoesNot(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let (gus, olga) = try await engine.gusAndOlgaWithPhones(at: Self.endpoint)
        let url = try #require(Bundle.module.url(forResource: "Fixtures/two-floors", withExtension: "json"))
        _ = try await olga.publish("cameras/hq", "topology", try JSONValue(parsing: Data(contentsOf: url)))

        _ = try await olga.publish("cameras/hq", "switch", ["viewer": "gus", "camera": "1"])
        _ = try await olga.publish("cameras/hq", "switch", ["viewer": "gus", "camera": "2"])
        let sent = try await queued(engine)
        #expect(sent.map(\.name) == ["gus"], "the newer camera replaced the one not yet delivered")
        #expect(try sent.map { try lockScreen($0).title } == ["Camera sent to you: camera 2"])
        #expect(try sent.map { try lockScreen($0).url } == ["/?site=hq&camera=2"])

        _ = try await gus.publish("cameras/hq", "swipe", ["direction": "left"])
        #expect(try await queued(engine).count == 1, "a person's own swipe is not news to them")
    }

    /// hq's guard gus and operator olga with phones, and a second hq guard, hana, with one.
    func gusOlgaAndHanaWithPhones(_ engine: Engine) async throws -> (gus: Connection, olga: Connection, hana: Connection) {
        let (gus, olga) = try await engine.gusAndOlgaWithPhones(at: Self.endpoint)
        let hana = try await engine.connect("", secret: try await engine.issueToken(role: .guard, sites: ["hq"], name: "hana", expiresAt: nil))
        _ = try await hana.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "hana"))
        return (gus, olga, hana)
    }

    @Test(arguments: StoreBackEnd.available) func aMissedRoundReachesTheGuardWhoseRoundItIsOrEveryGuardOfTheSiteWhenNobodys(
        _ backEnd: StoreBackEnd
    ) async throws {
        let engine = try await Engine.start(on: backEnd)
        let (_, olga, _) = try await gusOlgaAndHanaWithPhones(engine)
        let created = try await olga.publish("checkins/hq", "create_checkpoint", ["name": "Roof door", "every": "30m"])
        let checkpoint = try #require(created["checkpoint"])
        _ = try await olga.publish("checkins/hq", "assign_checkpoint", ["checkpoint": checkpoint, "guard": "gus"])

        await engine.advance(by: .seconds(30 * 60))
        let missed = try await queued(engine)
        #expect(missed.map(\.name) == ["gus"], "gus's round: his phone alone")
        let shown = try lockScreen(try #require(missed.first))
        #expect(shown.kind == "checkpoint" && shown.title == "Missed checkpoint: Roof door")
        #expect(shown.body == "Headquarters: not visited within 30m")
        let alert = try await engine.store.read { try $0.fetchOne(AlertID.self, "SELECT id FROM alerts WHERE kind = 'missed-checkpoint'", []) }
        #expect(shown.url == "/?site=hq&alert=\(try #require(alert).id)", "a tap opens the missed-checkpoint alert")
        #expect(missed.first?.urgency == "high" && missed.first?.ttlSeconds == PushDecisions.missedRoundTTLSeconds)

        // Nobody's round: every guard of hq hears of the next miss, the operator does not; gus's
        // first push, not yet delivered, is replaced by the newer one.
        _ = try await olga.publish("checkins/hq", "assign_checkpoint", ["checkpoint": checkpoint, "guard": nil])
        await engine.advance(by: .seconds(30 * 60))
        // (The first miss's alert has escalated meanwhile: that push is another kind's.)
        let again = try await queued(engine).filter { try lockScreen($0).kind == "checkpoint" }
        #expect(Set(again.map(\.name)) == ["gus", "hana"] && again.count == 2, "\(again.map(\.name))")
        #expect(try again.allSatisfy { try lockScreen($0).url != shown.url }, "the newer miss, not the first one")
    }

    @Test(arguments: StoreBackEnd.available) func anUrgentMessageRepeatedIsPushedAgainReplacingItsEarlierPushAndNobodyElses(
        _ backEnd: StoreBackEnd
    ) async throws {
        let engine = try await Engine.start(on: backEnd)
        let (gus, _, hana) = try await gusOlgaAndHanaWithPhones(engine)
        let said = try await gus.publish("chat/hq/control", "say", ["text": "Fire door 3 open", "urgent": true, "repeatEvery": "1m"])
        let id = try #require(said["data"]?["message"]?["id"])
        #expect(Set(try await queued(engine).map(\.name)) == ["olga", "hana"])
        _ = try await hana.publish("chat/hq/control", "acknowledge", ["message": id])

        await engine.advance(by: .seconds(60))
        let rows = try await queued(engine)
        let titles = try Dictionary(uniqueKeysWithValues: rows.map { ($0.name, try lockScreen($0).title) })
        #expect(rows.count == 2, "olga's repeat replaced her first push; nothing stacked: \(rows.map(\.name))")
        #expect(titles["olga"] == "Urgent message in Control room, asked again", "olga has not acknowledged: asked again")
        #expect(titles["hana"] == "Urgent message in Control room", "hana acknowledged: no repeat, and her first push is not lost")
        #expect(rows.allSatisfy { $0.tag == PushDecisions.tag("chat", id.stringValue ?? "") && $0.urgency == "high" })

        await engine.advance(by: .seconds(60))
        #expect(try await queued(engine).count == 2, "each repeat replaces the one before")
    }
}

/// An alert's id, read from the store.
private struct AlertID: Decodable {
    var id: String
}
