import VigilHub
import VigilStore

/// Video analytics: detections published by analytics backends, stored and indexed, live on
/// `detections/{site}/{camera}`, and searched by region of interest (docs/protocol.md §6.6).
public struct AnalyticsDomain: Domain {
    public static let migrations = AnalyticsMigrations.all
    private let service: DetectionService

    public init(context: DomainContext) {
        service = DetectionService(sites: context.sites, search: RoiSearch(store: context.store))
    }

    public var services: [any TopicService] { [service] }
    public var routes: [DomainRoute] { AnalyticsRoutes(service: service).all }
}
