import Foundation
import Testing
import VigilDomains
import VigilStore
import VigilTestSupport

/// The domains' PostgreSQL migrations against their SQLite ones: on an empty database every one
/// applies, a second opening applies none, and the tables, columns and secondary indexes are
/// SQLite's, but for what a dialect does its own way by design (`PostgresDifferences`). Runs where a
/// PostgreSQL server is named.
@Suite struct PostgresMigrationTests {
    private static var postgres: [StoreBackEnd] { StoreBackEnd.available.filter { $0 == .postgres } }

    @Test(arguments: postgres) func theDomainsMigrateOnPostgresToSQLitesTables(_ backEnd: StoreBackEnd) throws {
        let location = try TestPostgres.newDatabase()
        defer { TestPostgres.drop(location) }
        let applied = try Self.appliedMigrations(in: PostgresDatabase(location: location, migrations: Domains.migrations))
        #expect(Set(Domains.migrations.map(\.identifier)).isSubset(of: applied))
        let reopened = try PostgresDatabase(location: location, migrations: Domains.migrations)
        #expect(try Self.appliedMigrations(in: reopened) == applied, "a second opening applies nothing")

        let postgres = try SchemaShape.postgres(reopened)
        let expected = PostgresDifferences.expected(from: try SchemaShape.sqlite())
        let tables = (postgres: Set(postgres.columns.keys), expected: Set(expected.columns.keys))
        #expect(tables.expected.subtracting(tables.postgres) == [], "tables PostgreSQL lacks")
        #expect(tables.postgres.subtracting(tables.expected) == [], "tables only PostgreSQL has")
        for (table, columns) in expected.columns where tables.postgres.contains(table) {
            #expect(postgres.columns[table] == columns, "the columns of \(table)")
        }
        #expect(expected.indexes.subtracting(postgres.indexes) == [], "indexes PostgreSQL lacks")
        #expect(postgres.indexes.subtracting(expected.indexes) == [], "indexes only PostgreSQL has")
        // The seam binds every integer as int8 and every real as float8.
        let narrow = try reopened.transaction { transaction in
            try transaction.fetchAll(
                Named.self,
                """
                SELECT table_name || '.' || column_name AS name FROM information_schema.columns
                WHERE table_schema = 'public' AND data_type IN ('smallint', 'integer', 'real', 'numeric')
                """, [])
        }
        #expect(narrow.isEmpty, "integers are BIGINT and reals DOUBLE PRECISION: \(narrow.map(\.name))")
    }

    private static func appliedMigrations(in database: PostgresDatabase) throws -> Set<String> {
        Set(try database.transaction { try $0.fetchAll(Named.self, "SELECT identifier AS name FROM schema_migrations", []) }.map(\.name))
    }
}

/// What a dialect does its own way by design, so that the comparison expects it.
private enum PostgresDifferences {
    /// SQLite's schema as PostgreSQL should have it. Each back end keeps its own record of applied
    /// migrations (GRDB's `grdb_migrations`, `schema_migrations`). Chat's search keeps FTS5's
    /// columns and adds `rowid` (implicit in SQLite) and `words`, the text's `tsvector`, under
    /// `chat_search_words`, and a site's newest rows under `chat_search_by_site` (`ChatMigrations`);
    /// the detections' box index is a table of the R*Tree's columns under `detection_boxes_space`
    /// (`DetectionMigrations`). Each event keeps the transaction that wrote it, by which the other
    /// hubs follow the log (`PostgresEventFollower`);
    /// so does each detection, by which their indexes learn the others' rows. The hubs sharing the
    /// database report who is present through them in `hub_roster`.
    static func expected(from sqlite: SchemaShape) -> SchemaShape {
        var shape = sqlite
        shape.columns["grdb_migrations"] = nil
        shape.columns["schema_migrations"] = ["identifier", "applied_at"]
        shape.columns["chat_search", default: []].formUnion(["rowid", "words"])
        shape.columns["events", default: []].insert("xid")
        shape.columns["detections", default: []].insert("xid")
        shape.columns["hub_roster"] = ["hub", "alive_until", "report"]
        shape.indexes.formUnion(["chat_search_words", "chat_search_by_site", "detection_boxes_space", "events_by_xid", "detections_by_xid"])
        return shape
    }
}

/// A schema's tables with their column names, and its secondary indexes (those no key or
/// uniqueness constraint made) by name.
private struct SchemaShape {
    var columns: [String: Set<String>] = [:]
    var indexes: Set<String> = []

    /// What the domains' SQLite migrations make on a fresh file, without SQLite's own tables or
    /// those behind a virtual table (FTS5's, the R*Tree's): the virtual tables stand for them.
    static func sqlite() throws -> SchemaShape {
        let directory = try makeScratchDirectory("vigil-migrations")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try VigilDatabase(path: directory.appendingPathComponent("vigil.sqlite").path, migrations: Domains.migrations)
        return try database.transaction { transaction in
            let tables = try transaction.fetchAll(
                Named.self,
                "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND substr(name, 1, 7) != 'sqlite_'", [])
            var shape = SchemaShape()
            for table in tables.map(\.name) {
                shape.columns[table] = Set(try transaction.fetchAll(Named.self, "SELECT name FROM pragma_table_info(?)", [table]).map(\.name))
            }
            shape.indexes = Set(
                try transaction.fetchAll(Named.self, "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL", []).map(\.name))
            return shape
        }
    }

    /// What the migrations made in a PostgreSQL database.
    static func postgres(_ database: PostgresDatabase) throws -> SchemaShape {
        try database.transaction { transaction in
            var shape = SchemaShape()
            let columns = try transaction.fetchAll(
                TableColumn.self, "SELECT table_name::text, column_name::text FROM information_schema.columns WHERE table_schema = 'public'", [])
            for column in columns { shape.columns[column.tableName, default: []].insert(column.columnName) }
            shape.indexes = Set(
                try transaction.fetchAll(
                    Named.self,
                    """
                    SELECT c.relname::text AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                    JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
                    """, []
                ).map(\.name))
            return shape
        }
    }

    private struct TableColumn: Decodable {
        var tableName: String
        var columnName: String
    }
}

private struct Named: Decodable {
    var name: String
}
