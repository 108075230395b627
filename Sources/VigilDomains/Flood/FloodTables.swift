import VigilCore
import VigilStore

/// A region as `flood_regions` keeps it: a topic scope (`id`), and a number for the legacy
/// protocol.
struct FloodRegionRecord: Sendable, Equatable, TableRecord {
    static let table = "flood_regions"
    static let generatedColumns: Set<String> = ["number"]

    var number: Int64
    var id: String
    var name: String
    /// IANA zone in which the legacy documents' dates without a zone are read and written.
    var timeZone: String
    /// Whether people without a token may submit markers (always pending until approved).
    var anonymous: Bool
    var createdAt: Int64
}

struct FloodBoundaryRecord: Sendable, Equatable, TableRecord {
    static let table = "flood_boundaries"
    static let generatedColumns: Set<String> = ["id"]

    var id: Int64
    var region: String
    var name: String
    var north: Double
    var west: Double
    var south: Double
    var east: Double
    var createdAt: Int64

    /// The rows hold only boxes that `GeoBox` accepted; a row edited by hand may fail here.
    var box: GeoBox {
        get throws {
            try GeoBox(northWest: GeoPoint(latitude: north, longitude: west), southEast: GeoPoint(latitude: south, longitude: east))
        }
    }
}

struct FloodEventRecord: Sendable, Equatable, TableRecord {
    static let table = "flood_events"
    static let generatedColumns: Set<String> = ["id"]

    var id: Int64
    var boundary: Int64
    var name: String
    var openedAt: Int64
    var openedBy: String
    var closedAt: Int64?
    var closedBy: String?
}

enum FloodMarkerStatus: String, Sendable, Decodable {
    case pending, approved, rejected
}

/// A marker as `flood_markers` keeps it, with its reporter's contact (`FloodJSON` decides who sees
/// what).
struct FloodMarkerRecord: Sendable, Equatable, TableRecord {
    static let table = "flood_markers"
    static let generatedColumns: Set<String> = ["id"]

    var id: Int64
    var event: Int64
    var latitude: Double
    var longitude: Double
    var severity: Int
    var description: String
    var observedAt: Int64
    var submittedAt: Int64
    /// SHA-256 of the photo in the thumbnail store.
    var picture: String?
    var reporter: String
    var email: String
    var phone: String
    /// What covers the ground there (the legacy app's free text) and how high, in its own unit.
    var coverType: String
    var coverHeight: Double?
    var status: FloodMarkerStatus
    var moderatedBy: String?
    var moderatedAt: Int64?
}

extension FloodMarkerRecord {
    /// The columns `init(_ row:)` reads, in its order.
    static let columns = """
        id, event, latitude, longitude, severity, description, observed_at, submitted_at, picture, reporter, email, phone, cover_type,
        cover_height, status, moderated_by, moderated_at
        """

    /// A row of `columns`, read by position.
    init(_ row: any StoreRow) {
        self.init(
            id: row.integer(0) ?? 0, event: row.integer(1) ?? 0, latitude: row.double(2), longitude: row.double(3),
            severity: Int(row.integer(4) ?? 0),
            description: row.text(5) ?? "", observedAt: row.integer(6) ?? 0, submittedAt: row.integer(7) ?? 0, picture: row.text(8),
            reporter: row.text(9) ?? "", email: row.text(10) ?? "", phone: row.text(11) ?? "", coverType: row.text(12) ?? "",
            coverHeight: row.optionalDouble(13), status: FloodMarkerStatus(rawValue: row.text(14) ?? "") ?? .pending, moderatedBy: row.text(15),
            moderatedAt: row.integer(16))
    }
}

/// The flood domain's tables (regions, boundaries, events, markers), read and written in the
/// transaction it is given: the one place their SQL is written.
struct FloodTables {
    let transaction: any DomainTransaction

    init(_ transaction: any DomainTransaction) {
        self.transaction = transaction
    }

