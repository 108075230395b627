import VigilCore

/// The bounds a command's fields are held to once the contract's type has read them
/// (`JSONValue.decode`): a refusal is `invalid_data` naming the field.
public enum CommandBounds {
    /// `text`, non-blank and at most `maxLength` characters.
    public static func text(_ text: String, _ field: String, maxLength: Int) throws(ProtocolError) -> String {
        guard !text.allSatisfy(\.isWhitespace) else {
            throw ProtocolError(.invalidData, "data.\(field) must be a non-empty string")
        }
        guard text.count <= maxLength else {
            throw ProtocolError(.invalidData, "data.\(field) is longer than \(maxLength) characters")
        }
        return text
    }

    /// `text` as `text(_:_:maxLength:)` holds it, when given.
    public static func optionalText(_ text: String?, _ field: String, maxLength: Int) throws(ProtocolError) -> String? {
        guard let text else { return nil }
        return try Self.text(text, field, maxLength: maxLength)
    }

    /// `value` within `range`.
    public static func whole<Number: BinaryInteger>(_ value: Number, _ field: String, in range: ClosedRange<Number>) throws(ProtocolError) -> Number {
        guard range.contains(value) else {
            throw ProtocolError(.invalidData, "data.\(field) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// `value` as `whole(_:_:in:)` holds it, when given.
    public static func optionalWhole<Number: BinaryInteger>(_ value: Number?, _ field: String, in range: ClosedRange<Number>) throws(ProtocolError)
        -> Number?
    {
        guard let value else { return nil }
        return try whole(value, field, in: range)
    }

    /// The number of a record the hub gave (a boundary, an event, a marker): 1 or more.
    public static func recordNumber(_ value: Int64, _ field: String) throws(ProtocolError) -> Int64 {
        try whole(value, field, in: 1...Int64.max)
    }

    /// `value`, finite and within `range`, when given.
    public static func number(_ value: Double?, _ field: String, in range: ClosedRange<Double>) throws(ProtocolError) -> Double? {
        guard let value else { return nil }
        guard value.isFinite, range.contains(value) else {
            throw ProtocolError(.invalidData, "data.\(field) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// `id`, usable as a topic segment: 1-64 of A-Z a-z 0-9 - _ .
    public static func identifier(_ id: String, _ field: String) throws(ProtocolError) -> String {
        guard Topic.isValidSegment(id) else {
            throw ProtocolError(.invalidData, "data.\(field) must be 1-\(Topic.maxSegmentLength) characters of A-Z a-z 0-9 - _ .")
        }
        return id
    }

    /// `id` as `identifier(_:_:)` holds it, when given.
    public static func optionalIdentifier(_ id: String?, _ field: String) throws(ProtocolError) -> String? {
        guard let id else { return nil }
        return try identifier(id, field)
    }

    /// Ids as `identifier(_:_:)` holds them, when given.
    public static func identifiers(_ list: [String]?, _ field: String) throws(ProtocolError) -> [String]? {
        guard let list else { return nil }
        guard list.allSatisfy(Topic.isValidSegment) else {
            throw ProtocolError(.invalidData, "data.\(field) must be a list of ids of 1-\(Topic.maxSegmentLength) characters of A-Z a-z 0-9 - _ .")
        }
        return list
    }

    /// `list`, at most `max` texts of 1-`length` characters each, when given.
    public static func strings(_ list: [String]?, _ field: String, max: Int, length: Int) throws(ProtocolError) -> [String]? {
        guard let list else { return nil }
        guard list.count <= max, list.allSatisfy({ !$0.isEmpty && $0.count <= length }) else {
            throw ProtocolError(.invalidData, "data.\(field) must be a list of at most \(max) strings of 1-\(length) characters")
        }
        return list
    }

    /// Thumbnail hashes (lowercase hex SHA-256), at most `max`, each kept once in order.
    public static func hashes(_ list: [String], _ field: String, max: Int) throws(ProtocolError) -> [String] {
        guard list.count <= max else {
            throw ProtocolError(.invalidData, "data.\(field) must be a list of at most \(max) thumbnail hashes")
        }
        guard list.allSatisfy(HexText.isSHA256) else {
            throw ProtocolError(
                .invalidData, "data.\(field) must hold SHA-256 hashes as 64 lowercase hex digits, as POST /api/thumbnails returns them")
        }
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }

    /// A duration (`"30m"` or milliseconds) within `range`, in milliseconds.
    public static func duration(_ duration: WireDuration, _ field: String, in range: ClosedRange<Int64>) throws(ProtocolError) -> Int64 {
        let milliseconds: Int64? =
            switch duration {
            case .text(let text): DurationText.milliseconds(text)
            case .milliseconds(let milliseconds): milliseconds
            }
        guard let milliseconds, range.contains(milliseconds) else { throw durationRefusal(field, in: range) }
        return milliseconds
    }

    /// `duration` as `duration(_:_:in:)` holds it, when given.
    public static func optionalDuration(_ duration: WireDuration?, _ field: String, in range: ClosedRange<Int64>) throws(ProtocolError) -> Int64? {
        guard let duration else { return nil }
        return try Self.duration(duration, field, in: range)
    }

    /// The refusal of a duration of `field` outside `range`, or that is no duration.
    private static func durationRefusal(_ field: String, in range: ClosedRange<Int64>) -> ProtocolError {
        ProtocolError(
            .invalidData,
            "data.\(field) must be a duration from \(DurationText.text(range.lowerBound)) to \(DurationText.text(range.upperBound)), e.g. \"30m\"")
    }
}
