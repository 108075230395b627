import Foundation
import GRDB
import Glibc

/// Online backups of a SQLite store and their restore.
///
/// A backup is SQLite's backup API run inside one read transaction on the live file: it copies the
/// store as it was when that transaction began (every event acknowledged by then, and the domains'
/// rows of the same commit), step by step, while the hub goes on committing: in WAL mode a reader
/// never holds a writer up. The copy goes to `DEST.partial` and is renamed to `DEST` once whole
/// and checked, so a file at `DEST` is always a complete store.
public enum StoreBackup {
    /// Pages copied a step (1 MiB at SQLite's default page size).
    static let pagesPerStep: CInt = 256

    /// What a backup or a restore did.
    public struct Summary: Sendable {
        /// The store's epoch, the same in the copy: clients resume across a restore.
        public let epoch: String
        public let pages: Int
        public let bytes: Int
    }

    /// Copies the live store at `store` to a new file `destination` (refused when it exists).
    public static func backUp(store: String, to destination: String) throws -> Summary {
        guard FileManager.default.fileExists(atPath: store) else { throw StoreError.notFound("a store at \(store)") }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw StoreError.alreadyExists("\(destination) (a backup never overwrites a file)")
        }
        let lock = try StoreDirectoryLock(
            directory: StoreDirectoryLock.directory(of: store), exclusive: false,
            inUse: "\(store) is being restored: back it up once that has finished")
        defer { withExtendedLifetime(lock) {} }
        let partial = destination + ".partial"
        do {
            try? FileManager.default.removeItem(atPath: partial)
            let summary = try copy(from: try DatabaseQueue(path: store, configuration: sourceConfiguration), to: partial)
            try FileManager.default.moveItem(atPath: partial, toPath: destination)
            return summary
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    /// Makes the store at `store` a copy of the backup at `backup`, with the backup's epoch. Refused,
    /// with nothing changed, while anything has the store open (a hub, a command), and when a store
    /// is there already unless `replacing` says to replace it.
    public static func restore(from backup: String, to store: String, replacing: Bool) throws -> Summary {
        guard FileManager.default.fileExists(atPath: backup) else { throw StoreError.notFound("a backup at \(backup)") }
        let directory = StoreDirectoryLock.directory(of: store)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let lock = try StoreDirectoryLock(
            directory: directory, exclusive: true,
            inUse: "the store at \(store) is in use (a hub or a vigil command has it open): stop the hub, then restore")
        defer { withExtendedLifetime(lock) {} }
        let exists = FileManager.default.fileExists(atPath: store)
        if exists, !replacing {
            throw StoreError.alreadyExists("a store at \(store) (give --replace to replace it with the backup)")
        }
        let incoming = store + ".restoring"
        do {
            try? FileManager.default.removeItem(atPath: incoming)
            let summary = try copy(from: try DatabaseQueue(path: backup, configuration: sourceConfiguration), to: incoming)
            if exists { try settle(store) }
            guard rename(incoming, store) == 0 else { throw StoreError.unavailable("cannot move the restored file to \(store)") }
            return summary
        } catch {
            try? FileManager.default.removeItem(atPath: incoming)
            throw error
        }
    }

    /// Reads without writing: no migration, no journal mode change on the file read from.
    private static var sourceConfiguration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        return configuration
    }

    /// Copies `source` into a new file at `destination` in steps, inside one read transaction, then
    /// checks the copy.
    private static func copy(from source: DatabaseQueue, to destination: String) throws -> Summary {
        let copy = try DatabaseQueue(path: destination)
        var pages = 0
        let epoch = try source.read { db in
            // The first read fixes the snapshot the whole copy is taken from.
            guard let epoch = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'epoch'") else {
                throw StoreError.notFound("a Vigil store's epoch in the file")
            }
            try copy.writeWithoutTransaction { target in
                try db.backup(to: target, pagesPerStep: pagesPerStep) { progress in pages = progress.totalPageCount }
            }
            return epoch
        }
        let check = try copy.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
        guard check == "ok" else { throw StoreError.unavailable("the copy does not check out: \(check ?? "no answer")") }
        try copy.close()
        let bytes = (try? FileManager.default.attributesOfItem(atPath: destination)[.size]) as? Int ?? 0
        return Summary(epoch: epoch, pages: pages, bytes: bytes)
    }

    /// Folds the write-ahead log of the store about to be replaced into its file and removes it:
    /// left beside the new file, SQLite would replay the old store's pages onto it.
    private static func settle(_ store: String) throws {
        let old = try DatabaseQueue(path: store, configuration: sourceConfiguration)
        try old.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try old.close()
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: store + suffix) {
            try FileManager.default.removeItem(atPath: store + suffix)
        }
    }
}
