import Foundation
import Logging
import Testing
import VigilClient
import VigilCore
import VigilDomains
import VigilHub
import VigilServer
import VigilStore
import VigilTestSupport

/// A real hub for one test: TLS on a free loopback port, a fresh data directory with sites `hq`
/// and `depot`, and a token of each role. `stop()` stops it and removes the directory. Its clock
/// stands still unless the test moves it (`advance(by:)`), so timers are tested without waiting.
/// Its store is a SQLite file in the data directory, or, with VIGIL_TEST_HUB_STORE=postgres, a
/// PostgreSQL database of its own on the test server (`TestPostgres`): the whole hub suite then
/// runs on PostgreSQL.
final class TestHub: @unchecked Sendable {
    let directory: URL
    var configuration: ServerConfiguration
    let clock: ManualClock
    private(set) var running: RunningServer?
    /// What the running hub's listeners answer (HTTPS and WSS; the legacy plain-HTTP port).
    private(set) var mountedRoutes: (https: [MountedRoute], legacy: [MountedRoute]) = ([], [])
    let tokens: [String: String]
    /// What the hub logged at notice and above (warnings and errors also go to standard error).
    let log = CapturedLog()

    var port: Int { running?.port ?? configuration.port }
    var url: String { "wss://localhost:\(port)/ws" }
    var httpsBase: String { "https://localhost:\(port)" }
    var caFile: String { configuration.certificateDirectory.appendingPathComponent("vigil-dev-ca.pem").path }
    var databasePath: String { configuration.databasePath }

    /// Whether test hubs keep their stores in PostgreSQL (VIGIL_TEST_HUB_STORE=postgres).
    static var storesInPostgres: Bool { ProcessInfo.processInfo.environment["VIGIL_TEST_HUB_STORE"] == "postgres" }

    /// Seeded with `seedSitesAndTokens` (sites hq and depot, a token of each role, one revoked).
    /// `server` adjusts what lies outside the hub (such as a bound on the database size).
    init(tweak: (inout HubConfiguration) -> Void = { _ in }, server: (inout ServerConfiguration) -> Void = { _ in }) async throws {
        clock = ManualClock()
        directory = try makeScratchDirectory("vigil-test")
        configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.dataDirectory = directory.appendingPathComponent("data")
        configuration.certificateDirectory = directory.appendingPathComponent("certs")
        configuration.publicDirectory = directory.appendingPathComponent("public").path
        configuration.apiDocument = BrowserPages.repository.appendingPathComponent("docs/openapi.yaml").path
        if Self.storesInPostgres { configuration.databaseAddress = .postgres(try TestPostgres.newDatabase()) }
        tweak(&configuration.hub)
        server(&configuration)
        try FileManager.default.createDirectory(atPath: configuration.publicDirectory, withIntermediateDirectories: true)
        try Data("<!doctype html><title>Vigil</title>".utf8).write(to: URL(fileURLWithPath: configuration.publicDirectory + "/index.html"))
        try Data("export const x = 1;\n".utf8).write(to: URL(fileURLWithPath: configuration.publicDirectory + "/app.js"))

        self.tokens = try await offThePool { [configuration] in try seedSitesAndTokens(configuration.store.open(migrations: Domains.migrations)) }
        try await start()
    }

    func token(_ role: String) -> String { tokens[role]! }

    /// The engine of the running hub.
    var engine: Hub {
        get throws { try #require(running?.hub) }
    }

    /// The hub's store, opened beside the hub as the admin commands open it (SQLite's WAL lets both
    /// read the file; PostgreSQL serves both).
    func openStore() throws -> any StoreDatabase {
        try configuration.store.open(migrations: Domains.migrations)
    }

    /// What a `vigil` command is given to work on this hub's store while it runs.
    var storeArguments: [String] {
        switch configuration.store {
        case .sqlite: ["--data-dir", configuration.dataDirectory.path]
        case .postgres(let location): ["--database", location.url]
        }
    }

    /// The hub's event log and tables, read beside the hub.
    func databaseFile() async throws -> any EventStore {
        try await offThePool { [self] in try openStore().makeEventLog() }
    }

    /// Moves the hub's clock on and runs the timers that are then due, as the next tick would.
    func advance(by duration: Duration) async throws {
        clock.advance(by: duration)
        try await engine.fireDueTimers()
    }

    /// Starts (again, on the same port after a stop) with the same data directory.
    func start() async throws {
        let logger = Logger(label: "vigil.test") { [log] label in
            var standardError = StreamLogHandler.standardError(label: label)
            standardError.logLevel = .warning
            return MultiplexLogHandler([standardError, log.handler()])
        }
        let server = try await offThePool { [configuration, clock, logger] in
            try HubServer(configuration: configuration, domains: Domains.registered, clock: clock, logger: logger)
        }
        mountedRoutes = (server.mountedRoutes, server.legacyRoutes)
        let running = try await server.start()
        configuration.port = running.port
        self.running = running
    }

    func stop() async {
        await running?.stop()
        running = nil
    }

    func shutdown() async {
        await stop()
        try? FileManager.default.removeItem(at: directory)
        if case .postgres(let location) = configuration.store { TestPostgres.drop(location) }
    }

    func client(_ role: String) -> VigilClient {
        client(secret: token(role))
    }

    func raw(bearer: String? = nil) async throws -> RawSocket {
        try await RawSocket.connect(url: url, caFile: caFile, bearer: bearer)
    }

    /// A raw connection authenticated with the bearer token of `role`, its `welcome` taken.
    func authenticatedRaw(_ role: String) async throws -> RawSocket {
        let socket = try await raw(bearer: token(role))
        guard case .welcome = try await socket.nextMessage() else { throw RawSocketError.noFrame }
        return socket
    }
}

/// How long a test may hold its hub. The hang guard of the hub tests counts from the slot, not from
/// the test's start: in a whole run a test can wait minutes for a slot, which the suites' time
/// limits (whole-run bounds, 10 minutes) would count.
let hubHoldLimit: Duration = .seconds(150)

/// Runs `body` with a fresh hub and always shuts it down; waits first for a slot (`HubSlots`). A
/// test still holding its hub after `hubHoldLimit` fails.
func withHub<T>(
    tweak: (inout HubConfiguration) -> Void = { _ in }, server: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (TestHub) async throws -> T
) async throws -> T {
    await HubSlots.shared.acquire()
    defer { Task { await HubSlots.shared.release() } }
    // A child of the test's task: the issue it records is the test's.
    let watchdog = Task {
        try await Task.sleep(for: hubHoldLimit)
        Issue.record("the test held its hub for over \(hubHoldLimit): it hangs, or it is one to split")
    }
    defer { watchdog.cancel() }
    let hub = try await TestHub(tweak: tweak, server: server)
    do {
        let result = try await body(hub)
        await hub.shutdown()
        return result
    } catch {
        await hub.shutdown()
        throw error
    }
}
