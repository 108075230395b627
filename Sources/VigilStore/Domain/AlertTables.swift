import GRDB

public enum AlertState: String, Sendable {
    case raised, acknowledged, resolved
}

/// An alert as the `alerts` table keeps it.
public struct AlertRecord: Sendable, Equatable {
    public var id: String
    public var site: String
    public var kind: String
    public var severity: Int
    public var message: String
    public var location: String?
    /// SHA-256 hashes of the snapshot thumbnails.
    public var thumbnails: [String]
    /// The visit the alert began, for motion at a location.
    public var visitID: Int64?
    public var state: AlertState
    public var raisedBy: String
    public var raisedAt: Int64
    public var acknowledgedBy: String?
    public var acknowledgedAt: Int64?
    public var resolvedBy: String?
    public var resolvedAt: Int64?
    public var note: String?
    public var escalateAt: Int64
    public var escalatedAt: Int64?

    public init(
        id: String, site: String, kind: String, severity: Int, message: String, location: String?, thumbnails: [String],
        visitID: Int64?, raisedBy: String, raisedAt: Int64, escalateAt: Int64
    ) {
        self.id = id
        self.site = site
        self.kind = kind
        self.severity = severity
        self.message = message
        self.location = location
        self.thumbnails = thumbnails
        self.visitID = visitID
        self.state = .raised
        self.raisedBy = raisedBy
        self.raisedAt = raisedAt
        self.escalateAt = escalateAt
    }

    static let columns = """
        id, site, kind, severity, message, location, thumbnails, visit_id, state, raised_by, raised_at,
        acknowledged_by, acknowledged_at, resolved_by, resolved_at, note, escalate_at, escalated_at
        """

    init(row: Row) {
        self.init(
            id: row["id"], site: row["site"], kind: row["kind"], severity: row["severity"], message: row["message"],
            location: row["location"], thumbnails: HashList.decode(row["thumbnails"]), visitID: row["visit_id"],
            raisedBy: row["raised_by"], raisedAt: row["raised_at"], escalateAt: row["escalate_at"])
        state = AlertState(rawValue: row["state"]) ?? .raised
        acknowledgedBy = row["acknowledged_by"]
        acknowledgedAt = row["acknowledged_at"]
        resolvedBy = row["resolved_by"]
        resolvedAt = row["resolved_at"]
        note = row["note"]
        escalatedAt = row["escalated_at"]
    }
}

/// A list of content hashes kept in one column.
enum HashList {
    static func encode(_ hashes: [String]) -> String { hashes.joined(separator: ",") }
    static func decode(_ text: String) -> [String] { text.split(separator: ",").map(String.init) }
}

extension DomainTransaction {
    public func insert(_ alert: AlertRecord) throws {
        try db.execute(
            sql: """
                INSERT INTO alerts (id, site, kind, severity, message, location, thumbnails, visit_id, state, raised_by, raised_at, escalate_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                alert.id, alert.site, alert.kind, alert.severity, alert.message, alert.location, HashList.encode(alert.thumbnails),
                alert.visitID, alert.state.rawValue, alert.raisedBy, alert.raisedAt, alert.escalateAt,
            ])
    }

    public func alert(_ id: String, site: String) throws -> AlertRecord? {
        try Row.fetchOne(db, sql: "SELECT \(AlertRecord.columns) FROM alerts WHERE id = ? AND site = ?", arguments: [id, site])
            .map(AlertRecord.init(row:))
    }

    public func acknowledge(_ id: String, by who: String, at time: Int64) throws {
        try db.execute(
            sql: "UPDATE alerts SET state = 'acknowledged', acknowledged_by = ?, acknowledged_at = ? WHERE id = ?",
            arguments: [who, time, id])
    }

    public func resolve(_ id: String, by who: String, at time: Int64, note: String?) throws {
        try db.execute(
            sql: "UPDATE alerts SET state = 'resolved', resolved_by = ?, resolved_at = ?, note = ? WHERE id = ?",
            arguments: [who, time, note, id])
    }

    public func markEscalated(_ id: String, at time: Int64) throws {
        try db.execute(sql: "UPDATE alerts SET escalated_at = ? WHERE id = ?", arguments: [time, id])
    }

    /// Alerts not yet resolved, oldest first; only escalated ones when `escalatedOnly`.
    public func openAlerts(of site: String, escalatedOnly: Bool = false) throws -> [AlertRecord] {
        let filter = escalatedOnly ? "AND escalated_at IS NOT NULL" : ""
        return try Row.fetchAll(
            db, sql: "SELECT \(AlertRecord.columns) FROM alerts WHERE site = ? AND state != 'resolved' \(filter) ORDER BY raised_at, id",
            arguments: [site]
        ).map(AlertRecord.init(row:))
    }

    /// Raised, unacknowledged alerts whose escalation time has come.
    public func alertsDueToEscalate(at now: Int64) throws -> [AlertRecord] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT \(AlertRecord.columns) FROM alerts
                WHERE state = 'raised' AND escalated_at IS NULL AND escalate_at <= ? ORDER BY escalate_at LIMIT 500
                """,
            arguments: [now]
        ).map(AlertRecord.init(row:))
    }
}
