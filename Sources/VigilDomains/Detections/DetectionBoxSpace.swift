import VigilStore

/// Where the box index (SQLite's R*Tree) puts a detection: its camera, time and box as the tree's
/// coordinates. The tree splits a full node along the dimension that leaves the smallest
/// perimeters, so the dimensions must spread comparably for the questions asked of it. In raw
/// milliseconds an hour spans 3.6 million, a frame 640: nodes were cut by time alone, each held
/// every camera and every part of the frame, and a query for one camera's region visited the
/// whole hour. Here cameras lie far apart (a node holds one camera's boxes), and time counts in
/// steps of 6 seconds (an hour spans about what a frame does) from 2025: the tree's 32-bit floats
/// keep a time to a few seconds near it (about two seconds a year from it), where milliseconds
/// since 1970 kept it to two minutes, each a candidate the rows' exact times then leave out.
///
/// A box has no extent in camera or time, and a node of one camera none in camera: its volume is
/// nought, and the tree, which puts a new box under the node it enlarges least in volume, finds
/// every choice tied and takes the first. With live detections, which come in time order, that keeps
/// the inserts on a few hot nodes and the tree good to query; giving each box one unit of camera
/// (so that volumes were real) made the choices real and the inserts scattered: ingest fell from
/// about 58,000 a second to 35,000, for queries 1.4x slower on time-ordered data (2x faster on
/// boxes stored in random time order, which live ingest does not do).
///
/// The same numbers are computed in Swift for a query and in SQL when boxes are indexed, with the
/// same double arithmetic, so a box on a bound stays in. Changing them means rebuilding the index
/// with a migration, as analytics-4 did.
enum DetectionBoxSpace {
    static let cameraSpacing = 10_000_000.0
    /// 2025-01-01T00:00:00Z.
    static let epoch: Int64 = 1_735_689_600_000
    static let timeStep = 6_000.0

    static func camera(_ key: Int64) -> Double { Double(key) * cameraSpacing }
    static func time(_ milliseconds: Int64) -> Double { Double(milliseconds - epoch) / timeStep }

    /// The index's columns (id, min and max camera, time, x, y) computed from a `detections` row.
    /// PostgreSQL would compute with an integer and a decimal literal in `numeric`, not in doubles
    /// as the query side does: there the literals are doubles.
    static func columnsOfRow(in dialect: SQLDialect) -> String {
        let double = dialect == .postgres ? "::double precision" : ""
        let camera = "camera_key * \(cameraSpacing)\(double)"
        let time = "(ts - \(epoch)) / \(timeStep)\(double)"
        return "id, \(camera), \(camera), \(time), \(time), x, x + width, y, y + height"
    }
}
