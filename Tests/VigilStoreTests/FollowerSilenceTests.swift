import Foundation
import Synchronization
import Testing
import VigilStore
import VigilTestSupport

/// A follower whose connection to PostgreSQL goes silent (the network dropped it without a word,
/// or postgres-nio lost a query written as the connection closed): it connects again and misses
/// nothing, and it stops when told to, as the hub's shutdown tells it, instead of waiting for ever.
@Suite(.enabled(if: TestPostgres.serverURL != nil || TestPostgres.isRequired, "needs a PostgreSQL server (VIGIL_TEST_POSTGRES_URL)"))
struct FollowerSilenceTests {
    private func notice(_ text: String) -> NewEvent {
        NewEvent(topic: "notice/hq", type: "notice", ts: 1, from: "t", payload: #"{"text":"\#(text)"}"#)
    }

    /// A follower following through the relay, and what it delivered, once it delivers.
    private func following(_ store: TestStore, _ log: any EventStore) async throws -> (Task<Void, Never>, Followed, [String]) {
        let follower = try #require(log.makeFollower())
        let followed = Followed()
        let task = Task { await follower.follow { events in followed.texts.withLock { $0 += events.map(\.payload) } } }
        let delivered = try await followed.catchUp(writing: store, notice)
        #expect(!delivered.isEmpty, "the follower is following")
        return (task, followed, delivered)
    }

    @Test func aFollowerWhoseConnectionGoesSilentConnectsAgainAndMissesNothing() async throws {
        let (store, relay, log) = try PostgresRelay.inFrontOfANewStore()
        defer { relay.stop() }
        let (task, followed, before) = try await following(store, log)
        defer { task.cancel() }
        relay.silenceOpenConnections()
        _ = try await store.append([notice("while it was silent")])
        // Its read goes unanswered for the follower's 15 s before it connects again.
        #expect(try await followed.waitFor(before + [#"{"text":"while it was silent"}"#], within: .seconds(40)), "delivered once, late")
        _ = try await store.append([notice("after")])
        #expect(try await followed.waitFor(before + [#"{"text":"while it was silent"}"#, #"{"text":"after"}"#]))
    }

    @Test func aFollowerWaitingOnASilentConnectionStopsWhenCancelled() async throws {
        let (store, relay, log) = try PostgresRelay.inFrontOfANewStore()
        defer { relay.stop() }
        let (task, _, _) = try await following(store, log)
        relay.silenceOpenConnections()
        // It reads every 500 ms: by now a read is waiting for an answer that will not come.
        try await Task.sleep(for: .milliseconds(1500))
        let stopped = Stopped()
        Task {
            await task.value
            stopped.flag.store(true, ordering: .releasing)
        }
        task.cancel()
        let deadline = ContinuousClock.now + .seconds(5)
        while !stopped.flag.load(ordering: .acquiring), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let returned = stopped.flag.load(ordering: .acquiring)
        #expect(returned, "the follower returned within 5 s of being cancelled")
    }
}

private final class Stopped: Sendable {
    let flag = Atomic(false)
}
