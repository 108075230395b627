import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// One connection to the server, used by one thread at a time. Every call blocks its thread until
/// the server answers: the seam's transactions are synchronous, so they run on the store's own
/// threads (`PostgresLanes`), never on an event loop or a cooperative thread.
final class PostgresSession: @unchecked Sendable {
    private let connection: PostgresConnection
    private static let logger = Logger(label: "vigil.store.postgres")

    private init(connection: PostgresConnection) {
        self.connection = connection
    }

    static func connect(to location: PostgresLocation, on eventLoop: any EventLoop, id: Int) throws(StoreError) -> PostgresSession {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password, database: location.database,
            tls: .disable)
        configuration.options.connectTimeout = .seconds(10)
        do {
            let connection = try PostgresConnection.connect(on: eventLoop, configuration: configuration, id: id, logger: logger).wait()
            let session = PostgresSession(connection: connection)
            // Every commit durable before it is acknowledged, whatever the server's default says.
            try session.script("SET synchronous_commit = on")
            return session
        } catch {
            throw PostgresFailure.storeError(error, doing: "connecting to \(location)")
        }
    }

    /// Runs one statement with `?` placeholders and its values; its rows and what it changed.
    func run(_ sql: String, _ values: [StoreValue]) throws -> PostgresQueryResult {
        let query = PostgresQuery(unsafeSQL: PostgresStatement.numbered(sql), binds: PostgresStatement.bindings(values))
        return try connection.query(query, logger: Self.logger).wait()
    }

    /// Runs a script of statements without arguments (a migration, BEGIN and COMMIT), one by one.
    func script(_ sql: String) throws {
        for statement in PostgresStatement.statements(in: sql) {
            _ = try connection.query(PostgresQuery(unsafeSQL: statement), logger: Self.logger).wait()
        }
    }

    /// Closes the connection without waiting for the server's goodbye; the connection is kept until
    /// it is closed (it may not go before).
    func close() {
        let connection = connection
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }
}

/// PostgreSQL's errors as the store's, and the ones worth trying the transaction again for.
enum PostgresFailure {
    /// Two writers' transactions met: a deadlock or a serialization failure. The whole
    /// transaction is run again; nothing of the failed attempt was committed.
    static func isWorthRetrying(_ error: any Error) -> Bool {
        guard let state = sqlState(of: error) else { return false }
        return state == "40P01" || state == "40001"
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
