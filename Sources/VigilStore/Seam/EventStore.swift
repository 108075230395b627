/// Where durable events and the domains' state are kept. SQLite's `EventLog` is the embedded back
/// end; a PostgreSQL one for several nodes conforms to the same protocol (`docs/architecture.md`).
public protocol EventStore: Sendable {
    /// Names the store; changes only when the store is created anew.
    var epoch: String { get }
    /// How many batches the store commits at once, each from scopes of its own (a topic's second
    /// segment, the site of site-scoped kinds): the engine runs that many writers. SQLite has one
    /// writer; PostgreSQL commits other sites' batches beside a site's.
    var concurrentWriters: Int { get }
    /// Commits the batch in one transaction, running each event's effect in it, and tells what
    /// became of each event (stored with its per-topic `seq`, or refused by its effect).
    ///
    /// A store with one writer (`concurrentWriters` 1) calls `joining` once, after the batch's
    /// effects and before its commit, and appends the writes it returns in the same transaction,
    /// after the batch: writes queued meanwhile commit with it, in one sync, instead of waiting for
    /// it and then paying a commit of their own. The outcomes are the batch's, then the joined
    /// writes', in order. A store with several writers never calls it: another writer takes those.
    func append(_ batch: [NewEvent], joining: JoiningWrites?) async throws(StoreError) -> [AppendOutcome]
    func head(of topic: String) async throws(StoreError) -> UInt64
    func events(of topic: String, after seq: UInt64, limit: Int) async throws(StoreError) -> [StoredEvent]
    func history(of topic: String, before seq: UInt64?, limit: Int) async throws(StoreError) -> [StoredEvent]
    /// Runs `body` in one read transaction, so what it reads (heads included) is one consistent state.
    func read<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T
    /// Runs `body` in one write transaction of its own beside the appends (the prune's small
    /// chunks), never inside a batch's.
    func write<T: Sendable>(_ body: @escaping @Sendable (any DomainTransaction) throws -> T) async throws(StoreError) -> T
    /// What delivers the events other hubs commit to this store; nil when one hub writes it.
    func makeFollower() -> (any EventFollower)?
    /// Where the hubs sharing this store tell each other of their connections; nil when one hub
    /// writes it.
    func makeRoster() -> (any HubRoster)?
}

/// Writes to commit in a transaction about to commit (`EventStore.append(_:joining:)`): asked for on
/// the store's writer, once the batch's effects have run.
public typealias JoiningWrites = @Sendable () -> [NewEvent]

extension EventStore {
    /// Commits the batch in one transaction, with no other write joining it.
    public func append(_ batch: [NewEvent]) async throws(StoreError) -> [AppendOutcome] {
        try await append(batch, joining: nil)
    }
}
