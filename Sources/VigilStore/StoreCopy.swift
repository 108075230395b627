/// Copies a whole SQLite store into an empty PostgreSQL one (`vigil store copy`): the same epoch
/// and keys, the same events under the same `seq`s, every domain's rows and the thumbnails, so that
/// clients resume across the move as if the hub had only restarted.
///
/// Every table of the SQLite file is copied column for column into the PostgreSQL table of the
/// same name, parents before the tables whose foreign keys name them, in one transaction: the
/// destination has all of it or none. SQLite's own index structures (FTS5 and R*Tree virtual
/// tables, and their shadow tables) are not copied: PostgreSQL keeps those indexes itself, from the
/// rows. A table PostgreSQL lacks refuses the copy rather than leaving its rows behind.
public enum StoreCopy {
    /// How many rows of each table were copied, in the order they were.
    public struct TableCount: Sendable, Equatable {
        public var table: String
        public var rows: Int
    }

    /// Rows per INSERT: few round trips, well under PostgreSQL's 65,535 parameters a statement.
    static let rowsPerStatement = 200

    public static func copy(from source: VigilDatabase, to destination: PostgresDatabase) throws(StoreError) -> [TableCount] {
        try destination.transaction { target in
            guard try target.fetchInteger("SELECT count(*) FROM events", []) == 0, try target.fetchInteger("SELECT count(*) FROM sites", []) == 0
            else {
                throw StoreError.alreadyExists("events or sites in \(destination.location): a store is copied into an empty database only")
            }
            return try source.readTransaction { origin in
                let tables = try SQLiteTables.inCopyOrder(origin)
                let targetColumns = try PostgresColumns.of(tables.map(\.name), in: target)
                // The destination's own epoch and keys, made when it was opened, give way to the source's.
                try target.execute("DELETE FROM meta", [])
                return try tables.map { table in
                    guard let writable = targetColumns[table.name] else {
                        throw StoreError.notFound("table \(table.name) in \(destination.location): its rows would be left behind")
                    }
                    let columns = table.columns.filter(writable.contains)
                    let rows = try copyRows(of: table.name, columns: columns, from: origin, to: target)
                    try PostgresColumns.restartIdentities(of: table.name, in: target)
                    return TableCount(table: table.name, rows: rows)
                }
            }
        }
    }

    private static func copyRows(
        of table: String, columns: [String], from origin: any DomainTransaction, to target: any DomainTransaction
    ) throws -> Int {
        let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        var pending: [StoreValue] = []
        var copied = 0
        func flush() throws {
            let rows = pending.count / columns.count
            guard rows > 0 else { return }
            let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
            try target.execute("INSERT INTO \(table) (\(names)) VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))", pending)
            copied += rows
            pending.removeAll(keepingCapacity: true)
        }
        try origin.forEachRow("SELECT \(names) FROM \(table)", []) { row in
            pending += columns.indices.map { row.value($0) }
            if pending.count == columns.count * rowsPerStatement { try flush() }
        }
        try flush()
        return copied
    }
}

/// The tables of a SQLite store as `StoreCopy` copies them.
enum SQLiteTables {
    struct Table {
        var name: String
        var columns: [String]
        var parents: [String]
    }

    /// Every table with rows of the store's or a domain's, parents first; SQLite's internal tables,
    /// the migration record and the virtual index tables (with their shadow tables) left out.
    static func inCopyOrder(_ transaction: any DomainTransaction) throws -> [Table] {
        let entries = try transaction.fetchAll(
            SchemaEntry.self, "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name", [])
        let virtual = entries.filter { $0.sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") }.map(\.name)
        let copied = entries.map(\.name).filter { name in
            name != "grdb_migrations" && !virtual.contains { name == $0 || name.hasPrefix($0 + "_") }
        }
        var tables: [String: Table] = [:]
        for name in copied {
            let columns = try transaction.fetchAll(ColumnName.self, "SELECT name FROM pragma_table_info(?) ORDER BY cid", [name]).map(\.name)
            let parents = try transaction.fetchAll(Parent.self, "SELECT DISTINCT \"table\" AS parent FROM pragma_foreign_key_list(?)", [name])
                .map(\.parent).filter { $0 != name }
            tables[name] = Table(name: name, columns: columns, parents: parents)
        }
        var ordered: [Table] = []
        func visit(_ name: String) {
            guard let table = tables.removeValue(forKey: name) else { return }
            table.parents.forEach(visit)
            ordered.append(table)
        }
        copied.forEach(visit)
        return ordered
    }

    private struct SchemaEntry: Decodable {
        var name: String
        var sql: String
    }

    private struct ColumnName: Decodable {
        var name: String
    }

    private struct Parent: Decodable {
        var parent: String
    }
}

/// What a PostgreSQL store's tables take.
enum PostgresColumns {
    /// The columns of each of `tables` an INSERT may write (generated ones left out); a table the
    /// database lacks is absent.
    static func of(_ tables: [String], in transaction: any DomainTransaction) throws -> [String: Set<String>] {
        var columns: [String: Set<String>] = [:]
        for table in tables {
            let names = try transaction.fetchAll(
                Column.self,
                """
                SELECT column_name AS name FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = ? AND is_generated = 'NEVER'
                """, [table]
            ).map(\.name)
            if !names.isEmpty { columns[table] = Set(names) }
        }
        return columns
    }

    /// Moves each identity column's sequence past the largest value copied into it, so that the
    /// next row the hub inserts takes a new one.
    static func restartIdentities(of table: String, in transaction: any DomainTransaction) throws {
        let identities = try transaction.fetchAll(
            Column.self,
            """
            SELECT column_name AS name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = ? AND is_identity = 'YES'
            """, [table]
        ).map(\.name)
        for column in identities {
            try transaction.execute(
                "SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(max(\"\(column)\"), 0) + 1, false) FROM \(table)", [table, column])
        }
    }

    private struct Column: Decodable {
        var name: String
    }
}
