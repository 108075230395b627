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

    let camera: String
    let shape: Shape
    let labels: Set<String>?
    /// The definition as stored and sent: the fields of the command the contract knows.
    let wire: WatchZoneDefinition

    init(_ data: JSONValue, from source: Source = .command) throws(ProtocolError) {
        let definition = try data.decode(WatchZoneDefinition.self)
        camera = try CommandBounds.text(definition.camera, "camera", maxLength: DetectionBatch.maxCameraLength)
        labels = try CommandBounds.strings(
            definition.labels, "labels", max: DetectionQueries.maxLabels, length: DetectionBatch.maxLabelLength
        ).map(Set.init)
        if let line = definition.line {
            if source == .command, let misplaced = Self.areaFields(of: definition).first {
                throw ProtocolError(
                    .invalidData, "data.\(misplaced) is for an area: a zone is data.regions or data.line, and a line takes direction and labels")
            }
            if source == .command { try RegionBounds.check(line: line) }
            let counted = definition.direction.flatMap { TripLine.Direction(rawValue: $0.rawValue) }
            shape = .line(try Self.line(line), directions: counted.map { [$0] } ?? Set(TripLine.Direction.allCases))
        } else {
            if source == .command, definition.direction != nil {
                throw ProtocolError(.invalidData, "data.direction is for a line; an area takes regions, match, rule, dwell and labels")
            }
            shape = .area(
                try RoiRegions(
                    definition.regions, match: definition.match, rule: definition.rule, pastBound: source == .command ? .limitReached : nil),
                dwellMs: try CommandBounds.optionalDuration(definition.dwell, "dwell", in: Self.dwellRange))
        }
        wire = definition
    }

    /// The fields only an area has that `definition` gives, in the order they are named.
    private static func areaFields(of definition: WatchZoneDefinition) -> [String] {
        [
            ("regions", definition.regions != nil), ("match", definition.match != nil), ("rule", definition.rule != nil),
            ("dwell", definition.dwell != nil),
        ].filter(\.1).map(\.0)
    }

    private static func line(_ line: WatchZoneDefinition.Line) throws(ProtocolError) -> TripLine {
        do {
            return try TripLine(from: line.from, to: line.to)
        } catch {
            throw ProtocolError(.invalidData, "data.line: its two ends must be distinct finite points")
        }
    }
}
