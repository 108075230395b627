/// A record a domain keeps as one row of one of its tables. Its stored properties are the table's
/// columns, a camelCase field as its snake_case column (`alertID` in `alert_id`), as reads decode
/// them; `insert` writes them, so no statement lists the columns again. A field's value is a
/// `StoreArgument` (text, numbers, `TextList`) or an enum of text raw values. Reads turn `alert_id`
/// into the key `alertId`, so a field named with an acronym (`alertID`) names its key in `CodingKeys`.
public protocol TableRecord: Decodable, Sendable {
    static var table: String { get }
    /// Columns the database fills itself on insert (a row id), left out of it.
    static var generatedColumns: Set<String> { get }
}

extension TableRecord {
    public static var generatedColumns: Set<String> { [] }

    /// The columns and values `insert` writes, in the order the record declares its fields.
    public var insertedColumns: [(name: String, value: any StoreArgument)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let label = child.label else { return nil }
            let name = Self.column(of: label)
            guard !Self.generatedColumns.contains(name) else { return nil }
            guard let value = Self.argument(child.value) else {
                preconditionFailure("\(Self.self).\(label) is of a type no column takes: \(type(of: child.value))")
            }
            return (name, value)
        }
    }

    /// `alertID` -> `alert_id`, `urgentRepeatMs` -> `urgent_repeat_ms`: the snake case that reads
    /// decode from.
    static func column(of field: String) -> String {
        var column = ""
        var previous: Character?
        for character in field {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { column.append("_") }
            column.append(Character(character.lowercased()))
            previous = character
        }
        return column
    }

    private static func argument(_ value: Any) -> (any StoreArgument)? {
        if let argument = value as? any StoreArgument { return argument }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return String?.none }
            return argument(wrapped)
        }
        if let raw = (value as? any RawRepresentable)?.rawValue as? String { return raw }
        return nil
    }
}

extension DomainTransaction {
    /// Inserts `record` as a new row of its table.
    public func insert<Record: TableRecord>(_ record: Record) throws {
        let (sql, values) = Self.insertion(of: record)
        try execute(sql, values)
    }

    /// Inserts `record`, whose table numbers its rows itself (its one generated column), and
    /// returns the number the row was given.
    public func insertNumbering<Record: TableRecord>(_ record: Record) throws -> Int64 {
        guard let numbered = Record.generatedColumns.first, Record.generatedColumns.count == 1 else {
            preconditionFailure("\(Record.self) has no one generated column to number its rows")
        }
        let (sql, values) = Self.insertion(of: record)
        switch dialect {
        case .sqlite:
            // The writer's fast path: a plain statement, and SQLite's own last row id.
            try execute(sql, values)
            return lastInsertedRowID
        case .postgres:
            return try fetchInteger("\(sql) RETURNING \(numbered)", values) ?? 0
        }
    }

    private static func insertion<Record: TableRecord>(of record: Record) -> (sql: String, values: [any StoreArgument]) {
        let columns = record.insertedColumns
        let names = columns.map(\.name).joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return ("INSERT INTO \(Record.table) (\(names)) VALUES (\(marks))", columns.map(\.value))
    }
}
