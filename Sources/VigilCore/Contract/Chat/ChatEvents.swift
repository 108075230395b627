/// The chat domain's event types (docs/protocol.md §6.6), and the `data` each carries.
public enum ChatEventType: String, Sendable, CaseIterable, Codable {
    /// A room was created: `data` is `ChatRoomCreated`, on `chat/{site}` and on the room.
    case roomCreated = "room.created"
    /// A room was archived: `data` is `{room, by, at}`.
    case roomArchived = "room.archived"
    /// A message was posted: `data` is `ChatMessageEvent`, also on the inboxes of those it concerns.
    case messagePosted = "message.posted"
    /// A message was edited by its author: `data` is `ChatMessageEvent` with the new version.
    case messageEdited = "message.edited"
    /// A message was deleted: `data` is `{message, by, at}`.
    case messageDeleted = "message.deleted"
    /// A recipient acknowledged an urgent message: `data` is `{message, by, at, pending}`.
    case messageAcknowledged = "message.acknowledged"
    /// An urgent message was cancelled: `data` is `{message, by, at}`.
    case urgentCancelled = "urgent.cancelled"
    /// An urgent message was sent again to a recipient's inbox: `data` is `ChatUrgentRepeated`.
    case urgentRepeated = "urgent.repeated"
    /// A person's read marker of a room moved, on their inbox: `data` is `{room, read, unread}`.
    case readMarked = "read.marked"
}

/// `room.created`: the room made.
public struct ChatRoomCreated: Sendable, Equatable, Codable {
    /// The new room.
    public var room: ChatRoom

    /// The data of the creation of `room`.
    public init(room: ChatRoom) { self.room = room }
}

/// `message.posted` (on the room, and mirrored on the inboxes of those it concerns) and
/// `message.edited`: the message's latest version.
public struct ChatMessageEvent: Sendable, Equatable, Codable {
    /// The message, as it now is.
    public var message: ChatMessage

    /// The data of an event about `message`.
    public init(message: ChatMessage) { self.message = message }
}

/// `urgent.repeated`, on the inbox of a recipient who has not acknowledged: the message again, and
/// how many times it has now been sent.
public struct ChatUrgentRepeated: Sendable, Equatable, Codable {
    /// The urgent message, as it now is.
    public var message: ChatMessage
    /// How many times it has now been sent.
    public var `repeat`: Int

    /// The data of the `repeat`-th sending of `message`.
    public init(message: ChatMessage, repeat: Int) {
        self.message = message
        self.repeat = `repeat`
    }
}

/// A page of messages, oldest first for a room's history, newest first for a search; `next` asks
/// for the following page (a `before`).
public struct ChatMessagePage: Sendable, Equatable, Codable {
    /// The page's messages.
    public var messages: [ChatMessage]
    /// The `before` to send for the following page; nil when no page follows.
    public var next: Int64?

    /// A page of `messages`.
    public init(messages: [ChatMessage], next: Int64? = nil) {
        self.messages = messages
        self.next = next
    }
}
