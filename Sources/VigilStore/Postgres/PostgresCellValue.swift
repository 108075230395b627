import Foundation
import NIOCore
import PostgresNIO

extension StoreValue {
    /// A column's value as the seam's types: what SQLite would give for the same column. Booleans
    /// (`EXISTS`, comparisons) read as 0 and 1, and `numeric` (what `SUM` of integers gives) as an
    /// integer when it is whole.
    init(_ cell: PostgresCell) throws {
        guard cell.bytes != nil else {
            self = .null
            return
        }
        switch cell.dataType {
        case .int2, .int4, .int8, .oid: self = .integer(try cell.decode(Int64.self))
        case .float4, .float8: self = .real(try cell.decode(Double.self))
        case .bool: self = .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .bytea: self = .blob(Array(try cell.decode(ByteBuffer.self).readableBytesView))
        case .numeric:
            let number = "\(try cell.decode(Decimal.self))"
            self = Int64(number).map(StoreValue.integer) ?? .real(Double(number) ?? .nan)
        default: self = .text(try cell.decode(String.self))
        }
    }
}

/// One row read by column position (`forEachRow`), its values converted once.
struct PostgresStoreRow: StoreRow {
    let values: [StoreValue]

    init(_ row: PostgresRow) throws {
        values = try row.map { try StoreValue($0) }
    }

    func double(_ column: Int) -> Double { optionalDouble(column) ?? 0 }

    func optionalDouble(_ column: Int) -> Double? {
        switch values[column] {
        case .real(let real): real
        case .integer(let integer): Double(integer)
        default: nil
        }
    }

    func integer(_ column: Int) -> Int64? {
        guard case .integer(let integer) = values[column] else { return nil }
        return integer
    }

    func text(_ column: Int) -> String? {
        guard case .text(let text) = values[column] else { return nil }
        return text
    }

    func withBlob<T>(_ column: Int, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T? {
        guard case .blob(let bytes) = values[column] else { return nil }
        return try bytes.withUnsafeBytes(body)
    }

    func value(_ column: Int) -> StoreValue { values[column] }
}
