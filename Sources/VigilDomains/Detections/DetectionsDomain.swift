import VigilHub
import VigilStore

/// Video analytics' detections: batches published by analytics backends, stored and indexed, live
/// on `detections/{site}/{camera}`, searched by region of interest and over time on
/// `detections/{site}` (docs/protocol.md §6.8), and handed to the domains that watch them
/// (`DetectionFeed`: appearances, zones).
public struct DetectionsDomain: Domain {
    public static let migrations = DetectionMigrations.all
    private let service: DetectionService

    public init(context: DomainContext) {
        let rows = DetectionRowIndex(store: context.store, clock: context.clock, cutoff: DetectionRetention.cutoff) {
            DetectionRowEntries(bytes: context.indexBytesPerSite)
        }
        service = DetectionService(
            sites: context.sites, clock: context.clock, search: RoiSearch(store: context.store, rows: rows), feed: DetectionFeed.of(context))
    }

    public var services: [any TopicService] { [service] }

    public func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try DetectionRetention.due(at: now, indexes: service.indexes, in: transaction)
    }

    public var routes: [DomainRoute] { DetectionRoutes().all }
}
