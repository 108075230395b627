import GRDB

/// The domain tables as one transaction sees them: inside a commit (for a `DomainEffect`) or in a
/// read (for a snapshot that must match a topic's head). Each domain adds its own queries.
public struct DomainTransaction {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// The last `seq` committed on `topic`, 0 when it has none.
    public func head(of topic: String) throws -> UInt64 {
        UInt64(try Int64.fetchOne(db, sql: "SELECT head FROM topic_heads WHERE topic = ?", arguments: [topic]) ?? 0)
    }
}

/// Reads of the domain tables outside a commit: snapshots for subscribers, HTTP listings, timers.
public struct DomainTables: Sendable {
    let database: VigilDatabase

    public init(database: VigilDatabase) {
        self.database = database
    }

    /// Runs `body` in one read transaction, so what it reads is one consistent state.
    public func read<T: Sendable>(_ body: @escaping @Sendable (DomainTransaction) throws -> T) async throws -> T {
        try await database.pool.read { db in try body(DomainTransaction(db)) }
    }
}
