import Foundation

/// Where each of a query's columns lies, by the key a record reads it with (`created_at` is
/// `createdAt`): found once for the query's rows, on both back ends, so one record type serves both.
struct RecordColumns {
    let positions: [String: Int]

    /// The columns `names`, in the order of a row's values; a name given twice is read from its first.
    init(names: [String]) {
        positions = Dictionary(names.enumerated().map { (ColumnKeys.camelCase($1), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The record one row's values (in the columns' order) make.
    func decode<Record: Decodable>(_ type: Record.Type, from values: [StoreValue]) throws -> Record {
        try Record(from: RecordDecoder(columns: self, values: values))
    }
}

/// Decodes a `Decodable` record from one row's values by its columns' names. Both back ends read
/// records with it; on SQLite it replaced GRDB's own row decoder, which mapped the columns to keys
/// anew for every row (a chat search's page of 20 messages read about a sixth faster without it).
private struct RecordDecoder: Decoder {
    let columns: RecordColumns
    let values: [StoreValue]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func value(for key: some CodingKey) -> StoreValue? {
        columns.positions[key.stringValue].map { values[$0] }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Columns<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([StoreValue].self, .init(codingPath: codingPath, debugDescription: "a row is read by column names"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(StoreValue.self, .init(codingPath: codingPath, debugDescription: "a row is read by column names"))
    }

    private struct Columns<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: RecordDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { decoder.columns.positions.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { decoder.columns.positions[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { (decoder.value(for: key) ?? .null) == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = decoder.value(for: key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no column \(key.stringValue)"))
            }
            return try ColumnDecoder(value: value, codingPath: codingPath + [key]).decode(type)
        }

        func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type, forKey key: Key) throws -> KeyedDecodingContainer<Nested> {
            throw DecodingError.typeMismatch(type, .init(codingPath: codingPath + [key], debugDescription: "a column holds one value"))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath + [key], debugDescription: "a column holds one value"))
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
    }
}

/// One column's value, for the types a record's field may have: numbers, text, booleans (0 and
/// 1), bytes, and anything that decodes itself from one of them (`TextList`, raw-value enums).
private struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let value: StoreValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw mismatch(type) }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw mismatch([Any].self) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try integer(type) != 0 }
    func decode(_ type: String.Type) throws -> String {
        guard case .text(let text) = value else { throw mismatch(type) }
        return text
    }
    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .real(let real): return real
        case .integer(let integer): return Double(integer)
        default: throw mismatch(type)
        }
    }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try exactly(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try exactly(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try exactly(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try exactly(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try exactly(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try exactly(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try exactly(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try exactly(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try exactly(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch (type, value) {
        case (is Data.Type, .blob(let bytes)): return Data(bytes) as! T
        case (is [UInt8].Type, .blob(let bytes)): return bytes as! T
        default: return try T(from: self)
        }
    }

    private func integer(_ type: Any.Type) throws -> Int64 {
        guard case .integer(let integer) = value else { throw mismatch(type) }
        return integer
    }

    private func exactly<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let number = T(exactly: try integer(type)) else { throw mismatch(type) }
        return number
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "the column holds \(value)"))
    }
}
