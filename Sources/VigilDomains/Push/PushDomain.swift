import VigilAlerts
import VigilCameras
import VigilChat
import VigilCheckins
import VigilHub
import VigilStore

/// Web Push to guards' and operators' phones (docs/protocol.md §6.10): the hub's VAPID key, which a
/// browser subscribes with, the phones registered on each site (`push/{site}`), and the messages
/// decided in other domains' commits (an escalated alert, a chat message addressed to people, a
/// camera sent to a viewer, a missed round), sent from an outbox off the commit path. The key pair
/// is made on the store's first start and kept by the store.
public struct PushDomain: Domain {
    public static let migrations = PushMigrations.all
    private let vapid: VapidKey
    private let service: PushService
    private let queries: PushQueries
    private let timers: PushTimers

    public init(context: DomainContext) throws {
        vapid = VapidKey(secret: try context.key(VapidKey.storeKeyName))
        queries = PushQueries(store: context.store)
        service = PushService(sites: context.sites, allowLocalEndpoints: context.allowsLocalEndpoints, queries: queries)
        let sender = PushSender(
            store: context.store, clock: context.clock, vapid: vapid, subject: context.operatorContact,
            transport: PushTransport(allowLocal: context.allowsLocalEndpoints, trustRootsFile: context.outgoingTrustRootsFile))
        timers = PushTimers(sender: sender)
        let decisions = PushDecisions(bell: { sender.ring() })
        AlertFeed.of(context).watch(with: decisions)
        ChatFeed.of(context).watch(with: decisions)
        CameraFeed.of(context).watch(with: decisions)
        CheckpointFeed.of(context).watch(with: decisions)
    }

    public var services: [any TopicService] { [service] }
    public var routes: [DomainRoute] { PushRoutes(vapid: vapid, queries: queries, service: service).all }

    public func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try timers.due(at: now, in: transaction)
    }
}
