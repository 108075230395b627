/// What the store offers a domain: its tables as one transaction sees them, inside a commit (for a
/// `DomainEffect`) or in a read (for a snapshot that must match a topic's head, a listing, a timer).
///
/// Statements are SQL with `?` placeholders and rows decode into `Decodable` records whose
/// properties name the columns in camel case (`escalate_at` is `escalateAt`). Nothing here is
/// SQLite's: a PostgreSQL back end runs the same statements (see `docs/architecture.md`).
public protocol DomainTransaction {
    /// Which SQL the back end speaks, for the few statements that differ (`StoreMigration`).
    var dialect: SQLDialect { get }
    /// Runs a statement that returns no rows.
    func execute(_ sql: String, _ arguments: [any StoreArgument]) throws
    /// Every row of a query, decoded.
    func fetchAll<Record: Decodable>(_ type: Record.Type, _ sql: String, _ arguments: [any StoreArgument]) throws -> [Record]
    /// Runs `body` on each row of a query, read by column position: for reads of many rows (a
    /// search's candidates), where decoding each into a record would cost more than the search.
    func forEachRow(_ sql: String, _ arguments: [any StoreArgument], _ body: (any StoreRow) throws -> Void) throws
    /// The first column of every row, read as integers (NULLs left out): for the thousand ids a
    /// prune deletes, without a row or a decoder for each.
    func fetchIntegers(_ sql: String, _ arguments: [any StoreArgument]) throws -> [Int64]
    /// The first column of the first row, or nil when there is no row or it is NULL.
    func fetchValue(_ sql: String, _ arguments: [any StoreArgument]) throws -> StoreValue?
    /// The row id the last INSERT made.
    var lastInsertedRowID: Int64 { get }
    /// How many rows the last statement changed.
    var changesCount: Int { get }
    /// Runs `action` once the write this transaction belongs to has committed, in the order given:
    /// for what a domain keeps outside the database (an in-memory index), which must follow only
    /// what was committed. Nothing runs when the write rolls back, nor for an effect whose event is
    /// refused (its savepoint is rolled back). Actions run on the store's writer: they must be short.
    /// A read has no commit to wait for: there the action is refused as a programming error.
    func afterCommit(_ action: @escaping @Sendable () -> Void)
}

extension DomainTransaction {
    public func execute(_ sql: String) throws {
        try execute(sql, [])
    }

    /// The first row of a query, decoded, or nil.
    public func fetchOne<Record: Decodable>(_ type: Record.Type, _ sql: String, _ arguments: [any StoreArgument]) throws -> Record? {
        try fetchAll(type, sql, arguments).first
    }

    public func fetchInteger(_ sql: String, _ arguments: [any StoreArgument]) throws -> Int64? {
        guard case .integer(let value) = try fetchValue(sql, arguments) else { return nil }
        return value
    }

    public func fetchText(_ sql: String, _ arguments: [any StoreArgument]) throws -> String? {
        guard case .text(let value) = try fetchValue(sql, arguments) else { return nil }
        return value
    }

    /// Whether the query returns a row.
    public func exists(_ sql: String, _ arguments: [any StoreArgument]) throws -> Bool {
        try fetchValue("SELECT EXISTS (\(sql))", arguments) == .integer(1)
    }

    /// The last `seq` committed on `topic`, 0 when it has none.
    public func head(of topic: String) throws -> UInt64 {
        UInt64(try fetchInteger("SELECT head FROM topic_heads WHERE topic = ?", [topic]) ?? 0)
    }

    /// Inserts `rows` into `table` (its name and column list: `"t (a, b)"`), each row's values in
    /// the columns' order. On PostgreSQL a statement is a round trip to the server, so the rows go
    /// many to a statement (a thousand in two, each well under its 65,535 values); SQLite runs in
    /// the process, where one cached statement a row costs microseconds. `suffix` follows each
    /// statement's values (an `ON CONFLICT` clause; a statement must not update one row twice).
    public func insertRows(_ table: String, _ rows: [[any StoreArgument]], suffix: String = "") throws {
        guard let width = rows.first?.count, width > 0 else { return }
        let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        let rowsPerStatement = dialect == .sqlite ? 1 : max(1, min(500, 30_000 / width))
        let tail = suffix.isEmpty ? "" : " " + suffix
        for start in stride(from: 0, to: rows.count, by: rowsPerStatement) {
            let part = rows[start..<min(start + rowsPerStatement, rows.count)]
            try execute("INSERT INTO \(table) VALUES " + Array(repeating: row, count: part.count).joined(separator: ", ") + tail, part.flatMap { $0 })
        }
    }
}

/// The SQL a back end speaks. Most of the domains' statements are the same in both; where they
/// differ (row ids, full-text and spatial indexes), a domain writes each.
public enum SQLDialect: Sendable {
    case sqlite
    case postgres
}

/// One row of a query, read by column position without decoding it into a record (`forEachRow`).
public protocol StoreRow {
    func double(_ column: Int) -> Double
    /// Nil for NULL.
    func optionalDouble(_ column: Int) -> Double?
    /// Nil for NULL.
    func integer(_ column: Int) -> Int64?
    /// Nil for NULL.
    func text(_ column: Int) -> String?
    /// Runs `body` on a blob's bytes in place, nil for NULL; the bytes are valid only inside `body`.
    func withBlob<T>(_ column: Int, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T?
    /// The column's value as it is stored, whatever its type (copying a table as it is).
    func value(_ column: Int) -> StoreValue
}
