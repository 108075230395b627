/// A running server to benchmark: what it is, where it listens, its process (for CPU and memory)
/// and, for vigil, the tokens the connections authenticate with.
public struct Target: Sendable {
    public var kind: BenchTarget
    public var endpoint: Endpoint
    public var serverPID: Int32?
    public var vigilSubscriberTokens: [String] = []
    public var vigilPublisherTokens: [String] = []
    /// Connections opened with one vigil token (the hub bounds connections per token).
    public var vigilConnectionsPerToken = 60
    public var vigilChannel = VigilChannel.notice

    public init(kind: BenchTarget, endpoint: Endpoint, serverPID: Int32?) {
        self.kind = kind
        self.endpoint = endpoint
        self.serverPID = serverPID
    }

    /// Whether a publisher receives what it publishes, which frees its flat-out window; vigil's
    /// detections publishers (devices) do not, and free it on the hub's `ok` (after the commit).
    public var publishersHearThemselves: Bool { kind != .vigil || vigilChannel.publishersRead }

    /// Whether a publish is stored before it is delivered.
    public var isDurable: Bool { kind == .vigil }

    func makeDialect(runID: String) -> any Dialect {
        switch kind {
        case .vigil:
            VigilDialect(
                subscriberTokens: vigilSubscriberTokens, publisherTokens: vigilPublisherTokens, connectionsPerToken: vigilConnectionsPerToken,
                channel: vigilChannel)
        case .nchan:
            NchanDialect()
        case .mosquitto:
            MosquittoDialect(runID: runID)
        }
    }
}
