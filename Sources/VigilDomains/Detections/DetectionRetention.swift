import VigilCore
import VigilHub
import VigilStore

/// How long a site keeps its detections (`vigil site set --keep-detections 7d`). Each batch a site
/// stores deletes a bounded chunk of its detections past that age in the same commit, at least
/// twice as many as it adds, so steady ingest keeps the database at a steady size and no publish
/// waits on a large delete; the hub's clock prunes a site that stopped sending, a chunk a tick.
public enum DetectionRetention {
    public static let defaultKeepMs: Int64 = 30 * 86_400_000
    public static let keepRange: ClosedRange<Int64> = 60_000...(365 * 86_400_000)
    /// The least a batch may delete, however small it is, and what a tick deletes of an idle site.
    static let minimumChunk = 1_000

    /// Sets the site's retention in the database, as the admin commands write configuration.
    public static func set(_ keepMs: Int64, of site: String, in database: any StoreDatabase) throws {
        try database.transaction { try DetectionTables($0).setDetectionRetention(keepMs, of: site) }
    }

    public static func keepMs(of site: String, in database: any StoreDatabase) throws -> Int64 {
        try database.transaction { try DetectionTables($0).detectionRetention(of: site) }
    }

    /// The time before which the site's detections are past its retention at `now`.
    public static func cutoff(of site: String, now: Int64, in transaction: any DomainTransaction) throws -> Int64 {
        now - (try DetectionTables(transaction).detectionRetention(of: site))
    }

    /// Each tick: the sites that hold detections past their retention, a chunk each. Ingest prunes
    /// as it stores; this is for a site whose cameras stopped sending, which would otherwise keep
    /// its last month forever.
    static func due(at now: Int64, indexes: DetectionIndexes, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try DetectionTables(transaction).sitesHoldingExpiredDetections(at: now).map { site in
            TimerFiring(
                topic: DetectionService.queryTopic(of: site), type: "detections.pruned", effect: PruneExpiredDetections(site: site, indexes: indexes))
        }
    }
}

/// Fired by the hub's timers on `detections/{site}`, an ephemeral kind: deletes a chunk of the
/// site's expired detections, nothing logged, and has the indexes forget them; refused when ingest
/// got there first.
struct PruneExpiredDetections: DomainEffect {
    let site: String
    let indexes: DetectionIndexes

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let cutoff = try DetectionRetention.cutoff(of: site, now: event.ts, in: transaction)
        let deleted = try DetectionTables(transaction).pruneDetections(of: site, before: cutoff, limit: DetectionRetention.minimumChunk)
        guard deleted > 0 else {
            throw ProtocolError(.invalidTransition, "site \(site) holds no detection past its retention")
        }
        indexes.forget(site: site, before: cutoff, in: transaction)
        event.payload = try JSONValue.canonicalText(of: PrunedDetections(deleted: deleted))
        return []
    }
}

/// What a prune on `detections/{site}` (a queries-only topic nobody subscribes to) did: how many
/// rows it deleted.
private struct PrunedDetections: Encodable {
    let deleted: Int
}
