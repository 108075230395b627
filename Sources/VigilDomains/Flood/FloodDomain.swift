import VigilHub
import VigilStore

/// Flood regions, boundaries, events and the markers the public reports: `flood/{region}` and
/// `flood/{region}/reports` (docs/protocol.md §6.7).
public struct FloodDomain: Domain {
    public static let migrations = FloodMigrations.all
    private let queries: FloodQueries
    private let service: FloodService
    private let store: any EventStore

    public init(context: DomainContext) {
        store = context.store
        queries = FloodQueries(store: context.store)
        service = FloodService(queries: queries)
    }

    public var services: [any TopicService] { [service] }
    public var routes: [DomainRoute] {
        FloodRoutes(queries: queries, files: FloodMarkerFiles(store: store), legacy: FloodLegacyAPI(store: store)).all
    }
}
