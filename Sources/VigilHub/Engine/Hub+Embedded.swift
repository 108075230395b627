import Logging
import VigilStore

extension Hub {
    /// The hub of one node on its database (SQLite or PostgreSQL): the event log there as its
    /// store, a local broker as its bus, and one of each of `domains`, made with the site directory
    /// the hub checks publishes against. The server and the in-process tests assemble it here alike.
    public static func embedded(
        database: any StoreDatabase, domains: [any Domain.Type], configuration: HubConfiguration, clock: any HubClock,
        metrics: HubMetrics, logger: Logger
    ) throws -> Hub {
        let store = database.makeEventLog()
        let sites = SiteDirectory(store: store)
        let context = DomainContext(
            store: store, sites: sites, clock: clock, indexBytesPerSite: configuration.indexBytesPerSite,
            allowsLocalEndpoints: configuration.allowsLocalEndpoints, outgoingTrustRootsFile: configuration.outgoingTrustRootsFile,
            operatorContact: configuration.operatorContact
        ) { name in
            try database.key(named: name)
        }
        let made = try domains.map { try $0.init(context: context) }
        let services = ServiceRegistry(made.flatMap(\.services))
        return Hub(
            configuration: configuration, domains: made, store: store,
            bus: Broker(metrics: metrics, matching: configuration.viewMatching) { topic, type, data in
                services.cells(ofEvent: type, data: data, on: topic)
            }, sites: sites,
            authenticator: Authenticator(tokens: TokenRepository(database: database), clock: clock, logger: logger),
            thumbnails: ThumbnailStore(database: database), clock: clock, metrics: metrics, logger: logger)
    }
}

extension [any Domain.Type] {
    /// Every migration of these domains, in order: what whoever opens the database passes.
    public var migrations: [StoreMigration] { flatMap { $0.migrations } }
}
