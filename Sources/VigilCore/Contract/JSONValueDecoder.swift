import Foundation

/// Decodes a `Decodable` straight from a `JSONValue`: what `JSONDecoder` makes of the value's text,
/// without writing the text and parsing it again. Every command's `data` on the hub and every event
/// a client reads goes through it. As `JSONDecoder` does by default, `Data` is read from base64 text
/// and a `URL` from its string; a whole number type takes only a number it holds exactly. A value
/// that does not fit throws the `DecodingError` Foundation's decoder would (the same case, type and
/// coding path; for a number too big or with a fraction, a clearer one), which
/// `JSONValue.decode(_:field:)` turns into the protocol's sentence. A `JSONValue` inside the type
/// is the value itself: nothing is tried and thrown away, as `JSONValue`'s own `init(from:)` must
/// do with other decoders.
struct JSONValueDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try decode(type, from: value, codingPath: [])
    }

    /// `value` as `T`: JSON's own values read without a decoder, other types by their `init(from:)`.
    /// The types are compared before any cast: a cast costs more than the comparison.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: @autoclosure () -> [any CodingKey]) throws -> T {
        if T.self == JSONValue.self { return value as! T }
        if T.self == String.self { return try string(value, codingPath()) as! T }
        if T.self == Double.self { return try number(Double.self, value, codingPath()) as! T }
        if T.self == Int.self { return try whole(Int.self, value, codingPath()) as! T }
        if T.self == Int64.self { return try whole(Int64.self, value, codingPath()) as! T }
        if T.self == Bool.self { return try bool(value, codingPath()) as! T }
        if T.self == Data.self { return try data(value, codingPath()) as! T }
        if T.self == URL.self { return try url(value, codingPath()) as! T }
        // The other number types, whose own `init(from:)` would ask this decoder for themselves again.
        if let integer = T.self as? any FixedWidthInteger.Type { return try whole(integer, value, codingPath()) as! T }
        if let floating = T.self as? any BinaryFloatingPoint.Type { return try number(floating, value, codingPath()) as! T }
        return try T(from: ValueDecoder(value: value, codingPath: codingPath()))
    }

    static func string(_ value: JSONValue, _ codingPath: [any CodingKey]) throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, value, codingPath) }
        return text
    }

    static func bool(_ value: JSONValue, _ codingPath: [any CodingKey]) throws -> Bool {
        guard case .bool(let truth) = value else { throw mismatch(Bool.self, value, codingPath) }
        return truth
    }

    static func number<Number: BinaryFloatingPoint>(_ type: Number.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) throws -> Number {
        guard case .number(let number) = value else { throw mismatch(Number.self, value, codingPath) }
        let converted = Number(number)
        guard converted.isFinite else { throw unfit(number, Number.self, codingPath) }
        return converted
    }

    static func whole<Number: BinaryInteger>(_ type: Number.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) throws -> Number {
        guard case .number(let number) = value else { throw mismatch(Number.self, value, codingPath) }
        guard let whole = Number(exactly: number) else { throw unfit(number, Number.self, codingPath) }
        return whole
    }

    static func data(_ value: JSONValue, _ codingPath: [any CodingKey]) throws -> Data {
        guard let data = Data(base64Encoded: try string(value, codingPath)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
        }
        return data
    }

    static func url(_ value: JSONValue, _ codingPath: [any CodingKey]) throws -> URL {
        guard let url = URL(string: try string(value, codingPath)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid URL string."))
        }
        return url
    }

    /// A value of another kind than `type`; null is `valueNotFound`, as Foundation tells them apart.
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) -> DecodingError {
        let found = "Expected to decode \(type) but found \(kind(of: value)) instead."
        let context = DecodingError.Context(codingPath: codingPath, debugDescription: found)
        return value == .null ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    /// A number `type` cannot hold: a mismatch where it lies (`data.seq must be a whole number`),
    /// where Foundation's decoder says the whole text is not valid JSON.
    static func unfit(_ number: Double, _ type: Any.Type, _ codingPath: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Parsed JSON number <\(number)> does not fit in \(type)."))
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}

/// The decoder a type's `init(from:)` is given: one value and where it lies.
private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw JSONValueDecoder.mismatch([String: Any].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedValueContainer(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw JSONValueDecoder.mismatch([Any].self, value, codingPath) }
        return UnkeyedValueContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath)
    }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONValueDecoder.decode(type, from: try value(for: key), codingPath: codingPath + [key])
    }

    /// Absent and null are both nil, as with `JSONDecoder`; asked for often, so without the default's
    /// three lookups.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = fields[key.stringValue], value != .null else { return nil }
        return try JSONValueDecoder.decode(type, from: value, codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try value(for: key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try value(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: fields["super"] ?? .null, codingPath: codingPath + [SuperKey()])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }

    private func value(for key: Key) throws -> JSONValue {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }
}

private struct UnkeyedValueContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try current(Never?.self) == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoded = try JSONValueDecoder.decode(type, from: try current(type), codingPath: codingPath + [IndexKey(index: currentIndex)])
        currentIndex += 1
        return decoded
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try ValueDecoder(value: try current(type), codingPath: codingPath + [IndexKey(index: currentIndex)]).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try ValueDecoder(value: try current([Any].self), codingPath: codingPath + [IndexKey(index: currentIndex)]).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = ValueDecoder(value: try current(Any.self), codingPath: codingPath + [IndexKey(index: currentIndex)])
        currentIndex += 1
        return decoder
    }

    /// The element at the current index; past the end, the `valueNotFound` Foundation throws.
    private func current(_ type: Any.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath + [IndexKey(index: currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        return elements[currentIndex]
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValueDecoder.decode(type, from: value, codingPath: codingPath)
    }
}

/// The key `superDecoder()` reads under, as Foundation names it.
private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }

    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
