import Foundation
import GRDB
import VigilCore

/// The one SQLite file of a hub: WAL mode, foreign keys on, the store's and the domains'
/// migrations applied on open.
public final class VigilDatabase: StoreDatabase {
    let pool: DatabasePool
    private let checkpointer: WALCheckpointer
    /// Shared while the file is open: `vigil restore` will not replace it meanwhile.
    private let directoryLock: StoreDirectoryLock
    /// Names this database: made once when the file is created, so a client can tell a reset store
    /// from a gap in its sequence numbers.
    public let epoch: String

    /// How much of the file each connection maps: address space, not memory; pages are shared
    /// with the system's cache.
    static let mappedBytes = 1 << 30
    /// The most of the write-ahead log's file kept once the log starts over (16 MiB).
    public static let logBytesKept = 16 << 20

    /// Opens (creating when absent) the database at `path`, creating its directory too, and applies
    /// the store's migrations and then `migrations` (the domains'). Every opener of a file passes
    /// the same domain migrations: a file that has applied one they do not name is refused.
    /// With `maxBytes`, the file may not grow past it: a write that would is refused (SQLITE_FULL,
    /// as on a full disk) and the hub answers `store_unavailable`.
    public init(path: String, migrations: [StoreMigration], maxBytes: Int? = nil) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            directoryLock = try StoreDirectoryLock(
                directory: StoreDirectoryLock.directory(of: path), exclusive: false,
                inUse: "\(path) is being restored (vigil restore): open it once the restore has finished")
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.busyMode = .timeout(5)
            configuration.prepareDatabase { db in
                // The writer touches the same index pages batch after batch: with SQLite's default
                // 2 MB it read them back from the file for every insert once tables passed a few
                // hundred thousand rows. Readers keep the default; they share the system's page cache.
                if !db.configuration.readonly {
                    try db.execute(sql: "PRAGMA cache_size = -65536")
                    // What an effect's savepoint keeps to undo its writes stays in memory: SQLite
                    // otherwise spills it to a temporary file past 64 KB, which a batch of
                    // detections passes, one file made, written and deleted per batch.
                    try db.execute(sql: "PRAGMA temp_store = MEMORY")
                    // The log is written over from its start once it has been copied back, but its
                    // file keeps the length of the longest burst (a backlog while readers held the
                    // copy back): when it starts over, the file is cut back to this.
                    try db.execute(sql: "PRAGMA journal_size_limit = \(Self.logBytesKept)")
                }
                // Readers map the file rather than copy each page they visit through a read call: a
                // query that joins ten thousand index entries to their rows visits as many pages.
                try db.execute(sql: "PRAGMA mmap_size = \(Self.mappedBytes)")
                if let maxBytes {
                    let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                    try db.execute(sql: "PRAGMA max_page_count = \(max(1, maxBytes / pageSize))")
                }
            }
            pool = try DatabasePool(path: path, configuration: configuration)
            // An acknowledged event must survive power loss, not just a crash of the process: group
            // commit keeps the cost of the extra fsync per batch small. Set here, not when the
            // connection is prepared: GRDB sets the writer to NORMAL (the log synced only when
            // copied back) as it turns the log on, after that.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            let migrator = Migrations.migrator(domains: migrations)
            // A newer build's tables would be left behind, or misread, by this one.
            if try pool.read(migrator.hasBeenSuperseded) {
                throw StoreError.unavailable(
                    "the database has migrations this build does not know: it was opened by a newer vigil, or with other domains")
            }
            try migrator.migrate(pool)
            checkpointer = try WALCheckpointer(path: path)
            pool.writeWithoutTransaction { [checkpointer] db in checkpointer.attach(to: db) }
            epoch = try pool.write { db in try Meta.value("epoch", in: SQLiteTransaction(db: db)) { UUID().uuidString.lowercased() } }
        } catch {
            throw StoreError(error)
        }
    }

    deinit {
        pool.writeWithoutTransaction { [checkpointer] db in checkpointer.detach(from: db) }
    }

    public func key(named name: String) throws(StoreError) -> [UInt8] {
        try writeSQLiteNow { db in try Meta.key(named: name, in: SQLiteTransaction(db: db)) }
    }

    /// A synchronous write on GRDB's connection, for startup.
    func writeSQLiteNow<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.write(body)
        } catch {
            throw StoreError(error)
        }
    }

    public func transaction<T>(_ body: (any DomainTransaction) throws -> T) throws(StoreError) -> T {
        try writeSQLiteNow { db in try body(SQLiteTransaction(db: db)) }
    }

    public func readTransaction<T>(_ body: (any DomainTransaction) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read { db in try body(SQLiteTransaction(db: db)) }
        } catch {
            throw StoreError(error)
        }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T {
        try await writeSQLite { db in try body(SQLiteTransaction(db: db)) }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T {
        try await readSQLite { db in try body(SQLiteTransaction(db: db)) }
    }

    public func makeEventLog() -> any EventStore {
        EventLog(database: self)
    }

    func writeSQLite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await pool.write(body)
        } catch {
            throw StoreError(error)
        }
    }

    /// An asynchronous read: a synchronous one would hold a cooperative thread while it waits for a
    /// reader, and with every thread waiting so, the reads that hold the readers could never finish.
    func readSQLite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await pool.read(body)
        } catch {
            throw StoreError(error)
        }
    }
}
