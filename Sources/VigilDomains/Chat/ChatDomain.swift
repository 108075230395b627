import VigilHub
import VigilStore

/// Chat for the control room and the guards: rooms `chat/{site}/{room}` with the site's directory
/// `chat/{site}`, each person's `inbox/{site}/{name}` (mentions, urgent messages, read markers) and the
/// ephemeral `typing/{site}/{room}` (docs/protocol.md §6.6).
public struct ChatDomain: Domain {
    public static let migrations = ChatMigrations.all
    private let chat: ChatService
    private let inbox: InboxService
    private let typing: TypingService
    private let feed: ChatFeed

    public init(context: DomainContext) {
        let queries = ChatQueries(store: context.store)
        feed = ChatFeed.of(context)
        chat = ChatService(sites: context.sites, queries: queries, feed: feed)
        inbox = InboxService(queries: queries)
        typing = TypingService(sites: context.sites, clock: context.clock)
    }

    public var services: [any TopicService] { [chat, inbox, typing] }

    public func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try ChatTimers.due(at: now, feed: feed, in: transaction)
    }

    public var routes: [DomainRoute] { ChatRoutes(service: chat).all }
}
