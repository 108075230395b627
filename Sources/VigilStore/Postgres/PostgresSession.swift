import Dispatch
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// One connection to the server, used by one thread at a time. Every call blocks its thread until
/// the server answers: the seam's transactions are synchronous, so they run on the store's own
/// threads (`PostgresLanes`), never on an event loop or a cooperative thread.
///
/// A connection the server or the network closed is made again before the next transaction, and a
/// statement the server does not answer within `answerTimeout` fails the transaction instead of
/// holding the hub's writer forever (a query written to a connection that has just closed is
/// never answered).
final class PostgresSession: @unchecked Sendable {
    private let location: PostgresLocation
    private let eventLoop: any EventLoop
    private let id: Int
    private var connection: PostgresConnection
    /// Set when a statement failed otherwise than by the server's refusal of it (the connection
    /// ended, or no answer came): the connection is in no known state, so nothing more is sent on
    /// it and the next transaction makes another.
    private(set) var isBroken = false
    private static let logger = Logger(label: "vigil.store.postgres")
    /// Longer than any lock wait a healthy cluster makes a writer sit through.
    static let answerTimeout: DispatchTimeInterval = .seconds(30)
    /// How often a wait for an answer looks whether the connection has closed.
    private static let closedCheckInterval: DispatchTimeInterval = .milliseconds(250)

    private init(location: PostgresLocation, eventLoop: any EventLoop, id: Int, connection: PostgresConnection) {
        self.location = location
        self.eventLoop = eventLoop
        self.id = id
        self.connection = connection
    }

    static func connect(to location: PostgresLocation, on eventLoop: any EventLoop, id: Int) throws(StoreError) -> PostgresSession {
        PostgresSession(location: location, eventLoop: eventLoop, id: id, connection: try open(location, on: eventLoop, id: id))
    }

    private static func open(_ location: PostgresLocation, on eventLoop: any EventLoop, id: Int) throws(StoreError) -> PostgresConnection {
        let configuration = try PostgresConnection.Configuration(location)
        do {
            let connection = try answer(PostgresConnection.connect(on: eventLoop, configuration: configuration, id: id, logger: logger))
            // Every commit durable before it is acknowledged, whatever the server's default says.
            _ = try answer(connection.query("SET synchronous_commit = on", logger: logger))
            return connection
        } catch {
            throw PostgresFailure.storeError(error, doing: "connecting to \(location)")
        }
    }

    /// Makes the connection again if it has closed or broke: called between transactions, never
    /// inside one. A broken one still open is closed first.
    func reconnectIfClosed() throws(StoreError) {
        guard connection.isClosed || isBroken else { return }
        Self.logger.warning("the connection to \(location) closed: connecting again")
        if !connection.isClosed { close() }
        connection = try Self.open(location, on: eventLoop, id: id)
        isBroken = false
    }

    /// Runs one statement with `?` placeholders and its values; its rows and what it changed.
    func run(_ sql: String, _ values: [StoreValue]) throws -> PostgresAnswer {
        let query = PostgresQuery(unsafeSQL: PostgresStatement.numbered(sql), binds: PostgresStatement.bindings(values))
        return try answer(query)
    }

    /// Runs a script of statements without arguments (a migration, BEGIN and COMMIT), one by one.
    func script(_ sql: String) throws {
        for statement in PostgresStatement.statements(in: sql) {
            _ = try answer(PostgresQuery(unsafeSQL: statement))
        }
    }

