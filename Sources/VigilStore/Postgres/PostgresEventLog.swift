import Synchronization
import VigilCore

/// The PostgreSQL event store: the same appends, numbering and reads as SQLite's `EventLog`, safe
/// with several writers (this hub's, and other hubs') on one server. A batch first locks the scope
/// of each of its topics (the site, for site-scoped kinds) for its transaction, in one order, so
/// writers of one site take turns (per-topic `seq` with no gap or repeat, a domain's transition
/// decided once) while those of other sites commit beside them. Heads are read from `topic_heads`
/// under those locks, never cached: another hub may have moved them. Its follower delivers what
/// the other hubs commit (`PostgresEventFollower`).
public final class PostgresEventLog: EventStore {
    private let database: PostgresDatabase
    /// The transactions of this log's appends, which its follower leaves out.
    private let own = PostgresOwnTransactions()

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public var epoch: String { database.epoch }
    public var concurrentWriters: Int { PostgresDatabase.writerConnections }

    public func append(_ batch: [NewEvent]) async throws(StoreError) -> [AppendOutcome] {
        let attempt = AppendAttempt()
        do {
            return try await database.lanes.write { [own] transaction in
                for scope in Set(batch.map { TopicScope.of($0.topic) }).sorted() {
                    try transaction.execute("SELECT pg_advisory_xact_lock(1, hashtext(?))", [String(scope)])
                }
                // Taken under the locks, so a topic's transactions are numbered in its commit order;
                // known before the commit, so the follower never takes this hub's events for
                // another's, and so a commit whose answer is lost can be asked about.
                if let id = try transaction.id(), own.isKept {
                    own.record(id)
                    attempt.transaction.withLock { $0 = id }
                }
                return try BatchAppender.append(batch, in: transaction).outcomes
            }
        } catch {
            // Failed, perhaps after all committed (a COMMIT whose outcome the server could not be
            // asked about): if it did, the follower delivers it as it would another hub's.
            if let id = attempt.transaction.withLock({ $0 }) { own.disown(id) }
            throw error
        }
    }

    public func makeFollower() -> (any EventFollower)? {
        PostgresEventFollower(location: database.location, own: own)
    }

    public func makeRoster() -> (any HubRoster)? {
        PostgresHubRoster(database: database)
    }

    public func head(of topic: String) async throws(StoreError) -> UInt64 {
        try await database.read { try $0.head(of: topic) }
    }

    public func events(of topic: String, after seq: UInt64, limit: Int) async throws(StoreError) -> [StoredEvent] {
        try await database.read { transaction in
            try transaction.fetchAll(
                EventRow.self, "SELECT topic, seq, type, ts, sender, payload FROM events WHERE topic = ? AND seq > ? ORDER BY seq LIMIT ?",
                [topic, Int64(clamping: seq), limit]
            ).map(\.event)
        }
    }

    public func history(of topic: String, before seq: UInt64?, limit: Int) async throws(StoreError) -> [StoredEvent] {
        try await database.read { transaction in
            try transaction.fetchAll(
                EventRow.self, "SELECT topic, seq, type, ts, sender, payload FROM events WHERE topic = ? AND seq < ? ORDER BY seq DESC LIMIT ?",
                [topic, Int64(clamping: seq ?? UInt64(Int64.max)), limit]
            ).map(\.event).reversed()
        }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T {
        try await database.read(body)
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T {
        try await database.write(body)
    }

    /// A row of `events`.
    private struct EventRow: Decodable {
        var topic: String
        var seq: Int64
        var type: String
        var ts: Int64
        var sender: String
        var payload: String

        var event: StoredEvent { StoredEvent(topic: topic, seq: UInt64(seq), type: type, ts: ts, from: sender, payload: payload) }
    }
}

/// The transaction an append last ran in, kept past its failure.
private final class AppendAttempt: Sendable {
    let transaction = Mutex<Int64?>(nil)
}
