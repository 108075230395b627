import Foundation
import Logging
import NIOPosix
import PostgresNIO
import VigilStore

/// The PostgreSQL server the tests use, when there is one: `VIGIL_TEST_POSTGRES_URL` names it
/// (`Tests/postgres-server.sh start` makes a throwaway one). Each test gets a database of its own,
/// made empty and dropped when the test is over.
public enum TestPostgres {
    public static var serverURL: String? { ProcessInfo.processInfo.environment["VIGIL_TEST_POSTGRES_URL"] }

    /// `.ci/run` sets VIGIL_REQUIRE_POSTGRES=1: there a missing server fails the PostgreSQL
    /// variants instead of leaving them out.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["VIGIL_REQUIRE_POSTGRES"] == "1" }

    /// Makes a new empty database on the server (on `server`, a maintenance database, when given)
    /// and returns where it is.
    public static func newDatabase(on server: PostgresLocation? = nil) throws -> PostgresLocation {
        guard var location = try server ?? serverURL.map({ try PostgresLocation(url: $0) }) else { throw TestPostgresError.noServer }
        let name = "vigil_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try administer(location, "CREATE DATABASE \(name) TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'")
        location.database = name
        return location
    }

    /// Drops a database `newDatabase` made, ending the sessions still connected to it.
    public static func drop(_ location: PostgresLocation) {
        guard let serverURL, let server = try? PostgresLocation(url: serverURL) else { return }
        try? administer(server, "DROP DATABASE IF EXISTS \(location.database) WITH (FORCE)")
    }

    /// Ends every connection to the database at `location` whose `application_name` is `name`,
    /// or every one when `name` is nil (`pg_terminate_backend`), as a restarted server would.
    public static func terminateConnections(to location: PostgresLocation, named name: String? = nil) throws {
        guard let serverURL else { throw TestPostgresError.noServer }
        let named = name.map { " AND application_name = '\($0)'" } ?? ""
        try administer(
            try PostgresLocation(url: serverURL),
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(location.database)'\(named)")
    }

    /// Runs one statement on the server's maintenance database, on a connection of its own.
    private static func administer(_ location: PostgresLocation, _ sql: String) throws {
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password, database: location.database,
            tls: .disable)
        let logger = Logger(label: "vigil.test.postgres")
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let connection = try PostgresConnection.connect(on: eventLoop, configuration: configuration, id: 0, logger: logger).wait()
        defer { try? connection.close().wait() }
        _ = try connection.simpleQuery(sql).wait()
    }
}

public enum TestPostgresError: Error, CustomStringConvertible {
    case noServer

    public var description: String {
        "VIGIL_REQUIRE_POSTGRES=1 but VIGIL_TEST_POSTGRES_URL names no server: eval \"$(Tests/postgres-server.sh start)\""
    }
}
