import GRDB

/// A place at a site where a sensor watches (Smartguard's "Location"): "being visited" while a
/// visit is open.
public struct LocationRecord: Sendable, Equatable {
    public var site: String
    public var id: String
    public var name: String
    public var currentVisit: Int64?
    public var lastMotionAt: Int64?

    init(row: Row) {
        site = row["site"]
        id = row["id"]
        name = row["name"]
        currentVisit = row["current_visit"]
        lastMotionAt = row["last_motion_at"]
    }
}

/// One visit: from the first motion at a quiet location to the end of its quiet period.
public struct VisitRecord: Sendable, Equatable {
    public var id: Int64
    public var site: String
    public var location: String
    public var alertID: String?
    public var startedAt: Int64
    public var endedAt: Int64?
    public var snapshots: [String]

    init(row: Row) {
        id = row["id"]
        site = row["site"]
        location = row["location"]
        alertID = row["alert_id"]
        startedAt = row["started_at"]
        endedAt = row["ended_at"]
        snapshots = HashList.decode(row["snapshots"])
    }
}

/// A location whose quiet period has passed while a visit is open.
public struct QuietLocation: Sendable, Equatable {
    public var site: String
    public var location: String
    public var visit: Int64
}

extension DomainTransaction {
    public func location(_ id: String, site: String) throws -> LocationRecord? {
        try Row.fetchOne(db, sql: "SELECT * FROM locations WHERE site = ? AND id = ?", arguments: [site, id]).map(LocationRecord.init(row:))
    }

    /// Creates the location when it is new (named `name`, else by its id).
    public func ensureLocation(_ id: String, site: String, name: String?) throws {
        try db.execute(
            sql: "INSERT INTO locations (site, id, name) VALUES (?, ?, ?) ON CONFLICT (site, id) DO NOTHING",
            arguments: [site, id, name ?? id])
    }

    /// Opens a visit at the location and marks it visited; returns the visit's id.
    public func startVisit(at location: String, site: String, alertID: String, time: Int64, snapshots: [String]) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO visits (site, location, alert_id, started_at, snapshots) VALUES (?, ?, ?, ?, ?)",
            arguments: [site, location, alertID, time, HashList.encode(snapshots)])
        let visit = db.lastInsertedRowID
        try db.execute(
            sql: "UPDATE locations SET current_visit = ?, last_motion_at = ? WHERE site = ? AND id = ?",
            arguments: [visit, time, site, location])
        return visit
    }

    /// More motion during an open visit: it goes on, and keeps the new snapshots.
    public func extendVisit(_ visit: Int64, at location: String, site: String, time: Int64, snapshots: [String]) throws {
        let previous = try String.fetchOne(db, sql: "SELECT snapshots FROM visits WHERE id = ?", arguments: [visit]) ?? ""
        try db.execute(
            sql: "UPDATE visits SET snapshots = ? WHERE id = ?",
            arguments: [HashList.encode(HashList.decode(previous) + snapshots), visit])
        try db.execute(sql: "UPDATE locations SET last_motion_at = ? WHERE site = ? AND id = ?", arguments: [time, site, location])
    }

    /// Closes the visit and returns it; the location is quiet again.
    public func endVisit(_ visit: Int64, at location: String, site: String, time: Int64) throws -> VisitRecord? {
        try db.execute(sql: "UPDATE visits SET ended_at = ? WHERE id = ?", arguments: [time, visit])
        try db.execute(
            sql: "UPDATE locations SET current_visit = NULL WHERE site = ? AND id = ? AND current_visit = ?",
            arguments: [site, location, visit])
        return try Row.fetchOne(db, sql: "SELECT * FROM visits WHERE id = ?", arguments: [visit]).map(VisitRecord.init(row:))
    }

    /// Locations of the site, by id, after `after`.
    public func locations(of site: String, after: String?, limit: Int) throws -> [LocationRecord] {
        try Row.fetchAll(
            db, sql: "SELECT * FROM locations WHERE site = ? AND id > ? ORDER BY id LIMIT ?", arguments: [site, after ?? "", limit]
        ).map(LocationRecord.init(row:))
    }

    public func visitedLocations(of site: String) throws -> [LocationRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM locations WHERE site = ? AND current_visit IS NOT NULL ORDER BY id", arguments: [site])
            .map(LocationRecord.init(row:))
    }

    /// Visits at a location, newest first, older than visit `before`.
    public func visits(at location: String, site: String, before: Int64?, limit: Int) throws -> [VisitRecord] {
        try Row.fetchAll(
            db, sql: "SELECT * FROM visits WHERE site = ? AND location = ? AND id < ? ORDER BY id DESC LIMIT ?",
            arguments: [site, location, before ?? Int64.max, limit]
        ).map(VisitRecord.init(row:))
    }

    /// Open visits whose location has had no motion for its site's quiet period.
    public func quietLocations(at now: Int64) throws -> [QuietLocation] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT l.site, l.id, l.current_visit FROM locations l JOIN sites s ON s.id = l.site
                WHERE l.current_visit IS NOT NULL AND l.last_motion_at + s.quiet_after_ms <= ? LIMIT 500
                """,
            arguments: [now]
        ).map { QuietLocation(site: $0[0], location: $0[1], visit: $0[2]) }
    }
}
