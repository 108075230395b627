import Foundation
import Testing
import VigilCore
import VigilHub
import VigilTestSupport

/// A database written by the hub as it was before the domains had folders of their own (alerts,
/// a notice, a camera wall and view, a checkpoint: `Fixtures/before-domain-folders.json` says what)
/// opens, migrates, and serves what it held; moved into PostgreSQL (`vigil store copy`), it serves
/// the same, so its clients resume there.
@Suite struct MigrationTests {
    private struct Made: Decodable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var admin_token: String
        var events: [String: Int]
    }

    @Test(arguments: StoreBackEnd.available) func aDatabaseFromBeforeTheDomainFoldersOpensAndKeepsEverything(_ backEnd: StoreBackEnd) async throws {
        let file = try #require(Bundle.module.url(forResource: "Fixtures/before-domain-folders", withExtension: "sqlite"))
        let manifest = try #require(Bundle.module.url(forResource: "Fixtures/before-domain-folders", withExtension: "json"))
        let made = try JSONDecoder().decode(Made.self, from: Data(contentsOf: manifest))
        let engine = try await Engine.start(on: backEnd, databaseAt: file)
        let admin = try await engine.connect("admin", secret: made.admin_token)

        for (topic, count) in made.events {
            let history = try await admin.request(.history(topic: topic, before: nil, limit: 100))
            #expect(history["events"]?.arrayValue?.count == count, "\(topic)")
        }
        _ = try await admin.request(.subscribe(topic: "alerts/hq", since: nil))
        let alerts = try await admin.nextEvent()
        #expect(alerts.data["head"] == 3)
        #expect(alerts.data["alerts"]?.arrayValue?.map { $0["state"] } == ["raised", "acknowledged"])
        #expect(alerts.data["visited"]?.arrayValue?.map { $0["id"] } == ["front-door"])
        _ = try await admin.request(.subscribe(topic: "cameras/hq", since: nil))
        let cameras = try await admin.nextEvent()
        #expect(cameras.data["cameras"]?.arrayValue?.count == 4 && cameras.data["views"]?.arrayValue?.first?["camera"] == "1")
        _ = try await admin.request(.subscribe(topic: "checkins/hq", since: nil))
        #expect(try await admin.nextEvent().data["checkpoints"]?.arrayValue?.map { $0["name"] } == ["Gate B"])

        // The escalation the old hub set (90 s after raising) still fires, and numbering goes on.
        engine.clock.advance(by: .seconds(3600))
        await engine.hub.fireDueTimers()
        let escalated = try await admin.request(.history(topic: "alerts/hq/escalated", before: nil, limit: 10))
        #expect(escalated["events"]?.arrayValue?.count == 1, "the raised alert escalates; the acknowledged one does not")
        let next = try await admin.publish("notice/hq", "notice", ["text": "after the move"])
        #expect(next["seq"] == 2)
    }
}
