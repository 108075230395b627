import NIOCore
import Synchronization
import VigilCore

/// Topics to subscribers, for one node. Exact topics are a dictionary lookup; wildcard patterns are
/// grouped by kind and matched segment by segment; views (`TopicView`) are filed under their
/// source topic by cell, and an event is offered to the views of the cells it touches.
public final class Broker: Sendable {
    private struct Index {
        var exact: [String: [ObjectIdentifier: Subscription]] = [:]
        var wildcard: [String: [ObjectIdentifier: Subscription]] = [:]
        /// Source topic -> cell -> the views covering it.
        var views: [String: [Int64: [ObjectIdentifier: Subscription]]] = [:]
    }

    /// The cells an event of a topic touches (its kind's `TopicService.cells`).
    public typealias Cells = @Sendable (_ topic: Topic, _ type: String, _ data: JSONValue) -> [Int64]

    private let index = Mutex(Index())
    private let metrics: HubMetrics
    private let cells: Cells
    private let matching: HubConfiguration.ViewMatching

    public init(metrics: HubMetrics, matching: HubConfiguration.ViewMatching = .cells, cells: @escaping Cells = { _, _, _ in [] }) {
        self.metrics = metrics
        self.matching = matching
        self.cells = cells
    }

    public func add(_ subscription: Subscription) {
        let key = ObjectIdentifier(subscription)
        index.withLock { index in
            if let view = subscription.view {
                for cell in view.cells { index.views[view.source.rawValue, default: [:]][cell, default: [:]][key] = subscription }
            } else if subscription.pattern.isExact {
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
            if let view = subscription.view {
                var removed = false
                for cell in view.cells {
                    removed = index.views[view.source.rawValue]?[cell]?.removeValue(forKey: key) != nil || removed
                    if index.views[view.source.rawValue]?[cell]?.isEmpty == true { index.views[view.source.rawValue]?[cell] = nil }
                }
                if index.views[view.source.rawValue]?.isEmpty == true { index.views[view.source.rawValue] = nil }
                return removed
            }
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
        let (exact, wildcard, hasViews) = index.withLock { index in
            (index.exact[event.topic.rawValue], index.wildcard[event.topic.kind], index.views[event.topic.rawValue] != nil)
        }
        var delivered = 0
        for subscription in exact?.values ?? [:].values where subscription.deliver(event) {
            delivered += 1
        }
        for subscription in wildcard?.values ?? [:].values where subscription.pattern.matches(event.topic) && subscription.deliver(event) {
            delivered += 1
        }
        if hasViews { delivered += fanoutToViews(event) }
        if delivered > 0 { metrics.eventsDelivered.increment(by: delivered) }
        return delivered
    }

    /// Offers a stored event to the views of the cells it touches, each as it shows it: one frame
    /// per view topic and selection, shared by every subscriber of that view.
    private func fanoutToViews(_ event: OutgoingEvent) -> Int {
        let started = ContinuousClock.now
        defer { metrics.viewMatching.recordNanoseconds(Int64((ContinuousClock.now - started) / .nanoseconds(1))) }
        guard let stored = event.stored, let epoch = event.epoch, let data = try? JSONValue(parsing: Array(stored.payload.utf8)) else { return 0 }
        let touched = cells(event.topic, stored.type, data)
        guard !touched.isEmpty else { return 0 }
        let candidates = index.withLock { index -> [ObjectIdentifier: Subscription] in
            var found: [ObjectIdentifier: Subscription] = [:]
            // The scan, a benchmark's baseline, offers the event to every view of the topic.
            let cells = matching == .cells ? touched : Array((index.views[event.topic.rawValue] ?? [:]).keys)
            for cell in cells {
                for (key, subscription) in index.views[event.topic.rawValue]?[cell] ?? [:] { found[key] = subscription }
            }
            return found
        }
        var frames: [String: OutgoingEvent?] = [:]
        var delivered = 0
        for subscription in candidates.values {
            guard let view = subscription.view, let topic = subscription.pattern.exactTopic else { continue }
            let shown =
                frames[topic.rawValue]
                ?? stored.frame(through: view, on: topic, epoch: epoch).map {
                    OutgoingEvent(topic: topic, seq: stored.seq, frame: ByteBuffer(string: $0))
                }
            frames[topic.rawValue] = shown
            if let shown, subscription.deliver(shown) { delivered += 1 }
        }
        return delivered
    }
}
