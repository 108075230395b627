import Foundation
import Testing
import VigilClient
import VigilCore

/// What reaches a person beyond the room they watch: mentions and urgent messages on their inbox,
/// repeated by the hub's clock until acknowledged; read markers shared by their devices; typing.
@Suite(.timeLimit(.minutes(10))) struct ChatPeopleTests {
    @Test func aMentionReachesThePersonsInboxWhichResumesWithSince() async throws {
        try await withHub { hub async throws in
            let phone = hub.client("guard")
            let inbox = try await phone.subscribe("inbox/hq/gus")
            let start = try await collect(1, from: inbox)[0]
            #expect(start.type == "state" && start.data["rooms"] == [] && start.data["urgent"] == [])
            let operatorClient = hub.client("operator")
            _ = try await operatorClient.say("chat/hq/control", ["text": "Quiet night so far"])
            let mention = try await operatorClient.say("chat/hq/control", ["text": "@gus can you check gate B? (cc anna@example.com, @nobody)"])
            #expect(mention["mentions"] == ["gus"], "only people who chat on the site are mentioned; an address is not a mention")
            let reached = try await collect(1, from: inbox)[0]
            #expect(
                reached.type == "message.posted" && reached.seq == 1 && reached.data["message"]?["id"] == mention["id"],
                "only the mention, not the room's chatter")
            _ = try await operatorClient.say("chat/hq/control", ["text": "@gus. and the van too"])
            await phone.close()

            let tablet = hub.client("guard")
            let resumed = try await collect(1, from: try await tablet.subscribe("inbox/hq/gus", since: 1))[0]
            #expect(resumed.seq == 2 && resumed.data["message"]?["text"] == "@gus. and the van too", "missed mentions come back with since")
            #expect(await refusalCode { _ = try await tablet.subscribe("inbox/hq/olga") } == "forbidden", "an inbox is its owner's alone")
            #expect(await refusalCode { _ = try await hub.client("device").subscribe("inbox/hq/pir-1") } == "forbidden")
            for client in [operatorClient, tablet] { await client.close() }
        }
    }

    /// A guard of the depot named `op1`, like an operator of hq, once read by `history` and live on
    /// `inbox/op1` every hq message that mentioned `@op1` or asked op1 to acknowledge it. A person
    /// is a name within a site: each has their own inbox, `inbox/{site}/{name}`.
    @Test func aNameOfAnotherSiteIsAnotherPerson() async throws {
        try await withHub { hub async throws in
            let hqPerson = hub.client(secret: try await hub.issueToken(.operator, name: "op1", sites: ["hq"]))
            let depotSecret = try await hub.issueToken(.guard, name: "op1", sites: ["depot"])
            let depotPerson = hub.client(secret: depotSecret)
            let hqInbox = try await hqPerson.subscribe("inbox/hq/op1")
            #expect(try await collect(1, from: hqInbox)[0].data["urgent"] == [])
            let depotInbox = try await depotPerson.subscribe("inbox/depot/op1")
            let depotStart = try await collect(1, from: depotInbox)[0]
            #expect(depotStart.data["rooms"] == [] && depotStart.data["urgent"] == [])

            let operatorClient = hub.client("operator")
            let mention = try await operatorClient.say("chat/hq/control", ["text": "@op1 the code for gate B is 4471"])
            let urgent = try await operatorClient.say("chat/hq/control", ["text": "@op1 confirm the fire door", "urgent": true, "repeatEvery": "1m"])
            #expect(mention["mentions"] == ["op1"] && urgent["urgent"]?["recipients"] == [["name": "op1"]])
            try await hub.advance(by: .seconds(60))
            let reached = try await collect(3, from: hqInbox)
            #expect(reached.map(\.type) == ["message.posted", "message.posted", "urgent.repeated"], "hq's op1 still gets its inbox")
            #expect(reached.map { $0.data["message"]?["id"] } == [mention["id"], urgent["id"], urgent["id"]])

            // The depot's op1 sees none of it: not by history, live, state, nor the old topic.
            for topic in ["inbox/hq/op1", "inbox/+/op1"] {
                #expect(await refusalCode { _ = try await depotPerson.subscribe(topic) } == "forbidden", "\(topic)")
            }
            #expect(await refusalCode { _ = try await depotPerson.history(topic: "inbox/hq/op1") } == "forbidden")
            #expect(await refusalCode { _ = try await depotPerson.subscribe("inbox/op1") } == "invalid_topic")
            #expect(
                await refusalCode { _ = try await depotPerson.chat("chat/hq/control", "acknowledge", ["message": try #require(urgent["id"])]) }
                    == "forbidden")
            #expect(try await depotPerson.history(topic: "inbox/depot/op1").isEmpty)
            // Its inbox is live: the first event on it is the depot's own mention, not hq's.
            let admin = hub.client("admin")
            let depotMention = try await admin.say("chat/depot/control", ["text": "@op1 the depot van is back"])
            let first = try await collect(1, from: depotInbox)[0]
            #expect(first.seq == 1 && first.data["message"]?["id"] == depotMention["id"])
            let depotTablet = hub.client(secret: depotSecret)
            let depotState = try await collect(1, from: try await depotTablet.subscribe("inbox/depot/op1"))[0]
            #expect(
                depotState.data["urgent"] == [] && depotState.data["rooms"] == [["room": "chat/depot/control", "name": "Control room", "unread": 1]])
            let hqTablet = hub.client(secret: try await hub.issueToken(.operator, name: "op1", sites: ["hq"]))
            let hqState = try await collect(1, from: try await hqTablet.subscribe("inbox/hq/op1"))[0]
            #expect(hqState.data["urgent"]?.arrayValue?.map { $0["id"] } == [urgent["id"]], "hq's op1 on another device")
            for client in [hqPerson, hqTablet, depotPerson, depotTablet, operatorClient, admin] { await client.close() }
        }
    }

    @Test func anEditThatMentionsSomeoneNewReachesTheirInboxOnce() async throws {
        try await withHub { hub async throws in
            let operatorClient = hub.client("operator")
            let message = try await operatorClient.say("chat/hq/control", ["text": "Who checks the van?"])
            let id = try #require(message["id"])
            let edited = try await operatorClient.chat("chat/hq/control", "edit", ["message": id, "text": "Who checks the van? @gus"])
            #expect(edited["data"]?["message"]?["mentions"] == ["gus"])
            _ = try await operatorClient.chat("chat/hq/control", "edit", ["message": id, "text": "@gus please check the van"])
            let inbox = try await hub.client("guard").history(topic: "inbox/hq/gus")
            #expect(inbox.map(\.type) == ["message.edited"], "told once, when first mentioned")
            #expect(inbox.first?.data["message"]?["text"] == "Who checks the van? @gus")
            await operatorClient.close()
        }
    }

    @Test func readMarkersCountUnreadAndReachThePersonsOtherDevicesAtOnce() async throws {
        try await withHub { hub async throws in
            let operatorClient = hub.client("operator")
            var last = 0.0
            for text in ["one", "two", "three"] {
                last = try #require(try await operatorClient.say("chat/hq/control", ["text": .string(text)])["seq"]?.numberValue)
            }
            let phone = hub.client("guard")
            let tablet = hub.client("guard")
            let tabletInbox = try await tablet.subscribe("inbox/hq/gus")
            #expect(try await collect(1, from: tabletInbox)[0].data["rooms"] == [["room": "chat/hq/control", "name": "Control room", "unread": 3]])
            let before = try await collect(1, from: try await phone.subscribe("chat/hq/control"))[0]
            #expect(before.data["read"] == 0 && before.data["unread"] == 3)

            _ = try await phone.chat("inbox/hq/gus", "read", ["room": "chat/hq/control", "seq": .number(last - 1)])
            let learnt = try await collect(1, from: tabletInbox)[0]
            #expect(
                learnt.type == "read.marked" && learnt.data == ["room": "chat/hq/control", "read": .number(last - 1), "unread": 1],
                "the other device learns the marker at once")
            _ = try await phone.chat("inbox/hq/gus", "read", ["room": "chat/hq/control", "seq": 1])
            #expect(try await collect(1, from: tabletInbox)[0].data["read"]?.numberValue == last - 1, "a marker never moves back")

            #expect(
                await refusalCode { _ = try await phone.chat("inbox/hq/gus", "read", ["room": "chat/hq/control", "seq": 99]) } == "invalid_data",
                "past the room's last event")
            #expect(
                await refusalCode { _ = try await phone.chat("inbox/hq/gus", "read", ["room": "chat/depot/control", "seq": 0]) } == "invalid_data",
                "a room of the inbox's site only")
            #expect(
                await refusalCode { _ = try await phone.chat("inbox/depot/gus", "read", ["room": "chat/depot/control", "seq": 0]) } == "forbidden")
            #expect(await refusalCode { _ = try await phone.chat("inbox/hq/gus", "read", ["room": "chat/hq/nowhere", "seq": 0]) } == "not_found")
            #expect(await refusalCode { _ = try await phone.chat("inbox/hq/olga", "read", ["room": "chat/hq/control", "seq": 1]) } == "forbidden")

            let after = try await collect(1, from: try await hub.client("guard").subscribe("chat/hq/control"))[0]
            #expect(after.data["read"]?.numberValue == last - 1 && after.data["unread"] == 1)
            let operatorState = try await collect(1, from: try await operatorClient.subscribe("chat/hq"))[0]
            #expect(operatorState.data["rooms"]?.arrayValue?.first?["unread"] == 0, "one's own messages are never unread; markers are per person")
            for client in [operatorClient, phone, tablet] { await client.close() }
        }
    }

    @Test func anUrgentMessageRepeatsOnTheHubsClockUntilEachRecipientAcknowledges() async throws {
        try await withHub { hub async throws in
            let operatorClient = hub.client("operator")
            let guardClient = hub.client("guard")
            let inbox = try await guardClient.subscribe("inbox/hq/gus")
            _ = try await collect(1, from: inbox)
            let urgent = try await operatorClient.say(
                "chat/hq/control", ["text": "Fire alarm east wing, confirm", "urgent": true, "repeatEvery": "2m"])
            let messageID = try #require(urgent["id"])
            #expect(urgent["urgent"] == ["repeatEveryMs": 120_000, "recipients": [["name": "gus"]]], "everyone else who chats on the site")
            #expect(try await collect(1, from: inbox)[0].type == "message.posted")

            try await hub.advance(by: .seconds(119))
            try await hub.advance(by: .seconds(1))
            let repeated = try await collect(1, from: inbox)[0]
            #expect(repeated.type == "urgent.repeated" && repeated.data["repeat"] == 1 && repeated.data["message"]?["id"] == messageID)
            #expect(
                await refusalCode { _ = try await operatorClient.chat("chat/hq/control", "acknowledge", ["message": messageID]) } == "forbidden",
                "the sender is not asked")

            let acknowledged = try await guardClient.chat("chat/hq/control", "acknowledge", ["message": messageID])
            #expect(acknowledged["data"]?["by"] == "gus" && acknowledged["data"]?["pending"] == [])
            #expect(
                await refusalCode { _ = try await guardClient.chat("chat/hq/control", "acknowledge", ["message": messageID]) }
                    == "invalid_transition", "once")
            try await hub.advance(by: .seconds(600))
            let state = try await collect(1, from: try await operatorClient.subscribe("chat/hq/control"))[0]
            let shown = try #require(state.data["messages"]?.arrayValue?.first)
            #expect(shown["urgent"]?["recipients"]?.arrayValue?.first?["acknowledgedAt"] != nil, "the sender sees who has acknowledged")
            #expect(
                try await guardClient.eventTypes(of: "inbox/hq/gus") == ["message.posted", "urgent.repeated"], "no repeat after the acknowledgement")

            // A cancelled request stops repeating and takes no acknowledgement.
            let second = try await operatorClient.say("chat/hq/control", ["text": "@gus call me", "urgent": true])
            #expect(second["urgent"]?["repeatEveryMs"] == 180_000)
            _ = try await operatorClient.chat("chat/hq/control", "cancel_urgent", ["message": try #require(second["id"])])
            try await hub.advance(by: .seconds(600))
            #expect(try await guardClient.eventTypes(of: "inbox/hq/gus") == ["message.posted", "urgent.repeated", "message.posted"])
            #expect(
                await refusalCode { _ = try await guardClient.chat("chat/hq/control", "acknowledge", ["message": try #require(second["id"])]) }
                    == "invalid_transition")
            let plain = try await operatorClient.say("chat/hq/control", ["text": "not urgent"])
            #expect(
                await refusalCode { _ = try await guardClient.chat("chat/hq/control", "acknowledge", ["message": try #require(plain["id"])]) }
                    == "invalid_transition")
            #expect(
                await refusalCode { _ = try await guardClient.chat("chat/hq/control", "cancel_urgent", ["message": try #require(second["id"])]) }
                    == "invalid_transition")
            for client in [operatorClient, guardClient] { await client.close() }
        }
    }

    @Test func typingIsEphemeralRateLimitedAndEndsByItself() async throws {
        try await withHub { hub async throws in
            let operatorClient = hub.client("operator")
            let typing = try await operatorClient.subscribe("typing/hq/control")
            let guardClient = hub.client("guard")
            let said = try await guardClient.chat("typing/hq/control", "typing", [:])
            let seen = try await collect(1, from: typing)[0]
            #expect(
                try seen.from == "gus" && seen.seq == nil && seen.data.decode(ChatTyping.self) == ChatTyping(until: seen.ts + 5_000),
                "it lasts five seconds unless said again")
            #expect(said["seq"] == nil)
            #expect(await refusalCode { _ = try await guardClient.chat("typing/hq/control", "typing", [:]) } == "rate_limited")
            try await hub.advance(by: .seconds(2))
            try await guardClient.typing(in: "chat/hq/control")
            try await guardClient.typing(in: "chat/hq/control", stopped: true)
            let again = try await collect(2, from: typing).map { try $0.data.decode(ChatTyping.self) }
            #expect(again.map(\.stopped) == [nil, true] && again.last == .stoppedTyping, "said again through the client, then stopped")
            #expect(await refusalCode { _ = try await guardClient.chat("typing/hq/control", "typing", ["stopped": true]) } == "invalid_transition")
            #expect(await refusalCode { _ = try await hub.client("guard-depot").chat("typing/hq/control", "typing", [:]) } == "forbidden")
            #expect(try await operatorClient.history(topic: "typing/hq/control").isEmpty, "never stored")
            for client in [operatorClient, guardClient] { await client.close() }
        }
    }
}
