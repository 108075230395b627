import VigilHub
import VigilStore

/// The camera wall, camera switches and the views guards follow: `cameras/{site}` and
/// `cameras/{site}/view/{viewer}` (docs/protocol.md §6.4). No timers.
public struct CamerasDomain: Domain {
    public static let migrations = CameraMigrations.all
    private let queries: CameraQueries
    private let service: CameraService

    public init(context: DomainContext) {
        queries = CameraQueries(store: context.store)
        service = CameraService(sites: context.sites, queries: queries, feed: CameraFeed.of(context))
    }

    public var services: [any TopicService] { [service] }
    public var routes: [DomainRoute] { CameraRoutes(queries: queries).all }
}
