/// Checks what one subscriber received from each publisher: every sequence number once, in order.
/// A number skipped is held as missing; if it arrives later it was out of order, if it never
/// does it was lost. A number that arrives twice is a duplicate.
public struct SequenceTracker: Sendable {
    private var last: [Int: UInt64] = [:]
    private var missing: [Int: Set<UInt64>] = [:]
    public private(set) var received = 0
    public private(set) var duplicates = 0
    public private(set) var outOfOrder = 0

    public init() {}

    /// Sequence numbers start at 1 for each publisher.
    public mutating func record(publisher: Int, seq: UInt64) {
        received += 1
        let previous = last[publisher] ?? 0
        if seq == previous + 1 {
            last[publisher] = seq
        } else if seq > previous {
            missing[publisher, default: []].formUnion(previous + 1..<seq)
            last[publisher] = seq
        } else if missing[publisher]?.remove(seq) != nil {
            outOfOrder += 1
        } else {
            duplicates += 1
        }
    }

    /// Messages not received, given how many each publisher sent (`sent[publisher]`, for the
    /// publishers this subscriber listens to).
    public func lost(sent: [Int: UInt64]) -> Int {
        sent.reduce(0) { total, entry in
            let (publisher, count) = entry
            let seen = last[publisher] ?? 0
            let tail = count > seen ? Int(count - seen) : 0
            return total + tail + (missing[publisher]?.count ?? 0)
        }
    }
}
