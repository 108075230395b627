import Testing
import VigilCore
import VigilTestSupport

@testable import VigilChat

/// Chat search reads a page the same on both back ends, however many of the newest messages
/// PostgreSQL reads in order before it asks the GIN index for the older ones: here 3, so that most
/// matches lie beyond them, and the hub's own number, which holds them all.
@Suite struct ChatSearchPagesTests {
    static let windows = [3, ChatTables.recentRows]

    @Test(arguments: StoreBackEnd.available, windows)
    func aPageIsTheSitesNewestMatchesWhereverTheyLie(_ backEnd: StoreBackEnd, recentRows: Int) async throws {
        let engine = try await Engine.start(on: backEnd)
        let hq = try await engine.connect("operator")
        _ = try await hq.publish("chat/hq", "create_room", ["name": "Dock"])
        func say(_ text: String, in room: String = "chat/hq/control", by session: Connection? = nil) async throws {
            _ = try await (session ?? hq).publish(room, "say", ["text": .string(text)])
        }
        try await say("gate alpha")
        try await say("gate beta", in: "chat/hq/dock")
        try await say("gate gamma")
        try await say("gate at the depot", in: "chat/depot/control", by: try await engine.connect("guard-depot"))
        for number in 1...6 { try await say("filler \(number)") }
        try await say("gate delta")
        try await say("filler 7")

        func page(_ data: JSONValue, site: String = "hq") throws -> [MessageRecord] {
            try engine.database.transaction { try ChatTables($0).search(ChatSearch(site: site, data), recentRows: recentRows) }
        }
        func texts(_ data: JSONValue, site: String = "hq") throws -> [String] { try page(data, site: site).map { $0.text ?? "" } }
        #expect(try texts(["q": "gate"]) == ["gate delta", "gate gamma", "gate beta", "gate alpha"], "newest first, the site's alone")
        #expect(try texts(["q": "gate", "limit": 2]) == ["gate delta", "gate gamma"])
        let next = try #require(try page(["q": "gate", "limit": 2]).last?.n)
        #expect(try texts(["q": "gate", "limit": 2, "before": JSONValue(encoding: next)]) == ["gate beta", "gate alpha"], "the next page")
        #expect(try texts(["q": "gate", "room": "dock"]) == ["gate beta"])
        #expect(try texts(["q": "filler", "limit": 2]) == ["filler 7", "filler 6"])
        #expect(try texts(["q": "gat*", "limit": 3]) == ["gate delta", "gate gamma", "gate beta"])
        #expect(try texts(["q": "gate alpha"]) == ["gate alpha"], "every word required")
        #expect(try texts(["q": "zebra"]) == [], "a word in no message")
        #expect(try texts(["q": "gate"], site: "depot") == ["gate at the depot"])
    }
}
