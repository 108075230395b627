import Synchronization
import VigilHub

/// Requests without a token (open routes: the legacy flood API, public files of a domain), limited
/// per client address by a token bucket on the hub's clock, since no token bounds them.
final class AddressLimiter: Sendable {
    /// Addresses remembered at most; past it the table starts afresh (every address gets a full
    /// bucket again), which bounds memory under a spray of addresses at the cost of a burst.
    static let maxAddresses = 10_000
    private let perSecond: Int
    private let burst: Int
    private let buckets = Mutex<[String: RateLimiter]>([:])

    init(perSecond: Int, burst: Int) {
        self.perSecond = perSecond
        self.burst = burst
    }

    func allow(_ address: String, now: Int64) -> Bool {
        buckets.withLock { buckets in
            if buckets[address] == nil, buckets.count >= Self.maxAddresses { buckets.removeAll(keepingCapacity: true) }
            return buckets[address, default: RateLimiter(perSecond: perSecond, burst: burst, now: now)].allow(now: now)
        }
    }
}
