/// The chat domain's event types (docs/protocol.md §6.6), and the `data` each carries.
public enum ChatEventType: String, Sendable, CaseIterable, Codable {
    case roomCreated = "room.created"
    case roomArchived = "room.archived"
    case messagePosted = "message.posted"
    case messageEdited = "message.edited"
    case messageDeleted = "message.deleted"
    case messageAcknowledged = "message.acknowledged"
    case urgentCancelled = "urgent.cancelled"
    case urgentRepeated = "urgent.repeated"
    case readMarked = "read.marked"
}

/// `room.created`: the room made.
public struct ChatRoomCreated: Sendable, Equatable, Codable {
    public var room: ChatRoom

    public init(room: ChatRoom) { self.room = room }
}

/// `message.posted` (on the room, and mirrored on the inboxes of those it concerns) and
/// `message.edited`: the message's latest version.
public struct ChatMessageEvent: Sendable, Equatable, Codable {
    public var message: ChatMessage

    public init(message: ChatMessage) { self.message = message }
}

/// `urgent.repeated`, on the inbox of a recipient who has not acknowledged: the message again, and
/// how many times it has now been sent.
public struct ChatUrgentRepeated: Sendable, Equatable, Codable {
    public var message: ChatMessage
    public var `repeat`: Int

    public init(message: ChatMessage, repeat: Int) {
        self.message = message
        self.repeat = `repeat`
    }
}

/// A page of messages, oldest first for a room's history, newest first for a search; `next` asks
/// for the following page (a `before`).
public struct ChatMessagePage: Sendable, Equatable, Codable {
    public var messages: [ChatMessage]
    public var next: Int64?

    public init(messages: [ChatMessage], next: Int64? = nil) {
        self.messages = messages
        self.next = next
    }
}
