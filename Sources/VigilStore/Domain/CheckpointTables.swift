import GRDB

/// A patrol checkpoint: a guard must check in at it at least every `everyMs`.
public struct CheckpointRecord: Sendable, Equatable {
    public var site: String
    public var id: String
    public var name: String
    public var everyMs: Int64
    /// When the next check-in is due; past it, the checkpoint is missed.
    public var dueAt: Int64
    public var lastCheckInAt: Int64?
    public var lastGuard: String?
    public var createdAt: Int64

    public init(site: String, id: String, name: String, everyMs: Int64, createdAt: Int64) {
        self.site = site
        self.id = id
        self.name = name
        self.everyMs = everyMs
        self.dueAt = createdAt + everyMs
        self.createdAt = createdAt
    }

    init(row: Row) {
        self.init(site: row["site"], id: row["id"], name: row["name"], everyMs: row["every_ms"], createdAt: row["created_at"])
        dueAt = row["due_at"]
        lastCheckInAt = row["last_check_in_at"]
        lastGuard = row["last_guard"]
    }
}

extension DomainTransaction {
    public func insert(_ checkpoint: CheckpointRecord) throws {
        try db.execute(
            sql: "INSERT INTO checkpoints (site, id, name, every_ms, due_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [checkpoint.site, checkpoint.id, checkpoint.name, checkpoint.everyMs, checkpoint.dueAt, checkpoint.createdAt])
    }

    public func checkpoint(_ id: String, site: String) throws -> CheckpointRecord? {
        try Row.fetchOne(db, sql: "SELECT * FROM checkpoints WHERE site = ? AND id = ?", arguments: [site, id])
            .map(CheckpointRecord.init(row:))
    }

    public func checkpoints(of site: String) throws -> [CheckpointRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM checkpoints WHERE site = ? ORDER BY name, id", arguments: [site])
            .map(CheckpointRecord.init(row:))
    }

    /// Records a guard's check-in; the next one is due an interval later.
    public func recordCheckIn(at checkpoint: CheckpointRecord, guard name: String, time: Int64) throws {
        try db.execute(
            sql: "INSERT INTO check_ins (site, checkpoint, guard, at) VALUES (?, ?, ?, ?)",
            arguments: [checkpoint.site, checkpoint.id, name, time])
        try db.execute(
            sql: "UPDATE checkpoints SET last_check_in_at = ?, last_guard = ?, due_at = ? WHERE site = ? AND id = ?",
            arguments: [time, name, time + checkpoint.everyMs, checkpoint.site, checkpoint.id])
    }

    public func setDue(of checkpoint: CheckpointRecord, at time: Int64) throws {
        try db.execute(
            sql: "UPDATE checkpoints SET due_at = ? WHERE site = ? AND id = ?", arguments: [time, checkpoint.site, checkpoint.id])
    }

    /// Checkpoints whose check-in is overdue.
    public func checkpointsDue(at now: Int64) throws -> [CheckpointRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM checkpoints WHERE due_at <= ? ORDER BY due_at LIMIT 500", arguments: [now])
            .map(CheckpointRecord.init(row:))
    }

    /// The number of check-ins recorded at a checkpoint.
    public func checkInCount(at checkpoint: String, site: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM check_ins WHERE site = ? AND checkpoint = ?", arguments: [site, checkpoint]) ?? 0
    }
}
