import Foundation
import Testing
import VigilClient
import VigilCore

/// Rooms: the control room every site has, rooms operators make and archive, an alert's own room
/// linked both ways, and who may read and write them (docs/protocol.md §6.6).
@Suite(.timeLimit(.minutes(10))) struct ChatRoomTests {
    @Test func everySiteHasAControlRoomAndOperatorsMakeAndArchiveMore() async throws {
        try await withHub { hub async throws in
            let operatorClient = hub.client("operator")
            let directory = try await operatorClient.subscribe("chat/hq")
            let state = try await collect(1, from: directory)[0]
            #expect(
                state.type == "state" && state.data["rooms"]?.arrayValue?.map { $0["id"] } == ["control"], "control exists from the site's creation")

            let created = try await operatorClient.chat("chat/hq", "create_room", ["name": "Night shift, gate B", "topic": "Who holds the keys"])
            #expect(created["data"]?["room"]?["id"] == "night-shift-gate-b" && created["data"]?["room"]?["topicLine"] == "Who holds the keys")
            #expect(try await collect(1, from: directory)[0].type == "room.created")
            let guardClient = hub.client("guard")
            let roomState = try await collect(1, from: try await guardClient.subscribe("chat/hq/night-shift-gate-b"))[0]
            #expect(roomState.data["room"]?["name"] == "Night shift, gate B" && roomState.data["messages"] == [])
            #expect(try await guardClient.eventTypes(of: "chat/hq/night-shift-gate-b") == ["room.created"], "the room's first event names it")

            // Refusals, each changing nothing.
            #expect(await refusalCode { _ = try await guardClient.chat("chat/hq", "create_room", ["name": "Mine"]) } == "forbidden")
            #expect(
                await refusalCode { _ = try await operatorClient.chat("chat/hq", "create_room", ["name": "x", "room": "night-shift-gate-b"]) }
                    == "already_exists")
            #expect(
                await refusalCode { _ = try await operatorClient.chat("chat/hq", "create_room", ["name": "x", "room": "control"]) } == "invalid_data")
            #expect(await refusalCode { _ = try await operatorClient.chat("chat/hq", "create_room", ["name": "!!!"]) } == "invalid_data")
            #expect(await refusalCode { _ = try await operatorClient.chat("chat/hq", "archive_room", ["room": "control"]) } == "invalid_transition")
            #expect(await refusalCode { _ = try await operatorClient.chat("chat/hq", "archive_room", ["room": "nowhere"]) } == "not_found")
            #expect(await refusalCode { _ = try await guardClient.chat("chat/hq", "archive_room", ["room": "night-shift-gate-b"]) } == "forbidden")
            #expect(await refusalCode { _ = try await guardClient.say("chat/hq/nowhere", ["text": "hello?"]) } == "not_found")
            #expect(try await operatorClient.eventTypes(of: "chat/hq") == ["room.created"])

            _ = try await operatorClient.chat("chat/hq", "archive_room", ["room": "night-shift-gate-b"])
            #expect(await refusalCode { _ = try await guardClient.say("chat/hq/night-shift-gate-b", ["text": "anyone?"]) } == "invalid_transition")
            #expect(
                await refusalCode { _ = try await operatorClient.chat("chat/hq", "archive_room", ["room": "night-shift-gate-b"]) }
                    == "invalid_transition")
            let rooms = json(try await hub.api("GET", "/api/sites/hq/chat/rooms", as: "guard").body)
            #expect(rooms.arrayValue?.map { $0["id"] } == ["control", "night-shift-gate-b"] && rooms.arrayValue?.last?["archivedBy"] == "olga")
            for client in [operatorClient, guardClient] { await client.close() }
        }
    }

    /// 1,506 rooms once made a 654 KB `chat/hq` state: a site keeps at most 200 rooms, archived
    /// ones included, and a room past that is refused with nothing stored.
    @Test func aSiteKeepsAtMostTwoHundredRoomsAndRefusesMoreWithNothingStored() async throws {
        try await withHub { hub async throws in
            let operatorClient = hub.client("operator")
            for number in 1..<200 {
                _ = try await operatorClient.chat("chat/hq", "create_room", ["name": .string("Room \(number)")])
            }
            _ = try await operatorClient.chat("chat/hq", "archive_room", ["room": "room-1"])
            let before = try await operatorClient.eventTypes(of: "chat/hq").count
            #expect(await refusalCode { _ = try await operatorClient.chat("chat/hq", "create_room", ["name": "One too many"]) } == "limit_reached")
            let alert = try #require(try await operatorClient.chat("alerts/hq", "raise", ["kind": "panic"])["data"]?["alert"]?["id"])
            #expect(
                await refusalCode { _ = try await operatorClient.chat("chat/hq", "create_room", ["alert": alert]) } == "limit_reached",
                "an alert's room counts too")
            let overHTTP = try await hub.api(
                "POST", "/api/publish", as: "operator", body: ["topic": "chat/hq", "type": "create_room", "data": ["name": "Over HTTP"]])
            #expect(overHTTP.status == 409 && overHTTP.body.contains(#""code":"limit_reached""#))

            #expect(try await operatorClient.eventTypes(of: "chat/hq").count == before, "nothing refused is stored")
            #expect(await refusalCode { _ = try await operatorClient.say("chat/hq/one-too-many", ["text": "here?"]) } == "not_found")
            let state = try await collect(1, from: try await operatorClient.subscribe("chat/hq"))[0]
            #expect(state.data["rooms"]?.arrayValue?.count == 200, "the control room and 199 more, the archived one among them")
            let depot = hub.client("admin")
            _ = try await depot.chat("chat/depot", "create_room", ["name": "Depot room"])
            for client in [operatorClient, depot] { await client.close() }
        }
    }

    @Test func devicesReportersAndOtherSitesGuardsNeitherReadNorPost() async throws {
        try await withHub { hub async throws in
            let device = hub.client("device")
            let depotGuard = hub.client("guard-depot")
            #expect(await refusalCode { _ = try await device.subscribe("chat/hq/control") } == "forbidden")
            #expect(await refusalCode { _ = try await device.say("chat/hq/control", ["text": "beep"]) } == "forbidden")
            #expect(await refusalCode { _ = try await depotGuard.subscribe("chat/hq/control") } == "forbidden")
            #expect(await refusalCode { _ = try await depotGuard.say("chat/hq/control", ["text": "hi"]) } == "forbidden")
            #expect(await refusalCode { _ = try await depotGuard.subscribe("chat/+/control") } == "forbidden")
            #expect(await refusalCode { _ = try await depotGuard.subscribe("chat/hq/control/extra") } == "invalid_topic")
            #expect(try await hub.api("GET", "/api/sites/hq/chat/rooms", as: "guard-depot").status == 403)
            let depotRoom = try await depotGuard.say("chat/depot/control", ["text": "Yard quiet"])
            #expect(depotRoom["author"] == "dora" && depotRoom["site"] == "depot")
            let admin = hub.client("admin")
            #expect(try await admin.eventTypes(of: "chat/hq/control") == [], "nothing refused was stored")
            for client in [device, depotGuard, admin] { await client.close() }
        }
    }

    @Test func anAlertGetsItsOwnRoomOnDemandLinkedBothWays() async throws {
        try await withHub { hub async throws in
            let device = hub.client("device")
            let raised = try await device.request(.publish(topic: "alerts/hq", type: "raise", data: ["kind": "door", "location": "door-4"]))
            let alertID = try #require(raised["data"]?["alert"]?["id"]?.stringValue)
            let operatorClient = hub.client("operator")
            let alerts = try await operatorClient.subscribe("alerts/hq")
            _ = try await collect(1, from: alerts)

            let guardClient = hub.client("guard")
            let opened = try await guardClient.chat("chat/hq", "create_room", ["alert": .string(alertID)])
            let room = try #require(opened["data"]?["room"])
            #expect(room["id"]?.stringValue == "alert-\(alertID)" && room["alert"]?.stringValue == alertID && room["name"] == "Door at door-4")
            let announced = try await collect(1, from: alerts)[0]
            #expect(
                announced.type == "room.created" && announced.data["room"]?["topic"]?.stringValue == "chat/hq/alert-\(alertID)",
                "watchers of the alert learn its room")
            let alertState = try await collect(1, from: try await hub.client("admin").subscribe("alerts/hq"))[0]
            #expect(
                alertState.data["alerts"]?.arrayValue?.first?["room"]?.stringValue == "chat/hq/alert-\(alertID)", "the alert's state names its room")
            let roomState = try await collect(1, from: try await guardClient.subscribe("chat/hq/alert-\(alertID)"))[0]
            #expect(roomState.data["room"]?["alert"]?.stringValue == alertID, "the room names its alert")

            #expect(await refusalCode { _ = try await guardClient.chat("chat/hq", "create_room", ["alert": .string(alertID)]) } == "already_exists")
            #expect(await refusalCode { _ = try await guardClient.chat("chat/hq", "create_room", ["alert": "al_nothing"]) } == "not_found")
            #expect(
                await refusalCode { _ = try await hub.client("guard-depot").chat("chat/depot", "create_room", ["alert": .string(alertID)]) }
                    == "not_found", "another site's alert")
            for client in [device, operatorClient, guardClient] { await client.close() }
        }
    }
}
