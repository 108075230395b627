/// The state of `chat/{site}` (beside the engine's `head`): the site's rooms, the control room
/// first, each with the reader's unread count.
public struct ChatDirectoryState: Sendable, Equatable, Codable {
    /// The rooms, archived ones included.
    public var rooms: [ChatRoom]

    /// A directory of `rooms`.
    public init(rooms: [ChatRoom]) {
        self.rooms = rooms
    }
}

/// The state of `chat/{site}/{room}` (beside the engine's `head`): the room, its latest messages
/// and where the reader is in them.
public struct ChatRoomState: Sendable, Equatable, Codable {
    /// The room; null for a room that does not exist (yet), whose other fields are then absent but
    /// for an empty `messages`.
    public var room: ChatRoom?
    /// Its latest messages, oldest first, at their latest versions.
    public var messages: [ChatMessage]
    /// Whether there are older messages than these (`messages` pages back).
    public var earlier: Bool?
    /// The seq of the last message the reader marked read.
    public var read: Int64?
    /// How many messages after it, not deleted, are by others.
    public var unread: Int64?

    /// A room's state with every field given.
    public init(room: ChatRoom?, messages: [ChatMessage], earlier: Bool? = nil, read: Int64? = nil, unread: Int64? = nil) {
        self.room = room
        self.messages = messages
        self.earlier = earlier
        self.read = read
        self.unread = unread
    }

    private enum CodingKeys: String, CodingKey {
        case room, messages, earlier, read, unread
    }

    /// Writes `room` as null when there is none, as the protocol shows a missing room.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(room, forKey: .room)
        try fields.encode(messages, forKey: .messages)
        try fields.encodeIfPresent(earlier, forKey: .earlier)
        try fields.encodeIfPresent(read, forKey: .read)
        try fields.encodeIfPresent(unread, forKey: .unread)
    }
}
