import VigilCore
import VigilDetections
import VigilHub

/// A watch zone: a standing ROI on one camera (regions and rule as in an `roi` query, labels, a
/// dwell time after which a lingering track raises a loitering alert) or a line that counts the
/// tracks crossing it. Kept as the JSON it was defined with and read back through this parser.
struct ZoneDefinition: Sendable {
    enum Shape: Sendable {
        case area(RoiRegions, dwellMs: Int64?)
        case line(TripLine, directions: Set<TripLine.Direction>)
    }

    /// Where the JSON comes from: a `define` is held to every rule, a stored zone is read back as
    /// it was accepted (it may predate a bound).
    enum Source {
        case command, stored
    }

    static let dwellRange: ClosedRange<Int64> = 1_000...86_400_000
    /// The fields a definition keeps; others are dropped.
    private static let keys = ["camera", "regions", "match", "rule", "labels", "dwell", "line", "direction"]
    /// The fields only an area has, and only a line.
    private static let areaKeys = ["regions", "match", "rule", "dwell"], lineKeys = ["direction"]

    let camera: String
    let shape: Shape
    let labels: Set<String>?
    /// The definition as stored and sent: the kept fields of the command.
    let wire: WatchZoneDefinition

    init(_ data: JSONValue, from source: Source = .command) throws(ProtocolError) {
        let fields = try CommandData(
            data, shape: "{camera, regions, match?, rule?, dwell?, labels?} or {camera, line: {from, to}, direction?, labels?}")
        camera = try fields.string("camera", maxLength: DetectionBatch.maxCameraLength)
        labels = try fields.optionalStrings("labels", max: DetectionQueries.maxLabels, length: DetectionBatch.maxLabelLength).map(Set.init)
        let given = Set(fields.fields.filter { $0.value != .null }.keys)
        if let line = fields.fields["line"], line != .null {
            if source == .command, let misplaced = Self.areaKeys.first(where: given.contains) {
                throw ProtocolError(
                    .invalidData, "data.\(misplaced) is for an area: a zone is data.regions or data.line, and a line takes direction and labels")
            }
            if source == .command { try RegionBounds.check(line: line) }
            let directions = try fields.choice("direction", of: TripLine.Direction.allCases.map(\.rawValue) + ["both"])
            shape = .line(
                try Self.line(line),
                directions: directions.flatMap(TripLine.Direction.init).map { [$0] } ?? Set(TripLine.Direction.allCases))
        } else {
            if source == .command, let misplaced = Self.lineKeys.first(where: given.contains) {
                throw ProtocolError(.invalidData, "data.\(misplaced) is for a line; an area takes regions, match, rule, dwell and labels")
            }
            shape = .area(
                try RoiRegions(fields, pastBound: source == .command ? .limitReached : nil),
                dwellMs: try fields.optionalDuration("dwell", in: Self.dwellRange))
        }
        wire = try JSONValue.object(fields.fields.filter { Self.keys.contains($0.key) && $0.value != .null }).decode(WatchZoneDefinition.self)
    }

    private static func line(_ value: JSONValue) throws(ProtocolError) -> TripLine {
        guard let from = value["from"], let to = value["to"], let x0 = from["x"]?.numberValue, let y0 = from["y"]?.numberValue,
            let x1 = to["x"]?.numberValue, let y1 = to["y"]?.numberValue
        else {
            throw ProtocolError(.invalidData, "data.line must be {from: {x, y}, to: {x, y}}")
        }
        do {
            return try TripLine(from: Point(x: x0, y: y0), to: Point(x: x1, y: y1))
        } catch {
            throw ProtocolError(.invalidData, "data.line: its two ends must be distinct finite points")
        }
    }
}