    func floodRegion(_ id: String) throws -> FloodRegionRecord? {
        try transaction.fetchOne(FloodRegionRecord.self, "SELECT * FROM flood_regions WHERE id = ?", [id])
    }

    func floodRegions() throws -> [FloodRegionRecord] {
        try transaction.fetchAll(FloodRegionRecord.self, "SELECT * FROM flood_regions ORDER BY number", [])
    }

    func floodRegionCount() throws -> Int {
        Int(try transaction.fetchInteger("SELECT COUNT(*) FROM flood_regions", []) ?? 0)
    }

    func insertFloodRegion(id: String, name: String, timeZone: String, anonymous: Bool, at time: Int64) throws -> FloodRegionRecord {
        var region = FloodRegionRecord(number: 0, id: id, name: name, timeZone: timeZone, anonymous: anonymous, createdAt: time)
        region.number = try transaction.insertNumbering(region)
        return region
    }

    func insertFloodBoundary(region: String, name: String, box: GeoBox, at time: Int64) throws -> FloodBoundaryRecord {
        var boundary = FloodBoundaryRecord(
            id: 0, region: region, name: name, north: box.north, west: box.west, south: box.south, east: box.east, createdAt: time)
        boundary.id = try transaction.insertNumbering(boundary)
        return boundary
    }

    func floodBoundary(_ id: Int64) throws -> FloodBoundaryRecord? {
        try transaction.fetchOne(FloodBoundaryRecord.self, "SELECT * FROM flood_boundaries WHERE id = ?", [id])
    }

    func floodBoundaries(of region: String) throws -> [FloodBoundaryRecord] {
        try transaction.fetchAll(FloodBoundaryRecord.self, "SELECT * FROM flood_boundaries WHERE region = ? ORDER BY id", [region])
    }

    func floodBoundaryCount(of region: String) throws -> Int {
        Int(try transaction.fetchInteger("SELECT COUNT(*) FROM flood_boundaries WHERE region = ?", [region]) ?? 0)
    }

    /// The region's events, open or closed.
    func floodEventCount(of region: String) throws -> Int {
        Int(
            try transaction.fetchInteger(
                "SELECT COUNT(*) FROM flood_events e JOIN flood_boundaries b ON b.id = e.boundary WHERE b.region = ?", [region]) ?? 0)
    }

    func insertFloodEvent(boundary: Int64, name: String, by person: String, at time: Int64) throws -> FloodEventRecord {
        var event = FloodEventRecord(id: 0, boundary: boundary, name: name, openedAt: time, openedBy: person)
        event.id = try transaction.insertNumbering(event)
        return event
    }

    func floodEvent(_ id: Int64) throws -> FloodEventRecord? {
        try transaction.fetchOne(FloodEventRecord.self, "SELECT * FROM flood_events WHERE id = ?", [id])
    }

    func closeFloodEvent(_ id: Int64, by person: String, at time: Int64) throws {
        try transaction.execute("UPDATE flood_events SET closed_at = ?, closed_by = ? WHERE id = ?", [time, person, id])
    }

    func renameFloodEvent(_ id: Int64, to name: String) throws {
        try transaction.execute("UPDATE flood_events SET name = ? WHERE id = ?", [name, id])
    }

    /// A boundary's events, oldest first.
    func floodEvents(ofBoundary boundary: Int64) throws -> [FloodEventRecord] {
        try transaction.fetchAll(FloodEventRecord.self, "SELECT * FROM flood_events WHERE boundary = ? ORDER BY id", [boundary])
    }

    /// The region's events still open, oldest first.
    func openFloodEvents(of region: String) throws -> [FloodEventRecord] {
        try transaction.fetchAll(
            FloodEventRecord.self,
            """
            SELECT e.* FROM flood_events e JOIN flood_boundaries b ON b.id = e.boundary
            WHERE b.region = ? AND e.closed_at IS NULL ORDER BY e.id
            """, [region])
    }