    /// Sends `query` and waits for its answer; a failure other than the server's refusal of the
    /// statement (an `ERROR`, after which the connection goes on) marks the connection broken.
    /// Nothing is sent on a broken one: a query written to a connection that is closing may never
    /// be answered, and would hold its thread for `answerTimeout`.
    ///
    /// The rows are taken one by one as they arrive: postgres-nio (1.33) gathers a whole answer's
    /// rows into an array it copies at every append, which took over 30 s for a million rows.
    private func answer(_ query: PostgresQuery) throws -> PostgresAnswer {
        guard !isBroken else { throw StoreError.unavailable("the connection to \(location) broke in this transaction") }
        let rows = Mutex<[PostgresRow]>([])
        do {
            let metadata = try Self.answer(connection.query(query, logger: Self.logger) { row in rows.withLock { $0.append(row) } }, on: connection)
            return PostgresAnswer(rows: rows.withLock { $0 }, changed: metadata.rows ?? 0)
        } catch {
            if !PostgresFailure.isStatementRefusal(error) { isBroken = true }
            throw error
        }
    }

    /// Closes the connection without waiting for the server's goodbye; the connection is kept until
    /// it is closed (it may not go before).
    func close() {
        let connection = connection
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// Waits for `future` at most `answerTimeout`, or until `connection` (when given) is seen
    /// closed with no answer: postgres-nio (1.33) writes a query to its channel without a promise
    /// for the write, so a query written as the connection closes is neither answered nor failed.
    /// The connection is looked at between slices of the wait (a callback on its close would stay
    /// with it, one a statement, for as long as it lives).
    private static func answer<Value: Sendable>(_ future: EventLoopFuture<Value>, on connection: PostgresConnection? = nil) throws -> Value {
        let answered = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<Value, any Error>?>(nil)
        future.whenComplete { result in
            outcome.withLock { $0 = result }
            answered.signal()
        }
        let deadline = DispatchTime.now() + answerTimeout
        var closedSeen = false
        while answered.wait(timeout: min(deadline, .now() + closedCheckInterval)) == .timedOut {
            guard DispatchTime.now() < deadline else {
                throw StoreError.unavailable("the PostgreSQL server did not answer within \(answerTimeout)")
            }
            // Closed at one look, still no answer at the next: a failure the close makes has had
            // its time to come from the event loop.
            if closedSeen { throw StoreError.unavailable("the connection to the PostgreSQL server closed before it answered") }
            closedSeen = connection?.isClosed == true
        }
        guard let result = outcome.withLock({ $0 }) else { preconditionFailure("answered without an outcome") }
        return try result.get()
    }
}

/// A statement's answer: its rows, and how many rows it changed.
struct PostgresAnswer {
    let rows: [PostgresRow]
    let changed: Int
}

/// PostgreSQL's errors as the store's, and the ones worth trying the transaction again for.
enum PostgresFailure {
    /// Two writers' transactions met: a deadlock or a serialization failure. The whole
    /// transaction is run again; nothing of the failed attempt was committed.
    static func isWorthRetrying(_ error: any Error) -> Bool {
        guard let state = sqlState(of: error) else { return false }
        return state == "40P01" || state == "40001"
    }

    /// The server refused a statement (severity `ERROR`): its transaction is aborted, the
    /// connection goes on. Anything else (`FATAL`, the connection closed, no answer) leaves the
    /// connection in no known state.
    static func isStatementRefusal(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.code == .server else { return false }
        return error.serverInfo?[.severity] == "ERROR"
    }

    static func sqlState(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    static func storeError(_ error: any Error, doing what: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? PSQLError else { return .unavailable("\(what): \(error)") }
        guard let info = error.serverInfo else { return .unavailable("\(what): \(error.code)") }
        return .unavailable("\(what): \(info[.message] ?? "\(error.code)") (SQLSTATE \(info[.sqlState] ?? "?"))")
    }
}

extension PostgresConnection.Configuration {
    /// How the hub connects to the server at `location`: TLS as its URL asks (`docs/postgres.md`),
    /// giving up after 10 s; `name` is the connection's `application_name`, which an operator sees
    /// in `pg_stat_activity`.
    init(_ location: PostgresLocation, name: String = "vigil") throws(StoreError) {
        self.init(
            host: location.host, port: location.port, username: location.user, password: location.password, database: location.database,
            tls: try location.security.connectionTLS())
        options.connectTimeout = .seconds(10)
        options.additionalStartupParameters = [("application_name", name)]
    }
}
