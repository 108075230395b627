import Foundation
import GRDB
import GRDBSQLite

/// `DomainTransaction` on a GRDB connection: the SQLite back end's side of the seam.
struct SQLiteTransaction: DomainTransaction {
    let db: Database
    /// Where an effect's after-commit actions wait until its savepoint is released; nil outside an
    /// effect, where they are given to the transaction at once.
    var effectActions: CommitActions?
    var dialect: SQLDialect { .sqlite }

    func execute(_ sql: String, _ arguments: [any StoreArgument]) throws {
        guard !arguments.isEmpty else { return try db.execute(sql: sql) }
        let statement = try db.cachedStatement(sql: sql)
        // The count is checked here and the values bound as they are: GRDB's binding, checked or
        // not, cost more than SQLite's insert itself on the writer's path, which runs this for
        // every row stored.
        let expected = Int(sqlite3_bind_parameter_count(statement.sqliteStatement))
        guard expected == arguments.count else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "\(arguments.count) arguments for \(expected) parameters", sql: sql)
        }
        // Marks the statement's arguments as set (none) and clears the last ones; the values are
        // then bound through SQLite itself, which GRDB's execution keeps.
        statement.setUncheckedArguments(StatementArguments())
        for (index, argument) in zip(Int32(1)..., arguments) {
            Self.bind(argument.storeValue, at: index, to: statement.sqliteStatement)
        }
        try statement.execute()
    }

    /// SQLite copies the text or bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func bind(_ value: StoreValue, at index: Int32, to statement: SQLiteStatement) {
        switch value {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let integer): sqlite3_bind_int64(statement, index, integer)
        case .real(let real): sqlite3_bind_double(statement, index, real)
        case .text(let text): sqlite3_bind_text(statement, index, text, -1, transient)
        case .blob(let bytes) where bytes.isEmpty: sqlite3_bind_zeroblob(statement, index, 0)
        case .blob(let bytes): bytes.withUnsafeBytes { _ = sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient) }
        }
    }

    func fetchAll<Record: Decodable>(_ type: Record.Type, _ sql: String, _ arguments: [any StoreArgument]) throws -> [Record] {
        let statement = try db.cachedStatement(sql: sql)
        let columns = RecordColumns(names: statement.columnNames)
        let rows = try Row.fetchCursor(statement, arguments: Self.bind(arguments))
        var records: [Record] = []
        while let row = try rows.next() {
            records.append(try columns.decode(Record.self, from: (0..<row.count).map(SQLiteRow(row: row).value)))
        }
        return records
    }

    func forEachRow(_ sql: String, _ arguments: [any StoreArgument], _ body: (any StoreRow) throws -> Void) throws {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: Self.bind(arguments))
        while let row = try rows.next() {
            try body(SQLiteRow(row: row))
        }
    }

    func fetchIntegers(_ sql: String, _ arguments: [any StoreArgument]) throws -> [Int64] {
        try Int64?.fetchAll(db.cachedStatement(sql: sql), arguments: Self.bind(arguments)).compactMap { $0 }
    }

    func fetchValue(_ sql: String, _ arguments: [any StoreArgument]) throws -> StoreValue? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: Self.bind(arguments)) else { return nil }
        let value = StoreValue(row[0] as DatabaseValue)
        return value == .null ? nil : value
    }

    var lastInsertedRowID: Int64 { db.lastInsertedRowID }
    var changesCount: Int { db.changesCount }

    func afterCommit(_ action: @escaping @Sendable () -> Void) {
        if let effectActions { return effectActions.list.append(action) }
        precondition(!db.configuration.readonly, "afterCommit in a read: there is no commit to wait for")
        db.afterNextTransaction { _ in action() }
    }

    static func bind(_ arguments: [any StoreArgument]) -> StatementArguments {
        // Binding is on the single writer's path for every row stored. GRDB's initializer for a
        // sequence of one concrete type maps it through a key path made anew at each call (a third
        // of the writer's time under `vigil bench isolation`); the one for optional values maps it
        // through a closure.
        StatementArguments(
            arguments.map { argument -> (any DatabaseValueConvertible)? in
                switch argument.storeValue {
                case .null: nil
                case .integer(let value): value
                case .real(let value): value
                case .text(let value): value
                case .blob(let bytes): Data(bytes)
                }
            })
    }
}

extension SQLiteTransaction: EventLogTransaction {
    func inEffectSavepoint(_ effect: (any DomainTransaction) throws -> [String]) throws -> EffectOutcome {
        var outcome: EffectOutcome = .applied(mirrors: [])
        let actions = CommitActions()
        try db.inSavepoint {
            do {
                outcome = .applied(mirrors: try effect(SQLiteTransaction(db: db, effectActions: actions)))
                return .commit
            } catch let refusal as any EffectRefusal {
                outcome = .refused(refusal)
                return .rollback
            }
        }
        if case .applied = outcome { actions.schedule(in: db) }
        return outcome
    }

    /// A cached statement a row: in the process, a row costs microseconds.
    func insertEvents(_ events: [StoredEvent]) throws {
        let insert = try db.cachedStatement(sql: "INSERT INTO events (topic, seq, type, ts, sender, payload) VALUES (?, ?, ?, ?, ?, ?)")
        for event in events {
            try insert.execute(arguments: [event.topic, Int64(event.seq), event.type, event.ts, event.from, event.payload])
        }
    }

    func setHeads(_ heads: [String: UInt64]) throws {
        let upsertHead = try db.cachedStatement(
            sql: "INSERT INTO topic_heads (topic, head) VALUES (?, ?) ON CONFLICT (topic) DO UPDATE SET head = excluded.head")
        for (topic, head) in heads {
            try upsertHead.execute(arguments: [topic, Int64(head)])
        }
    }
}

/// The after-commit actions of one effect, kept apart until its savepoint is released: a refused
/// effect's are dropped with its writes. Used on the writer only.
final class CommitActions {
    var list: [@Sendable () -> Void] = []

    /// Hands the actions to the transaction, which runs them if it commits.
    func schedule(in db: Database) {
        for action in list {
            db.afterNextTransaction { _ in action() }
        }
    }
}

/// A GRDB row, read in place (a cursor's row is valid until the cursor moves on).
private struct SQLiteRow: StoreRow {
    let row: Row

    func double(_ column: Int) -> Double { row[column] }
    func optionalDouble(_ column: Int) -> Double? { row[column] }
    func integer(_ column: Int) -> Int64? { row[column] }
    func text(_ column: Int) -> String? { row[column] }

    func withBlob<T>(_ column: Int, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T? {
        try row.withUnsafeData(atIndex: column) { data in try data.map { try $0.withUnsafeBytes(body) } }
    }

    func value(_ column: Int) -> StoreValue { StoreValue(row[column] as DatabaseValue) }
}

extension StoreValue {
    fileprivate init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let real): self = .real(real)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob([UInt8](data))
        }
    }
}
