import Foundation

/// A hub's store on a PostgreSQL server: the owner of its connections, schema and epoch, as
/// `VigilDatabase` is of a SQLite file. The database must exist; its tables are made by migrations.
public final class PostgresDatabase: StoreDatabase {
    let lanes: PostgresLanes
    /// Names this store: made once when its tables are created, so a client can tell a reset store
    /// from a gap in its sequence numbers.
    public let epoch: String
    public let location: PostgresLocation

    /// How many write transactions run at once: the hub commits this many sites' batches beside
    /// each other (a site's own writes take turns, under its advisory lock).
    public static let writerConnections = 4
    /// How many reads run beside the writers: the hub's snapshots, queries and searches.
    public static let readerConnections = 4

    /// Connects to the server at `location`, applies the store's migrations and then `migrations`
    /// (the domains' PostgreSQL lists), and reads (or makes) the epoch.
    public init(location: PostgresLocation, migrations: [StoreMigration]) throws(StoreError) {
        self.location = location
        lanes = try PostgresLanes(location: location, writers: Self.writerConnections, readers: Self.readerConnections)
        try PostgresMigrations.migrate(migrations, lanes: lanes)
        epoch = try lanes.writeNow { transaction in try Meta.value("epoch", in: transaction) { UUID().uuidString.lowercased() } }
    }

    public func key(named name: String) throws(StoreError) -> [UInt8] {
        try lanes.writeNow { transaction in try Meta.key(named: name, in: transaction) }
    }

    public func transaction<T>(_ body: (any DomainTransaction) throws -> T) throws(StoreError) -> T {
        try lanes.writeNow { try body($0) }
    }

    public func readTransaction<T>(_ body: (any DomainTransaction) throws -> T) throws(StoreError) -> T {
        try lanes.readNow { try body($0) }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T {
        try await lanes.write { try body($0) }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T {
        try await lanes.read { try body($0) }
    }

    public func makeEventLog() -> any EventStore {
        PostgresEventLog(database: self)
    }
}
