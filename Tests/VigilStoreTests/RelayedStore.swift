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
