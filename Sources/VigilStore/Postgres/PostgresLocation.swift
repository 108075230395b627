import Foundation

/// Where a PostgreSQL store is: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (or
/// `postgresql://`), as `vigil serve --database` and `VIGIL_DATABASE_URL` take it, with
/// `?sslmode=...&sslrootcert=FILE` for TLS to the server (`PostgresTransportSecurity`; plain text
/// when absent, for a server on loopback or a private network: `docs/postgres.md`).
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var security: PostgresTransportSecurity

    /// Whether `text` names a PostgreSQL server rather than a SQLite file.
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    public init(
        host: String, port: Int = 5432, user: String, password: String? = nil, database: String, security: PostgresTransportSecurity = .plain
    ) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.security = security
    }

    /// Parses a `postgres://` URL; refuses one without a user, a host or a database, or with
    /// options this hub does not understand (an option it would ignore, a TLS setting above all,
    /// would be a lie).
    public init(url text: String) throws(StoreError) {
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw StoreError.unavailable("not a postgres:// URL: \(text)")
        }
        guard let host = components.host, !host.isEmpty, let user = components.user, !user.isEmpty else {
            throw StoreError.unavailable("a postgres:// URL names a user and a host: postgres://USER@HOST:PORT/DATABASE")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw StoreError.unavailable("a postgres:// URL names one database after the host: postgres://USER@HOST:PORT/DATABASE")
        }
        var options: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard ["sslmode", "sslrootcert"].contains(item.name), let value = item.value, !value.isEmpty, options[item.name] == nil else {
                throw StoreError.unavailable(
                    "a postgres:// URL takes only sslmode and sslrootcert, once each and with a value: \(item.name) is not taken here")
            }
            options[item.name] = value
        }
        self.init(
            host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: components.port ?? 5432,
            user: user.removingPercentEncoding ?? user, password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.removingPercentEncoding ?? database,
            security: try PostgresTransportSecurity(mode: options["sslmode"], rootCertificate: options["sslrootcert"]))
    }

    /// The URL with its password, for a command that must reach the same database.
    public var url: String {
        let credentials = password.map { "\(user):\($0.addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed) ?? $0)" } ?? user
        return "postgres://\(credentials)@\(server)"
    }

    /// The URL without its password, for logs and banners.
    public var description: String {
        "postgres://\(user)@\(server)"
    }

    /// `HOST:PORT/DATABASE?OPTIONS`, an IPv6 host in brackets.
    private var server: String {
        let address = "\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
        var options = URLComponents()
        options.queryItems = security.queryItems.map { URLQueryItem(name: $0.name, value: $0.value) }
        guard let query = options.percentEncodedQuery, !query.isEmpty else { return address }
        return address + "?" + query
    }
}
