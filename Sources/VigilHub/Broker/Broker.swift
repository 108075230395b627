import Synchronization
import VigilCore

/// Topics to subscribers, for one node. Exact topics are a dictionary lookup; wildcard patterns are
/// grouped by kind and matched segment by segment.
public final class Broker: Sendable {
    private struct Index {
        var exact: [String: [ObjectIdentifier: Subscription]] = [:]
        var wildcard: [String: [ObjectIdentifier: Subscription]] = [:]
    }

    private let index = Mutex(Index())
    private let metrics: HubMetrics

    public init(metrics: HubMetrics) {
        self.metrics = metrics
    }

    public func add(_ subscription: Subscription) {
        let key = ObjectIdentifier(subscription)
        index.withLock { index in
            if subscription.pattern.isExact {
                index.exact[subscription.pattern.rawValue, default: [:]][key] = subscription
            } else {
                index.wildcard[subscription.pattern.kind, default: [:]][key] = subscription
            }
        }
        metrics.subscriptions.increment()
    }

    public func remove(_ subscription: Subscription) {
        let key = ObjectIdentifier(subscription)
        let removed = index.withLock { index -> Bool in
            let pattern = subscription.pattern
            if pattern.isExact {
                let removed = index.exact[pattern.rawValue]?.removeValue(forKey: key) != nil
                if index.exact[pattern.rawValue]?.isEmpty == true { index.exact[pattern.rawValue] = nil }
                return removed
            }
            let removed = index.wildcard[pattern.kind]?.removeValue(forKey: key) != nil
            if index.wildcard[pattern.kind]?.isEmpty == true { index.wildcard[pattern.kind] = nil }
            return removed
        }
        subscription.cancel()
        if removed { metrics.subscriptions.decrement() }
    }

    /// Offers the event to every matching subscriber; returns how many took it.
    @discardableResult
    public func fanout(_ event: OutgoingEvent) -> Int {
        let (exact, wildcard) = index.withLock { index in
            (index.exact[event.topic.rawValue], index.wildcard[event.topic.kind])
        }
        var delivered = 0
        for subscription in exact?.values ?? [:].values where subscription.deliver(event) {
            delivered += 1
        }
        for subscription in wildcard?.values ?? [:].values where subscription.pattern.matches(event.topic) && subscription.deliver(event) {
            delivered += 1
        }
        if delivered > 0 { metrics.eventsDelivered.increment(by: delivered) }
        return delivered
    }
}
