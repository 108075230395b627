import Foundation
import Testing
import VigilClient
import VigilCore

/// Full-text search over the rooms a token may read, newest first and paged, over WebSocket and HTTP.
@Suite(.timeLimit(.minutes(10))) struct ChatSearchTests {
    @Test func searchFindsWordsNewestFirstInPagesAndNeverInAnotherSitesRooms() async throws {
        try await withHub { hub async throws in
            let operatorClient = hub.client("operator")
            _ = try await operatorClient.chat("chat/hq", "create_room", ["name": "Loading dock"])
            for index in 1...5 {
                _ = try await operatorClient.say("chat/hq/control", ["text": .string("Gate B check number \(index)")])
            }
            _ = try await operatorClient.say("chat/hq/loading-dock", ["text": "Truck at the gate"])
            _ = try await operatorClient.say("chat/hq/control", ["text": "Nothing to see"])
            let depot = hub.client("guard-depot")
            _ = try await depot.say("chat/depot/control", ["text": "Depot gate open"])

            let guardClient = hub.client("guard")
            let first = try await guardClient.query(topic: "chat/hq", type: "search", data: ["q": "gate", "limit": 4])
            let texts = first["messages"]?.arrayValue?.map { $0["text"]?.stringValue ?? "" } ?? []
            #expect(
                texts == ["Truck at the gate", "Gate B check number 5", "Gate B check number 4", "Gate B check number 3"],
                "newest first, across the site's rooms")
            let next = try #require(first["next"])
            let second = try await guardClient.query(topic: "chat/hq", type: "search", data: ["q": "gate", "limit": 4, "before": next])
            #expect(
                second["messages"]?.arrayValue?.map { $0["text"] } == ["Gate B check number 2", "Gate B check number 1"] && second["next"] == nil)
            let inRoom = try await guardClient.query(topic: "chat/hq", type: "search", data: ["q": "GATE", "room": "loading-dock"])
            #expect(inRoom["messages"]?.arrayValue?.map { $0["room"] } == ["loading-dock"], "one room, any case")
            #expect(try await guardClient.query(topic: "chat/hq", type: "search", data: ["q": "numb"])["messages"] == [], "words are whole words")
            let prefix = try await guardClient.query(topic: "chat/hq", type: "search", data: ["q": "check numb*"])
            #expect(prefix["messages"]?.arrayValue?.count == 5, "a trailing * makes the last word a prefix, for search as one types")
            let hostile = try await guardClient.query(topic: "chat/hq", type: "search", data: ["q": "gate\" OR NEAR(x* ^"])
            #expect(hostile["messages"] != nil, "FTS5 syntax from a client is only words")

            #expect(await refusalCode { _ = try await depot.query(topic: "chat/hq", type: "search", data: ["q": "gate"]) } == "forbidden")
            #expect(await refusalCode { _ = try await guardClient.query(topic: "chat/hq", type: "search", data: ["q": "  "]) } == "invalid_data")
            #expect(
                await refusalCode { _ = try await guardClient.query(topic: "chat/hq", type: "search", data: ["q": "x", "limit": 0]) }
                    == "invalid_data")
            #expect(
                await refusalCode { _ = try await guardClient.query(topic: "chat/hq/control", type: "search", data: ["q": "x"]) } == "unknown_type")
            #expect(await refusalCode { _ = try await hub.client("device").query(topic: "chat/hq", type: "search", data: ["q": "x"]) } == "forbidden")

            let http = try await hub.api("GET", "/api/sites/hq/chat/search?q=gate&limit=2", as: "guard")
            #expect(
                http.status == 200 && json(http.body)["messages"]?.arrayValue?.map { $0["text"] } == ["Truck at the gate", "Gate B check number 5"])
            #expect(try await hub.api("GET", "/api/sites/hq/chat/search?q=gate", as: "guard-depot").status == 403)
            #expect(try await hub.api("GET", "/api/sites/hq/chat/search?q=gate", as: "device").status == 403)
            #expect(try await hub.api("GET", "/api/sites/hq/chat/search?q=gate&limit=lots", as: "guard").status == 400)
            let depotOwn = json(try await hub.api("GET", "/api/sites/depot/chat/search?q=gate", as: "guard-depot").body)
            #expect(depotOwn["messages"]?.arrayValue?.map { $0["text"] } == ["Depot gate open"])

            let older = try await guardClient.query(topic: "chat/hq/control", type: "messages", data: ["before": 3, "limit": 1])
            #expect(older["messages"]?.arrayValue?.map { $0["text"] } == ["Gate B check number 2"] && older["next"] == 2)
            for client in [operatorClient, depot, guardClient] { await client.close() }
        }
    }
}
