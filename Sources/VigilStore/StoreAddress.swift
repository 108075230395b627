/// Where a hub keeps everything: a SQLite file (the default, made on first start) or a database on
/// a PostgreSQL server (`postgres://USER@HOST:PORT/DATABASE`).
public enum StoreAddress: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresLocation)

    /// A `postgres://` URL names a server; anything else is the path of a SQLite file.
    public init(_ text: String) throws(StoreError) {
        self = PostgresLocation.isPostgres(text) ? .postgres(try PostgresLocation(url: text)) : .sqlite(path: text)
    }

    /// Opens (creating a SQLite file when absent) the store and applies the store's migrations and
    /// then `migrations`, the domains'. `maxBytes` bounds a SQLite file (`VigilDatabase`); a
    /// PostgreSQL database is bounded by its server's own means.
    public func open(migrations: [StoreMigration], maxBytes: Int? = nil) throws(StoreError) -> any StoreDatabase {
        switch self {
        case .sqlite(let path): try VigilDatabase(path: path, migrations: migrations, maxBytes: maxBytes)
        case .postgres(let location): try PostgresDatabase(location: location, migrations: migrations)
        }
    }

    /// The file's path, or the server's URL without its password.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let location): location.description
        }
    }
}
