import Foundation
import GRDB

/// The one SQLite file of a hub: WAL mode, foreign keys on, migrations applied on open.
public final class VigilDatabase: Sendable {
    public let pool: DatabasePool
    /// Names this database: made once when the file is created, so a client can tell a reset store
    /// from a gap in its sequence numbers.
    public let epoch: String

    /// Opens (creating when absent) the database at `path`, creating its directory too. With
    /// `maxBytes`, the file may not grow past it: a write that would is refused (SQLITE_FULL, as on
    /// a full disk) and the hub answers `store_unavailable`.
    public init(path: String, maxBytes: Int? = nil) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // An acknowledged event must survive power loss, not just a crash of the process:
            // group commit keeps the cost of the extra fsync per batch small.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            if let maxBytes {
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                try db.execute(sql: "PRAGMA max_page_count = \(max(1, maxBytes / pageSize))")
            }
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        try Migrations.migrator.migrate(pool)
        epoch = try pool.write { db in try Meta.epoch(db) }
    }
}

/// Small key/value facts about the database itself.
enum Meta {
    static func epoch(_ db: Database) throws -> String {
        if let epoch = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'epoch'") {
            return epoch
        }
        let epoch = UUID().uuidString.lowercased()
        try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('epoch', ?)", arguments: [epoch])
        return epoch
    }
}
