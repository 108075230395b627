/// Carries events to the subscribers. On one node it is the local `Broker`; with several nodes it
/// also tells the other nodes, each of which fans out to its own subscribers. Committed events,
/// ephemeral ones and presence all go through it.
public protocol EventBus: Sendable {
    func publish(_ event: OutgoingEvent)
    func add(_ subscription: Subscription)
    func remove(_ subscription: Subscription)
}

extension Broker: EventBus {
    public func publish(_ event: OutgoingEvent) {
        fanout(event)
    }
}
