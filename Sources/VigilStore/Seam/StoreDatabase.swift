/// The one owner of a hub's database, whatever its back end: `VigilDatabase` for a SQLite file,
/// `PostgresDatabase` for a PostgreSQL server. What the hub, the commands and the store's own
/// tables (sites, tokens, thumbnails) need of it, all through the seam.
public protocol StoreDatabase: AnyObject, Sendable {
    /// Names the store; changes only when the store is created anew.
    var epoch: String { get }
    /// A random 32-byte key kept in the database under `name`, made the first time it is asked
    /// for (the key that signs checkpoint QR codes). It never leaves the database but through here.
    func key(named name: String) throws(StoreError) -> [UInt8]
    /// One write transaction on the calling thread: for the commands, startup and imports (never
    /// the event log, which goes through `makeEventLog()`).
    func transaction<T>(_ body: (any DomainTransaction) throws -> T) throws(StoreError) -> T
    /// One read transaction on the calling thread: for the commands.
    func readTransaction<T>(_ body: (any DomainTransaction) throws -> T) throws(StoreError) -> T
    /// One write transaction off the caller's thread: for the hub's own writes outside the log.
    func write<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T
    /// One read transaction off the caller's thread, one consistent state: a synchronous read would
    /// hold a cooperative thread while it waits for a connection.
    func read<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T
    /// The event log kept in this database.
    func makeEventLog() -> any EventStore
}
