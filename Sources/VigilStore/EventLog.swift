import GRDB
import Synchronization

/// The durable event log: appends batches in one transaction, numbering each topic's events from 1
/// with no gap and no repeat, and reads them back by sequence.
public final class EventLog: Sendable {
    private let database: VigilDatabase
    /// Last committed `seq` per topic. The hub process is the only writer, so the cache stays true;
    /// it is updated only after a commit succeeds.
    private let heads = Mutex<[String: UInt64]>([:])

    public init(database: VigilDatabase) {
        self.database = database
    }

    public var epoch: String { database.epoch }

    /// Appends the batch in one transaction (one fsync) and returns the events with their `seq`,
    /// in the order given. Either every event is stored or none is.
    public func append(_ batch: [NewEvent]) async throws -> [StoredEvent] {
        try await database.pool.write { db in
            // Runs on the single writer queue, so reading and updating the cache here is serialized.
            let known = self.heads.withLock { $0 }
            let (stored, newHeads) = try Self.insert(batch, knownHeads: known, into: db)
            db.afterNextTransaction { _ in
                self.heads.withLock { cache in cache.merge(newHeads) { _, new in new } }
            }
            return stored
        }
    }

    private static func insert(_ batch: [NewEvent], knownHeads: [String: UInt64], into db: Database) throws
        -> ([StoredEvent], [String: UInt64])
    {
        var newHeads: [String: UInt64] = [:]
        var stored: [StoredEvent] = []
        stored.reserveCapacity(batch.count)
        let insertEvent = try db.cachedStatement(
            sql: "INSERT INTO events (topic, seq, type, ts, sender, payload) VALUES (?, ?, ?, ?, ?, ?)")
        for event in batch {
            let previous: UInt64
            if let head = newHeads[event.topic] ?? knownHeads[event.topic] {
                previous = head
            } else {
                previous = try storedHead(of: event.topic, db)
            }
            let seq = previous + 1
            newHeads[event.topic] = seq
            try insertEvent.execute(arguments: [event.topic, Int64(seq), event.type, event.ts, event.from, event.payload])
            stored.append(StoredEvent(topic: event.topic, seq: seq, type: event.type, ts: event.ts, from: event.from, payload: event.payload))
        }
        let upsertHead = try db.cachedStatement(
            sql: "INSERT INTO topic_heads (topic, head) VALUES (?, ?) ON CONFLICT (topic) DO UPDATE SET head = excluded.head")
        for (topic, head) in newHeads {
            try upsertHead.execute(arguments: [topic, Int64(head)])
        }
        return (stored, newHeads)
    }

    private static func storedHead(of topic: String, _ db: Database) throws -> UInt64 {
        UInt64(try Int64.fetchOne(db, sql: "SELECT head FROM topic_heads WHERE topic = ?", arguments: [topic]) ?? 0)
    }

    /// The last `seq` committed on `topic`, 0 when it has none.
    public func head(of topic: String) async throws -> UInt64 {
        if let cached = heads.withLock({ $0[topic] }) { return cached }
        return try await database.pool.read { db in try Self.storedHead(of: topic, db) }
    }

    /// Events of `topic` after `seq`, oldest first, at most `limit`.
    public func events(of topic: String, after seq: UInt64, limit: Int) async throws -> [StoredEvent] {
        try await fetch(
            sql: "SELECT topic, seq, type, ts, sender, payload FROM events WHERE topic = ? AND seq > ? ORDER BY seq LIMIT ?",
            arguments: [topic, Int64(clamping: seq), limit])
    }

    /// The newest `limit` events of `topic` before `seq` (all when nil), returned oldest first.
    public func history(of topic: String, before seq: UInt64?, limit: Int) async throws -> [StoredEvent] {
        let page = try await fetch(
            sql: "SELECT topic, seq, type, ts, sender, payload FROM events WHERE topic = ? AND seq < ? ORDER BY seq DESC LIMIT ?",
            arguments: [topic, Int64(clamping: seq ?? UInt64(Int64.max)), limit])
        return page.reversed()
    }

    private func fetch(sql: String, arguments: StatementArguments) async throws -> [StoredEvent] {
        try await database.pool.read { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
                StoredEvent(
                    topic: row[0], seq: UInt64(row[1] as Int64), type: row[2], ts: row[3], from: row[4], payload: row[5])
            }
        }
    }
}
