import Histogram

/// Latencies measured one by one (a query's round trip), as percentiles in milliseconds.
public struct LatencyRecorder: Sendable {
    private var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)

    public init() {}

    public mutating func record(_ duration: Duration) {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        histogram.record(UInt64(max(micros, 0)))
    }

    public var percentiles: Percentiles { Percentiles(histogram) }
}
