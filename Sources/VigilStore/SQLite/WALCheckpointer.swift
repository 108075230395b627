import GRDB
import GRDBSQLite
import Synchronization

/// Copies the write-ahead log back into the database file on a connection of its own, beside the
/// writer's transactions, so that no commit pays for it.
///
/// SQLite's own checkpoint runs inside whichever commit takes the log past 1,000 pages: that commit
/// copies 4 MB into the database file and syncs it, and every write queued behind it (another
/// site's lone notice too) waits as long. Here the writer only reports the log's length after each
/// commit (`sqlite3_wal_hook`, which replaces the automatic checkpoint), and past `pagesBeforeCopy`
/// a passive checkpoint, SQLite's kind, copies what it can without ever taking the writer's lock.
/// Until the log starts over, every commit asks for another pass, which copies only what that
/// commit added: once a pass has copied everything, the next commit writes the log from its start.
final class WALCheckpointer: Sendable {
    static let pagesBeforeCopy: Int32 = 1_000

    private let connection: DatabaseQueue
    /// Set while a checkpoint is asked for or running: commits meanwhile ask for nothing more.
    private let asked = Atomic<Bool>(false)

    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "vigil.checkpointer"
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Makes `writer` report its commits here instead of checkpointing itself. `self` must outlive
    /// the hook: `detach(from:)` removes it.
    func attach(to writer: Database) {
        sqlite3_wal_hook(
            writer.sqliteConnection,
            { context, _, _, pages in
                guard let context else { return SQLITE_OK }
                Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(logPages: pages)
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    func detach(from writer: Database) {
        sqlite3_wal_hook(writer.sqliteConnection, nil, nil)
    }

    /// Called on the writer after each commit, with the log's length in pages.
    private func committed(logPages: Int32) {
        guard logPages >= Self.pagesBeforeCopy, !asked.exchange(true, ordering: .acquiringAndReleasing) else { return }
        connection.asyncWriteWithoutTransaction { [self] db in
            asked.store(false, ordering: .releasing)
            _ = try? db.checkpoint(.passive)
        }
    }
}
