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

    /// Appends the batch in one transaction (one fsync) and tells, in the order given, what became
    /// of each event. Every event not refused by its effect is stored, or (on an error) none is.
    public func append(_ batch: [NewEvent]) async throws(StoreError) -> [AppendOutcome] {
        try await database.write { db in
            // Runs on the single writer queue, so reading and updating the cache here is serialized.
            var writer = BatchWriter(db: db, knownHeads: self.heads.withLock { $0 })
            let outcomes = try batch.map { try writer.append($0) }
            let newHeads = try writer.finish()
            db.afterNextTransaction { _ in
                self.heads.withLock { cache in cache.merge(newHeads) { _, new in new } }
            }
            return outcomes
        }
    }

    /// Writes one batch inside its transaction, numbering each topic on from its head.
    private struct BatchWriter {
        let db: Database
        let knownHeads: [String: UInt64]
        var newHeads: [String: UInt64] = [:]

        init(db: Database, knownHeads: [String: UInt64]) {
            self.db = db
            self.knownHeads = knownHeads
        }

        mutating func append(_ event: NewEvent) throws -> AppendOutcome {
            var event = event
            var mirrors: [String] = []
            if let effect = event.effect {
                if event.logged { event.seq = try nextSeq(on: event.topic) }
                var refusal: (any EffectRefusal)?
                let actions = CommitActions()
                try db.inSavepoint {
                    do {
                        mirrors = try effect.apply(to: &event, in: SQLiteTransaction(db: db, effectActions: actions))
                        return .commit
                    } catch let error as any EffectRefusal {
                        refusal = error
                        return .rollback
                    }
                }
                if let refusal { return .refused(refusal) }
                actions.schedule(in: db)
            }
            guard event.logged else { return .written(event) }
            let stored = try insert(event, on: event.topic)
            return .stored(stored, mirrors: try mirrors.map { try insert(event, on: $0) })
        }

        private func nextSeq(on topic: String) throws -> UInt64 {
            try (newHeads[topic] ?? knownHeads[topic] ?? SQLiteTransaction(db: db).head(of: topic)) + 1
        }

        private mutating func insert(_ event: NewEvent, on topic: String) throws -> StoredEvent {
            let seq = try nextSeq(on: topic)
            newHeads[topic] = seq
            try db.cachedStatement(sql: "INSERT INTO events (topic, seq, type, ts, sender, payload) VALUES (?, ?, ?, ?, ?, ?)")
                .execute(arguments: [topic, Int64(seq), event.type, event.ts, event.from, event.payload])
            return StoredEvent(topic: topic, seq: seq, type: event.type, ts: event.ts, from: event.from, payload: event.payload)
        }

        func finish() throws -> [String: UInt64] {
            let upsertHead = try db.cachedStatement(
                sql: "INSERT INTO topic_heads (topic, head) VALUES (?, ?) ON CONFLICT (topic) DO UPDATE SET head = excluded.head")
            for (topic, head) in newHeads {
                try upsertHead.execute(arguments: [topic, Int64(head)])
            }
            return newHeads
        }
    }

    /// The last `seq` committed on `topic`, 0 when it has none.
    public func head(of topic: String) async throws(StoreError) -> UInt64 {
        if let cached = heads.withLock({ $0[topic] }) { return cached }
        return try await database.read { db in try SQLiteTransaction(db: db).head(of: topic) }
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
        try await database.read { db in try body(SQLiteTransaction(db: db)) }
    }

    private func fetch(sql: String, arguments: StatementArguments) async throws(StoreError) -> [StoredEvent] {
        try await database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
                StoredEvent(
                    topic: row[0], seq: UInt64(row[1] as Int64), type: row[2], ts: row[3], from: row[4], payload: row[5])
            }
        }
    }
}
