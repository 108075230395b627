import ArgumentParser
import Foundation
import VigilStore

/// `vigil backup DEST`: a consistent copy of the live store, taken while the hub serves.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Copy the hub's store to a new file while the hub serves.",
        discussion: """
            The copy holds the store as it was when the backup began: every event acknowledged by then, under its seq, \
            with the store's epoch, so clients resume across a restore. Publishes go on meanwhile. A PostgreSQL store is \
            backed up with PostgreSQL's own tools (pg_dump); see docs/postgres.md.
            """)
    @Argument(help: "The new file to write (never overwritten).") var destination: String
    @OptionGroup var store: StoreOptions

    func run() throws {
        let started = ContinuousClock.now
        switch try store.address() {
        case .postgres(let location):
            throw ValidationError(PostgresBackupAdvice.backup(location))
        case .sqlite(let path):
            let summary = try StoreBackup.backUp(store: path, to: destination)
            let seconds = (ContinuousClock.now - started).components.seconds
            print("backed up \(path) to \(destination): \(summary.pages) pages, \(summary.bytes) bytes in \(seconds) s; epoch \(summary.epoch)")
        }
    }
}

/// `vigil restore BACKUP`: the store brought back from a backup, with its epoch.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring the hub's store back from a backup made by vigil backup.",
        discussion: """
            Stop the hub first: a store in use (by a hub or another vigil command) is not replaced. The restored store \
            keeps the backup's epoch, so clients resume where the backup left them.
            """)
    @Argument(help: "The backup file.") var backup: String
    @Flag(help: "Replace the store that is there (otherwise a restore only makes a new one).") var replace = false
    @OptionGroup var store: StoreOptions

    func run() throws {
        switch try store.address() {
        case .postgres(let location):
            throw ValidationError(PostgresBackupAdvice.restore(location))
        case .sqlite(let path):
            let summary = try StoreBackup.restore(from: backup, to: path, replacing: replace)
            print("restored \(path) from \(backup): \(summary.pages) pages; epoch \(summary.epoch)")
        }
    }
}

/// What to run instead for a store on PostgreSQL: its own tools copy a live database consistently.
enum PostgresBackupAdvice {
    static func backup(_ location: PostgresLocation) -> String {
        """
        a PostgreSQL store is backed up with PostgreSQL's own tools, which copy a live database consistently:
          pg_dump --format=custom --file DEST '\(location.description)'
        (or pg_basebackup for the whole server); see docs/postgres.md
        """
    }

    static func restore(_ location: PostgresLocation) -> String {
        """
        a PostgreSQL store is restored with PostgreSQL's own tools, into an empty database made by createdb:
          pg_restore --dbname '\(location.description)' --exit-on-error --single-transaction DEST
        see docs/postgres.md
        """
    }
}
