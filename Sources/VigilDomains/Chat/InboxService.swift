import VigilCore
import VigilHub
import VigilStore

/// `inbox/{site}/{name}`: one person's own topic in a site, on all their devices. A person is a
/// token name within a site: the tokens of that name that cover the site are that person's devices
/// (a name is not a person across sites; docs/security.md). It carries the messages of the site
/// that mention them and the urgent messages they are asked to acknowledge (mirrors of the room's
/// events, so it resumes with `since` like any durable topic), the repeats of those not yet
/// acknowledged, and their read markers (`read`), so their other devices learn at once.
struct InboxService: TopicService {
    let kind = "inbox"
    let durability = Durability.durable
    let queries: ChatQueries

    static func topic(of name: String, site: String) -> String { "inbox/\(site)/\(name)" }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        try authorizeOwner(identity, pattern.segments)
    }

    /// Only a token named `{name}` that covers `{site}` (an all-sites token covers every site).
    private func authorizeOwner(_ identity: Identity, _ segments: [String]) throws(ProtocolError) {
        guard segments.count == 3 else {
            throw ProtocolError(.invalidTopic, "inbox topics are inbox/{site}/{name}")
        }
        try identity.require(ChatService.chatters, to: "have a chat inbox")
        let site = segments[1]
        guard segments[2] == identity.name, identity.covers(site: site) else {
            throw ProtocolError(
                .forbidden, "inbox/\(site)/\(segments[2]) is not this token's; its inboxes are inbox/{site}/\(identity.name) of its sites")
        }
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        try authorizeOwner(identity, topic.segments)
        guard type == "read" else { throw ProtocolError(.unknownType, "an inbox takes read") }
        let read = try data.decode(ChatReadCommand.self)
        let room = try Topic(try CommandBounds.text(read.room, "room", maxLength: ClientMessage.maxTopicLength))
        guard room.kind == "chat", room.segments.count == 3 else {
            throw ProtocolError(.invalidData, "data.room must be a room's topic, chat/{site}/{room}")
        }
        guard room.scope == topic.scope else {
            throw ProtocolError(.invalidData, "data.room must be a room of site \(topic.scope), this inbox's")
        }
        let seq = try CommandBounds.whole(read.seq, "seq", in: 0...Int64.max)
        return ValidatedEvent(
            type: ChatEventType.readMarked.rawValue, payload: [:], effect: MarkRead(site: room.scope, room: room.segments[2], seq: seq))
    }

    func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
        try await queries.inbox(of: reader.name, site: topic.scope)
    }
}

/// Moves a person's read marker in a room forward, to at most the room's last event.
struct MarkRead: DomainEffect {
    let site: String
    let room: String
    let seq: Int64

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard try ChatTables(transaction).roomOrControl(room, site: site) != nil else {
            throw ProtocolError(.notFound, "site \(site) has no room \(room)")
        }
        let head = try transaction.head(of: ChatService.roomTopic(room, site: site))
        guard seq <= head else {
            throw ProtocolError(.invalidData, "data.seq \(seq) is past the room's last event (\(head))")
        }
        let marker = try ChatTables(transaction).markRead(event.from, room: room, site: site, through: seq)
        let unread = try ChatTables(transaction).unreadCount(of: event.from, room: room, site: site)
        event.payload = try JSONValue.canonicalText(of: ChatReadMarked(room: ChatService.roomTopic(room, site: site), read: marker, unread: unread))
        return []
    }
}
