/// A token bucket per key (such as a client address) in bounded memory, which cycling through
/// other keys cannot reset.
///
/// It keeps at most `capacity` buckets and forgets the least recently seen first. Forgetting a
/// bucket that has refilled loses nothing: a new one is the same. Forgetting one that has not (the
/// table is full of busy keys) would let its key come back with a full burst, so the table keeps
/// when the most spent bucket it forgot would be full again, and until then a key it does not know
/// starts as spent as that one. So no key ever gets more than it would from a table without bound;
/// while someone sprays keys fast enough to push busy buckets out, keys seen for the first time
/// get their rate without the burst.
public struct RateLimiterTable<Key: Hashable & Sendable>: Sendable {
    private struct Entry: Sendable {
        var key: Key
        var bucket: RateLimiter
        /// Neighbours in the order of use (slots; -1 at either end).
        var older: Int
        var newer: Int
    }

    public let capacity: Int
    private let perSecond: Int
    private let burst: Int
    private var entries: [Entry] = []
    private var slots: [Key: Int] = [:]
    private var oldest = -1
    private var newest = -1
    /// When the most spent bucket forgotten so far is full again.
    private var forgottenFullAt = Int64.min

    public init(capacity: Int, perSecond: Int, burst: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        self.perSecond = perSecond
        self.burst = burst
    }

    public var count: Int { entries.count }

    /// Takes one request from `key`'s bucket; false when it is empty.
    public mutating func allow(_ key: Key, now: Int64) -> Bool {
        let slot: Int
        if let known = slots[key] {
            slot = known
            unlink(slot)
        } else {
            var bucket = RateLimiter(perSecond: perSecond, burst: burst, now: now, fullAt: forgottenFullAt)
            // A key refused at once is not kept: next time it starts at least as spent again, and
            // refused requests push no one out.
            guard bucket.allow(now: now) else { return false }
            if entries.count < capacity {
                slot = entries.count
                entries.append(Entry(key: key, bucket: bucket, older: -1, newer: -1))
            } else {
                slot = oldest
                unlink(slot)
                let forgotten = entries[slot]
                forgottenFullAt = max(forgottenFullAt, forgotten.bucket.fullAt)
                slots[forgotten.key] = nil
                entries[slot] = Entry(key: key, bucket: bucket, older: -1, newer: -1)
            }
            slots[key] = slot
            linkAsNewest(slot)
            return true
        }
        linkAsNewest(slot)
        return entries[slot].bucket.allow(now: now)
    }

    private mutating func unlink(_ slot: Int) {
        let (older, newer) = (entries[slot].older, entries[slot].newer)
        if older >= 0 { entries[older].newer = newer } else { oldest = newer }
        if newer >= 0 { entries[newer].older = older } else { newest = older }
        entries[slot].older = -1
        entries[slot].newer = -1
    }

    private mutating func linkAsNewest(_ slot: Int) {
        entries[slot].older = newest
        if newest >= 0 { entries[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}
