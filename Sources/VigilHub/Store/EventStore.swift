import VigilStore

/// Where durable events are committed and read back. SQLite's `EventLog` is the embedded back end;
/// a PostgreSQL one for several nodes conforms to the same protocol.
public protocol EventStore: Sendable {
    /// Names the store; changes only when the store is created anew.
    var epoch: String { get }
    /// Commits the batch in one transaction and tells what became of each event (stored with its
    /// per-topic `seq`, or refused by its effect).
    func append(_ batch: [NewEvent]) async throws -> [AppendOutcome]
    func head(of topic: String) async throws -> UInt64
    func events(of topic: String, after seq: UInt64, limit: Int) async throws -> [StoredEvent]
    func history(of topic: String, before seq: UInt64?, limit: Int) async throws -> [StoredEvent]
}

extension EventLog: EventStore {}

/// Carries committed events to the subscribers. On one node it is the local broker; with several
/// nodes it also tells the other nodes, each of which fans out to its own subscribers.
public protocol EventBus: Sendable {
    func publish(_ event: OutgoingEvent)
}

extension Broker: EventBus {
    public func publish(_ event: OutgoingEvent) {
        fanout(event)
    }
}
