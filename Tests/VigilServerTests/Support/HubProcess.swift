import Foundation
import Glibc
import Testing
import VigilStore
import VigilTestSupport

/// The `vigil` executable run as its own process, as an operator runs it: for the tests that must
/// kill the hub outright (kill -9) and for the command-line tools.
final class HubProcess: @unchecked Sendable {
    let directory: URL
    private(set) var port: Int
    private var process: ChildProcess?
    /// Whether `start` has had the hub up once: after that its port is the one clients know.
    private var startedOnce = false
    /// How the hub was last started, for `restart()`.
    private var lastStart: (() async throws -> Void)?

    var dataDirectory: String { directory.appendingPathComponent("data").path }
    /// A PostgreSQL database of its own when test hubs keep their stores there
    /// (VIGIL_TEST_HUB_STORE=postgres, as `TestHub`) or once the store was moved there;
    /// nil: `vigil.sqlite` in the data directory.
    private var database: PostgresLocation?
    /// False for a hub sharing another's database (`init(sharingStoreOf:)`): the other drops it.
    private var ownsDatabase = true
    /// What `serve` and the admin commands are given to find this hub's store.
    var storeArguments: [String] { ["--data-dir", dataDirectory] + (database.map { ["--database", $0.url] } ?? []) }
    /// The CA clients trust: the development CA `serve` makes, unless `start` was given a pair of its own.
    private(set) var caFile: String
    /// What `serve` printed on standard output: its banner.
    var banner: String { (try? String(contentsOf: directory.appendingPathComponent("serve.out"), encoding: .utf8)) ?? "" }
    /// What `serve` wrote on standard error: its log.
    var log: String { (try? String(contentsOf: directory.appendingPathComponent("serve.err"), encoding: .utf8)) ?? "" }
    var url: String { "wss://localhost:\(port)/ws" }

    /// `inPostgres`: the store in a PostgreSQL database of its own rather than a SQLite file.
    init(inPostgres: Bool = TestHub.storesInPostgres) throws {
        directory = try makeScratchDirectory("vigil-process")
        caFile = directory.appendingPathComponent("certs/vigil-dev-ca.pem").path
        port = try freeLoopbackPort()
        database = inPostgres ? try TestPostgres.newDatabase() : nil
    }

    /// A hub whose store is `database`, a PostgreSQL database its owner drops (or whose server
    /// goes with it).
    init(storedIn database: PostgresLocation) throws {
        directory = try makeScratchDirectory("vigil-process")
        caFile = directory.appendingPathComponent("certs/vigil-dev-ca.pem").path
        port = try freeLoopbackPort()
        self.database = database
        ownsDatabase = false
    }

    /// Another hub on `other`'s PostgreSQL store, as a second node of one hub: a process, data
    /// directory, certificate and port of its own.
    convenience init(sharingStoreOf other: HubProcess) throws {
        guard let database = other.database else { preconditionFailure("hubs share a PostgreSQL store, never a SQLite file") }
        try self.init(storedIn: database)
    }

    /// Ends this hub's connections to its PostgreSQL store named `applicationName` (every
    /// connection to its database, of every hub sharing it, when nil), as an operator's
    /// `pg_terminate_backend`, a network fault or a restarted server would.
    func terminateStoreConnections(named applicationName: String? = nil) throws {
        guard let database else { return }
        try TestPostgres.terminateConnections(to: database, named: applicationName)
    }

    /// Moves the stopped hub's SQLite store into a new PostgreSQL database of its own with
    /// `vigil store copy`, as an operator moves one; the next `start` serves from there.
    func moveStoreToPostgres() async throws {
        precondition(database == nil && process == nil, "a stopped hub on SQLite")
        let target = try TestPostgres.newDatabase()
        database = target  // dropped with the hub, copied or not
        let arguments = ["store", "copy", "--from", directory.appendingPathComponent("data/vigil.sqlite").path, "--to", target.url]
        let (status, _) = try await runVigil(arguments)
        guard status == 0 else { throw HubProcessError.commandFailed(arguments, status) }
    }

