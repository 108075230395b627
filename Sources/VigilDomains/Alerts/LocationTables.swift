import VigilStore

/// A place at a site where a sensor watches (Smartguard's "Location"): "being visited" while a
/// visit is open.
struct LocationRecord: Sendable, Equatable, Decodable {
    var site: String
    var id: String
    var name: String
    var currentVisit: Int64?
    var lastMotionAt: Int64?
}

/// One visit: from the first motion at a quiet location to the end of its quiet period.
struct VisitRecord: Sendable, Equatable, Decodable {
    var id: Int64
    var site: String
    var location: String
    var alertID: String?
    var startedAt: Int64
    var endedAt: Int64?
    var snapshots: TextList

    private enum CodingKeys: String, CodingKey {
        case id, site, location, startedAt, endedAt, snapshots
        case alertID = "alertId"
    }
}

/// A location whose quiet period has passed while a visit is open.
struct QuietLocation: Sendable, Equatable, Decodable {
    var site: String
    var location: String
    var visit: Int64
}

/// The alert domain's locations and their visits, read and written in the transaction it is given:
/// the one place their SQL is written.
struct LocationTables {
    let transaction: any DomainTransaction

    init(_ transaction: any DomainTransaction) {
        self.transaction = transaction
    }

    func location(_ id: String, site: String) throws -> LocationRecord? {
        try transaction.fetchOne(LocationRecord.self, "SELECT * FROM locations WHERE site = ? AND id = ?", [site, id])
    }

    /// The newest snapshot taken at `location`: the last of its latest visit that kept any; nil when none.
    func newestSnapshot(at location: String, site: String) throws -> String? {
        let kept = try transaction.fetchText(
            "SELECT snapshots FROM visits WHERE site = ? AND location = ? AND snapshots <> '' ORDER BY id DESC LIMIT 1", [site, location])
        return kept.flatMap { TextList(joined: $0).items.last }
    }

    func locationCount(of site: String) throws -> Int64 {
        try transaction.fetchInteger("SELECT count(*) FROM locations WHERE site = ?", [site]) ?? 0
    }

    /// Creates the location when it is new (named `name`, else by its id).
    func ensureLocation(_ id: String, site: String, name: String?) throws {
        try transaction.execute("INSERT INTO locations (site, id, name) VALUES (?, ?, ?) ON CONFLICT (site, id) DO NOTHING", [site, id, name ?? id])
    }

    /// Opens a visit at the location and marks it visited; returns the visit's id.
    func startVisit(at location: String, site: String, alertID: String, time: Int64, snapshots: [String]) throws -> Int64 {
        try transaction.execute(
            "INSERT INTO visits (site, location, alert_id, started_at, snapshots) VALUES (?, ?, ?, ?, ?)",
            [site, location, alertID, time, TextList(snapshots)])
        let visit = transaction.lastInsertedRowID
        try transaction.execute(
            "UPDATE locations SET current_visit = ?, last_motion_at = ? WHERE site = ? AND id = ?", [visit, time, site, location])
        return visit
    }

    /// More motion during an open visit: it goes on, and keeps the new snapshots.
    func extendVisit(_ visit: Int64, at location: String, site: String, time: Int64, snapshots: [String]) throws {
        let previous = TextList(joined: try transaction.fetchText("SELECT snapshots FROM visits WHERE id = ?", [visit]) ?? "")
        try transaction.execute("UPDATE visits SET snapshots = ? WHERE id = ?", [TextList(previous.items + snapshots), visit])
        try transaction.execute("UPDATE locations SET last_motion_at = ? WHERE site = ? AND id = ?", [time, site, location])
    }

    /// Closes the visit and returns it; the location is quiet again.
    func endVisit(_ visit: Int64, at location: String, site: String, time: Int64) throws -> VisitRecord? {
        try transaction.execute("UPDATE visits SET ended_at = ? WHERE id = ?", [time, visit])
        try transaction.execute("UPDATE locations SET current_visit = NULL WHERE site = ? AND id = ? AND current_visit = ?", [site, location, visit])
        return try transaction.fetchOne(VisitRecord.self, "SELECT * FROM visits WHERE id = ?", [visit])
    }

    /// Locations of the site, by id, after `after`.
    func locations(of site: String, after: String?, limit: Int) throws -> [LocationRecord] {
        try transaction.fetchAll(
            LocationRecord.self, "SELECT * FROM locations WHERE site = ? AND id > ? ORDER BY id LIMIT ?", [site, after ?? "", limit])
    }

    func visitedLocations(of site: String) throws -> [LocationRecord] {
        try transaction.fetchAll(LocationRecord.self, "SELECT * FROM locations WHERE site = ? AND current_visit IS NOT NULL ORDER BY id", [site])
    }

    /// Visits at a location, newest first, older than visit `before`.
    func visits(at location: String, site: String, before: Int64?, limit: Int) throws -> [VisitRecord] {
        try transaction.fetchAll(
            VisitRecord.self, "SELECT * FROM visits WHERE site = ? AND location = ? AND id < ? ORDER BY id DESC LIMIT ?",
            [site, location, before ?? Int64.max, limit])
    }

    /// Open visits whose location has had no motion for its site's quiet period.
    func quietLocations(at now: Int64) throws -> [QuietLocation] {
        try transaction.fetchAll(
            QuietLocation.self,
            """
            SELECT l.site AS site, l.id AS location, l.current_visit AS visit FROM locations l JOIN sites s ON s.id = l.site
            WHERE l.current_visit IS NOT NULL AND l.last_motion_at + s.quiet_after_ms <= ? LIMIT 500
            """,
            [now])
    }
}
