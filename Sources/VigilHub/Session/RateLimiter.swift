import Foundation

/// A token bucket: `rate` requests per second on average, bursts up to `burst`.
struct RateLimiter: Sendable {
    private let rate: Double
    private let burst: Double
    private var tokens: Double
    private var updated: ContinuousClock.Instant

    init(perSecond rate: Int, burst: Int) {
        self.rate = Double(rate)
        self.burst = Double(burst)
        tokens = Double(burst)
        updated = .now
    }

    mutating func allow(now: ContinuousClock.Instant = .now) -> Bool {
        let elapsed = updated.duration(to: now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        tokens = min(burst, tokens + seconds * rate)
        updated = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
