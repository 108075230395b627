/// Any JSON value. Event payloads travel as `JSONValue` on the client side; the server keeps them as
/// canonical JSON text (see `JSONValue.canonicalText`) so that an event is encoded once.
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; JSON has one kind, read as a `Double` (whole numbers are exact up to 2^53).
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; the order of its keys is not kept.
    case object([String: JSONValue])

    /// The value of field `key` of an object; nil for a missing field or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    /// The string, when the value is one; nil otherwise.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, when the value is one; nil otherwise.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The boolean, when the value is one; nil otherwise.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The fields, when the value is an object; nil otherwise.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements, when the value is an array; nil otherwise.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// A whole number (a `seq`, an id, a time in milliseconds) as JSON carries it: exact up to 2^53.
    public init(_ whole: some BinaryInteger) { self = .number(Double(whole)) }

    /// Compact JSON with object keys sorted, the form the store keeps.
    public var canonicalText: String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.text
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value: null, a boolean, a number, a string, an array or an object, tried in that order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string value: `"text"` where a `JSONValue` is expected.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number value from a whole-number literal.
    public init(integerLiteral value: Int) { self.init(value) }
    /// A number value from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A boolean value from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array value from an array literal of values.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object value from a dictionary literal; a key written twice keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// `null`, from `nil`.
    public init(nilLiteral: ()) { self = .null }
}
