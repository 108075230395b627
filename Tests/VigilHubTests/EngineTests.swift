import Foundation
import Testing
import VigilCore
import VigilHub
import VigilTestSupport

/// The engine with no domain but one written here: it runs the domain's service, effects,
/// migrations, timers and snapshot without knowing any of them by name.
@Suite struct EngineTests {
    @Test(arguments: StoreBackEnd.available) func anyRegisteredDomainIsServedWithItsTablesTimersAndState(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd, domains: [TallyDomain.self])
        let room = try await engine.connect("operator")
        _ = try await room.request(.subscribe(topic: "tally/hq", since: nil))
        #expect(
            try await room.nextEvent().data == ["count": 0, "head": 0, "reader": "olga"],
            "state first, from the domain's own table, as its reader sees it")

        let added = try await room.publish("tally/hq", "add", ["by": 3])
        #expect(added["seq"] == 1 && added["data"] == ["count": 3], "the effect's transition comes back in the ok")
        _ = try await room.publish("tally/hq", "add", ["by": 2])
        #expect(try await room.events(2).map(\.data) == [["count": 3], ["count": 5]])

        // The domain's timer: nothing before ten quiet seconds by the hub's clock, one reset at ten.
        await engine.advance(by: .milliseconds(9_999))
        #expect(try await room.request(.history(topic: "tally/hq", before: nil, limit: 10))["events"]?.arrayValue?.count == 2)
        await engine.advance(by: .milliseconds(1))
        let reset = try await room.nextEvent()
        #expect(reset.type == "tally.reset" && reset.seq == 3 && reset.from == engine.hub.configuration.serverName)
        await engine.advance(by: .seconds(60))
        let history = try await room.request(.history(topic: "tally/hq", before: nil, limit: 10))
        #expect(history["events"]?.arrayValue?.count == 3, "a timer whose effect refuses fires no event")

        #expect(await refusal { _ = try await room.publish("tally/hq", "subtract", [:]) } == .unknownType)
        #expect(
            await refusal { _ = try await room.publish("notice/hq", "notice", ["text": "hi"]) } == .unknownKind, "only registered domains have kinds")
        #expect(engine.hub.domains.flatMap(\.routes).map(\.path) == ["api/sites/:site/tally"], "routes are the domain's to declare")
    }

    @Test(arguments: StoreBackEnd.available) func aQueryIsAnsweredByTheServiceOfItsTopicsKind(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd, domains: [TallyDomain.self])
        let room = try await engine.connect("operator")
        _ = try await room.publish("tally/hq", "add", ["by": 4])
        #expect(try await room.request(.query(topic: "tally/hq", type: "count", data: [:]))["result"] == ["count": 4])
        #expect(await refusal { _ = try await room.request(.query(topic: "tally/hq", type: "sum", data: [:])) } == .unknownType)
        #expect(
            await refusal { _ = try await room.request(.query(topic: "tally/depot", type: "count", data: [:])) } == .forbidden,
            "the service checks the reader")
        #expect(await refusal { _ = try await room.request(.query(topic: "presence/tally/hq", type: "count", data: [:])) } == .unknownType)
        #expect(await refusal { _ = try await room.request(.query(topic: "nothing/hq", type: "count", data: [:])) } == .unknownKind)
        let decoded = ClientMessage.decode(#"{"op":"query","ref":"9","topic":"tally/hq","type":"count"}"#)
        #expect(try decoded.get() == ClientMessage(ref: "9", .query(topic: "tally/hq", type: "count", data: [:])), "data defaults to an empty object")
    }

    @Test(arguments: StoreBackEnd.available) func aSubscriberResumesWithSinceAndGetsEveryEventOnceInOrder(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let writer = try await engine.connect("operator")
        for text in ["one", "two", "three"] { _ = try await writer.publish("notice/hq", "notice", ["text": .string(text)]) }
        let reader = try await engine.connect("guard")
        let ok = try await reader.request(.subscribe(topic: "notice/hq", since: 1))
        #expect(ok["topic"] == "notice/hq" && ok["head"] == nil)
        _ = try await writer.publish("notice/hq", "notice", ["text": "four"])
        let events = try await reader.events(3)
        #expect(events.map(\.seq) == [2, 3, 4])
        #expect(events.map { $0.data["text"] } == ["two", "three", "four"])
        #expect(events.allSatisfy { $0.epoch == engine.hub.epoch })
        #expect(await refusal { _ = try await reader.request(.subscribe(topic: "notice/depot", since: nil)) } == .forbidden)
        #expect(await refusal { _ = try await reader.request(.subscribe(topic: "notice/hq/x", since: 9)) } == .invalidTopic)
    }

    @Test(arguments: StoreBackEnd.available) func timestampsComeFromTheHubsClock(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let room = try await engine.connect("operator")
        let first = try await room.publish("notice/hq", "notice", ["text": "a"])
        #expect(first["ts"]?.numberValue == Double(engine.clock.milliseconds()))
        engine.clock.advance(by: .seconds(90))
        let second = try await room.publish("notice/hq", "notice", ["text": "b"])
        #expect(second["ts"]?.numberValue == Double(engine.clock.milliseconds()))
        #expect((second["ts"]?.numberValue ?? 0) - (first["ts"]?.numberValue ?? 0) == 90_000)
        let pong = try await room.request(.ping)
        #expect(pong["ts"]?.numberValue == Double(engine.clock.milliseconds()))
    }

    @Test(arguments: StoreBackEnd.available) func theRateIsMeasuredOnTheHubsClock(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd, tweak: { $0.messagesPerSecond = 10 })
        let guardSession = try await engine.connect("guard")
        var answers: [ErrorCode?] = []
        for _ in 0..<25 { answers.append(await refusal { _ = try await guardSession.request(.ping) }) }
        #expect(answers.filter { $0 == nil }.count == 20, "a burst of twice the rate, and no refill while the clock stands still")
        #expect(answers.filter { $0 == .rateLimited }.count == 5)
        engine.clock.advance(by: .milliseconds(300))
        answers = []
        for _ in 0..<4 { answers.append(await refusal { _ = try await guardSession.request(.ping) }) }
        #expect(answers == [nil, nil, nil, .rateLimited], "300 ms at 10 per second refill three")
    }

    @Test(arguments: StoreBackEnd.available) func sessionsPerTokenAreCountedAndFreedWhenTheyClose(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd, tweak: { $0.maxConnectionsPerToken = 2 })
        var first: Connection? = try await engine.connect("guard")
        let second = try await engine.connect("guard")
        await #expect(throws: EngineError.self) { _ = try await engine.connect("guard") }
        #expect(engine.hub.openSessionCount == 2, "the refused one is closed")
        first = nil
        _ = try await engine.connect("guard")
        _ = (first, second)
    }

    @Test(arguments: StoreBackEnd.available) func aTokenThatExpiresWhileConnectedIsEndedByTheSweep(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let secret = try await engine.issueToken(role: .guard, sites: ["hq"], name: "temp", expiresAt: engine.clock.milliseconds() + 60_000)
        let session = try await engine.connect("guard", secret: secret)
        #expect(await engine.hub.closeRevokedSessions() == 0)
        engine.clock.advance(by: .seconds(60))
        #expect(await engine.hub.closeRevokedSessions() == 1)
        #expect(try await session.next() == .error(ref: nil, ProtocolError(.unauthorized, "the token has expired")))
        #expect(session.session.outbox.closeReason == .close(.tokenRevoked, reason: "token expired"))
        await #expect(throws: EngineError.self) { _ = try await engine.connect("guard", secret: secret) }
    }

    @Test(arguments: StoreBackEnd.available) func shutdownClosesEveryOpenSessionAndEveryNewOne(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let open = try await engine.connect("admin")
        engine.hub.beginShutdown()
        #expect(engine.hub.isShuttingDown)
        #expect(open.session.outbox.closeReason == .close(.goingAway, reason: "server shutting down"))
        let late = Connection(hub: engine.hub)
        #expect(late.session.outbox.closeReason == .close(.goingAway, reason: "server shutting down"))
    }
}
