import VigilCore
import VigilStore

/// How long a site keeps its detections (`vigil site set --keep-detections 7d`). Each batch a site
/// stores deletes a bounded chunk of its detections past that age in the same commit, at least
/// twice as many as it adds, so steady ingest keeps the database at a steady size and no publish
/// waits on a large delete.
public enum DetectionRetention {
    public static let defaultKeepMs: Int64 = 30 * 86_400_000
    public static let keepRange: ClosedRange<Int64> = 60_000...(365 * 86_400_000)
    /// The least a batch may delete, however small it is.
    static let minimumChunk = 1_000

    /// Sets the site's retention in the database, as the admin commands write configuration.
    public static func set(_ keepMs: Int64, of site: String, in database: VigilDatabase) throws {
        try database.configure { try $0.setDetectionRetention(keepMs, of: site) }
    }

    public static func keepMs(of site: String, in database: VigilDatabase) throws -> Int64 {
        try database.configure { try $0.detectionRetention(of: site) }
    }

    /// The chunk a batch of `count` detections deletes at `now`.
    static func prune(site: String, now: Int64, added count: Int, in transaction: any DomainTransaction) throws {
        try transaction.pruneDetections(of: site, before: try cutoff(of: site, now: now, in: transaction), limit: max(minimumChunk, 2 * count))
    }

    /// The time before which the site's detections are past its retention at `now`.
    static func cutoff(of site: String, now: Int64, in transaction: any DomainTransaction) throws -> Int64 {
        now - (try transaction.detectionRetention(of: site))
    }
}
