import Foundation
import Synchronization
import Testing
import VigilStore
import VigilTestSupport

/// A connection to PostgreSQL cut while its COMMIT is on the way: what the server decided is what
/// the hub says. A commit whose answer alone was lost is acknowledged (its event is stored: a client
/// told otherwise would publish it again, and the hub's subscribers would not get it); one the
/// server never received fails, and nothing of it is stored; one the server cannot be asked about
/// fails as unknown (`commit_unknown` to the client), and if it did commit, the hub's follower
/// delivers it.
@Suite(.enabled(if: TestPostgres.serverURL != nil || TestPostgres.isRequired, "needs a PostgreSQL server (VIGIL_TEST_POSTGRES_URL)"))
struct InDoubtCommitTests {
    private func notice(_ text: String) -> NewEvent {
        NewEvent(topic: "notice/hq", type: "notice", ts: 1, from: "t", payload: #"{"text":"\#(text)"}"#)
    }

    @Test func aCommitWhoseAnswerIsLostIsAcknowledgedAndStoredOnce() async throws {
        let (store, relay, log) = try PostgresRelay.inFrontOfANewStore()
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
        let (store, relay, log) = try PostgresRelay.inFrontOfANewStore()
        defer { relay.stop() }
        relay.arm(marker: "never committed", cut: .beforeTheServerHasTheCommit)
        let failure = await #expect(throws: StoreError.self) { try await log.append([notice("never committed")]) }
        #expect(failure?.isOutcomeUnknown == false, "the server said it did not commit")
        #expect(relay.cuts == 1, "the connection was cut before its COMMIT went out")
        _ = try await log.append([notice("after")])
        #expect(try await store.events(of: "notice/hq", after: 0, limit: 10).map(\.payload) == [#"{"text":"after"}"#])
    }

    @Test func aCommitWhoseOutcomeCannotBeAskedIsSaidUnknownAndTheFollowerDeliversIt() async throws {
        let (store, relay, log) = try PostgresRelay.inFrontOfANewStore()
        let follower = try #require(log.makeFollower())
        let followed = Followed()
        let following = Task { await follower.follow { events in followed.texts.withLock { $0 += events.map(\.payload) } } }
        defer {
            following.cancel()
            relay.stop()
        }
        let before = try await followed.catchUp(writing: store, notice)
        #expect(!before.isEmpty, "the follower is following")

        relay.arm(marker: "outcome unknown", cut: .afterTheServerHasTheCommit, thenRefusingConnectionsFor: .seconds(3))
        let failure = await #expect(throws: StoreError.self) { try await log.append([notice("outcome unknown")]) }
        #expect(failure?.isOutcomeUnknown == true, "said to be unknown, not failed: \(String(describing: failure))")
        let stored = try await store.events(of: "notice/hq", after: 0, limit: 100).map(\.payload)
        #expect(stored.filter { $0 == #"{"text":"outcome unknown"}"# }.count == 1, "it did commit")
        #expect(
            try await followed.waitFor(before + [#"{"text":"outcome unknown"}"#]), "the follower delivers, once, what the hub could not acknowledge")
    }
}

extension StoreError {
    fileprivate var isOutcomeUnknown: Bool {
        guard case .outcomeUnknown = self else { return false }
        return true
    }
}
