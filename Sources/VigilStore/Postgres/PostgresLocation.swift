import Foundation

/// Where a PostgreSQL store is: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (or
/// `postgresql://`), as `vigil serve --database` and `VIGIL_DATABASE_URL` take it. The hub talks to
/// the server in plain text: it belongs on loopback or a private network (`docs/postgres.md`).
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String

    /// Whether `text` names a PostgreSQL server rather than a SQLite file.
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    public init(host: String, port: Int = 5432, user: String, password: String? = nil, database: String) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
    }

    /// Parses a `postgres://` URL; refuses one without a user, a host or a database, or with
    /// options this hub does not understand (a `?sslmode=` it cannot honour would be a lie).
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
        guard components.queryItems?.isEmpty ?? true else {
            throw StoreError.unavailable("a postgres:// URL takes no options here (no TLS to the server: keep it on a private network)")
        }
        self.init(
            host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: components.port ?? 5432,
            user: user.removingPercentEncoding ?? user, password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.removingPercentEncoding ?? database)
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

    /// `HOST:PORT/DATABASE`, an IPv6 host in brackets.
    private var server: String {
        "\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
    }
}
