import Foundation
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

/// Two `vigil serve` processes on one PostgreSQL store count their connections together: who is
/// present on a topic, and how many connections a token holds.
@Suite(
    .timeLimit(.minutes(10)),
    .enabled(if: TestPostgres.serverURL != nil || TestPostgres.isRequired, "needs a PostgreSQL server (VIGIL_TEST_POSTGRES_URL)"))
struct SeveralHubsPresenceTests {
    /// A member on node b is told to a's presence subscriber as a join and listed to a's later
    /// ones; a token at its limit of two on a is refused a third connection on b; when b is killed
    /// (-9), its member leaves on a within the roster's lifetime (10 s) and a second.
    @Test func presenceAndTheConnectionLimitSpanTheNodes() async throws {
        let nodes = try await HubNodes(serveOptions: ["--max-connections-per-token", "2"])
        let watcher = nodes.client(of: nodes.a, nodes.operatorToken)
        let presence = try await watcher.subscribe("presence/notice/hq")
        #expect(try await collect(1, from: presence).first?.data["members"] == [], "nobody yet")

        let member = nodes.client(of: nodes.b, nodes.adminToken)
        _ = try await member.subscribe("notice/hq")
        let joined = try await collect(1, from: presence)
        #expect(joined.map(\.type) == ["presence.join"] && joined.first?.data["user"] == "root", "\(joined)")

        let late = nodes.client(of: nodes.a, nodes.operatorToken)
        let latePresence = try await late.subscribe("presence/notice/hq")
        let state = try await collect(1, from: latePresence)
        #expect(state.first?.data["members"]?.arrayValue?.compactMap { $0["user"]?.stringValue } == ["root"], "\(state)")

        // The operator's token holds its two connections on a: b refuses it a third once a has
        // told it so, a second or so later.
        let refused = await eventually(timeout: .seconds(10)) {
            let third = nodes.client(of: nodes.b, nodes.operatorToken)
            let refusedAsTooMany: Bool
            do {
                _ = try await third.subscribe("notice/hq")
                refusedAsTooMany = false
            } catch ClientError.rejected(let code, _) {
                refusedAsTooMany = code == CloseCode.tooManyConnections.rawValue
            } catch {
                refusedAsTooMany = false
            }
            await third.close()
            return refusedAsTooMany
        }
        #expect(refused, "a third connection of the token, on the other node, is refused")

        nodes.b.kill()
        // The operator's attempts at a third connection above may have come and gone on b before b
        // knew the limit: their joins and leaves come first; then root, b's member, leaves.
        var heard: [Event] = []
        let rootLeft = { heard.contains { $0.type == "presence.leave" && $0.data["user"] == "root" } }
        while !rootLeft() {
            heard += try await collect(1, from: presence, timeout: .seconds(20))
        }
        #expect(heard.allSatisfy { $0.data["user"] != "root" || $0.type == "presence.leave" }, "\(heard)")

        for client in [watcher, member, late] { await client.close() }
        await nodes.stop()
    }
}
