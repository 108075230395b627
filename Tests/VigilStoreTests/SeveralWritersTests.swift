import Synchronization
import Testing
import VigilCore
import VigilStore
import VigilTestSupport

/// A domain's state for these tests: alerts that may be acknowledged once.
private let alertsTable = StoreMigration("test-1: alerts", sql: "CREATE TABLE alerts (id TEXT PRIMARY KEY, state TEXT NOT NULL)")

private struct AlreadyAcknowledged: EffectRefusal {}

/// Acknowledges an alert as a domain decides a transition: read the state, refuse or write.
private struct Acknowledge: DomainEffect {
    let alert: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard try transaction.fetchText("SELECT state FROM alerts WHERE id = ?", [alert]) == "raised" else { throw AlreadyAcknowledged() }
        try transaction.execute("UPDATE alerts SET state = 'acknowledged' WHERE id = ?", [alert])
        return []
    }
}

/// PostgreSQL is the store several hubs share: what each hub's writer does must hold with the
/// others writing to the same database at the same moment.
@Suite struct SeveralWritersTests {
    private static var postgres: [StoreBackEnd] { StoreBackEnd.available.filter { $0 == .postgres } }

    private func event(_ topic: String, effect: (any DomainEffect)? = nil) -> NewEvent {
        NewEvent(topic: topic, type: "notice", ts: 1, from: "t", payload: "{}", effect: effect)
    }

    @Test(arguments: postgres) func seqHasNoGapAndNoRepeatWithFourWritersOnOneTopic(_ backEnd: StoreBackEnd) async throws {
        let first = try TestStore.make(backEnd, migrations: [])
        let writers = try [first] + (1..<4).map { _ in try first.reopened(migrations: []) }
        let seqs = try await withThrowingTaskGroup(of: [UInt64].self) { group in
            for writer in writers {
                group.addTask {
                    var mine: [UInt64] = []
                    for _ in 0..<25 {
                        let outcomes = try await writer.append([event("notes/hq"), event("notes/depot"), event("notes/hq")])
                        mine += outcomes.compactMap { if case .stored(let stored, _) = $0, stored.topic == "notes/hq" { stored.seq } else { nil } }
                    }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(seqs.sorted() == Array(1...200), "200 events on one topic from 4 writers: numbered 1 to 200, each once")
        #expect(try await first.events(of: "notes/hq", after: 0, limit: 1_000).map(\.seq) == Array(1...200))
        #expect(try await first.head(of: "notes/depot") == 100)
    }

    @Test(arguments: postgres) func twoWritersAcknowledgingOneAlertMakeOneAcknowledgement(_ backEnd: StoreBackEnd) async throws {
        let first = try TestStore.make(backEnd, migrations: [alertsTable])
        let second = try first.reopened(migrations: [alertsTable])
        for round in 0..<20 {
            try first.transaction { try $0.execute("INSERT INTO alerts (id, state) VALUES (?, 'raised')", ["al_\(round)"]) }
            async let one = first.append([event("alerts/hq", effect: Acknowledge(alert: "al_\(round)"))])
            async let other = second.append([event("alerts/hq", effect: Acknowledge(alert: "al_\(round)"))])
            let outcomes = try await one + other
            #expect(seqs(outcomes).compactMap { $0 }.count == 1, "round \(round): one acknowledgement is stored, the other refused")
        }
        #expect(try await first.head(of: "alerts/hq") == 20)
    }

    @Test(arguments: postgres) func everyCommitIsDurableBeforeItIsAcknowledged(_ backEnd: StoreBackEnd) async throws {
        let store = try TestStore.make(backEnd, migrations: [])
        #expect(try await store.read { try $0.fetchText("SHOW synchronous_commit", []) } == "on")
    }
}

/// The server may end the store's connections (a restart, a failover, an operator's
/// `pg_terminate_backend`): the store connects again instead of failing, or hanging, for good.
@Suite struct PostgresConnectionLossTests {
    @Test(arguments: StoreBackEnd.available.filter { $0 == .postgres })
    func aStoreWhoseConnectionsTheServerEndedConnectsAgain(_ backEnd: StoreBackEnd) async throws {
        let store = try TestStore.make(backEnd, migrations: [])
        let other = try store.reopened(migrations: [])
        _ = try await store.append([NewEvent(topic: "notes/hq", type: "notice", ts: 1, from: "t", payload: "{}")])
        // Another store on the same database ends every other session of it, as an operator would.
        let ended = try await other.read { transaction in
            try transaction.fetchInteger(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()", [])
        }
        #expect((ended ?? 0) >= 5, "the first store's writer and readers are ended: \(ended ?? 0)")
        var stored = 0
        for _ in 0..<3 {
            if let outcomes = try? await store.append([NewEvent(topic: "notes/hq", type: "notice", ts: 2, from: "t", payload: "{}")]) {
                stored += seqs(outcomes).count
            }
        }
        #expect(stored >= 2, "at most the first write after the loss fails; the next ones are stored")
        #expect(try await store.head(of: "notes/hq") == UInt64(1 + stored))
    }
}
