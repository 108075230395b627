import Logging
import NIOPosix
import PostgresNIO

/// Follows the `events` table for what other hubs commit, on a connection of its own.
///
/// Order across concurrent writers: each event row keeps the id of the transaction that wrote it
/// (`xid`, PostgreSQL's 64-bit `pg_current_xact_id()`), and the follower reads only the rows of
/// transactions older than the oldest one still running (`pg_snapshot_xmin`): those have all
/// ended, so no row can appear below that mark later, and a cursor on (xid, id) misses nothing.
/// Identity ids alone would not do: a writer may take id 9 and commit after another's id 10. A
/// topic's writers take turns under its scope's lock and take their transaction id under it, so
/// a topic's rows come in `seq` order.
///
/// `NOTIFY` (a trigger on `events`, sent at commit with the transaction's id) only wakes the
/// follower, which also reads every `pollInterval`: a lost notification costs latency, never an
/// event. A connection killed or a server restarted is made again, and reading goes on from the
/// cursor, which lives as long as the hub; so is one whose read goes unanswered (`BoundedAnswer`).
final class PostgresEventFollower: EventFollower {
    /// The wake-up channel of the trigger below.
    static let channel = "vigil_events"
    /// The longest a committed event waits for this node when its notification is lost.
    static let pollInterval: Duration = .milliseconds(500)
    static let pageSize = 1000
    static let reconnectDelay: Duration = .milliseconds(250)
    /// The longest a read waits for the server before the follower connects again.
    static let answerTimeout: Duration = .seconds(15)
    /// What an operator sees in `pg_stat_activity` for this connection.
    static let applicationName = "vigil follower"

    /// The migration: the writing transaction on each event (rows from before it have none and are
    /// never followed: they were there before any follower), its index, and the wake-up.
    static let tables = """
        ALTER TABLE events ADD COLUMN xid BIGINT;
        ALTER TABLE events ALTER COLUMN xid SET DEFAULT (pg_current_xact_id()::text::bigint);
        CREATE INDEX events_by_xid ON events (xid, id);
        CREATE FUNCTION vigil_events_committed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('vigil_events', pg_current_xact_id()::text);
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER events_committed AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION vigil_events_committed()
        """

    /// Where the follower has read to: every row before (xid, id) is delivered or left out.
    private struct Cursor {
        var xid: Int64
        var id: Int64
    }

    /// One read: the rows after the cursor below the mark, and where the next read starts.
    private struct Page {
        var rows: [(xid: Int64, event: StoredEvent)] = []
        var next: Cursor
        var mark: Int64
        var isFull: Bool
    }

    private let location: PostgresLocation
    private let own: PostgresOwnTransactions
    private let logger = Logger(label: "vigil.store.follower")

    init(location: PostgresLocation, own: PostgresOwnTransactions) {
        self.location = location
        self.own = own
        own.start()
    }

    func follow(_ deliver: @escaping @Sendable ([StoredEvent]) async -> Void) async {
        var cursor: Cursor?
        while !Task.isCancelled {
            do {
                try await follow(on: try await connect(), from: &cursor, deliver)
            } catch is CancellationError {
                return
            } catch {
                guard !Task.isCancelled else { return }
                logger.warning("following the events of other hubs: \(error); connecting again", metadata: ["server": "\(location)"])
                try? await Task.sleep(for: Self.reconnectDelay)
            }
        }
    }

    private func connect() async throws -> PostgresConnection {
        try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: .init(location, name: Self.applicationName), id: 0, logger: logger)
    }

    private func follow(
        on connection: PostgresConnection, from cursor: inout Cursor?, _ deliver: @escaping @Sendable ([StoredEvent]) async -> Void
    ) async throws {
        defer { connection.close().whenComplete { _ in withExtendedLifetime(connection) {} } }
        let wakeup = FollowerWakeup()
        // Not a child task: a listener is ended by closing its connection, which the reader does.
        let listener = Task { [own] in
            defer { wakeup.signal() }  // the connection ended: the reader's next query says so
            try await connection.listen(on: Self.channel) { notifications in
                for try await notification in notifications {
                    guard let committed = Int64(notification.payload), !own.contains(committed) else { continue }
                    wakeup.signal(committed: committed)
                }
            }
        }
        defer { listener.cancel() }
        let start = cursor
        var position = try await BoundedAnswer.await(on: connection, within: Self.answerTimeout) { [self] in
            try await cursorNow(start, on: connection)
        }
        var pause = Duration.milliseconds(1)
        while true {
            try Task.checkCancellation()
            let after = position
            let page = try await BoundedAnswer.await(on: connection, within: Self.answerTimeout) { [self] in
                try await read(after: after, on: connection)
            }
            let theirs = page.rows.filter { !own.contains($0.xid) }.map(\.event)
            if !theirs.isEmpty { await deliver(theirs) }
            position = page.next
            cursor = position
            own.forget(below: position.xid)
            if page.isFull { continue }
            if wakeup.newestNotified >= page.mark {
                // A transaction told of its commit, but an older one still runs: look again soon.
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(64))
                continue
            }
            pause = .milliseconds(1)
            await wakeup.wait(atMost: Self.pollInterval)
            if connection.isClosed { throw PostgresFollowerError.connectionEnded }
        }
    }

    /// Where to start: where the last connection left off, or, the first time, the transactions
    /// running now (what ended before was there before this hub followed).
    private func cursorNow(_ cursor: Cursor?, on connection: PostgresConnection) async throws -> Cursor {
        if let cursor { return cursor }
        for try await mark in try await connection.query("SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint", logger: logger).decode(
            Int64.self)
        {
            return Cursor(xid: mark, id: 0)
        }
        throw PostgresFollowerError.connectionEnded
    }

    /// The rows after `cursor` of every transaction older than the oldest one running, in
    /// (xid, id) order, and that mark; one row of nulls but the mark when there is none.
    private func read(after cursor: Cursor, on connection: PostgresConnection) async throws -> Page {
        let rows = try await connection.query(
            """
            SELECT w.mark, e.xid, e.id, e.topic, e.seq, e.type, e.ts, e.sender, e.payload
            FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS mark) AS w
            LEFT JOIN LATERAL (
                SELECT xid, id, topic, seq, type, ts, sender, payload FROM events
                WHERE (xid, id) > (\(cursor.xid), \(cursor.id)) AND xid < w.mark ORDER BY xid, id LIMIT \(Int64(Self.pageSize))
            ) AS e ON true
            """, logger: logger)
        var page = Page(next: cursor, mark: cursor.xid, isFull: false)
        var last: Cursor?
        for try await (mark, xid, id, topic, seq, type, ts, sender, payload) in rows.decode(
            (Int64, Int64?, Int64?, String?, Int64?, String?, Int64?, String?, String?).self)
        {
            page.mark = mark
            guard let xid, let id, let topic, let seq, let type, let ts, let sender, let payload else { continue }
            page.rows.append((xid, StoredEvent(topic: topic, seq: UInt64(seq), type: type, ts: ts, from: sender, payload: payload)))
            last = Cursor(xid: xid, id: id)
        }
        page.isFull = page.rows.count == Self.pageSize
        if page.isFull, let last {
            page.next = last
        } else if page.mark > cursor.xid {
            page.next = Cursor(xid: page.mark, id: 0)
        }
        return page
    }
}

enum PostgresFollowerError: Error {
    case connectionEnded
}
