/// What one read saw of the store's commits, so that a later read takes only the rows committed
/// since: how a hub's in-memory copy of a table learns what other hubs write to a store they share
/// (PostgreSQL). On SQLite one hub writes, its commits tell its copies themselves, and there is
/// no mark.
///
/// A mark is the read's snapshot (`pg_current_snapshot()`): the transactions whose rows it sees.
/// A read transaction on PostgreSQL sees one snapshot throughout (REPEATABLE READ), so the rows it
/// reads and its mark agree. A later read takes the rows its own snapshot sees and the mark's does
/// not: each committed row exactly once, whatever order concurrent writers committed in, with no
/// wait for older transactions to end (unlike the event follower's cursor, which must hand events
/// on in order).
public struct CommitMark: Sendable, Equatable {
    /// The snapshot, as PostgreSQL writes it (`xmin:xmax:xip,...`).
    let snapshot: String
}

extension DomainTransaction {
    /// The commits this read sees; nil on SQLite.
    public func commitMark() throws -> CommitMark? {
        guard dialect == .postgres else { return nil }
        return try fetchText("SELECT pg_current_snapshot()::text", []).map(CommitMark.init)
    }

    /// A condition (to join with `AND`) that holds for the rows whose writing transaction, the
    /// BIGINT column `xid` (default `pg_current_xact_id()`), committed after `mark` was taken, with
    /// its arguments. Rows without one (written before the column was) are never after a mark.
    public func committed(after mark: CommitMark, xid: String) -> (sql: String, arguments: [any StoreArgument]) {
        (
            "\(xid) >= pg_snapshot_xmin(?::pg_snapshot)::text::bigint AND NOT pg_visible_in_snapshot(\(xid)::text::xid8, ?::pg_snapshot)",
            [mark.snapshot, mark.snapshot]
        )
    }
}
