import VigilHub

/// Control-room announcements: `notice/{site}` (docs/protocol.md §6.2). Events only: no tables,
/// timers or routes.
public struct NoticeDomain: Domain {
    private let service: NoticeService

    public init(context: DomainContext) {
        service = NoticeService(sites: context.sites)
    }

    public var services: [any TopicService] { [service] }
}
