import Foundation
import VigilCore

/// The shape of a wire type as its `Encodable` conformance writes it, read by encoding one sample
/// value with a recording encoder: each field's name, its type and whether it may be absent. A
/// field left nil in the sample still shows, since `encodeIfPresent` is asked about it.
indirect enum WireType: Equatable {
    case string, number, boolean, json
    /// `null`: an optional field written always, null when it holds nothing.
    case null
    case literals([String])
    /// One of several types: a duration is text or milliseconds.
    case either([WireType])
    case list(WireType)
    case named(String)
}

struct WireField: Equatable {
    var name: String
    var type: WireType
    var optional: Bool
}

/// What the recording encoder learnt: the fields of each named type met, nested ones included.
final class WireSchema {
    private(set) var fields: [String: [WireField]] = [:]
    private(set) var order: [String] = []

    /// Describes `sample`'s type, and the types of the fields it holds.
    @discardableResult
    func describe(_ sample: some Encodable) throws -> WireType {
        try self.type(of: Swift.type(of: sample), value: sample)
    }

    /// A type's name in JSDoc: `ChatMessage.Urgent` -> `ChatMessageUrgent`.
    static func name(of type: Any.Type) -> String {
        String(reflecting: type).split(separator: ".").dropFirst().joined()
    }

    func type<T: Encodable>(of metatype: T.Type, value: T?) throws -> WireType {
        switch metatype {
        case is String.Type: return .string
        case is Int.Type, is Int64.Type, is UInt64.Type, is Double.Type: return .number
        case is Bool.Type: return .boolean
        case is JSONValue.Type: return .json
        case is WireDuration.Type: return .either([.string, .number])
        default: break
        }
        if let cases = metatype as? any (CaseIterable & RawRepresentable).Type { return .literals(Self.rawValues(of: cases)) }
        if let list = metatype as? any WireList.Type { return .list(try list.elementType(in: self, first: value)) }
        if let wrapped = metatype as? any WireOptional.Type { return try wrapped.wrappedType(in: self, value: value) }
        let name = Self.name(of: metatype)
        guard let value else { return .named(name) }
        let recorder = FieldRecorder(schema: self)
        try value.encode(to: recorder)
        if let recorded = recorder.fields {
            if fields[name] == nil { order.append(name) }
            fields[name] = recorded
            return .named(name)
        }
        return recorder.single ?? .json
    }

    private static func rawValues<E: CaseIterable & RawRepresentable>(of type: E.Type) -> [String] {
        E.allCases.map { "\($0.rawValue)" }
    }
}

/// Arrays, whose element type is known even when the sample holds none.
protocol WireList {
    static func elementType(in schema: WireSchema, first list: Any?) throws -> WireType
}

extension Array: WireList where Element: Encodable {
    static func elementType(in schema: WireSchema, first list: Any?) throws -> WireType {
        try schema.type(of: Element.self, value: (list as? [Element])?.first)
    }
}

/// Optionals met as a value (`[Int?]`), not as a field.
protocol WireOptional {
    static func wrappedType(in schema: WireSchema, value: Any?) throws -> WireType
}

extension Optional: WireOptional where Wrapped: Encodable {
    static func wrappedType(in schema: WireSchema, value: Any?) throws -> WireType {
        try schema.type(of: Wrapped.self, value: value as? Wrapped)
    }
}

/// An `Encoder` that writes nothing: it records the fields a value encodes, or the one value a
/// single-value container takes, or the element type of a list.
private final class FieldRecorder: Encoder {
    let schema: WireSchema
    var fields: [WireField]?
    var single: WireType?
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(schema: WireSchema) { self.schema = schema }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if fields == nil { fields = [] }
        return KeyedEncodingContainer(KeyedRecorder<Key>(recorder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedRecorder(recorder: self) }
    func singleValueContainer() -> any SingleValueEncodingContainer { SingleRecorder(recorder: self) }

    func record(_ name: String, _ type: WireType, optional: Bool) {
        fields?.removeAll { $0.name == name }
        fields?.append(WireField(name: name, type: type, optional: optional))
    }
}

private struct KeyedRecorder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: FieldRecorder
    var codingPath: [any CodingKey] = []

    mutating func encodeNil(forKey key: Key) throws { recorder.record(key.stringValue, .json, optional: true) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let type = try recorder.schema.type(of: T.self, value: value)
        // An optional given to `encode`, not `encodeIfPresent`, is written as null when nil.
        recorder.record(key.stringValue, T.self is any WireOptional.Type ? .either([type, .null]) : type, optional: false)
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        recorder.record(key.stringValue, try recorder.schema.type(of: T.self, value: value), optional: true)
    }

    // The overloads for the standard types, which synthesized conformances call for them.
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { recorder.record(key.stringValue, .string, optional: true) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { recorder.record(key.stringValue, .boolean, optional: true) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { recorder.record(key.stringValue, .number, optional: true) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { recorder.record(key.stringValue, .number, optional: true) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { recorder.record(key.stringValue, .number, optional: true) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { recorder.record(key.stringValue, .number, optional: true) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        recorder.record(key.stringValue, .json, optional: false)
        return KeyedEncodingContainer(KeyedRecorder<NestedKey>(recorder: FieldRecorder(schema: recorder.schema)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        recorder.record(key.stringValue, .list(.json), optional: false)
        return UnkeyedRecorder(recorder: FieldRecorder(schema: recorder.schema))
    }

    mutating func superEncoder() -> any Encoder { recorder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { recorder }
}

/// A list written element by element (a custom conformance): its type is that of its first element.
private struct UnkeyedRecorder: UnkeyedEncodingContainer {
    let recorder: FieldRecorder
    var codingPath: [any CodingKey] = []
    var count = 0

    mutating func encodeNil() throws { count += 1 }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if count == 0 { recorder.single = .list(try recorder.schema.type(of: T.self, value: value)) }
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedRecorder<NestedKey>(recorder: FieldRecorder(schema: recorder.schema)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedRecorder(recorder: FieldRecorder(schema: recorder.schema)) }
    mutating func superEncoder() -> any Encoder { recorder }
}

private struct SingleRecorder: SingleValueEncodingContainer {
    let recorder: FieldRecorder
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() throws { recorder.single = .json }

    mutating func encode<T: Encodable>(_ value: T) throws {
        recorder.single = try recorder.schema.type(of: T.self, value: value)
    }
}
