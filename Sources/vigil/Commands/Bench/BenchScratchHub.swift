import ArgumentParser
import Foundation
import Logging
import VigilClient
import VigilDomains
import VigilHub
import VigilServer
import VigilStore

/// A hub of a benchmark's own: started in this process over TLS on a free loopback port, with a
/// fresh database in a temporary directory (or the PostgreSQL database `database` names) and an
/// admin token. `prepare` writes what the hub must find at its start (a site); `tweak` adjusts its
/// configuration.
struct BenchScratchHub: Sendable {
    let directory: URL
    let running: RunningServer
    let configuration: ServerConfiguration
    let adminToken: String

    var caFile: String { configuration.certificateDirectory.appendingPathComponent("vigil-dev-ca.pem").path }
    var httpsBase: String { "https://localhost:\(running.port)" }

    static func start(
        _ name: String, database: StoreAddress? = nil, tweak: (inout ServerConfiguration) -> Void = { _ in },
        prepare: (any StoreDatabase) throws -> Void = { _ in }
    ) async throws -> BenchScratchHub {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-bench-\(name)-\(UUID().uuidString)")
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.dataDirectory = directory.appendingPathComponent("data")
        configuration.certificateDirectory = directory.appendingPathComponent("certs")
        configuration.publicDirectory = directory.path
        configuration.databaseAddress = database
        tweak(&configuration)
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        let database = try configuration.store.open(migrations: Domains.migrations)
        try prepare(database)
        let admin = try BenchSetup.token(role: .admin, in: database)
        var logger = Logger(label: "vigil.bench")
        logger.logLevel = .warning
        let running = try await HubServer(configuration: configuration, domains: Domains.registered, clock: SystemClock(), logger: logger).start()
        configuration.port = running.port
        return BenchScratchHub(directory: directory, running: running, configuration: configuration, adminToken: admin)
    }

    /// Makes the sites `ids` (named as their ids) where the store has none of that id yet: a
    /// PostgreSQL database a benchmark is pointed at may hold them from an earlier run.
    static func makeSites(_ ids: [String], in database: any StoreDatabase) throws {
        let sites = SiteRepository(database: database)
        for id in ids {
            if try sites.find(id) == nil { _ = try sites.create(id: id, name: id, at: SystemClock().milliseconds()) }
        }
    }

    /// How a client with `token` reaches this hub.
    func client(_ token: String) -> ClientConfiguration {
        ClientConfiguration(url: "wss://localhost:\(running.port)/ws", token: token, caFile: caFile)
    }

    /// What `body` answers of this hub, which is stopped after it, failed or not.
    func stopping<T>(after body: (BenchScratchHub) async throws -> T) async throws -> T {
        do {
            let result = try await body(self)
            await stop()
            return result
        } catch {
            await stop()
            throw error
        }
    }

    func stop() async {
        await running.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Where a benchmark's own hub keeps its store: a scratch SQLite file, or the PostgreSQL database
/// `--database` names.
struct ScratchStoreOptions: ParsableArguments {
    @Option(
        name: .customLong("database"),
        help:
            "Keep the hub's store in this PostgreSQL database (postgres://USER@HOST:PORT/DATABASE, best an empty one) instead of a scratch SQLite file."
    )
    var databaseURL: String?

    /// Nil for a scratch SQLite file.
    func address() throws -> StoreAddress? {
        try databaseURL.map { url in
            guard PostgresLocation.isPostgres(url) else { throw ValidationError("--database takes a postgres:// URL: \(url)") }
            return try StoreAddress(url)
        }
    }
}
