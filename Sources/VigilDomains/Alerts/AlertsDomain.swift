import VigilHub
import VigilStore

/// Alerts, with the locations and visits that motion keeps: `alerts/{site}` and
/// `alerts/{site}/escalated` (docs/protocol.md §6.3).
public struct AlertsDomain: Domain {
    public static let migrations = AlertMigrations.all
    private let queries: AlertQueries
    private let service: AlertService
    private let feed: AlertFeed

    public init(context: DomainContext) {
        queries = AlertQueries(store: context.store)
        service = AlertService(sites: context.sites, queries: queries)
        feed = AlertFeed.of(context)
    }

    public var services: [any TopicService] { [service] }

    public func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try AlertTimers.due(at: now, in: transaction, feed: feed)
    }

    public var routes: [DomainRoute] { AlertRoutes(queries: queries).all }
}
