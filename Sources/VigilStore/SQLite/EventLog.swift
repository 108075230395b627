import GRDB
import Synchronization
import VigilCore

/// The SQLite event store: appends batches in one transaction, numbering each topic's events from 1
/// with no gap and no repeat, runs each event's domain effect in that transaction, and reads events
/// and domain state back.
public final class EventLog: EventStore {
    private let database: VigilDatabase
    /// Last committed `seq` per topic. The hub process is the only writer, so the cache stays true;
    /// it is updated only after a commit succeeds.
    private let heads = Mutex<[String: UInt64]>([:])

    public init(database: VigilDatabase) {
        self.database = database
    }

    public var epoch: String { database.epoch }
    /// SQLite writes one transaction at a time.
    public var concurrentWriters: Int { 1 }

    /// Appends the batch in one transaction (one fsync) and tells, in the order given, what became
    /// of each event. Every event not refused by its effect is stored, or (on an error) none is.
    public func append(_ batch: [NewEvent]) async throws(StoreError) -> [AppendOutcome] {
        try await database.writeSQLite { db in
            // Runs on the single writer queue, so reading and updating the cache here is serialized.
            let (outcomes, newHeads) = try BatchAppender.append(batch, in: SQLiteTransaction(db: db), knownHeads: self.heads.withLock { $0 })
            db.afterNextTransaction { _ in
                self.heads.withLock { cache in cache.merge(newHeads) { _, new in new } }
            }
            return outcomes
        }
    }

    /// The last `seq` committed on `topic`, 0 when it has none.
    public func head(of topic: String) async throws(StoreError) -> UInt64 {
        if let cached = heads.withLock({ $0[topic] }) { return cached }
        return try await database.readSQLite { db in try SQLiteTransaction(db: db).head(of: topic) }
    }

    /// Events of `topic` after `seq`, oldest first, at most `limit`.
    public func events(of topic: String, after seq: UInt64, limit: Int) async throws(StoreError) -> [StoredEvent] {
        try await fetch(
            sql: "SELECT topic, seq, type, ts, sender, payload FROM events WHERE topic = ? AND seq > ? ORDER BY seq LIMIT ?",
            arguments: [topic, Int64(clamping: seq), limit])
    }

    /// The newest `limit` events of `topic` before `seq` (all when nil), returned oldest first.
    public func history(of topic: String, before seq: UInt64?, limit: Int) async throws(StoreError) -> [StoredEvent] {
        let page = try await fetch(
            sql: "SELECT topic, seq, type, ts, sender, payload FROM events WHERE topic = ? AND seq < ? ORDER BY seq DESC LIMIT ?",
            arguments: [topic, Int64(clamping: seq ?? UInt64(Int64.max)), limit])
        return page.reversed()
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T {
        try await database.readSQLite { db in try body(SQLiteTransaction(db: db)) }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T {
        try await database.write(body)
    }

    private func fetch(sql: String, arguments: StatementArguments) async throws(StoreError) -> [StoredEvent] {
        try await database.readSQLite { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
                StoredEvent(
                    topic: row[0], seq: UInt64(row[1] as Int64), type: row[2], ts: row[3], from: row[4], payload: row[5])
            }
        }
    }
}
