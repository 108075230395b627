import VigilCore

/// The grid that files near-subscriptions for matching: cells of a twentieth of a degree of
/// latitude and longitude (about 5.6 km north to south, the size of a typical circle). A view of
/// radius r is filed under the cells its bounding box touches (a handful for a few kilometres,
/// a few thousand at the 100 km limit); a marker touches the one cell it lies in, so matching it
/// costs the views of that cell, whatever the number of views elsewhere.
enum FloodGrid {
    /// Cells a degree (whole numbers: 1 / 0.05 is not exact in floating point).
    static let perDegree: Int64 = 20
    static let columns = 360 * perDegree
    static let rows = 180 * perDegree

    static func cell(of point: GeoPoint) -> Int64 {
        cell(row: row(point.latitude), column: column(point.longitude))
    }

    /// Every cell the box touches; across the antimeridian, both sides.
    static func cells(covering box: GeoBox) -> [Int64] {
        let firstColumn = column(box.west)
        let lastColumn = column(box.east)
        let columnsCovered: [Int64] =
            box.crossesAntimeridian
            ? Array(firstColumn..<columns) + Array(0...lastColumn)
            : Array(firstColumn...lastColumn)
        return (row(box.south)...row(box.north)).flatMap { row in columnsCovered.map { cell(row: row, column: $0) } }
    }

    private static func row(_ latitude: Double) -> Int64 {
        min(rows - 1, Int64(((latitude + 90) * Double(perDegree)).rounded(.down)))
    }

    /// Longitude 180 is the same meridian as -180: both fall in the first column.
    private static func column(_ longitude: Double) -> Int64 {
        Int64(((longitude + 180) * Double(perDegree)).rounded(.down)) % columns
    }

    private static func cell(row: Int64, column: Int64) -> Int64 { row * columns + column }
}
