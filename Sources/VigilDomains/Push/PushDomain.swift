import VigilHub
import VigilStore

/// Web Push to guards' and operators' phones (docs/protocol.md §6.10): the hub's VAPID key, which a
/// browser subscribes with, and the phones registered on each site (`push/{site}`). The key pair
/// is made on the store's first start and kept by the store.
public struct PushDomain: Domain {
    public static let migrations = PushMigrations.all
    private let vapid: VapidKey
    private let service: PushService
    private let queries: PushQueries
    private let timers = PushTimers()

    public init(context: DomainContext) throws {
        vapid = VapidKey(secret: try context.key(VapidKey.storeKeyName))
        service = PushService(sites: context.sites, allowLocalEndpoints: context.allowsLocalEndpoints)
        queries = PushQueries(store: context.store)
    }

    public var services: [any TopicService] { [service] }
    public var routes: [DomainRoute] { PushRoutes(vapid: vapid, queries: queries, service: service).all }

    public func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try timers.due(at: now, in: transaction)
    }
}
