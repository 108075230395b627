import VigilStore

enum AlertState: String, Sendable, Decodable {
    case raised, acknowledged, resolved
}

/// An alert as the `alerts` table keeps it.
struct AlertRecord: Sendable, Equatable, TableRecord {
    static let table = "alerts"

    var id: String
    var site: String
    var kind: String
    var severity: Int
    var message: String
    var location: String?
    /// SHA-256 hashes of the snapshot thumbnails.
    var thumbnails: TextList
    /// The visit the alert began, for motion at a location.
    var visitID: Int64?
    var state: AlertState
    var raisedBy: String
    var raisedAt: Int64
    var acknowledgedBy: String?
    var acknowledgedAt: Int64?
    var resolvedBy: String?
    var resolvedAt: Int64?
    var note: String?
    var escalateAt: Int64
    var escalatedAt: Int64?
    /// The chat room where it is discussed, once someone opened one.
    var room: String?

    init(
        id: String, site: String, kind: String, severity: Int, message: String, location: String?, thumbnails: [String],
        visitID: Int64?, raisedBy: String, raisedAt: Int64, escalateAt: Int64
    ) {
        self.id = id
        self.site = site
        self.kind = kind
        self.severity = severity
        self.message = message
        self.location = location
        self.thumbnails = TextList(thumbnails)
        self.visitID = visitID
        self.state = .raised
        self.raisedBy = raisedBy
        self.raisedAt = raisedAt
        self.escalateAt = escalateAt
    }

    private enum CodingKeys: String, CodingKey {
        case id, site, kind, severity, message, location, thumbnails, state, raisedBy, raisedAt, acknowledgedBy, acknowledgedAt
        case resolvedBy, resolvedAt, note, escalateAt, escalatedAt, room
        case visitID = "visitId"
    }
}

/// The alert domain's alerts table, read and written in the transaction it is given: the one place
/// its SQL is written.
struct AlertTables {
    let transaction: any DomainTransaction

    init(_ transaction: any DomainTransaction) {
        self.transaction = transaction
    }

    func alert(_ id: String, site: String) throws -> AlertRecord? {
        try transaction.fetchOne(AlertRecord.self, "SELECT * FROM alerts WHERE id = ? AND site = ?", [id, site])
    }

    func acknowledge(_ id: String, by who: String, at time: Int64) throws {
        try transaction.execute("UPDATE alerts SET state = 'acknowledged', acknowledged_by = ?, acknowledged_at = ? WHERE id = ?", [who, time, id])
    }

    func resolve(_ id: String, by who: String, at time: Int64, note: String?) throws {
        try transaction.execute(
            "UPDATE alerts SET state = 'resolved', resolved_by = ?, resolved_at = ?, note = ? WHERE id = ?", [who, time, note, id])
    }

    func setDiscussionRoom(of id: String, to room: String) throws {
        try transaction.execute("UPDATE alerts SET room = ? WHERE id = ?", [room, id])
    }

    func markEscalated(_ id: String, at time: Int64) throws {
        try transaction.execute("UPDATE alerts SET escalated_at = ? WHERE id = ?", [time, id])
    }

    /// Alerts not yet resolved, oldest first; only escalated ones when `escalatedOnly`.
    func openAlerts(of site: String, escalatedOnly: Bool = false) throws -> [AlertRecord] {
        let filter = escalatedOnly ? "AND escalated_at IS NOT NULL" : ""
        return try transaction.fetchAll(
            AlertRecord.self, "SELECT * FROM alerts WHERE site = ? AND state != 'resolved' \(filter) ORDER BY raised_at, id", [site])
    }

    /// Raised, unacknowledged alerts whose escalation time has come.
    func alertsDueToEscalate(at now: Int64) throws -> [AlertRecord] {
        try transaction.fetchAll(
            AlertRecord.self,
            "SELECT * FROM alerts WHERE state = 'raised' AND escalated_at IS NULL AND escalate_at <= ? ORDER BY escalate_at LIMIT 500",
            [now])
    }
}
