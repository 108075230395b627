import Foundation
import VigilStore
import VigilTestSupport

/// A PostgreSQL server of one test's own (`Tests/postgres-server.sh`), for a test that restarts the
/// server under running hubs: the server every other test shares must stay up. Stopped and its
/// directory removed when the test lets it go.
final class RestartablePostgres: @unchecked Sendable {
    /// The server's maintenance database; `newDatabase()` makes one for a hub.
    let location: PostgresLocation
    private let directory: String

    private static let script = fixture("postgres-server.sh")

    /// Starts the server (initdb takes a few seconds, spent off the test's threads).
    init() async throws {
        let script = Self.script
        let started = try await offThePool { try runProcessTellingErrors(script, ["start"]) }
        guard started.status == 0 else { throw HubProcessError.commandFailed(["postgres-server.sh", "start", started.errors], started.status) }
        // The script prints `export NAME=value` lines.
        let exports = Dictionary(
            started.output.split(separator: "\n").compactMap { line -> (String, String)? in
                let assignment = line.replacingOccurrences(of: "export ", with: "").split(separator: "=", maxSplits: 1)
                return assignment.count == 2 ? (String(assignment[0]), String(assignment[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
        guard let url = exports["VIGIL_TEST_POSTGRES_URL"], let directory = exports["VIGIL_TEST_POSTGRES_DIR"] else {
            throw HubProcessError.commandFailed(["postgres-server.sh", "start", started.output], started.status)
        }
        self.directory = directory
        location = try PostgresLocation(url: url)
    }

    /// A new empty database on this server.
    func newDatabase() throws -> PostgresLocation {
        try TestPostgres.newDatabase(on: location)
    }

    /// `pg_ctl restart` in fast mode: every session ends, the server is down for a moment and comes
    /// back on the same port.
    func restart() async throws {
        let script = Self.script
        let directory = directory
        let restarted = try await offThePool { try runProcessTellingErrors(script, ["restart", directory]) }
        guard restarted.status == 0 else {
            throw HubProcessError.commandFailed(["postgres-server.sh", "restart", restarted.errors], restarted.status)
        }
    }

    deinit {
        _ = try? runProcess(Self.script, ["stop", directory])
    }
}
