/// `read` on one's own `inbox/{site}/{name}`: the room read, and up to which of its events.
public struct ChatReadCommand: Sendable, Equatable, Codable {
    /// The room's topic, `chat/{site}/{room}`, a room of the inbox's site.
    public var room: String
    /// The room's event read up to, at most its last.
    public var seq: Int64

    /// `room` read up to `seq`.
    public init(room: String, seq: Int64) {
        self.room = room
        self.seq = seq
    }

    private enum CodingKeys: String, CodingKey {
        case room, seq
    }

    /// Reads `{room, seq}`; a `seq` with a fraction is refused naming it.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        room = try fields.decode(String.self, forKey: .room)
        seq = try fields.decodeWhole(Int64.self, forKey: .seq)
    }
}

/// `read.marked`, on the inbox: a person's read marker of a room moved, for their other devices.
public struct ChatReadMarked: Sendable, Equatable, Codable {
    /// The room's topic, `chat/{site}/{room}`.
    public var room: String
    /// The room's event read up to.
    public var read: Int64
    /// How many messages of the room are still unread.
    public var unread: Int64

    /// The data of `room` read up to `read`, `unread` left.
    public init(room: String, read: Int64, unread: Int64) {
        self.room = room
        self.read = read
        self.unread = unread
    }
}

/// The state of `inbox/{site}/{name}` (beside the engine's `head`): the rooms with unread
/// messages, and the urgent messages awaiting this person's acknowledgement.
public struct ChatInboxState: Sendable, Equatable, Codable {
    /// A room with unread messages.
    public struct Room: Sendable, Equatable, Codable {
        /// The room's topic, `chat/{site}/{room}`.
        public var room: String
        /// The room's name.
        public var name: String
        /// How many of its messages are unread.
        public var unread: Int64

        /// `room`, named `name`, with `unread` messages unread.
        public init(room: String, name: String, unread: Int64) {
            self.room = room
            self.name = name
            self.unread = unread
        }
    }

    /// The site's rooms with unread messages.
    public var rooms: [Room]
    /// The urgent messages this person has not acknowledged yet.
    public var urgent: [ChatMessage]

    /// An inbox's state.
    public init(rooms: [Room], urgent: [ChatMessage]) {
        self.rooms = rooms
        self.urgent = urgent
    }
}
