import Foundation
import VigilCore

/// Who made an administrative change or an operator's decision, and from where: written with the
/// change, in its own transaction, so that the trail never lacks a change the store holds.
public struct AuditActor: Sendable, Equatable {
    /// The token's id; empty for a change made on the hub's machine with the `vigil` command.
    public var tokenID: String
    /// The token's name, or the system user who ran the command.
    public var name: String
    public var role: String
    /// The peer address of the connection or request; `local` for the command line.
    public var peer: String

    public init(tokenID: String, name: String, role: String, peer: String) {
        self.tokenID = tokenID
        self.name = name
        self.role = role
        self.peer = peer
    }

    /// Someone at the hub's machine, running `vigil` on its store directly: named by the system
    /// user the command runs as.
    public static func commandLine() -> AuditActor {
        let user = ProcessInfo.processInfo.environment["USER"] ?? ProcessInfo.processInfo.environment["LOGNAME"] ?? "uid \(getuid())"
        return AuditActor(tokenID: "", name: user, role: "command line", peer: "local")
    }
}

/// One entry of the audit trail: who did what, when (the hub's clock), where (the site, when the
/// change belongs to one; nil for the hub's own: tokens, sites' list, public flood regions).
public struct AuditEntry: Sendable, Equatable {
    public var id: Int64 = 0
    public var at: Int64
    public var actor: AuditActor
    public var site: String?
    /// What was done, as its event type says it (`alert.acknowledged`, `token.revoked`).
    public var action: String
    /// The topic of the event the change made, or the thing changed (`tokens/tk_...`).
    public var target: String
    /// The event's `seq` on `target`, when the change is an event of the log.
    public var seq: UInt64?
    /// The event's data or the change's fields, as canonical JSON.
    public var detail: String

    public init(at: Int64, actor: AuditActor, site: String?, action: String, target: String, seq: UInt64? = nil, detail: String) {
        self.at = at
        self.actor = actor
        self.site = site
        self.action = action
        self.target = target
        self.seq = seq
        self.detail = detail
    }

    /// Writes the entry in `transaction`, the one that makes the change.
    public func record(in transaction: any DomainTransaction) throws {
        try transaction.execute(
            """
            INSERT INTO audit_entries (at, token_id, name, role, peer, site, action, target, seq, detail)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [at, actor.tokenID, actor.name, actor.role, actor.peer, site, action, target, seq.map { Int64($0) }, detail])
    }
}

/// Which entries a reader asks for (the contract's filter), and which sites they may see.
public struct AuditQuery: Sendable {
    public var filter: AuditFilter
    /// The sites the reader covers; nil for every site and the hub's own entries.
    public var visibleSites: Set<String>?

    public init(_ filter: AuditFilter = AuditFilter(), visibleSites: Set<String>? = nil) {
        self.filter = filter
        self.visibleSites = visibleSites
    }
}

/// The audit trail: kept apart from the event log, so that the events' retention never prunes it.
/// It has a retention of its own (`HubConfiguration.auditRetentionMs`): entries older than that
/// are pruned a chunk at a time, like the events.
public struct AuditTrail: Sendable {
    let database: any StoreDatabase

    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Entries newest first, as `query` filters them; a reader of some sites sees only theirs.
    public func entries(_ query: AuditQuery) async throws(StoreError) -> [AuditEntry] {
        let filter = query.filter
        var conditions: [String] = []
        var arguments: [any StoreArgument] = []
        if let name = filter.name {
            conditions.append("name = ?")
            arguments.append(name)
        }
        if let site = filter.site {
            conditions.append("site = ?")
            arguments.append(site)
        }
        if let visible = query.visibleSites {
            let sites = visible.sorted()
            conditions.append(sites.isEmpty ? "0 = 1" : "site IN (\(sites.map { _ in "?" }.joined(separator: ", ")))")
            arguments += sites.map { $0 as any StoreArgument }
        }
        for (condition, value) in [("at >= ?", filter.since), ("at < ?", filter.until), ("id < ?", filter.before)] {
            if let value {
                conditions.append(condition)
                arguments.append(value)
            }
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let limit = min(max(filter.limit ?? AuditFilter.defaultLimit, 1), AuditFilter.maxLimit)
        let sql = "SELECT \(AuditRow.columns) FROM audit_entries \(whereClause) ORDER BY id DESC LIMIT \(limit)"
        let bound = arguments
        return try await database.read { transaction in
            try transaction.fetchAll(AuditRow.self, sql, bound).map(\.entry)
        }
    }

    /// Removes at most `limit` of the oldest entries made before `cutoff` (milliseconds), in
    /// `transaction`; returns how many it removed. Entries are numbered as they are written, so
    /// their times rise with `id`: it reads at most `limit` rows whatever the trail holds.
    public static func pruneChunk(before cutoff: Int64, limit: Int, in transaction: any DomainTransaction) throws -> Int {
        let oldest = try transaction.fetchAll(EntryTime.self, "SELECT id, at FROM audit_entries ORDER BY id LIMIT ?", [limit])
        let expired = oldest.prefix { $0.at < cutoff }
        guard let last = expired.last else { return 0 }
        try transaction.execute("DELETE FROM audit_entries WHERE id <= ?", [last.id])
        return expired.count
    }

    private struct EntryTime: Decodable {
        var id: Int64
        var at: Int64
    }
}

/// A row of `audit_entries`.
private struct AuditRow: Decodable {
    static let columns = "id, at, token_id, name, role, peer, site, action, target, seq, detail"

    var id: Int64
    var at: Int64
    var tokenId: String
    var name: String
    var role: String
    var peer: String
    var site: String?
    var action: String
    var target: String
    var seq: Int64?
    var detail: String

    var entry: AuditEntry {
        var entry = AuditEntry(
            at: at, actor: AuditActor(tokenID: tokenId, name: name, role: role, peer: peer), site: site, action: action, target: target,
            seq: seq.map { UInt64($0) }, detail: detail)
        entry.id = id
        return entry
    }
}
