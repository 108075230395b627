import VigilCore

/// The bounds and timings of a hub. Defaults suit a control room; tests shrink them.
public struct HubConfiguration: Sendable {
    /// The largest WebSocket message accepted (also the HTTP publish body limit).
    public var maxFrameBytes = 64 * 1024
    /// A WebSocket message at least this long is decoded and prepared on the bulk threads
    /// (`BulkExecutor`): its cost grows with its length. A notice or a command is a few hundred
    /// bytes, a batch of 200 detections about 30 KB.
    public var bulkMessageBytes = 8 * 1024
    public var maxSubscriptionsPerConnection = 256
    /// Requests per second a connection may send, with bursts of twice that.
    public var messagesPerSecond = 200
    public var maxConnectionsPerToken = 64
    /// A connection whose unsent frames exceed this is closed as a slow consumer.
    public var outboxMaxBytes = 8 * 1024 * 1024
    public var outboxMaxFrames = 16 * 1024
    /// Time to authenticate after the upgrade.
    public var helloTimeout: Duration = .seconds(10)
    /// How often open connections are checked for a token revoked meanwhile.
    public var revocationCheckInterval: Duration = .seconds(5)
    /// How often the domains' timers are asked what is due.
    public var timerInterval: Duration = .seconds(1)
    /// On a store several hubs share: how often a hub tells the others who is present through it
    /// and how many connections each token holds there, and learns theirs (`HubRoster`).
    public var rosterInterval: Duration = .seconds(1)
    /// How long the others count a hub's report after it was made: a hub that died is gone from
    /// their presence and counts within this and one `rosterInterval`.
    public var rosterLifetimeMilliseconds: Int64 = 10_000
    /// Most events one prune transaction removes (`Hub.pruneExpiredEvents`): what an append
    /// queued behind it waits for is one such delete.
    public var pruneChunkEvents = 500
    /// Most prune transactions a tick runs; what is left waits for the next tick.
    public var pruneChunksPerTick = 64
    /// How long the audit trail keeps an entry (`vigil serve --keep-audit`), apart from the
    /// events' retention: a year and a day unless told; nil keeps every entry.
    public var auditRetentionMs: Int64? = 366 * 86_400_000
    /// Largest thumbnail upload.
    public var maxThumbnailBytes = 2 * 1024 * 1024
    public var historyMaxLimit = 500
    /// A history page stops short of `limit` rather than grow past this many bytes.
    public var historyMaxBytes = 1024 * 1024
    /// Most events appended in one transaction.
    public var maxCommitBatch = 2048
    /// Most rows one site's writes put into one transaction (a write counts its effect's `rows`),
    /// so that one site's backlog keeps no other site's writes waiting; the rest waits for the
    /// next transaction. A single write over it goes alone.
    public var commitRowsPerSite = 256
    /// What a domain's in-memory index may keep of one site, in bytes: past it the oldest entries
    /// are let go, and the queries that need them read them from the store.
    public var indexBytesPerSite = 512 << 20
    /// Whether a domain may send requests to addresses its clients give (a phone's push endpoint)
    /// on loopback and private networks too. Off, such an address is refused: a client must not
    /// make the hub a forger of requests inside its own network. For tests, whose push endpoint is
    /// on loopback.
    public var allowsLocalEndpoints = false
    /// A PEM file of certificate authorities that the hub's own outgoing TLS requests (to push
    /// services) trust besides the system's: for tests, whose push endpoint's certificate is made
    /// by a CA of their own.
    public var outgoingTrustRootsFile: String?
    /// How a service the hub sends requests to reaches the hub's operator, a `mailto:` or `https:`
    /// URL, given with each request that carries one (a push's VAPID `sub`, RFC 8292 §2.1).
    public var operatorContact = HubConfiguration.defaultOperatorContact
    /// The contact of a hub whose operator gave none: an address that reaches nobody.
    public static let defaultOperatorContact = "mailto:operator@vigil.invalid"
    public var serverName = "vigil/0.1"
    /// How the broker finds the views an event concerns: through their cells (always, but in a
    /// benchmark's baseline), or by offering it to every view of its topic (`vigil bench flood`).
    public var viewMatching = ViewMatching.cells

    public enum ViewMatching: Sendable {
        case cells
        case scan
    }

    public init() {}

    public var sessionLimits: SessionLimits {
        SessionLimits(maxFrameBytes: maxFrameBytes, maxSubscriptions: maxSubscriptionsPerConnection, messagesPerSecond: messagesPerSecond)
    }
}
