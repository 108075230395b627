import Testing
import VigilCore
import VigilHub
import VigilTestSupport

/// Chat rooms in-process: an operator makes a room, the site's guard writes in it and the
/// control room reads it live; an archived room takes nothing more, and a refusal stores nothing.
@Suite struct ChatDomainTests {
    @Test(arguments: StoreBackEnd.available) func aGuardWritesInARoomAnOperatorMadeUntilItIsArchived(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let olga = try await engine.connect("operator")
        let gus = try await engine.connect("guard")
        let created = try await olga.publish("chat/hq", "create_room", ["name": "Night shift, gate B"])
        #expect(created["data"]?["room"]?["id"] == "night-shift-gate-b" && created["type"] == "room.created")
        _ = try await olga.request(.subscribe(topic: "chat/hq/night-shift-gate-b", since: 1))

        let said = try await gus.publish("chat/hq/night-shift-gate-b", "say", ["text": "Gate B locked"])
        let heard = try await olga.nextEvent()
        #expect(heard.type == "message.posted" && heard.from == "gus")
        #expect(heard.data["message"]?["text"] == "Gate B locked" && heard.data["message"]?["id"] == said["data"]?["message"]?["id"])

        _ = try await olga.publish("chat/hq", "archive_room", ["room": "night-shift-gate-b"])
        #expect(
            await refusal { _ = try await gus.publish("chat/hq/night-shift-gate-b", "say", ["text": "anyone?"]) } == .invalidTransition,
            "an archived room takes no more messages")
        let history = try await olga.request(.history(topic: "chat/hq/night-shift-gate-b", before: nil, limit: 10))
        #expect(history["events"]?.arrayValue?.map { $0["type"] } == ["room.created", "message.posted", "room.archived"])
    }

    @Test(arguments: StoreBackEnd.available) func refusedRoomsAndMessagesLeaveNothing(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let olga = try await engine.connect("operator")
        let gus = try await engine.connect("guard")
        let dora = try await engine.connect("guard-depot")
        #expect(await refusal { _ = try await gus.publish("chat/hq", "create_room", ["name": "Mine"]) } == .forbidden, "guards do not make rooms")
        #expect(await refusal { _ = try await olga.publish("chat/hq", "create_room", ["name": "!!!"]) } == .invalidData, "a name with no word")
        #expect(await refusal { _ = try await olga.publish("chat/hq", "archive_room", ["room": "control"]) } == .invalidTransition)
        #expect(await refusal { _ = try await gus.publish("chat/hq/nowhere", "say", ["text": "hello?"]) } == .notFound)
        #expect(await refusal { _ = try await gus.publish("chat/hq/control", "say", ["text": "  "]) } == .invalidData)
        #expect(await refusal { _ = try await dora.publish("chat/hq/control", "say", ["text": "hello"]) } == .forbidden, "another site's guard")
        #expect(try await olga.request(.history(topic: "chat/hq", before: nil, limit: 10))["events"] == [])
        #expect(try await olga.request(.history(topic: "chat/hq/control", before: nil, limit: 10))["events"] == [])
    }
}
