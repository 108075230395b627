import Foundation
import Testing
import VigilClient
import VigilCore

/// Messages: text and dragged thumbnails with their source and scribbles, replies, edits and
/// deletions with every version kept in the log, and every refusal leaving the room as it was.
@Suite(.timeLimit(.minutes(10))) struct ChatMessageTests {
    @Test func aThumbnailDraggedFromAnAlertReachesTheRoomWithItsSourceAndScribble() async throws {
        try await withHub { hub async throws in
            let hash = try await hub.thumbnail()
            let guardClient = hub.client("guard")
            let room = try await guardClient.subscribe("chat/hq/control")
            _ = try await collect(1, from: room)
            let operatorClient = hub.client("operator")
            let scribble: JSONValue = ["foreground": [[10, 12], [11, 13], [63, 47]], "background": [[0, 0]]]
            let sent = try await operatorClient.say(
                "chat/hq/control",
                [
                    "text": "Is this the man at gate B?", "attachments": [attachment(hash, alert: "al_abc", scribble: scribble)],
                ])
            let received = try await collect(1, from: room)[0]
            #expect(received.type == "message.posted" && received.from == "olga" && received.data["message"] == sent)
            let message = try #require(received.data["message"])
            #expect(message["seq"]?.numberValue == Double(try #require(received.seq)), "a message knows its place in the room")
            let dragged = try #require(message["attachments"]?.arrayValue?.first)
            #expect(dragged["thumbnail"]?.stringValue == hash && dragged["source"] == ["kind": "alert", "id": "al_abc", "ts": 1_767_225_600_000])
            #expect(dragged["scribble"] == scribble, "the scribble travels in image pixels")

            let onlyPicture = try await guardClient.say(
                "chat/hq/control",
                [
                    "attachments": [
                        ["thumbnail": .string(hash), "source": ["kind": "camera", "camera": "cam-3"]]
                    ]
                ])
            #expect(onlyPicture["text"] == nil && onlyPicture["attachments"]?.arrayValue?.count == 1, "a picture needs no text")
            for client in [guardClient, operatorClient] { await client.close() }
        }
    }

    @Test func badMessagesAreRefusedAndChangeNothing() async throws {
        try await withHub { hub async throws in
            let hash = try await hub.thumbnail()
            let client = hub.client("guard")
            _ = try await client.say("chat/hq/control", ["text": "first"])
            let forged = String(repeating: "ab", count: 32)
            let cases: [(String, JSONValue, String)] = [
                ("empty", [:], "invalid_data"),
                ("blank", ["text": "   \n"], "invalid_data"),
                ("too long", ["text": .string(String(repeating: "a", count: 4001))], "invalid_data"),
                ("text not a string", ["text": 42], "invalid_data"),
                ("a forged hash", ["text": "look", "attachments": [attachment(forged)]], "not_found"),
                ("not a hash", ["text": "look", "attachments": [attachment("cafe")]], "invalid_data"),
                ("nine attachments", ["attachments": .array(Array(repeating: attachment(hash), count: 9))], "invalid_data"),
                ("a source of no kind", ["attachments": [["thumbnail": .string(hash), "source": ["kind": "video", "id": "x"]]]], "invalid_data"),
                ("no source", ["attachments": [["thumbnail": .string(hash)]]], "invalid_data"),
                (
                    "a scribble off the image", ["attachments": [attachment(hash, scribble: ["foreground": [[64, 10]], "background": []])]],
                    "invalid_data"
                ),
                ("a scribble of no pixels", ["attachments": [attachment(hash, scribble: ["foreground": [[1.5, 2]]])]], "invalid_data"),
                (
                    "a scribble too long",
                    ["attachments": [attachment(hash, scribble: ["foreground": .array(Array(repeating: [1, 1], count: 4001))])]], "invalid_data"
                ),
                (
                    "a source id too long",
                    ["attachments": [["thumbnail": .string(hash), "source": ["kind": "alert", "id": .string(String(repeating: "a", count: 129))]]]],
                    "invalid_data"
                ),
                ("a reply to nothing", ["text": "yes", "replyTo": "msg_nothing"], "not_found"),
                ("repeat without urgent", ["text": "x", "repeatEvery": "5m"], "invalid_data"),
                ("a repeat of one unit thrice", ["text": "x", "urgent": true, "repeatEvery": "1m1m1m"], "invalid_data"),
                ("data not an object", ["just", "a", "list"], "invalid_data"),
            ]
            for (what, data, code) in cases {
                #expect(await refusalCode { _ = try await client.say("chat/hq/control", data) } == code, "\(what)")
            }
            #expect(try await client.eventTypes(of: "chat/hq/control") == ["message.posted"], "no refused message was stored")
            let state = try await collect(1, from: try await client.subscribe("chat/hq/control"))[0]
            #expect(state.data["messages"]?.arrayValue?.map { $0["text"] } == ["first"])
            #expect(try await client.query(topic: "chat/hq", type: "search", data: ["q": "look"])["messages"] == [], "nor indexed")
            await client.close()
        }
    }

    @Test func editsAndDeletionsKeepEveryVersionInTheLogAndMarkTheState() async throws {
        try await withHub { hub async throws in
            let guardClient = hub.client("guard")
            let operatorClient = hub.client("operator")
            let question = try await operatorClient.say("chat/hq/control", ["text": "Who has the van keys?"])
            let questionID = try #require(question["id"]?.stringValue)
            let answer = try await guardClient.say("chat/hq/control", ["text": "I do, at gate A", "replyTo": .string(questionID)])
            let answerID = try #require(answer["id"]?.stringValue)
            #expect(answer["replyTo"]?.stringValue == questionID)

            let edited = try await guardClient.chat("chat/hq/control", "edit", ["message": .string(answerID), "text": "I do, at gate B"])
            #expect(edited["data"]?["message"]?["text"] == "I do, at gate B" && edited["data"]?["message"]?["edited"] == true)
            #expect(
                await refusalCode {
                    _ = try await operatorClient.chat("chat/hq/control", "edit", ["message": .string(answerID), "text": "mine now"])
                } == "forbidden", "someone else's message")
            #expect(
                await refusalCode { _ = try await guardClient.chat("chat/hq/control", "delete", ["message": .string(questionID)]) } == "forbidden",
                "a guard deletes only their own")
            #expect(
                await refusalCode { _ = try await guardClient.chat("chat/hq/control", "edit", ["message": .string(answerID), "text": " "]) }
                    == "invalid_data")
            #expect(
                await refusalCode { _ = try await guardClient.chat("chat/hq/control", "edit", ["message": "msg_none", "text": "x"]) } == "not_found")

            _ = try await operatorClient.chat("chat/hq/control", "delete", ["message": .string(answerID)])
            #expect(
                await refusalCode { _ = try await guardClient.chat("chat/hq/control", "edit", ["message": .string(answerID), "text": "back"]) }
                    == "invalid_transition", "a deleted message is not edited")
            #expect(
                await refusalCode { _ = try await operatorClient.chat("chat/hq/control", "delete", ["message": .string(answerID)]) }
                    == "invalid_transition")

            let log = try await guardClient.history(topic: "chat/hq/control")
            #expect(log.map(\.type) == ["message.posted", "message.posted", "message.edited", "message.deleted"])
            #expect(
                log[1].data["message"]?["text"] == "I do, at gate A" && log[2].data["message"]?["text"] == "I do, at gate B",
                "the log keeps every version")
            let state = try await collect(1, from: try await guardClient.subscribe("chat/hq/control"))[0]
            let shown = try #require(state.data["messages"]?.arrayValue)
            #expect(shown.count == 2 && shown[0]["text"] == "Who has the van keys?")
            #expect(
                shown[1]["deleted"] == true && shown[1]["deletedBy"] == "olga" && shown[1]["text"] == nil,
                "the state shows the latest: deleted, without its text")
            let found = try await guardClient.query(topic: "chat/hq", type: "search", data: ["q": "gate"])
            #expect(found["messages"] == [], "a deleted message is no longer found")
            for client in [guardClient, operatorClient] { await client.close() }
        }
    }
}
