import VigilHub
import VigilStore

/// Flood regions, boundaries, events and the markers the public reports: `flood/{region}` and
/// `flood/{region}/reports` (docs/protocol.md §6.6).
public struct FloodDomain: Domain {
    public static let migrations = FloodMigrations.all
    private let queries: FloodQueries
    private let service: FloodService

    public init(context: DomainContext) {
        queries = FloodQueries(store: context.store)
        service = FloodService(queries: queries)
    }

    public var services: [any TopicService] { [service] }
    public var routes: [DomainRoute] { FloodRoutes(queries: queries).all }
}
