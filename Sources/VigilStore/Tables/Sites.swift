import Foundation
import VigilCore

public struct Site: Sendable, Equatable {
    public var id: String
    public var name: String
    public var createdAt: Int64
    public var timings: SiteTimings
}

/// How long a site's alerts wait before they escalate, and how long a location stays "being
/// visited" after its last motion. Kept with the site: `vigil site set` changes them.
public struct SiteTimings: Sendable, Equatable {
    public var escalateAfterMs: Int64
    public var quietAfterMs: Int64

    public static let standard = SiteTimings(escalateAfterMs: 120_000, quietAfterMs: 60_000)

    /// The timings (and the site's name, when given) as an audit entry's detail.
    func auditDetail(name: String? = nil) throws -> String {
        try JSONValue.canonicalText(of: SiteTimingsDetail(name: name, escalateAfterMs: escalateAfterMs, quietAfterMs: quietAfterMs))
    }

    public init(escalateAfterMs: Int64, quietAfterMs: Int64) {
        self.escalateAfterMs = escalateAfterMs
        self.quietAfterMs = quietAfterMs
    }
}

/// A row of `sites`.
private struct SiteRow: Decodable {
    static let columns = "id, name, created_at, escalate_after_ms, quiet_after_ms"

    var id: String
    var name: String
    var createdAt: Int64
    var escalateAfterMs: Int64
    var quietAfterMs: Int64

    var site: Site {
        Site(id: id, name: name, createdAt: createdAt, timings: SiteTimings(escalateAfterMs: escalateAfterMs, quietAfterMs: quietAfterMs))
    }
}

/// The sites a hub serves (`hq`, `warehouse-2`); tokens are scoped to them.
public struct SiteRepository: Sendable {
    /// The most sites a hub keeps: every site has its own directory states, timers and indexes.
    public static let maxSites = 1000

    let database: any StoreDatabase

    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Creates a site. With `actor`, the audit trail keeps who created it, in the same transaction.
    public func create(id: String, name: String, at time: Int64, timings: SiteTimings = .standard, by actor: AuditActor? = nil) throws(StoreError)
        -> Site
    {
        try database.transaction { transaction in
            guard try !transaction.siteExists(id) else {
                throw StoreError.alreadyExists("site \(id)")
            }
            guard try transaction.fetchInteger("SELECT count(*) FROM sites", []) ?? 0 < Self.maxSites else {
                throw StoreError.limitReached("the hub has \(Self.maxSites) sites, the most it keeps")
            }
            try transaction.execute(
                "INSERT INTO sites (id, name, created_at, escalate_after_ms, quiet_after_ms) VALUES (?, ?, ?, ?, ?)",
                [id, name, time, timings.escalateAfterMs, timings.quietAfterMs])
            if let actor {
                try AuditEntry(
                    at: time, actor: actor, site: id, action: "site.created", target: "sites/\(id)", detail: try timings.auditDetail(name: name)
                )
                .record(in: transaction)
            }
            return Site(id: id, name: name, createdAt: time, timings: timings)
        }
    }

    /// Changes a site's timings; alerts raised and visits begun afterwards follow them. With
    /// `change`, the audit trail keeps who changed them and when, in the same transaction.
    public func setTimings(of id: String, _ timings: SiteTimings, by change: (actor: AuditActor, at: Int64)? = nil) throws(StoreError) {
        try database.transaction { transaction in
            try transaction.execute(
                "UPDATE sites SET escalate_after_ms = ?, quiet_after_ms = ? WHERE id = ?", [timings.escalateAfterMs, timings.quietAfterMs, id])
            guard transaction.changesCount == 1 else { throw StoreError.notFound("site \(id)") }
            if let change {
                try AuditEntry(
                    at: change.at, actor: change.actor, site: id, action: "site.changed", target: "sites/\(id)", detail: try timings.auditDetail()
                )
                .record(in: transaction)
            }
        }
    }

    public func all() throws(StoreError) -> [Site] {
        try database.readTransaction { transaction in
            try transaction.fetchAll(SiteRow.self, "SELECT \(SiteRow.columns) FROM sites ORDER BY id", []).map(\.site)
        }
    }

    public func find(_ id: String) throws(StoreError) -> Site? {
        try database.readTransaction { transaction in
            try transaction.fetchOne(SiteRow.self, "SELECT \(SiteRow.columns) FROM sites WHERE id = ?", [id])?.site
        }
    }
}

// The sites as every domain sees them, through the seam.
extension DomainTransaction {
    public func siteExists(_ id: String) throws -> Bool {
        try exists("SELECT 1 FROM sites WHERE id = ?", [id])
    }

    /// The timings of `site`, which must exist.
    public func timings(of site: String) throws -> SiteTimings {
        guard let row = try fetchOne(SiteTimings.self, "SELECT escalate_after_ms, quiet_after_ms FROM sites WHERE id = ?", [site]) else {
            throw StoreError.notFound("site \(site)")
        }
        return row
    }
}

extension SiteTimings: Decodable {}
