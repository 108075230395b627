import VigilCore
import VigilStore

/// Retention: each site's rules (`vigil site set --keep-events`) prune the log's oldest events,
/// a chunk per small transaction of its own between the group commits, never inside one, so a
/// publish waits at most for one chunk's delete. A client resuming from a pruned point is sent
/// `gap` and the topic's state (`Hub.subscribe`).
extension Hub {
    /// Prunes what the rules no longer keep at the hub's clock, at most `pruneChunksPerTick`
    /// chunks of `pruneChunkEvents`; returns the chunks pruned. Run by every tick.
    @discardableResult
    public func pruneExpiredEvents() async -> [EventPruning.Pruned] {
        let now = clock.milliseconds()
        let limit = configuration.pruneChunkEvents
        var pruned: [EventPruning.Pruned] = []
        do {
            let work = try await store.read { transaction in
                try EventRetention.rules(in: transaction).flatMap { rule in
                    try EventPruning.topics(of: rule, in: transaction).map { (rule, $0) }
                }
            }
            for (rule, topic) in work {
                while pruned.count < configuration.pruneChunksPerTick {
                    guard
                        let chunk = try await store.write({ transaction in
                            try EventPruning.pruneChunk(of: topic, by: rule, now: now, limit: limit, in: transaction)
                        })
                    else { break }
                    pruned.append(chunk)
                }
            }
        } catch {
            // A tick cut short by the hub's stop is no failure: the next start prunes the rest.
            if !Task.isCancelled { logger.error("could not prune the event log", metadata: ["error": "\(error)"]) }
        }
        if !pruned.isEmpty {
            metrics.prunedEvents.increment(by: pruned.reduce(0) { $0 + Int($1.to - $1.from + 1) })
        }
        return pruned
    }

    /// Prunes the audit trail's entries older than `auditRetentionMs` at the hub's clock, at most
    /// `pruneChunksPerTick` chunks of `pruneChunkEvents`, each in a short transaction of its own;
    /// returns how many entries went. Run by every tick, after the events.
    @discardableResult
    public func pruneExpiredAuditEntries() async -> Int {
        guard let retention = configuration.auditRetentionMs else { return 0 }
        let cutoff = clock.milliseconds() - retention
        let limit = configuration.pruneChunkEvents
        var removed = 0
        do {
            for _ in 0..<configuration.pruneChunksPerTick {
                let chunk = try await store.write { transaction in try AuditTrail.pruneChunk(before: cutoff, limit: limit, in: transaction) }
                removed += chunk
                if chunk < limit { break }
            }
        } catch {
            if !Task.isCancelled { logger.error("could not prune the audit trail", metadata: ["error": "\(error)"]) }
        }
        return removed
    }
}
