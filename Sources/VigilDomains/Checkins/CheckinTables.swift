import VigilStore

/// A patrol checkpoint: a guard must check in at it at least every `everyMs`.
struct CheckpointRecord: Sendable, Equatable, TableRecord {
    static let table = "checkpoints"

    var site: String
    var id: String
    var name: String
    var everyMs: Int64
    /// When the next check-in is due; past it, the checkpoint is missed.
    var dueAt: Int64
    var lastCheckInAt: Int64?
    var lastGuard: String?
    var createdAt: Int64
    /// The guard whose round it is, by token name within the site; nil for nobody in particular.
    var assignedGuard: String?

    init(site: String, id: String, name: String, everyMs: Int64, createdAt: Int64) {
        self.site = site
        self.id = id
        self.name = name
        self.everyMs = everyMs
        self.dueAt = createdAt + everyMs
        self.createdAt = createdAt
    }
}

/// The check-in domain's tables, read and written in the transaction it is given: the one place
/// their SQL is written.
struct CheckinTables {
    let transaction: any DomainTransaction

    init(_ transaction: any DomainTransaction) {
        self.transaction = transaction
    }

    func checkpoint(_ id: String, site: String) throws -> CheckpointRecord? {
        try transaction.fetchOne(CheckpointRecord.self, "SELECT * FROM checkpoints WHERE site = ? AND id = ?", [site, id])
    }

    func checkpointCount(of site: String) throws -> Int64 {
        try transaction.fetchInteger("SELECT count(*) FROM checkpoints WHERE site = ?", [site]) ?? 0
    }

    func checkpoints(of site: String) throws -> [CheckpointRecord] {
        try transaction.fetchAll(CheckpointRecord.self, "SELECT * FROM checkpoints WHERE site = ? ORDER BY name, id", [site])
    }

    /// Records a guard's check-in; the next one is due an interval later.
    func recordCheckIn(at checkpoint: CheckpointRecord, guard name: String, time: Int64) throws {
        try transaction.execute(
            "INSERT INTO check_ins (site, checkpoint, guard, at) VALUES (?, ?, ?, ?)", [checkpoint.site, checkpoint.id, name, time])
        try transaction.execute(
            "UPDATE checkpoints SET last_check_in_at = ?, last_guard = ?, due_at = ? WHERE site = ? AND id = ?",
            [time, name, time + checkpoint.everyMs, checkpoint.site, checkpoint.id])
    }

    func assign(_ checkpoint: CheckpointRecord, to guardName: String?) throws {
        try transaction.execute(
            "UPDATE checkpoints SET assigned_guard = ? WHERE site = ? AND id = ?", [guardName, checkpoint.site, checkpoint.id])
    }

    /// Whether `name` is a live guard token's name covering `site`: someone a round can be given to.
    func isGuard(_ name: String, of site: String, at now: Int64) throws -> Bool {
        let count = try transaction.fetchInteger(
            """
            SELECT count(*) FROM tokens t
            WHERE t.name = ? AND t.role = 'guard' AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > ?)
              AND (t.all_sites = 1 OR EXISTS (SELECT 1 FROM token_sites s WHERE s.token_id = t.id AND s.site_id = ?))
            """, [name, now, site])
        return (count ?? 0) > 0
    }

    func setDue(of checkpoint: CheckpointRecord, at time: Int64) throws {
        try transaction.execute("UPDATE checkpoints SET due_at = ? WHERE site = ? AND id = ?", [time, checkpoint.site, checkpoint.id])
    }

    /// Checkpoints whose check-in is overdue.
    func checkpointsDue(at now: Int64) throws -> [CheckpointRecord] {
        try transaction.fetchAll(CheckpointRecord.self, "SELECT * FROM checkpoints WHERE due_at <= ? ORDER BY due_at LIMIT 500", [now])
    }
}
