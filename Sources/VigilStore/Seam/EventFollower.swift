/// Follows what other hubs commit to a store several hubs share, so that each delivers every
/// event to its own subscribers. A store only one hub writes (SQLite) has none.
public protocol EventFollower: Sendable {
    /// Hands `deliver` each batch of events other hubs committed, every topic's in `seq` order with
    /// none missing, until the task is cancelled; a lost connection is made again and the
    /// following goes on from where it was. Events this hub committed are left out: it fanned
    /// them out itself.
    func follow(_ deliver: @escaping @Sendable ([StoredEvent]) async -> Void) async
}

extension EventStore {
    /// Nil: one hub writes this store.
    public func makeFollower() -> (any EventFollower)? { nil }
}