    /// The markers among `ids` that belong to the region, in id order.
    func floodMarkers(_ ids: [Int64], in region: String) throws -> [FloodMarkerRecord] {
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        return try transaction.fetchAll(
            FloodMarkerRecord.self,
            """
            SELECT m.* FROM flood_markers m JOIN flood_events e ON e.id = m.event JOIN flood_boundaries b ON b.id = e.boundary
            WHERE b.region = ? AND m.id IN (\(placeholders)) ORDER BY m.id
            """, [region] + ids.map { $0 as any StoreArgument })
    }

    /// Markers of one status in the region's events (open events only when `openOnly`), oldest
    /// first, at most `limit`; of one boundary when given.
    func floodMarkers(
        in region: String, status: FloodMarkerStatus, boundary: Int64? = nil, openOnly: Bool = false, limit: Int
    ) throws -> [FloodMarkerRecord] {
        var arguments: [any StoreArgument] = [region, status.rawValue]
        var filter = ""
        if let boundary {
            filter += " AND b.id = ?"
            arguments.append(boundary)
        }
        if openOnly { filter += " AND e.closed_at IS NULL" }
        arguments.append(limit)
        return try transaction.fetchAll(
            FloodMarkerRecord.self,
            """
            SELECT m.* FROM flood_markers m JOIN flood_events e ON e.id = m.event JOIN flood_boundaries b ON b.id = e.boundary
            WHERE b.region = ? AND m.status = ?\(filter) ORDER BY m.id LIMIT ?
            """, arguments)
    }

    func moderateFloodMarkers(_ ids: [Int64], to status: FloodMarkerStatus, by person: String, at time: Int64) throws {
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        try transaction.execute(
            "UPDATE flood_markers SET status = ?, moderated_by = ?, moderated_at = ? WHERE id IN (\(placeholders))",
            [status.rawValue, person, time] + ids.map { $0 as any StoreArgument })
    }
}

/// Markers as the files and the legacy API read them, and the open events with their boundaries.
extension FloodTables {
    /// Runs `body` on each marker of one event in one status, in id order, read row by row (a file
    /// of a hundred thousand markers is not held as records twice).
    func forEachFloodMarker(ofEvent event: Int64, status: FloodMarkerStatus, _ body: (FloodMarkerRecord) throws -> Void) throws {
        try transaction.forEachRow(
            "SELECT \(FloodMarkerRecord.columns) FROM flood_markers WHERE event = ? AND status = ? ORDER BY id", [event, status.rawValue]
        ) { row in try body(FloodMarkerRecord(row)) }
    }

    func floodMarkerCount(ofEvent event: Int64, status: FloodMarkerStatus) throws -> Int {
        Int(try transaction.fetchInteger("SELECT COUNT(*) FROM flood_markers WHERE event = ? AND status = ?", [event, status.rawValue]) ?? 0)
    }

    /// Approved markers of the region's open events inside `box` (across the antimeridian too), oldest first.
    func approvedFloodMarkers(in region: String, within box: GeoBox, limit: Int) throws -> [FloodMarkerRecord] {
        let longitudes = box.crossesAntimeridian ? "(m.longitude >= ? OR m.longitude <= ?)" : "m.longitude BETWEEN ? AND ?"
        return try transaction.fetchAll(
            FloodMarkerRecord.self,
            """
            SELECT m.* FROM flood_markers m JOIN flood_events e ON e.id = m.event JOIN flood_boundaries b ON b.id = e.boundary
            WHERE b.region = ? AND m.status = 'approved' AND e.closed_at IS NULL
                AND m.latitude BETWEEN ? AND ? AND \(longitudes)
            ORDER BY m.id LIMIT ?
            """, [region, box.south, box.north, box.west, box.east, limit])
    }

    /// Every open event with its boundary, across regions, oldest event first.
    func openFloodEventsWithBoundaries() throws -> [(event: FloodEventRecord, boundary: FloodBoundaryRecord)] {
        try transaction.fetchAll(FloodEventRecord.self, "SELECT * FROM flood_events WHERE closed_at IS NULL ORDER BY id", []).compactMap { event in
            try floodBoundary(event.boundary).map { (event, $0) }
        }
    }
}
