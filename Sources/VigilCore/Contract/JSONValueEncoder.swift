import Foundation

/// Encodes an `Encodable` straight into the `JSONValue` that `JSONEncoder`'s text would parse to:
/// the contract's answers and payloads without writing text and reading it back. Foundation's
/// encoder, with that round trip, cost an ROI query's page of 50 results about as much as finding
/// them. As `JSONEncoder` does by default, `Data` is base64 text, a `URL` its absolute string, a
/// number JSON cannot write (NaN, infinity) is refused, and a value that encodes nothing is refused.
struct JSONValueEncoder {
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = EncodingNode()
        try root.store(value, codingPath: [])
        guard let encoded = root.resolved else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(type(of: value)) did not encode any values"))
        }
        return encoded
    }
}

/// One value being encoded: unset until a container or a value is asked of it. Containers are
/// references to it, so a container asked for twice (a type encoding another's fields beside its
/// own) writes into the same object, as with `JSONEncoder`.
private final class EncodingNode {
    enum Content {
        case unset
        case value(JSONValue)
        case object([String: EncodingNode])
        case array([EncodingNode])
    }

    var content = Content.unset

    init() {}

    init(_ value: JSONValue) {
        content = .value(value)
    }

    var resolved: JSONValue? {
        switch content {
        case .unset: nil
        case .value(let value): value
        case .object(let fields): .object(fields.compactMapValues(\.resolved))
        case .array(let elements): .array(elements.map { $0.resolved ?? .object([:]) })
        }
    }

    /// Encodes `value` here, by its own `encode(to:)` unless JSON has a word for it.
    /// The types are compared before any cast: a cast of a value costs more than the comparison.
    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if T.self == String.self {
            content = .value(.string(value as! String))
        } else if T.self == Int64.self {
            content = .value(JSONValue(value as! Int64))
        } else if T.self == Int.self {
            content = .value(JSONValue(value as! Int))
        } else if T.self == Double.self {
            content = .value(try Self.number(value as! Double, codingPath: codingPath))
        } else if T.self == JSONValue.self {
            content = .value(value as! JSONValue)
        } else if T.self == Data.self {
            content = .value(.string((value as! Data).base64EncodedString()))
        } else if T.self == URL.self {
            content = .value(.string((value as! URL).absoluteString))
        } else {
            try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func set(_ child: EncodingNode, forKey key: String) {
        guard case .object(var fields) = content else { return }
        // Released first, so that the dictionary is not copied on write.
        content = .unset
        fields[key] = child
        content = .object(fields)
    }

    func append(_ child: EncodingNode) {
        guard case .array(var elements) = content else { return }
        content = .unset
        elements.append(child)
        content = .array(elements)
    }

    var count: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }

    static func number(_ value: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) is not a number JSON can write"))
        }
        return .number(value)
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) throws { node.set(EncodingNode(.null), forKey: key.stringValue) }
    func encode(_ value: Bool, forKey key: Key) throws { node.set(EncodingNode(.bool(value)), forKey: key.stringValue) }
    func encode(_ value: String, forKey key: Key) throws { node.set(EncodingNode(.string(value)), forKey: key.stringValue) }
    func encode(_ value: Double, forKey key: Key) throws {
        node.set(EncodingNode(try EncodingNode.number(value, codingPath: codingPath + [key])), forKey: key.stringValue)
    }
    func encode(_ value: Int, forKey key: Key) throws { node.set(EncodingNode(JSONValue(value)), forKey: key.stringValue) }
    func encode(_ value: Int64, forKey key: Key) throws { node.set(EncodingNode(JSONValue(value)), forKey: key.stringValue) }
    func encode(_ value: UInt64, forKey key: Key) throws { node.set(EncodingNode(JSONValue(value)), forKey: key.stringValue) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let child = EncodingNode()
        try child.store(value, codingPath: codingPath + [key])
        node.set(child, forKey: key.stringValue)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        node.set(child, forKey: key.stringValue)
        return NodeEncoder(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        node.set(child, forKey: key.stringValue)
        return NodeEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superEncoder() -> any Encoder { superEncoder(named: "super") }

    func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let child = EncodingNode()
        node.set(child, forKey: name)
        return NodeEncoder(node: child, codingPath: codingPath)
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(index: count)] }

    func encodeNil() throws { node.append(EncodingNode(.null)) }
    func encode(_ value: Bool) throws { node.append(EncodingNode(.bool(value))) }
    func encode(_ value: String) throws { node.append(EncodingNode(.string(value))) }
    func encode(_ value: Double) throws { node.append(EncodingNode(try EncodingNode.number(value, codingPath: nextPath))) }
    func encode(_ value: Int) throws { node.append(EncodingNode(JSONValue(value))) }
    func encode(_ value: Int64) throws { node.append(EncodingNode(JSONValue(value))) }

    func encode<T: Encodable>(_ value: T) throws {
        let child = EncodingNode()
        try child.store(value, codingPath: nextPath)
        node.append(child)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        let path = nextPath
        node.append(child)
        return NodeEncoder(node: child, codingPath: path).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        let path = nextPath
        node.append(child)
        return NodeEncoder(node: child, codingPath: path).unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        let child = EncodingNode()
        let path = nextPath
        node.append(child)
        return NodeEncoder(node: child, codingPath: path)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func encodeNil() throws { node.content = .value(.null) }
    func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    func encode(_ value: String) throws { node.content = .value(.string(value)) }
    func encode(_ value: Double) throws { node.content = .value(try EncodingNode.number(value, codingPath: codingPath)) }
    func encode(_ value: Int) throws { node.content = .value(JSONValue(value)) }
    func encode(_ value: Int64) throws { node.content = .value(JSONValue(value)) }
    func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
}

/// The key of an array's element in a coding path (`data.results[3]`).
private struct IndexKey: CodingKey {
    let index: Int
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }

    init(index: Int) {
        self.index = index
    }

    init?(stringValue: String) { nil }

    init?(intValue: Int) {
        index = intValue
    }
}
