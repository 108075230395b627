import Histogram

/// Latency percentiles in milliseconds.
public struct Percentiles: Codable, Sendable, Equatable {
    public var count: UInt64
    public var p50: Double
    public var p99: Double
    public var p999: Double
    public var max: Double

    init(_ histogram: Histogram<UInt64>) {
        count = histogram.totalCount
        func ms(_ micros: UInt64) -> Double { Double(micros) / 1000 }
        p50 = count == 0 ? 0 : ms(histogram.valueAtPercentile(50))
        p99 = count == 0 ? 0 : ms(histogram.valueAtPercentile(99))
        p999 = count == 0 ? 0 : ms(histogram.valueAtPercentile(99.9))
        max = count == 0 ? 0 : ms(histogram.max)
    }
}

/// The load of a fan-out run.
public struct FanoutPlan: Codable, Sendable {
    public var subscribers = 1000
    public var topics = 10
    public var publishers = 10
    /// Messages per second over all publishers; 0 means flat out (each keeps `window` in flight).
    public var rate: Double = 0
    public var window = 16
    public var payloadBytes = 256
    public var body = MessageBody.text
    public var seconds = 10.0
    public var threads = 2
    public var connectConcurrency = 200

    public init() {}
}

public struct FanoutResult: Codable, Sendable {
    public var target: BenchTarget
    /// Whether each publish was stored before delivery (vigil's notices are).
    public var durable: Bool
    public var plan: FanoutPlan
    public var published = 0
    public var publishedPerSecond = 0.0
    public var delivered = 0
    public var deliveredPerSecond = 0.0
    /// Bytes the load generator read from its sockets (below TLS, every connection's) per message
    /// delivered: the wire's cost of a delivery, frame headers, TLS records and replies included.
    public var wireBytesPerDelivery: Double?
    public var latency: Percentiles
    /// Publish-to-`ok` (vigil only: the commit).
    public var acceptLatency: Percentiles?
    public var lost = 0
    public var duplicated = 0
    public var outOfOrder = 0
    public var refused = 0
    public var failedConnections = 0
    public var serverCPUPercent: Double?
    public var serverRSSBytes: Int?
    /// This process: on a machine it shares with the server, what the load itself costs.
    public var loadGeneratorCPUPercent: Double?
}

public struct ConnectionsResult: Codable, Sendable {
    public var target: BenchTarget
    public var connections: Int
    public var failed: Int
    public var serverRSSBeforeBytes: Int?
    public var serverRSSAfterBytes: Int?
    /// (after - before) / connections.
    public var bytesPerConnection: Double?
    /// Messages published after the connections were open, as delivered and as expected
    /// (each publisher's count times its topic's subscribers).
    public var broadcastDelivered: Int
    public var broadcastExpected: Int
}

public struct StoreResult: Codable, Sendable {
    public var publishers: Int
    public var window: Int
    public var payloadBytes: Int
    public var seconds: Double
    public var accepted: Int
    public var acceptedPerSecond: Double
    /// Publish-to-`ok`: group commit plus the round trip.
    public var acceptLatency: Percentiles
    public var refused: Int
    public var serverCPUPercent: Double?
}
