import Synchronization
import Testing
import VigilStore
import VigilTestSupport

extension PostgresRelay {
    /// A new store, and the same store opened again through a relay that can fail its connections.
    static func inFrontOfANewStore() throws -> (store: TestStore, relay: PostgresRelay, log: any EventStore) {
        let store = try TestStore.make(.postgres, migrations: [])
        guard let database = store.database as? PostgresDatabase else { throw TestPostgresError.noServer }
        let relay = try PostgresRelay(to: database.location.port)
        var relayed = database.location
        relayed.host = "127.0.0.1"
        relayed.port = relay.port
        return (store, relay, try PostgresDatabase(location: relayed, migrations: []).makeEventLog())
    }
}

/// What a follower delivered, as the events' data.
final class Followed: Sendable {
    let texts = Mutex<[String]>([])

    /// Whether the follower has delivered exactly `expected` within `time`.
    func waitFor(_ expected: [String], within time: Duration = .seconds(10)) async throws -> Bool {
        let deadline = ContinuousClock.now + time
        while ContinuousClock.now < deadline {
            if texts.withLock({ $0 }) == expected { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the follower delivered \(texts.withLock { $0 })")
        return false
    }
}

extension Followed {
    /// Has another writer (`store`) publish notices until the follower delivers one (it follows from
    /// where it first connected, which it does in its own time), then one more, and waits for that
    /// one: what the follower has delivered then is all it will ever deliver of them, however slow
    /// the machine. A sleep instead let a late one arrive after the test took its list.
    func catchUp(writing store: TestStore, _ notice: (String) -> NewEvent) async throws -> [String] {
        for _ in 0..<50 where texts.withLock({ $0.isEmpty }) {
            _ = try await store.append([notice("another hub's")])
            try await Task.sleep(for: .milliseconds(200))
        }
        let last = notice("followed")
        _ = try await store.append([last])
        let deadline = ContinuousClock.now + .seconds(30)
        while texts.withLock({ $0.last }) != last.payload, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        return texts.withLock { $0 }
    }
}
