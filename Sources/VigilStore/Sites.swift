import Foundation
import GRDB

public struct Site: Sendable, Equatable {
    public var id: String
    public var name: String
    public var createdAt: Int64
    public var timings: SiteTimings

    init(id: String, name: String, createdAt: Int64, timings: SiteTimings) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.timings = timings
    }

    init(row: Row) {
        self.init(id: row[0], name: row[1], createdAt: row[2], timings: SiteTimings(escalateAfterMs: row[3], quietAfterMs: row[4]))
    }
}

/// How long a site's alerts wait before they escalate, and how long a location stays "being
/// visited" after its last motion.
public struct SiteTimings: Sendable, Equatable {
    public var escalateAfterMs: Int64
    public var quietAfterMs: Int64

    public static let standard = SiteTimings(escalateAfterMs: 120_000, quietAfterMs: 60_000)

    public init(escalateAfterMs: Int64, quietAfterMs: Int64) {
        self.escalateAfterMs = escalateAfterMs
        self.quietAfterMs = quietAfterMs
    }
}

/// The sites a hub serves (`hq`, `warehouse-2`); tokens are scoped to them.
public struct SiteRepository: Sendable {
    let database: VigilDatabase

    public init(database: VigilDatabase) {
        self.database = database
    }

    public func create(id: String, name: String, at time: Int64, timings: SiteTimings = .standard) throws -> Site {
        try database.pool.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM sites WHERE id = ?", arguments: [id]) == nil else {
                throw StoreError.alreadyExists("site \(id)")
            }
            try db.execute(
                sql: "INSERT INTO sites (id, name, created_at, escalate_after_ms, quiet_after_ms) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, name, time, timings.escalateAfterMs, timings.quietAfterMs])
            return Site(id: id, name: name, createdAt: time, timings: timings)
        }
    }

    /// Changes a site's timings; alerts raised and visits begun afterwards follow them.
    public func setTimings(of id: String, _ timings: SiteTimings) throws {
        try database.pool.write { db in
            try db.execute(
                sql: "UPDATE sites SET escalate_after_ms = ?, quiet_after_ms = ? WHERE id = ?",
                arguments: [timings.escalateAfterMs, timings.quietAfterMs, id])
            guard db.changesCount == 1 else { throw StoreError.notFound("site \(id)") }
        }
    }

    private static let columns = "id, name, created_at, escalate_after_ms, quiet_after_ms"

    public func all() throws -> [Site] {
        try database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM sites ORDER BY id").map(Site.init(row:))
        }
    }

    public func find(_ id: String) throws -> Site? {
        try database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM sites WHERE id = ?", arguments: [id]).map(Site.init(row:))
        }
    }

    public func exists(_ id: String) throws -> Bool {
        try database.pool.read { db in try DomainTransaction(db).siteExists(id) }
    }
}

extension DomainTransaction {
    public func siteExists(_ id: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM sites WHERE id = ?", arguments: [id]) != nil
    }

    /// The timings of `site`, which must exist.
    public func timings(of site: String) throws -> SiteTimings {
        guard let row = try Row.fetchOne(db, sql: "SELECT escalate_after_ms, quiet_after_ms FROM sites WHERE id = ?", arguments: [site]) else {
            throw StoreError.notFound("site \(site)")
        }
        return SiteTimings(escalateAfterMs: row[0], quietAfterMs: row[1])
    }
}

public enum StoreError: Error, Equatable, CustomStringConvertible {
    case alreadyExists(String)
    case notFound(String)

    public var description: String {
        switch self {
        case .alreadyExists(let what): "\(what) already exists"
        case .notFound(let what): "\(what) does not exist"
        }
    }
}
