/// How badly an observed place is flooded, 1 (least) to 5 (worst). The KML marker file draws
/// each level with its own style, `sever_1` ... `sever_5`.
public struct FloodSeverity: Sendable, Hashable, Comparable, Codable {
    /// The levels there are: 1 to 5.
    public static let levels = 1...5

    /// The level, 1 (least) to 5 (worst).
    public let level: Int

    /// Nil when the level is outside `levels`.
    public init?(_ level: Int) {
        guard FloodSeverity.levels.contains(level) else { return nil }
        self.level = level
    }

    /// Reads a level from text, for the XML and KML parsers.
    static func parse(_ text: String) throws(InvalidValue) -> FloodSeverity {
        guard let level = NumberText.parseInt(text), let severity = FloodSeverity(level) else {
            throw InvalidValue("severity must be an integer within \(levels), found \"\(text)\"")
        }
        return severity
    }

    /// Orders by level: the worse, the greater.
    public static func < (lhs: FloodSeverity, rhs: FloodSeverity) -> Bool { lhs.level < rhs.level }

    /// Decodes the level from a JSON number, refusing one outside 1...5.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let level = try container.decode(Int.self)
        guard let severity = FloodSeverity(level) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "severity \(level) is not within 1...5")
        }
        self = severity
    }

    /// Encodes the level as a JSON number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(level)
    }
}
