import VigilCore
import VigilHub
import VigilStore

/// `inbox/{name}`: one person's own topic, across sites, on all their devices. It carries the
/// messages that mention them and the urgent messages they are asked to acknowledge (mirrors of
/// the room's events, so it resumes with `since` like any durable topic), the repeats of those not
/// yet acknowledged, and their read markers (`read`), so their other devices learn at once.
struct InboxService: TopicService {
    let kind = "inbox"
    let durability = Durability.durable
    let queries: ChatQueries

    static func topic(of name: String) -> String { "inbox/\(name)" }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        try authorizeOwner(identity, pattern.segments)
    }

    private func authorizeOwner(_ identity: Identity, _ segments: [String]) throws(ProtocolError) {
        guard segments.count == 2 else {
            throw ProtocolError(.invalidTopic, "inbox topics are inbox/{name}")
        }
        try identity.require(ChatService.chatters, to: "have a chat inbox")
        guard segments[1] == identity.name else {
            throw ProtocolError(.forbidden, "inbox/\(segments[1]) is not this token's; its inbox is inbox/\(identity.name)")
        }
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        try authorizeOwner(identity, topic.segments)
        guard type == "read" else { throw ProtocolError(.unknownType, "an inbox takes read") }
        let fields = try CommandData(data, shape: "{room, seq}")
        let room = try Topic(try fields.string("room", maxLength: ClientMessage.maxTopicLength))
        guard room.kind == "chat", room.segments.count == 3 else {
            throw ProtocolError(.invalidData, "data.room must be a room's topic, chat/{site}/{room}")
        }
        guard identity.covers(site: room.scope) else {
            throw ProtocolError(.forbidden, "the token does not cover site \(room.scope)")
        }
        guard let seq = try fields.integer("seq", in: 0...Int.max) else { throw ProtocolError(.invalidData, "data.seq is required") }
        return ValidatedEvent(
            type: "read.marked", payload: [:], effect: MarkRead(site: room.scope, room: room.segments[2], seq: Int64(seq)))
    }

    func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
        try await queries.inbox(of: reader)
    }
}

/// Moves a person's read marker in a room forward, to at most the room's last event.
struct MarkRead: DomainEffect {
    let site: String
    let room: String
    let seq: Int64

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard try transaction.roomOrControl(room, site: site) != nil else {
            throw ProtocolError(.notFound, "site \(site) has no room \(room)")
        }
        let head = try transaction.head(of: ChatService.roomTopic(room, site: site))
        guard seq <= head else {
            throw ProtocolError(.invalidData, "data.seq \(seq) is past the room's last event (\(head))")
        }
        let marker = try transaction.markRead(event.from, room: room, site: site, through: seq)
        event.payload = JSONValue.object([
            "room": .string(ChatService.roomTopic(room, site: site)), "read": .number(Double(marker)),
            "unread": .number(Double(try transaction.unreadCount(of: event.from, room: room, site: site))),
        ]).canonicalText
        return []
    }
}
