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
    func append(_ batch: [NewEvent]) async throws(StoreError) -> [AppendOutcome]
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
