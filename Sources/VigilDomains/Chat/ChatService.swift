import VigilCore
import VigilHub
import VigilStore

/// `chat/{site}`: the site's rooms (state: each room with the reader's unread count; events: rooms
/// created and archived). `chat/{site}/{room}`: one room (state: the room, its latest messages and
/// the reader's read marker; events: messages, edits, deletions, acknowledgements).
///
/// The site's control room (`control`) exists from the site's creation; operators and admins make
/// more and archive them, and anyone who chats opens an alert's room (`alert-{alertId}`). Admins,
/// operators and the site's guards read and write every room of the site; devices and reporters
/// neither (docs/protocol.md §6.6).
struct ChatService: TopicService {
    let kind = "chat"
    let durability = Durability.durable
    static let controlRoom = "control"
    static let controlRoomName = "Control room"
    static let alertRoomPrefix = "alert-"
    /// Rooms of one site, archived ones and the control room included (docs/security.md).
    static let maxRoomsPerSite = 200
    static let chatters: Set<Role> = [.admin, .operator, .guard]
    static let moderators: Set<Role> = [.admin, .operator]

    let access: SiteScopedAccess
    let queries: ChatQueries
    let feed: ChatFeed

    init(sites: SiteDirectory, queries: ChatQueries, feed: ChatFeed) {
        access = SiteScopedAccess(readers: Self.chatters, writers: Self.chatters, sites: sites)
        self.queries = queries
        self.feed = feed
    }

    static func directoryTopic(of site: String) -> String { "chat/\(site)" }
    static func roomTopic(_ room: String, site: String) -> String { "chat/\(site)/\(room)" }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        guard pattern.segments.count == 2 || pattern.segments.count == 3 else {
            throw ProtocolError(.invalidTopic, "chat topics are chat/{site} and chat/{site}/{room}")
        }
        try access.authorizeRead(identity, pattern)
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        guard topic.segments.count == 2 || topic.segments.count == 3 else {
            throw ProtocolError(.invalidTopic, "chat topics are chat/{site} and chat/{site}/{room}")
        }
        try access.authorizeWrite(identity, topic)
        let commands = ChatCommands(identity: identity, site: topic.scope, feed: feed)
        if topic.segments.count == 2 {
            switch type {
            case "create_room": return try commands.createRoom(data)
            case "archive_room": return try commands.archiveRoom(data)
            default: throw ProtocolError(.unknownType, "chat/{site} takes create_room and archive_room")
            }
        }
        let room = topic.segments[2]
        switch type {
        case "say": return try commands.say(in: room, data)
        case "edit": return try commands.edit(in: room, data)
        case "delete": return try commands.delete(in: room, data)
        case "acknowledge": return try commands.acknowledge(in: room, data)
        case "cancel_urgent": return try commands.cancelUrgent(in: room, data)
        default: throw ProtocolError(.unknownType, "a chat room takes say, edit, delete, acknowledge and cancel_urgent")
        }
    }

    func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
        topic.segments.count == 2
            ? try await queries.directory(of: topic.scope, for: reader.name)
            : try await queries.room(topic.segments[2], site: topic.scope, for: reader.name)
    }

    /// `search` on `chat/{site}`; `messages` (older pages of a room, latest versions) on a room.
    func query(_ identity: Identity, topic: Topic, type: String, data: JSONValue) async throws -> JSONValue {
        try authorizeRead(identity, TopicPattern(topic.rawValue))
        switch (topic.segments.count, type) {
        case (2, "search"):
            return try await queries.search(try ChatSearch(site: topic.scope, data))
        case (3, "messages"):
            let page = try data.decode(ChatMessagesQuery.self)
            return try await queries.messages(
                of: topic.segments[2], site: topic.scope, before: try CommandBounds.optionalWhole(page.before, "before", in: 1...Int64.max),
                limit: try CommandBounds.optionalWhole(page.limit, "limit", in: 1...ChatQueries.maxPage) ?? 50)
        default:
            throw ProtocolError(.unknownType, "chat/{site} answers search; chat/{site}/{room} answers messages")
        }
    }
}
