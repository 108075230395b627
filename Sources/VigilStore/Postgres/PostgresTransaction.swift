import PostgresNIO

/// `DomainTransaction` on a PostgreSQL session inside BEGIN ... COMMIT: the PostgreSQL back end's
/// side of the seam. Statements are the domains' own, `?` numbered for the server.
final class PostgresTransaction: DomainTransaction {
    let session: PostgresSession
    let isReadOnly: Bool
    /// What runs once the transaction commits, in order; an effect's list is kept apart until its
    /// savepoint is released (`PostgresEventLog`).
    var afterCommitActions: [@Sendable () -> Void] = []
    private var lastChanges = 0
    /// This transaction's id on the server, once `id()` has asked for it.
    private(set) var knownID: Int64?
    var dialect: SQLDialect { .postgres }

    init(session: PostgresSession, isReadOnly: Bool) {
        self.session = session
        self.isReadOnly = isReadOnly
    }

    func execute(_ sql: String, _ arguments: [any StoreArgument]) throws {
        // A script of several statements (a migration) goes as one simple query; it takes no arguments.
        if arguments.isEmpty, Self.isScript(sql) {
            try session.script(sql)
            lastChanges = 0
            return
        }
        lastChanges = try session.run(sql, arguments.map(\.storeValue)).changed
    }

    /// Whether `sql` holds more than one statement: a semicolon before its last word.
    private static func isScript(_ sql: String) -> Bool {
        guard let last = sql.lastIndex(where: { !$0.isWhitespace }) else { return false }
        return sql[..<last].contains(";")
    }

    func fetchAll<Record: Decodable>(_ type: Record.Type, _ sql: String, _ arguments: [any StoreArgument]) throws -> [Record] {
        let rows = try session.run(sql, arguments.map(\.storeValue)).rows
        guard let first = rows.first else { return [] }
        let columns = RecordColumns(names: first.map(\.columnName))
        return try rows.map { row in try columns.decode(Record.self, from: row.map { try StoreValue($0) }) }
    }

    func forEachRow(_ sql: String, _ arguments: [any StoreArgument], _ body: (any StoreRow) throws -> Void) throws {
        for row in try session.run(sql, arguments.map(\.storeValue)).rows {
            try body(PostgresStoreRow(row))
        }
    }

    func fetchIntegers(_ sql: String, _ arguments: [any StoreArgument]) throws -> [Int64] {
        try session.run(sql, arguments.map(\.storeValue)).rows.compactMap { row in
            guard case .integer(let integer) = try Self.firstValue(of: row) else { return nil }
            return integer
        }
    }

    func fetchValue(_ sql: String, _ arguments: [any StoreArgument]) throws -> StoreValue? {
        guard let row = try session.run(sql, arguments.map(\.storeValue)).rows.first else { return nil }
        let value = try Self.firstValue(of: row)
        return value == .null ? nil : value
    }

    /// The row's first column (a row is a sequence of cells, not a collection).
    private static func firstValue(of row: PostgresRow) throws -> StoreValue {
        var cells = row.makeIterator()
        return try cells.next().map(StoreValue.init) ?? .null
    }

    /// This transaction's id on the server (`pg_current_xact_id`), asked once: what a follower
    /// orders rows by, and what tells afterwards whether a COMMIT whose answer was lost committed.
    func id() throws -> Int64? {
        if knownID == nil { knownID = try fetchInteger("SELECT pg_current_xact_id()::text::bigint", []) }
        return knownID
    }

    /// The value the last INSERT took from a sequence (an identity column's): PostgreSQL has no row
    /// ids of its own. Asked after an insert into a table without one, it is a programming error.
    var lastInsertedRowID: Int64 {
        do {
            return try fetchInteger("SELECT lastval()", []) ?? 0
        } catch {
            preconditionFailure("lastInsertedRowID after an insert that took no identity value: \(error)")
        }
    }

    var changesCount: Int { lastChanges }

    func afterCommit(_ action: @escaping @Sendable () -> Void) {
        precondition(!isReadOnly, "afterCommit in a read: there is no commit to wait for")
        afterCommitActions.append(action)
    }
}

extension PostgresTransaction: EventLogTransaction {
    func inEffectSavepoint(_ effect: (any DomainTransaction) throws -> [String]) throws -> EffectOutcome {
        try session.script("SAVEPOINT effect")
        let effectTransaction = PostgresTransaction(session: session, isReadOnly: false)
        do {
            let mirrors = try effect(effectTransaction)
            try session.script("RELEASE SAVEPOINT effect")
            afterCommitActions += effectTransaction.afterCommitActions
            return .applied(mirrors: mirrors)
        } catch let refusal as any EffectRefusal {
            try session.script("ROLLBACK TO SAVEPOINT effect")
            return .refused(refusal)
        }
    }

    /// A statement for many rows: each statement is a round trip to the server.
    func insertEvents(_ events: [StoredEvent]) throws {
        let rows = events.map { event -> [any StoreArgument] in [event.topic, Int64(event.seq), event.type, event.ts, event.from, event.payload] }
        try insertRows("events (topic, seq, type, ts, sender, payload)", rows)
    }

    /// One statement, its rows in the topics' order: writers that share a topic lock its row in the
    /// same order.
    func setHeads(_ heads: [String: UInt64]) throws {
        try insertRows(
            "topic_heads (topic, head)", heads.sorted { $0.key < $1.key }.map { head -> [any StoreArgument] in [head.key, Int64(head.value)] },
            suffix: "ON CONFLICT (topic) DO UPDATE SET head = excluded.head")
    }
}
