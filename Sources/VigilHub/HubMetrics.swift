import Metrics

/// The hub's counters, made from the factory the server gives (Prometheus in production).
public struct HubMetrics: Sendable {
    public let connections: Meter
    public let subscriptions: Meter
    public let eventsPublished: Counter
    public let eventsDelivered: Counter
    /// Events other hubs on the same store committed, which this hub fanned out (`followOtherHubs`).
    public let eventsFollowed: Counter
    public let commitBatchSize: Recorder
    public let slowConsumerCloses: Counter
    /// Events the retention rules removed from the log.
    public let prunedEvents: Counter
    public let refusedRequests: Counter
    /// Connections closed because they did not finish opening (TLS and first request head) in time.
    public let openingTimeouts: Counter
    /// Frames the WebSocket layer deflated for permessage-deflate: once per frame and window size,
    /// however many connections it went to compressed.
    public let deflatedFrames: Counter
    /// Time to find and serve the views (`TopicView`) of one event, in nanoseconds.
    public let viewMatching: Timer

    public init(factory: any MetricsFactory) {
        connections = Meter(label: "vigil_connections", factory: factory)
        subscriptions = Meter(label: "vigil_subscriptions", factory: factory)
        eventsPublished = Counter(label: "vigil_events_published_total", factory: factory)
        eventsDelivered = Counter(label: "vigil_events_delivered_total", factory: factory)
        eventsFollowed = Counter(label: "vigil_events_followed_total", factory: factory)
        commitBatchSize = Recorder(label: "vigil_commit_batch_size", factory: factory)
        slowConsumerCloses = Counter(label: "vigil_slow_consumer_closes_total", factory: factory)
        prunedEvents = Counter(label: "vigil_events_pruned_total", factory: factory)
        refusedRequests = Counter(label: "vigil_refused_requests_total", factory: factory)
        openingTimeouts = Counter(label: "vigil_opening_timeouts_total", factory: factory)
        deflatedFrames = Counter(label: "vigil_websocket_frames_deflated_total", factory: factory)
        viewMatching = Timer(label: "vigil_view_matching_seconds", factory: factory)
    }
}