    /// The built `vigil` next to the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("vigil")
    }

    /// Runs a `vigil` command against this hub's data directory and returns its standard output.
    @discardableResult
    func command(_ arguments: [String]) async throws -> String {
        let (status, output) = try await runVigil(arguments + storeArguments)
        guard status == 0 else { throw HubProcessError.commandFailed(arguments, status) }
        return output
    }

    /// Creates a token with the CLI and returns its secret (the last line it prints).
    func token(_ arguments: [String]) async throws -> String {
        try await command(["token", "create"] + arguments).split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Starts `vigil serve` on `host` (its default address when nil), with the development
    /// certificate or with `certificate` (its chain, key and the CA that signed it), and `options`.
    /// The port was free when it was chosen, but another test may bind it before the hub does: a
    /// first start that fails so is made again on another free port.
    func start(host: String? = nil, certificate: (chain: String, key: String, ca: String)? = nil, options: [String] = []) async throws {
        if let certificate { caFile = certificate.ca }
        lastStart = { [unowned self] in try await start(host: host, certificate: certificate, options: options) }
        for attempt in 1...3 {
            if try await launch(host: host, certificate: certificate, options: options) {
                startedOnce = true
                return
            }
            guard !startedOnce, attempt < 3, log.contains("Address already in use") else { break }
            port = try freeLoopbackPort()
        }
        throw HubProcessError.didNotStart(startFailure)
    }

    /// Starts the hub again as it was last started (its host, certificate and options), after a
    /// stop or a kill.
    func restart() async throws {
        guard let lastStart else { preconditionFailure("a hub started before") }
        try await lastStart()
    }

    /// Runs `vigil serve` and waits for its health check: false when it ended or is not up in 30 s
    /// (then it is stopped).
    private func launch(host: String?, certificate: (chain: String, key: String, ca: String)?, options: [String]) async throws -> Bool {
        let arguments =
            ["serve", "--port", String(port), "--log-level", "warning"] + storeArguments + (host.map { ["--host", $0] } ?? [])
            + (certificate.map { ["--cert", $0.chain, "--key", $0.key] } ?? []) + options
        let output = directory.appendingPathComponent("serve.out").path
        let errors = directory.appendingPathComponent("serve.err").path
        let process = try ChildProcess(
            Self.executable.path, arguments, directory: directory.path, standardOutput: .file(output), standardError: .file(errors))
        self.process = process
        let origin = "https://\(host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "localhost"):\(port)"
        let caFile = caFile
        let up = await eventually(timeout: .seconds(30)) {
            guard process.isRunning, !Self.crashed(errors) else { return true }
            guard FileManager.default.fileExists(atPath: caFile) else { return false }
            return (try? await curl("\(origin)/healthz", caFile: caFile, maxTime: 2).status) == 200
        }
        if up, process.isRunning, !Self.crashed(errors) { return true }
        // A crash's backtrace is written before the process ends: it is let finish, so that the
        // failure shows where the hub crashed.
        if Self.crashed(errors) { _ = await eventually(timeout: .seconds(120)) { !process.isRunning } }
        await stop()
        return false
    }

    /// Whether the hub crashed: the runtime's backtracer has begun writing to its standard error.
    private static func crashed(_ errors: String) -> Bool {
        ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").contains("*** Signal ")
    }

    /// What a failed start says: the crash's backtrace from its start, or the end of the log.
    private var startFailure: String {
        guard let signal = log.range(of: "*** Signal ") else { return String(log.suffix(2_000)) }
        return String(log[signal.lowerBound...].prefix(12_000))
    }

    /// kill -9: no chance to flush or say goodbye.
    func kill() {
        guard let process else { return }
        process.send(SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Sends `signal` to the running hub.
    func send(_ signal: Int32) {
        process?.send(signal)
    }

    /// SIGTERM without waiting: the hub shuts down gracefully while the test watches.
    func requestShutdown() {
        guard let process else { return }
        process.send(SIGTERM)
    }

    /// The exit status once the process has ended on its own, or nil if it is still running after `timeout`.
    func exitStatus(timeout: Duration) async -> Int32? {
        guard let process else { return nil }
        guard await eventually(timeout: timeout, { !process.isRunning }) else { return nil }
        self.process = nil
        return process.terminationStatus
    }

    /// SIGTERM, and waits for the end on a thread of its own: a graceful shutdown may take seconds.
    func stop() async {
        try? await offThePool { self.terminate() }
    }

    /// Stops the hub as an operator does (SIGTERM), and kills it if it has not stopped in 20 s:
    /// a hub that does not stop when told is a failure, not a test that waits for ever.
    func terminate() {
        guard let process else { return }
        process.send(SIGTERM)
        if process.waitUntilExit(atMost: .seconds(20)) == nil {
            Issue.record("the hub did not stop within 20 s of SIGTERM; the end of its log: \(log.suffix(3000))")
            process.send(SIGKILL)
            process.waitUntilExit()
        }
        self.process = nil
    }

    deinit {
        terminate()
        try? FileManager.default.removeItem(at: directory)
        if let database, ownsDatabase { TestPostgres.drop(database) }
    }
}

enum HubProcessError: Error {
    case commandFailed([String], Int32)
    /// The hub did not answer its health check; what it logged, or why there was no hub to start.
    case didNotStart(String)
}

/// A loopback port nobody is listening on now (another process may take it from the next moment).
func freeLoopbackPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    return try bindToAFreeLoopbackPort(descriptor)
}

/// Runs `body` with a loopback port that refuses every connection meanwhile: bound and never
/// listened on, so no other test's server can take it (a port that was merely free when chosen can
/// be, and then answers with that server's certificate).
func withRefusingLoopbackPort<Result>(_ body: (Int) async throws -> Result) async throws -> Result {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    return try await body(try bindToAFreeLoopbackPort(descriptor))
}

private func bindToAFreeLoopbackPort(_ descriptor: Int32) throws -> Int {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    guard bound else { throw HubProcessError.didNotStart("no free loopback port") }
    return Int(UInt16(bigEndian: address.sin_port))
}
