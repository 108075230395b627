/// Removes a topic's oldest events from the log, a bounded chunk per transaction, as its site's
/// retention rule for the topic's kind says; and tells how far a topic has been pruned, so that a
/// client resuming from a pruned point is told (`gap`). The same statements on both back ends.
public enum EventPruning {
    /// What one chunk removed: the events `from`...`to` of `topic`.
    public struct Pruned: Sendable, Equatable {
        public var topic: String
        public var from: UInt64
        public var to: UInt64

        public init(topic: String, from: UInt64, to: UInt64) {
            self.topic = topic
            self.from = from
            self.to = to
        }
    }

    /// The topics a rule covers, `kind/site` and `kind/site/...`, with events to consider: a
    /// range of the primary key rather than LIKE, in which `_` of a site id would match any character.
    public static func topics(of rule: RetentionRule, in transaction: any DomainTransaction) throws -> [String] {
        let exact = "\(rule.kind)/\(rule.site)"
        // "0" is the character after "/": every topic under `exact/` sorts between the two.
        return try transaction.fetchAll(
            TopicRow.self, "SELECT topic FROM topic_heads WHERE topic = ? OR (topic >= ? AND topic < ?) ORDER BY topic",
            [exact, exact + "/", exact + "0"]
        ).map(\.topic)
    }

    /// The last `seq` of `topic` no longer stored; 0 when nothing has been pruned.
    public static func prunedThrough(_ topic: String, in transaction: any DomainTransaction) throws -> UInt64 {
        UInt64(clamping: try transaction.fetchInteger("SELECT through FROM topic_pruned WHERE topic = ?", [topic]) ?? 0)
    }

    /// Deletes at most `limit` of `topic`'s oldest events that `rule` no longer keeps at `now`,
    /// and records how far the topic is pruned; nil when it keeps them all. Reads at most `limit`
    /// rows, so a chunk's transaction is short whatever the topic holds.
    public static func pruneChunk(
        of topic: String, by rule: RetentionRule, now: Int64, limit: Int, in transaction: any DomainTransaction
    ) throws -> Pruned? {
        let through = try prunedThrough(topic, in: transaction)
        let head = try transaction.head(of: topic)
        var cut = through
        if let maxCount = rule.maxCount, head > UInt64(maxCount) {
            cut = max(cut, head - UInt64(maxCount))
        }
        if let maxAgeMs = rule.maxAgeMs {
            // Events are numbered in commit order, so their times rise with `seq`: the old ones
            // are the first ones.
            let oldest = try transaction.fetchAll(
                EventTime.self, "SELECT seq, ts FROM events WHERE topic = ? AND seq > ? ORDER BY seq LIMIT ?",
                [topic, Int64(clamping: through), limit])
            if let last = oldest.prefix(while: { $0.ts < now - maxAgeMs }).last { cut = max(cut, UInt64(last.seq)) }
        }
        let to = min(cut, through + UInt64(limit))
        guard to > through else { return nil }
        try transaction.execute(
            "DELETE FROM events WHERE topic = ? AND seq > ? AND seq <= ?", [topic, Int64(clamping: through), Int64(clamping: to)])
        try transaction.execute(
            "INSERT INTO topic_pruned (topic, through) VALUES (?, ?) ON CONFLICT (topic) DO UPDATE SET through = excluded.through",
            [topic, Int64(clamping: to)])
        return Pruned(topic: topic, from: through + 1, to: to)
    }

    private struct TopicRow: Decodable {
        var topic: String
    }

    private struct EventTime: Decodable {
        var seq: Int64
        var ts: Int64
    }
}
