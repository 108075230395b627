import ArgumentParser
import Foundation
import VigilClient
import VigilDomains
import VigilStore

/// A value from the command line, else from the environment, else the default.
func setting(_ flag: String?, env name: String, default fallback: String) -> String {
    flag ?? ProcessInfo.processInfo.environment[name] ?? fallback
}

/// Where the hub keeps its database, for `serve` and the commands that work on it directly.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Directory of vigil.sqlite (env VIGIL_DATA_DIR, default ./data).")
    var dataDirectory: String?
    @Option(
        name: .customLong("database"),
        help: "Keep everything in PostgreSQL instead: postgres://USER@HOST:PORT/DATABASE (env VIGIL_DATABASE_URL; default vigil.sqlite).")
    var databaseURL: String?

    var directory: URL { URL(fileURLWithPath: setting(dataDirectory, env: "VIGIL_DATA_DIR", default: "data")) }

    /// The PostgreSQL database named by `--database` or VIGIL_DATABASE_URL, else vigil.sqlite in the data directory.
    func address() throws -> StoreAddress {
        guard let url = databaseURL ?? ProcessInfo.processInfo.environment["VIGIL_DATABASE_URL"] else {
            return .sqlite(path: directory.appendingPathComponent("vigil.sqlite").path)
        }
        guard PostgresLocation.isPostgres(url) else { throw ValidationError("--database takes a postgres:// URL: \(url)") }
        return try StoreAddress(url)
    }

    func open() throws -> any StoreDatabase {
        try address().open(migrations: Domains.migrations)
    }
}

/// How `pub` and `sub` reach a running hub.
struct ConnectionOptions: ParsableArguments {
    @Option(
        help: "Hub WebSocket URL; the nodes of one hub separated by commas, tried in turn (env VIGIL_URL, default wss://localhost:8443/ws).")
    var url: String?
    @Option(help: "Token (env VIGIL_TOKEN).")
    var token: String?
    @Option(help: "CA certificate to trust (env VIGIL_CA, default certs/vigil-dev-ca.pem when present).")
    var ca: String?

    var resolvedURL: String { setting(url, env: "VIGIL_URL", default: "wss://localhost:8443/ws") }

    func resolvedToken() throws -> String {
        guard let token = token ?? ProcessInfo.processInfo.environment["VIGIL_TOKEN"] else {
            throw ValidationError("give a token with --token or VIGIL_TOKEN")
        }
        return token
    }

    /// How the client reaches the hub; a CA file that was named but is not there is refused here,
    /// in words, before any connection is tried.
    func clientConfiguration() throws -> ClientConfiguration {
        if let ca = resolvedCA, !FileManager.default.isReadableFile(atPath: ca) {
            throw ValidationError("the CA file \(ca) (--ca or VIGIL_CA) is not there or cannot be read")
        }
        let urls = resolvedURL.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let first = urls.first else { throw ValidationError("--url (or VIGIL_URL) names no URL") }
        var configuration = ClientConfiguration(url: first, token: try resolvedToken(), caFile: resolvedCA)
        configuration.otherURLs = Array(urls.dropFirst())
        return configuration
    }

    var resolvedCA: String? {
        if let ca = ca ?? ProcessInfo.processInfo.environment["VIGIL_CA"] { return ca }
        let development = "certs/vigil-dev-ca.pem"
        return FileManager.default.fileExists(atPath: development) ? development : nil
    }
}

/// Prints a line at once, even when standard output is a file (a long-running `serve` is often logged).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
