import Foundation

/// Encodes an `Encodable` straight into the `JSONValue` that `JSONEncoder`'s text would parse to:
/// the contract's answers and payloads without writing text and reading it back. Foundation's
/// encoder, with that round trip, cost an ROI query's page of 50 results about as much as finding
/// them. As `JSONEncoder` does by default, `Data` is base64 text, a `URL` its absolute string, a
/// number JSON cannot write (NaN, infinity) is refused, and a value that encodes nothing is refused.
struct JSONValueEncoder {
    static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        guard let encoded = try EncodingNode.encoded(value, codingPath: []) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(T.self) did not encode any values"))
        }
        return encoded
    }
}

/// One value being encoded: unset until a container or a value is asked of it. Containers are
/// references to it, so a container asked for twice (a type encoding another's fields beside its
/// own) writes into the same object, as with `JSONEncoder`. Values are kept as they are finished;
/// only a nested container handed out (which may be written later) is kept as a node until the end.
private final class EncodingNode {
    enum Kind {
        case unset, single, object, array
    }

    var kind = Kind.unset
    var single = JSONValue.null
    var fields: [String: JSONValue] = [:]
    var elements: [JSONValue] = []
    /// Nested containers handed out, by key or by index, resolved at the end.
    var nestedFields: [(key: String, node: EncodingNode)] = []
    var nestedElements: [(index: Int, node: EncodingNode)] = []

    var resolved: JSONValue? {
        switch kind {
        case .unset: return nil
        case .single: return single
        case .object:
            for (key, node) in nestedFields { fields[key] = node.resolved ?? .object([:]) }
            return .object(fields)
        case .array:
            for (index, node) in nestedElements { elements[index] = node.resolved ?? .object([:]) }
            return .array(elements)
        }
    }

    func set(_ value: JSONValue) {
        kind = .single
        single = value
    }

    /// What `value` encodes to inside another value: one that encodes nothing is an empty object,
    /// as `JSONEncoder` writes it.
    static func value<T: Encodable>(of value: T, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        try encoded(value, codingPath: codingPath()) ?? .object([:])
    }

    /// What `value` encodes to, JSON's own values without an encoder; nil when it encodes nothing.
    /// The types are compared before any cast: a cast of a value costs more than the comparison.
    static func encoded<T: Encodable>(_ value: T, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue? {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int64.self { return JSONValue(value as! Int64) }
        if T.self == Int.self { return JSONValue(value as! Int) }
        if T.self == Double.self { return try number(value as! Double, codingPath: codingPath()) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == JSONValue.self { return (value as! JSONValue) }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        let node = EncodingNode()
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath()))
        return node.resolved
    }

    static func number(_ value: Double, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath(), debugDescription: "\(value) is not a number JSON can write"))
        }
        return .number(value)
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.kind = .object
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.kind = .array
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) throws { node.fields[key.stringValue] = .null }
    func encode(_ value: Bool, forKey key: Key) throws { node.fields[key.stringValue] = .bool(value) }
    func encode(_ value: String, forKey key: Key) throws { node.fields[key.stringValue] = .string(value) }
    func encode(_ value: Double, forKey key: Key) throws {
        node.fields[key.stringValue] = try EncodingNode.number(value, codingPath: codingPath + [key])
    }
    func encode(_ value: Int, forKey key: Key) throws { node.fields[key.stringValue] = JSONValue(value) }
    func encode(_ value: Int64, forKey key: Key) throws { node.fields[key.stringValue] = JSONValue(value) }
    func encode(_ value: UInt64, forKey key: Key) throws { node.fields[key.stringValue] = JSONValue(value) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.fields[key.stringValue] = try EncodingNode.value(of: value, codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: nested(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: nested(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superEncoder() -> any Encoder { NodeEncoder(node: nested("super"), codingPath: codingPath) }

    func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(node: nested(key.stringValue), codingPath: codingPath) }

    private func nested(_ key: String) -> EncodingNode {
        let child = EncodingNode()
        node.nestedFields.append((key, child))
        return child
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(index: count)] }

    func encodeNil() throws { node.elements.append(.null) }
    func encode(_ value: Bool) throws { node.elements.append(.bool(value)) }
    func encode(_ value: String) throws { node.elements.append(.string(value)) }
    func encode(_ value: Double) throws { node.elements.append(try EncodingNode.number(value, codingPath: nextPath)) }
    func encode(_ value: Int) throws { node.elements.append(JSONValue(value)) }
    func encode(_ value: Int64) throws { node.elements.append(JSONValue(value)) }

    func encode<T: Encodable>(_ value: T) throws {
        node.elements.append(try EncodingNode.value(of: value, codingPath: nextPath))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return NodeEncoder(node: nested(), codingPath: path).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return NodeEncoder(node: nested(), codingPath: path).unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        let path = nextPath
        return NodeEncoder(node: nested(), codingPath: path)
    }

    /// A place in the array for a container written later.
    private func nested() -> EncodingNode {
        let child = EncodingNode()
        node.nestedElements.append((node.elements.count, child))
        node.elements.append(.null)
        return child
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func encodeNil() throws { node.set(.null) }
    func encode(_ value: Bool) throws { node.set(.bool(value)) }
    func encode(_ value: String) throws { node.set(.string(value)) }
    func encode(_ value: Double) throws { node.set(try EncodingNode.number(value, codingPath: codingPath)) }
    func encode(_ value: Int) throws { node.set(JSONValue(value)) }
    func encode(_ value: Int64) throws { node.set(JSONValue(value)) }
    func encode<T: Encodable>(_ value: T) throws { node.set(try EncodingNode.value(of: value, codingPath: codingPath)) }
}
