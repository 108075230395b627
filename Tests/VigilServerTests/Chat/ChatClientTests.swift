import Foundation
import Testing
import VigilClient
import VigilCore

/// Chat from a guard's device (the Swift client) and from a script (`vigil chat`).
@Suite(.timeLimit(.minutes(10))) struct ChatClientTests {
    @Test func theClientUploadsImagesSaysMarksReadAndSearches() async throws {
        try await withHub { hub async throws in
            let guardClient = hub.client("guard")
            let message = try await guardClient.say(in: "chat/hq/control", text: "Van at gate B, @olga", images: [fixtureImage("snapshot.png")])
            let attached = try #require(message.attachments?.first)
            #expect(attached.source == .upload && message.mentions == ["olga"])
            let served = try await HubHTTP(configuration: guardClient.configuration).send("GET", "/thumbnails/\(attached.thumbnail)")
            let original = [UInt8](try Data(contentsOf: fixtureImage("snapshot.png")))
            #expect(served.status == 200 && served.body == original, "the picture was uploaded before the message named it")

            let operatorClient = hub.client("operator")
            let scribbled = try await operatorClient.say(
                in: "chat/hq/control", text: "This one?",
                attachments: [
                    ChatAttachment(
                        thumbnail: attached.thumbnail, source: .camera("cam-3"), ts: 1_767_225_600_000,
                        foreground: [PixelPoint(x: 3, y: 4)], background: [PixelPoint(x: 60, y: 40)])
                ], replyTo: message.id, urgent: true)
            #expect(scribbled.attachments?.first?.scribble == .init(foreground: [PixelPoint(x: 3, y: 4)], background: [PixelPoint(x: 60, y: 40)]))
            #expect(scribbled.attachments?.first?.source == .init(kind: .camera, camera: "cam-3", ts: 1_767_225_600_000))
            #expect(scribbled.replyTo == message.id && scribbled.urgent?.recipients.map(\.name).isEmpty == false)
            try await guardClient.acknowledgeUrgent(scribbled.id, in: "chat/hq/control")

            try await operatorClient.markRead("chat/hq/control", through: scribbled.seq)
            let state = try await collect(1, from: try await operatorClient.subscribe("chat/hq/control"))[0]
            #expect(state.data["unread"] == 0 && state.data["read"]?.numberValue == Double(scribbled.seq))
            let found = try await guardClient.searchChat(site: "hq", for: "van")
            #expect(found.messages.map(\.id) == [message.id] && found.next == nil)
            for client in [guardClient, operatorClient] { await client.close() }
        }
    }

    @Test func theClientCreatesRoomsOpensAnAlertsRoomAndEdits() async throws {
        try await withHub { hub async throws in
            let operatorClient = hub.client("operator")
            let room = try await operatorClient.createRoom(site: "hq", name: "Night shift, gate B", topicLine: "Keys and vans")
            #expect(room.id == "night-shift-gate-b" && room.topic == "chat/hq/night-shift-gate-b" && room.topicLine == "Keys and vans")
            let named = try await operatorClient.createRoom(site: "hq", name: "Dock", id: "dock-2")
            #expect(named.id == "dock-2" && named.name == "Dock")

            let guardClient = hub.client("guard")
            guard case .alert(let alert) = try await guardClient.raiseAlert(site: "hq", kind: "door", message: "Door 4 forced") else {
                Issue.record("a door alert raises an alert")
                return
            }
            let alertRoom = try await guardClient.openAlertRoom(site: "hq", alert: alert.id)
            #expect(alertRoom.id == "alert-\(alert.id)" && alertRoom.alert == alert.id && alertRoom.name == "Door 4 forced")

            let said = try await guardClient.say(in: room.topic, text: "Van at gate B")
            let edited = try await guardClient.edit(said.id, in: room.topic, text: "Van at gate C")
            #expect(edited.id == said.id && edited.text == "Van at gate C" && edited.edited == true)
            #expect(
                await refusalCode { _ = try await operatorClient.edit(said.id, in: room.topic, text: "mine now") } == "forbidden",
                "only the author edits")
            for client in [guardClient, operatorClient] { await client.close() }
        }
    }

    @Test func vigilChatSaysWithPicturesTailsAndSearches() async throws {
        try await withHub { hub async throws in
            let connection = ["--url", hub.url, "--token", hub.token("guard"), "--ca", hub.caFile]
            let said = try await runVigil(["chat", "say", "hq/control", "Gate B open", "--attach", fixtureImage("snapshot.jpg").path] + connection)
            #expect(said.status == 0 && said.output.hasPrefix("ok msg_"), "\(said.output)")
            let operatorClient = hub.client("operator")
            let presence = try await operatorClient.subscribe("presence/chat/hq/control")
            _ = try await collect(1, from: presence)
            let tail = Task { try await runVigil(["chat", "tail", "hq/control", "--count", "1"] + connection) }
            // The tail prints the room's latest messages first; then the new one ends it.
            #expect(try await collect(1, from: presence)[0].data["user"] == "gus", "the tail is in the room")
            try await operatorClient.say(in: "chat/hq/control", text: "Thanks, closing it")
            let tailed = try await tail.value
            #expect(tailed.status == 0)
            let lines = tailed.output.split(separator: "\n").map { String($0.drop { $0 != " " }.dropFirst()) }
            #expect(lines == ["gus: Gate B open [1 picture]", "olga: Thanks, closing it"], "\(tailed.output)")

            let searched = try await runVigil(["chat", "search", "hq", "gate"] + connection)
            #expect(searched.status == 0 && searched.output.contains("control") && searched.output.contains("gus: Gate B open"))
            let refused = try await runVigil(["chat", "say", "depot/control", "hello"] + connection)
            #expect(refused.status == 2 && refused.output.isEmpty, "a refusal is told on standard error")
            #expect(try await runVigil(["chat", "say", "nonsense", "x"] + connection).status != 0)
            await operatorClient.close()
        }
    }
}
