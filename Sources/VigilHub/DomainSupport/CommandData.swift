import VigilCore

/// The `data` object of a command, read field by field with a precise refusal for each mistake.
public struct CommandData {
    public let fields: [String: JSONValue]

    public init(_ data: JSONValue, shape: String) throws(ProtocolError) {
        guard let fields = data.objectValue else {
            throw ProtocolError(.invalidData, "data must be an object \(shape)")
        }
        self.fields = fields
    }

    /// A non-blank string of at most `maxLength` characters, or nil when absent or null.
    public func optionalString(_ key: String, maxLength: Int) throws(ProtocolError) -> String? {
        guard let value = fields[key], value != .null else { return nil }
        guard let text = value.stringValue else {
            throw ProtocolError(.invalidData, "data.\(key) must be a non-empty string")
        }
        return try CommandBounds.text(text, key, maxLength: maxLength)
    }

    /// An id usable as a topic segment: 1-64 of A-Z a-z 0-9 - _ .
    public func identifier(_ key: String) throws(ProtocolError) -> String {
        guard let id = try optionalIdentifier(key) else {
            throw ProtocolError(.invalidData, "data.\(key) is required")
        }
        return id
    }

    public func optionalIdentifier(_ key: String) throws(ProtocolError) -> String? {
        guard let value = fields[key], value != .null else { return nil }
        return try CommandBounds.identifier(value.stringValue ?? "", key)
    }

    /// A list of ids usable as topic segments, or nil when absent or null.
    public func optionalIdentifiers(_ key: String) throws(ProtocolError) -> [String]? {
        guard let value = fields[key], value != .null else { return nil }
        guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue.map(Topic.isValidSegment) == true }) else {
            throw ProtocolError(.invalidData, "data.\(key) must be a list of ids of 1-\(Topic.maxSegmentLength) characters of A-Z a-z 0-9 - _ .")
        }
        return list.compactMap(\.stringValue)
    }

    /// A whole number within `range`, or nil when absent or null.
    public func integer(_ key: String, in range: ClosedRange<Int>) throws(ProtocolError) -> Int? {
        guard let value = fields[key], value != .null else { return nil }
        guard let number = value.numberValue, let whole = Int(exactly: number) else {
            throw ProtocolError(.invalidData, "data.\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return try CommandBounds.whole(whole, key, in: range)
    }

    public func bool(_ key: String) throws(ProtocolError) -> Bool? {
        guard let value = fields[key], value != .null else { return nil }
        guard let flag = value.boolValue else { throw ProtocolError(.invalidData, "data.\(key) must be true or false") }
        return flag
    }

    /// A duration as `duration(_:in:)` reads it, or nil when absent or null.
    public func optionalDuration(_ key: String, in range: ClosedRange<Int64>) throws(ProtocolError) -> Int64? {
        guard let value = fields[key], value != .null else { return nil }
        return try duration(key, in: range)
    }

    /// A duration as text ("30m") or milliseconds, within `range`.
    public func duration(_ key: String, in range: ClosedRange<Int64>) throws(ProtocolError) -> Int64 {
        let milliseconds: Int64?
        switch fields[key] {
        case .string(let text): milliseconds = DurationText.milliseconds(text)
        case .number(let number): milliseconds = Int64(exactly: number)
        default: throw ProtocolError(.invalidData, "data.\(key) is required: a duration such as \"30m\" or milliseconds")
        }
        guard let milliseconds, range.contains(milliseconds) else { throw CommandBounds.durationRefusal(key, in: range) }
        return milliseconds
    }
}
