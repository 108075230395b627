import Foundation
import VigilStore

/// The back ends a store test runs on: `@Test(arguments: StoreBackEnd.available)`, so that one
/// contract is checked on both and neither can drift.
public enum StoreBackEnd: String, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    /// SQLite always; PostgreSQL where a test server is named (`TestPostgres`), or required.
    public static var available: [StoreBackEnd] {
        TestPostgres.serverURL != nil || TestPostgres.isRequired ? [.sqlite, .postgres] : [.sqlite]
    }

    public var description: String { rawValue }
}

/// A store opened for a test on one back end: its database, and its event log as the store
/// itself. Its files or its database go when the last reference to it does, so a test holds the
/// store, never the log or the database alone.
public final class TestStore: EventStore {
    public let backEnd: StoreBackEnd
    public let database: any StoreDatabase
    private let log: any EventStore
    private let place: TestStorePlace

    /// A new, empty store on `backEnd` with the store's and then `migrations`; with `copying`, that
    /// SQLite file's store instead (a fixture database): a copy of the file, opened and migrated, or
    /// on PostgreSQL moved there as `vigil store copy` moves it.
    public static func make(_ backEnd: StoreBackEnd, migrations: [StoreMigration], copying fixture: URL? = nil) throws -> TestStore {
        let place = try TestStorePlace(backEnd)
        if let fixture {
            switch backEnd {
            case .sqlite:
                try FileManager.default.copyItem(atPath: fixture.path, toPath: place.address)
            case .postgres:
                let file = try TestStorePlace(.sqlite)
                try FileManager.default.copyItem(atPath: fixture.path, toPath: file.address)
                _ = try StoreCopy.copy(
                    from: VigilDatabase(path: file.address, migrations: migrations),
                    to: PostgresDatabase(location: PostgresLocation(url: place.address), migrations: migrations))
            }
        }
        return try TestStore(place: place, migrations: migrations)
    }

    /// The same store opened again (as a restarted hub opens it), with `migrations`.
    public func reopened(migrations: [StoreMigration]) throws -> TestStore {
        try TestStore(place: place, migrations: migrations)
    }

    private init(place: TestStorePlace, migrations: [StoreMigration]) throws {
        self.place = place
        backEnd = place.backEnd
        database = try StoreAddress(place.address).open(migrations: migrations)
        log = database.makeEventLog()
    }

    public var epoch: String { database.epoch }
    public var concurrentWriters: Int { log.concurrentWriters }

    public func append(_ batch: [NewEvent]) async throws(StoreError) -> [AppendOutcome] { try await log.append(batch) }
    public func head(of topic: String) async throws(StoreError) -> UInt64 { try await log.head(of: topic) }

    public func events(of topic: String, after seq: UInt64, limit: Int) async throws(StoreError) -> [StoredEvent] {
        try await log.events(of: topic, after: seq, limit: limit)
    }

    public func history(of topic: String, before seq: UInt64?, limit: Int) async throws(StoreError) -> [StoredEvent] {
        try await log.history(of: topic, before: seq, limit: limit)
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T {
        try await log.read(body)
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T {
        try await log.write(body)
    }

    /// One write transaction through the seam, outside the event log (as an admin command writes).
    public func transaction(_ body: (any DomainTransaction) throws -> Void) throws {
        try database.transaction(body)
    }
}

/// Where a test store lives: a SQLite file in a scratch directory, or a PostgreSQL database of its
/// own; removed with the last store opened on it.
final class TestStorePlace: Sendable {
    let backEnd: StoreBackEnd
    /// A file path or a postgres:// URL.
    let address: String
    private let directory: URL?

    init(_ backEnd: StoreBackEnd) throws {
        self.backEnd = backEnd
        switch backEnd {
        case .sqlite:
            let directory = try makeScratchDirectory("vigil-store")
            self.directory = directory
            address = directory.appendingPathComponent("vigil.sqlite").path
        case .postgres:
            directory = nil
            let location = try TestPostgres.newDatabase()
            address = "postgres://\(location.user)@\(location.host):\(location.port)/\(location.database)"
        }
    }

    deinit {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        if backEnd == .postgres, let location = try? PostgresLocation(url: address) { TestPostgres.drop(location) }
    }
}
