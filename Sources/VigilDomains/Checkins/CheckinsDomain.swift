import VigilHub
import VigilStore

/// Patrol checkpoints, signed QR codes and guards' check-ins: `checkins/{site}` (docs/protocol.md
/// §6.5). A checkpoint not visited in its interval raises an alert through the alerts domain.
public struct CheckinsDomain: Domain {
    public static let migrations = CheckinMigrations.all
    /// The name under which the store keeps the key that signs checkpoint codes.
    static let codeKeyName = "checkpoint_key"
    private let queries: CheckinQueries
    private let codes: CheckpointCode
    private let service: CheckinService
    private let feed: CheckpointFeed

    public init(context: DomainContext) throws {
        queries = CheckinQueries(store: context.store)
        codes = CheckpointCode(key: try context.key(Self.codeKeyName))
        service = CheckinService(sites: context.sites, queries: queries, codes: codes)
        feed = CheckpointFeed.of(context)
    }

    public var services: [any TopicService] { [service] }
    public var routes: [DomainRoute] { CheckinRoutes(queries: queries, codes: codes).all }

    public func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try CheckinTimers.due(at: now, feed: feed, in: transaction)
    }
}
