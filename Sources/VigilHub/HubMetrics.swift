import Metrics

/// The hub's counters, made from the factory the server gives (Prometheus in production).
public struct HubMetrics: Sendable {
    /// The label of `commitWaitLight` and `commitWaitHeavy` (told apart by `share`); the server
    /// gives the group commit's timers finer buckets than the default.
    public static let commitWait = "vigil_commit_wait_seconds"
    /// The label of `commitWork`.
    public static let commitWork = "vigil_commit_work_seconds"
    /// The label of `commitClose`.
    public static let commitClose = "vigil_commit_close_seconds"

    public let connections: Meter
    public let subscriptions: Meter
    public let eventsPublished: Counter
    public let eventsDelivered: Counter
    /// Events other hubs on the same store committed, which this hub fanned out (`followOtherHubs`).
    public let eventsFollowed: Counter
    public let commitBatchSize: Recorder
    /// How long a light write (a notice, an alert's step) waited for the transaction it went in:
    /// from its publish to that transaction's start, or to its joining one about to commit.
    public let commitWaitLight: Timer
    /// The same for a heavy write (a share of more than a sixteenth of a site's, such as a batch of
    /// detections).
    public let commitWaitHeavy: Timer
    /// A transaction's effects: from its start to its last effect, when other writes may join it
    /// (a store with several writers, where none join, times its whole transaction here).
    public let commitWork: Timer
    /// The rest of a transaction: its events' rows and the commit with its sync, to the writer's return.
    public let commitClose: Timer
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
        commitWaitLight = Timer(label: Self.commitWait, dimensions: [("share", "light")], factory: factory)
        commitWaitHeavy = Timer(label: Self.commitWait, dimensions: [("share", "heavy")], factory: factory)
        commitWork = Timer(label: Self.commitWork, factory: factory)
        commitClose = Timer(label: Self.commitClose, factory: factory)
        slowConsumerCloses = Counter(label: "vigil_slow_consumer_closes_total", factory: factory)
        prunedEvents = Counter(label: "vigil_events_pruned_total", factory: factory)
        refusedRequests = Counter(label: "vigil_refused_requests_total", factory: factory)
        openingTimeouts = Counter(label: "vigil_opening_timeouts_total", factory: factory)
        deflatedFrames = Counter(label: "vigil_websocket_frames_deflated_total", factory: factory)
        viewMatching = Timer(label: "vigil_view_matching_seconds", factory: factory)
    }
}
