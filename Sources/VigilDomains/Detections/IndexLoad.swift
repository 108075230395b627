import VigilDetectionIndex
import VigilStore

/// Where the first load of an in-memory index begins when the site holds more than its memory
/// does: after the newest entry that does not fit, so that the load reads what it keeps and not
/// the whole retention. Both queries cost in proportion to what is kept, not to what is stored.
struct IndexLoadStart: Sendable {
    /// Read the entries with ids above this one.
    let afterID: Int64
    /// The latest time of the site's detections up to `afterID`: the index does not hold them.
    let latestLeftOut: Int64

    /// Where to begin keeping the newest `count` of the site's detections from `since` on (those
    /// with a vector when `withVectors`); nil when they all fit.
    static func of(
        site: String, since: Int64, keeping count: Int, withVectors: Bool, in transaction: any DomainTransaction
    ) throws -> IndexLoadStart? {
        // A walk back through the rows (or the vectors) by id until `count` of the site's are past.
        let table = withVectors ? "detection_appearances a \(transaction.joinInOrder) detections d ON d.id = a.id" : "detections d"
        guard
            let last = try transaction.fetchInteger(
                """
                SELECT d.id FROM \(table)
                WHERE \(transaction.unindexed("d.camera_key")) IN (SELECT key FROM detection_cameras WHERE site = ?)
                AND \(transaction.unindexed("d.ts")) >= ? ORDER BY d.id DESC LIMIT 1 OFFSET ?
                """, [site, since, count])
        else { return nil }
        // Each camera's time index walked down from its latest time to the first row at or before
        // `last`: past the rows kept, when detections come in time order.
        let latest = try transaction.fetchInteger(
            """
            SELECT max((SELECT d.ts FROM detections d WHERE d.camera_key = c.key AND d.ts >= ? AND d.id <= ? ORDER BY d.ts DESC LIMIT 1))
            FROM detection_cameras c WHERE c.site = ?
            """, [since, last, site])
        return IndexLoadStart(afterID: last, latestLeftOut: latest ?? since)
    }
}

extension IndexChunks {
    /// Where a first load of `site`'s detections (those with a vector, `withVectors`) begins,
    /// keeping the newest it can, `capacity` a chunk: the id to read after. Told the latest time it
    /// leaves out.
    public mutating func loadStart(
        site: String, capacity: Int, withVectors: Bool, in transaction: any DomainTransaction
    ) throws -> Int64 {
        guard
            let start = try IndexLoadStart.of(
                site: site, since: cutoff, keeping: entryLimit(capacity: capacity), withVectors: withVectors, in: transaction)
        else { return 0 }
        leftOut(at: start.latestLeftOut)
        return start.afterID
    }
}
