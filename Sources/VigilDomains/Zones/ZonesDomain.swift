import VigilDetections
import VigilHub
import VigilStore

/// Video analytics' watch zones: standing ROIs and lines on a camera, `zones/{site}/{zone}`
/// (docs/protocol.md §6.9), that watch each batch the detection domain stores (`DetectionFeed`)
/// and tell their subscribers what they saw, raising loitering alerts through the alert domain.
public struct ZonesDomain: Domain {
    public static let migrations = ZoneMigrations.all
    private let service: ZoneService

    public init(context: DomainContext) {
        let sets = ZoneSets()
        DetectionFeed.of(context).watch(with: ZoneWatcher(sets: sets))
        service = ZoneService(sites: context.sites, store: context.store, clock: context.clock, sets: sets)
    }

    public var services: [any TopicService] { [service] }

    public func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try ZoneTimers.due(in: transaction)
    }
}
