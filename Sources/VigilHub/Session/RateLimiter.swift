/// A token bucket: `rate` requests per second on average, bursts up to `burst`. Time comes from
/// the hub's clock, in milliseconds; a clock that steps back refills nothing.
public struct RateLimiter: Sendable {
    private let rate: Double
    private let burst: Double
    private var tokens: Double
    private var updated: Int64

    public init(perSecond rate: Int, burst: Int, now: Int64) {
        self.init(perSecond: rate, burst: burst, now: now, fullAt: now)
    }

    /// A bucket as spent as one that refills to its burst at `fullAt`.
    public init(perSecond rate: Int, burst: Int, now: Int64, fullAt: Int64) {
        self.rate = Double(rate)
        self.burst = Double(burst)
        let missing = fullAt > now ? (Double(fullAt) - Double(now)) * Double(rate) / 1000 : 0
        tokens = max(0, Double(burst) - missing)
        updated = now
    }

    public mutating func allow(now: Int64) -> Bool {
        if now > updated {
            tokens = min(burst, tokens + Double(now - updated) * rate / 1000)
            updated = now
        }
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// When the bucket will be full again if nothing more is taken (its last update if it is full).
    public var fullAt: Int64 {
        guard tokens < burst else { return updated }
        guard rate > 0 else { return .max }
        return updated + Int64(((burst - tokens) * 1000 / rate).rounded(.up))
    }
}
