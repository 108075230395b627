/// A token bucket: `rate` requests per second on average, bursts up to `burst`. Time comes from
/// the hub's clock, in milliseconds; a clock that steps back refills nothing.
public struct RateLimiter: Sendable {
    private let rate: Double
    private let burst: Double
    private var tokens: Double
    private var updated: Int64

    public init(perSecond rate: Int, burst: Int, now: Int64) {
        self.rate = Double(rate)
        self.burst = Double(burst)
        tokens = Double(burst)
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
}
