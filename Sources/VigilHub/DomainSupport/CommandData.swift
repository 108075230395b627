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

    public func string(_ key: String, maxLength: Int) throws(ProtocolError) -> String {
        guard let text = try optionalString(key, maxLength: maxLength) else {
            throw ProtocolError(.invalidData, "data.\(key) is required")
        }
        return text
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

    public func integer(_ key: String, in range: ClosedRange<Int>) throws(ProtocolError) -> Int? {
        guard let value = fields[key], value != .null else { return nil }
        guard let number = value.numberValue, let whole = Int(exactly: number), range.contains(whole) else {
            throw ProtocolError(.invalidData, "data.\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return whole
    }

    /// A list of at most `max` strings of 1...`length` characters, or nil when absent or null.
    public func optionalStrings(_ key: String, max: Int, length: Int) throws(ProtocolError) -> [String]? {
        guard let value = fields[key], value != .null else { return nil }
        guard let list = value.arrayValue, list.count <= max,
            case let texts = list.compactMap(\.stringValue), texts.count == list.count,
            texts.allSatisfy({ !$0.isEmpty && $0.count <= length })
        else {
            throw ProtocolError(.invalidData, "data.\(key) must be a list of at most \(max) strings of 1-\(length) characters")
        }
        return texts
    }

    /// A finite number within `range`, or nil when absent or null.
    public func number(_ key: String, in range: ClosedRange<Double>) throws(ProtocolError) -> Double? {
        guard let value = fields[key], value != .null else { return nil }
        guard let number = value.numberValue, number.isFinite, range.contains(number) else {
            throw ProtocolError(.invalidData, "data.\(key) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// One of `choices`, or nil when absent or null.
    public func choice(_ key: String, of choices: [String]) throws(ProtocolError) -> String? {
        guard let value = fields[key], value != .null else { return nil }
        guard let text = value.stringValue, choices.contains(text) else {
            throw ProtocolError(.invalidData, "data.\(key) must be one of \(choices.joined(separator: ", "))")
        }
        return text
    }

    /// A list of 1 to `max` distinct whole numbers within `range`, or nil when absent or null.
    public func integers(_ key: String, in range: ClosedRange<Int>, max: Int) throws(ProtocolError) -> [Int]? {
        guard let value = fields[key], value != .null else { return nil }
        let refusal = ProtocolError(
            .invalidData, "data.\(key) must be a list of 1 to \(max) whole numbers from \(range.lowerBound) to \(range.upperBound)")
        guard let list = value.arrayValue, (1...max).contains(list.count) else { throw refusal }
        var numbers: [Int] = []
        for item in list {
            guard let number = item.numberValue, let whole = Int(exactly: number), range.contains(whole) else { throw refusal }
            if !numbers.contains(whole) { numbers.append(whole) }
        }
        return numbers
    }

    public func bool(_ key: String) throws(ProtocolError) -> Bool? {
        guard let value = fields[key], value != .null else { return nil }
        guard let flag = value.boolValue else { throw ProtocolError(.invalidData, "data.\(key) must be true or false") }
        return flag
    }

    /// A list of thumbnail hashes (lowercase hex SHA-256), at most `max`.
    public func hashes(_ key: String, max: Int) throws(ProtocolError) -> [String] {
        guard let value = fields[key], value != .null else { return [] }
        guard let list = value.arrayValue, list.count <= max else {
            throw ProtocolError(.invalidData, "data.\(key) must be a list of at most \(max) thumbnail hashes")
        }
        // A non-text item is refused as a hash that is not one.
        return try CommandBounds.hashes(list.map { $0.stringValue ?? "" }, key, max: max)
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
