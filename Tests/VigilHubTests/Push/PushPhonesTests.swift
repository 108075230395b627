import Foundation
import Testing
import VigilCore
import VigilHub
import VigilStore
import VigilTestSupport

@testable import VigilPush

@Suite struct PushPhonesTests {
    static let endpoint = "https://fcm.googleapis.com/fcm/send/phone-"

    func phones(_ engine: Engine, site: String = "hq") async throws -> [PhoneRecord] {
        try await engine.store.read { transaction in
            try transaction.fetchAll(PhoneRecord.self, "SELECT * FROM push_phones WHERE site = ? ORDER BY id", [site])
        }
    }

    @Test(arguments: StoreBackEnd.available) func aPersonRegistersReplacesAndRemovesTheirPhone(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let guardSession = try await engine.connect("guard")
        _ = try await guardSession.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "a"))
        let first = try await phones(engine)
        #expect(first.map(\.endpoint) == [Self.endpoint + "a"])

        let newKeys = browserSubscription(Self.endpoint + "a")
        _ = try await guardSession.publish("push/hq", "register_phone", newKeys)
        let rekeyed = try await phones(engine)
        #expect(rekeyed.count == 1 && rekeyed[0].p256dh == newKeys["keys"]?["p256dh"]?.stringValue, "the same browser, new keys")

        var changed = browserSubscription(Self.endpoint + "b")
        changed = .object(changed.objectValue!.merging(["replaces": .string(Self.endpoint + "a")]) { $1 })
        _ = try await guardSession.publish("push/hq", "register_phone", changed)
        #expect(try await phones(engine).map(\.endpoint) == [Self.endpoint + "b"], "pushsubscriptionchange: the old one goes")

        _ = try await guardSession.publish("push/hq", "remove_phone", ["endpoint": .string(Self.endpoint + "b")])
        #expect(try await phones(engine).isEmpty)
        #expect(
            await refusal { _ = try await guardSession.publish("push/hq", "remove_phone", ["endpoint": .string(Self.endpoint + "b")]) } == .notFound)
    }

    @Test(arguments: StoreBackEnd.available) func aTokenKeepsFivePhonesOnASiteAndTheSixthIsRefusedWithNothingStored(_ backEnd: StoreBackEnd)
        async throws
    {
        let engine = try await Engine.start(on: backEnd)
        let guardSession = try await engine.connect("guard")
        for index in 0..<Int(PushService.maxPhonesPerToken) {
            _ = try await guardSession.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "\(index)"))
        }
        #expect(
            await refusal { _ = try await guardSession.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "six")) }
                == .limitReached)
        #expect(try await phones(engine).count == Int(PushService.maxPhonesPerToken))
        _ = try await guardSession.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "0"))
        #expect(try await phones(engine).count == Int(PushService.maxPhonesPerToken), "a phone registered again takes no new place")
        let operatorSession = try await engine.connect("operator")
        _ = try await operatorSession.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "olga"))
        #expect(try await phones(engine).count == Int(PushService.maxPhonesPerToken) + 1, "another person's phones count apart")
    }

    @Test(arguments: StoreBackEnd.available) func aSiteKeepsFiveThousandPhonesAndTheNextIsRefused(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        // Phones of other people, written straight into the table: one transaction, not 4,999
        // publishes, and a few multi-row statements in it, not 4,999 round trips. A write
        // transaction that stays open on the PostgreSQL test server holds back every hub that
        // follows the events of a database on it (docs/scale-out.md), the several-hub tests among them.
        let others: [[any StoreArgument]] = (0..<(PushService.maxPhonesPerSite - 1)).map { index in
            ["hq", "tk_other\(index % 1000)", Self.endpoint + "other-\(index)", "B", "A", Int64(0)]
        }
        try await offThePool { [database = engine.database] in
            try database.transaction { transaction in
                try transaction.insertRows("push_phones (site, token_id, endpoint, p256dh, auth, created_at)", others)
            }
        }
        let gus = try await engine.connect("guard")
        _ = try await gus.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "last"))
        #expect(
            await refusal { _ = try await gus.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "over")) } == .limitReached)
        #expect(try await phones(engine).count == Int(PushService.maxPhonesPerSite))
        let dora = try await engine.connect("guard-depot")
        _ = try await dora.publish("push/depot", "register_phone", browserSubscription(Self.endpoint + "depot"))
        #expect(try await phones(engine, site: "depot").count == 1, "another site has room of its own")
    }

    @Test(arguments: StoreBackEnd.available) func phonesAreSealedBySiteAndByTheirOwner(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let gus = try await engine.connect("guard")
        let dora = try await engine.connect("guard-depot")
        let device = try await engine.connect("device")
        let admin = try await engine.connect("admin")
        _ = try await gus.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "gus"))

        #expect(await refusal { _ = try await gus.publish("push/depot", "register_phone", browserSubscription(Self.endpoint + "x")) } == .forbidden)
        #expect(await refusal { _ = try await dora.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "x")) } == .forbidden)
        #expect(await refusal { _ = try await device.publish("push/hq", "register_phone", browserSubscription(Self.endpoint + "x")) } == .forbidden)
        #expect(await refusal { _ = try await admin.request(.subscribe(topic: "push/hq", since: nil)) } == .forbidden, "nobody reads phones")
        #expect(await refusal { _ = try await admin.publish("push/hq", "remove_phone", ["endpoint": .string(Self.endpoint + "gus")]) } == .notFound)
        let kept = try await phones(engine)
        #expect(kept.map(\.endpoint) == [Self.endpoint + "gus"], "nothing of another's changed")
        #expect(try await phones(engine, site: "depot").isEmpty)
    }

    @Test(arguments: StoreBackEnd.available) func aBadEndpointOrKeysAreRefusedAndNothingIsStored(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let gus = try await engine.connect("guard")
        #expect(
            await refusal { _ = try await gus.publish("push/hq", "register_phone", browserSubscription("https://169.254.169.254/latest")) }
                == .invalidData)
        #expect(
            await refusal { _ = try await gus.publish("push/hq", "register_phone", browserSubscription("http://fcm.googleapis.com/x")) }
                == .invalidData)
        let badKeys: JSONValue = ["endpoint": .string(Self.endpoint + "k"), "keys": ["p256dh": "BAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"]]
        #expect(await refusal { _ = try await gus.publish("push/hq", "register_phone", badKeys) } == .invalidData)
        #expect(await refusal { _ = try await gus.publish("push/hq", "subscribe_me", [:]) } == .unknownType)
        #expect(try await phones(engine).isEmpty)
    }

    @Test(arguments: StoreBackEnd.available) func revokingATokenDropsItsPhonesAtTheNextSweep(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        _ = try await engine.gusAndOlgaWithPhones(at: Self.endpoint)
        await engine.advance(by: .seconds(60))
        #expect(try await phones(engine).count == 2, "live tokens keep theirs")

        try await offThePool { [database = engine.database] in
            let tokens = TokenRepository(database: database)
            let gusToken = try tokens.all().first { $0.name == "gus" }!
            try tokens.revoke(id: gusToken.id, at: 1)
        }
        await engine.advance(by: .seconds(60))
        #expect(try await phones(engine).map(\.endpoint) == [Self.endpoint + "olga"])
    }
}
