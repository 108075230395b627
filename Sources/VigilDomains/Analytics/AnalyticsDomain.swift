import VigilHub
import VigilStore

/// Video analytics: detections published by analytics backends, stored and indexed, live on
/// `detections/{site}/{camera}`, searched by region of interest and over time, and watched by
/// standing zones, `zones/{site}/{zone}` (docs/protocol.md §6.8, §6.9).
public struct AnalyticsDomain: Domain {
    public static let migrations = AnalyticsMigrations.all
    private let service: DetectionService
    private let zones: ZoneService

    public init(context: DomainContext) {
        let rows = DetectionRowIndex(store: context.store, clock: context.clock) { DetectionRowEntries(bytes: context.indexBytesPerSite) }
        let vectors = AppearanceIndex(store: context.store, clock: context.clock) { AppearanceEntries(bytes: context.indexBytesPerSite) }
        let sets = ZoneSets()
        service = DetectionService(
            sites: context.sites, clock: context.clock, zones: sets, search: RoiSearch(store: context.store, rows: rows),
            images: ImageSearch(store: context.store, index: vectors))
        zones = ZoneService(sites: context.sites, store: context.store, clock: context.clock, sets: sets)
    }

    public var services: [any TopicService] { [service, zones] }

    public func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try ZoneTimers.due(in: transaction) + DetectionRetention.due(at: now, indexes: service.indexes, in: transaction)
    }
    public var routes: [DomainRoute] { AnalyticsRoutes().all }
}
