import Foundation
import Testing
import VigilStore
import VigilTestSupport

/// A connection to PostgreSQL cut while its COMMIT is on the way: what the server decided is what
/// the hub says. A commit whose answer alone was lost is acknowledged (its event is stored: a client
/// told otherwise would publish it again, and the hub's subscribers would not get it); one the
/// server never received fails, and nothing of it is stored.
@Suite(.enabled(if: TestPostgres.serverURL != nil || TestPostgres.isRequired, "needs a PostgreSQL server (VIGIL_TEST_POSTGRES_URL)"))
struct InDoubtCommitTests {
    private func notice(_ text: String) -> NewEvent {
        NewEvent(topic: "notice/hq", type: "notice", ts: 1, from: "t", payload: #"{"text":"\#(text)"}"#)
    }

    /// The store, and the same store opened again through a relay that can cut its connections.
    private func storeBehindRelay() throws -> (store: TestStore, relay: CommitCuttingRelay, log: any EventStore) {
        let store = try TestStore.make(.postgres, migrations: [])
        guard let database = store.database as? PostgresDatabase else { throw TestPostgresError.noServer }
        let relay = try CommitCuttingRelay(to: database.location.port)
        var relayed = database.location
        relayed.host = "127.0.0.1"
        relayed.port = relay.port
        return (store, relay, try PostgresDatabase(location: relayed, migrations: []).makeEventLog())
    }

    @Test func aCommitWhoseAnswerIsLostIsAcknowledgedAndStoredOnce() async throws {
        let (store, relay, log) = try storeBehindRelay()
        defer { relay.stop() }
        _ = try await log.append([notice("before")])
        relay.arm(marker: "answer lost", cut: .afterTheServerHasTheCommit)
        let outcomes = try await log.append([notice("answer lost")])
        #expect(relay.cuts == 1, "the connection was cut after its COMMIT went out")
        guard case .stored(let stored, _) = outcomes.first else {
            Issue.record("not acknowledged: \(outcomes)")
            return
        }
        #expect(stored.seq == 2)
        _ = try await log.append([notice("after")])
        let texts = try await store.events(of: "notice/hq", after: 0, limit: 10).map(\.payload)
        #expect(texts == [#"{"text":"before"}"#, #"{"text":"answer lost"}"#, #"{"text":"after"}"#], "stored once, in order")
    }

    @Test func aCommitTheServerNeverReceivedFailsAndStoresNothing() async throws {
        let (store, relay, log) = try storeBehindRelay()
        defer { relay.stop() }
        relay.arm(marker: "never committed", cut: .beforeTheServerHasTheCommit)
        await #expect(throws: StoreError.self) { try await log.append([notice("never committed")]) }
        #expect(relay.cuts == 1, "the connection was cut before its COMMIT went out")
        _ = try await log.append([notice("after")])
        #expect(try await store.events(of: "notice/hq", after: 0, limit: 10).map(\.payload) == [#"{"text":"after"}"#])
    }
}
