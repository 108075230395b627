/// The `data` of the commands of `chat/{site}` and `chat/{site}/{room}` (docs/protocol.md §6.6), one
/// definition that `VigilClient` sends and the hub's chat domain reads; the hub holds each value to
/// its bounds and decides in its commit what depends on stored state.
public enum ChatRoomCommand {
    /// `create_room` on `chat/{site}`: `{name, room?, topic?}`, a room an operator makes, or
    /// `{alert, name?}`, the discussion room of an alert.
    public struct CreateRoom: Sendable, Equatable, Codable {
        /// The room's name, 1-80 characters; required but for an alert's room, which is named after
        /// the alert's message when nil.
        public var name: String?
        /// The room's id, a topic segment; made from the name when nil.
        public var room: String?
        /// The room's topic line, at most 200 characters.
        public var topic: String?
        /// The id of the alert whose room this is.
        public var alert: String?

        /// A room named `name`, with its id, if given, and a topic line.
        public init(name: String, room: String? = nil, topic: String? = nil) {
            self.name = name
            self.room = room
            self.topic = topic
        }

        /// The discussion room of alert `alert`, named `name` if given.
        public init(alert: String, name: String? = nil) {
            self.alert = alert
            self.name = name
        }
    }

    /// `archive_room` on `chat/{site}`: `{room}`.
    public struct ArchiveRoom: Sendable, Equatable, Codable {
        /// The room's id.
        public var room: String

        /// The archiving of `room`.
        public init(room: String) {
            self.room = room
        }
    }

    /// `say` on a room: a message's text, attachments, the message it answers and its urgency.
    public struct Say: Sendable, Equatable, Codable {
        /// Plain text, 1-4000 characters, not blank; may be nil when there is an attachment.
        public var text: String?
        /// At most 8 thumbnails.
        public var attachments: [ChatAttachment]?
        /// The id of the message of the same room this one answers.
        public var replyTo: String?
        /// `true`: every recipient is asked to acknowledge it.
        public var urgent: Bool?
        /// For an urgent message, how often it is repeated to those who have not acknowledged it:
        /// 1 min to 1 h, 3 min when nil.
        public var repeatEvery: WireDuration?

        /// A message; the fields left nil are not sent.
        public init(
            text: String?, attachments: [ChatAttachment]? = nil, replyTo: String? = nil, urgent: Bool? = nil, repeatEvery: WireDuration? = nil
        ) {
            self.text = text
            self.attachments = attachments
            self.replyTo = replyTo
            self.urgent = urgent
            self.repeatEvery = repeatEvery
        }
    }

    /// `edit` on a room: `{message, text}`, the author's new text.
    public struct Edit: Sendable, Equatable, Codable {
        /// The message's id.
        public var message: String
        /// The new text, 1-4000 characters, not blank.
        public var text: String

        /// `message` to read `text` from now on.
        public init(message: String, text: String) {
            self.message = message
            self.text = text
        }
    }

    /// `delete`, `acknowledge` and `cancel_urgent` on a room: `{message}`.
    public struct OnMessage: Sendable, Equatable, Codable {
        /// The message's id.
        public var message: String

        /// A command on `message`.
        public init(message: String) {
            self.message = message
        }
    }
}

/// The `data` of the `search` query on `chat/{site}`: `{q, room?, before?, limit?}`.
public struct ChatSearchQuery: Sendable, Equatable, Codable {
    /// The words sought, 1-10 of them, at most 200 characters; a trailing `*` makes the last a prefix.
    public var q: String
    /// The id of the one room searched; every room of the site when nil.
    public var room: String?
    /// The `next` of the page before: messages before this `seq`.
    public var before: Int64?
    /// 1 to 200 messages; 20 when nil.
    public var limit: Int?

    /// A search for `q`.
    public init(q: String, room: String? = nil, before: Int64? = nil, limit: Int? = nil) {
        self.q = q
        self.room = room
        self.before = before
        self.limit = limit
    }

    private enum CodingKeys: String, CodingKey {
        case q, room, before, limit
    }

    /// Reads the wire's fields; a `before` or `limit` with a fraction is refused naming it.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        q = try fields.decode(String.self, forKey: .q)
        room = try fields.decodeIfPresent(String.self, forKey: .room)
        before = try fields.decodeWholeIfPresent(Int64.self, forKey: .before)
        limit = try fields.decodeWholeIfPresent(Int.self, forKey: .limit)
    }
}

/// The `data` of the `messages` query on a room: `{before?, limit?}`, older messages.
public struct ChatMessagesQuery: Sendable, Equatable, Codable {
    /// Messages before this `seq`; the latest when nil.
    public var before: Int64?
    /// 1 to 200 messages; 50 when nil.
    public var limit: Int?

    /// A page of messages before `before`.
    public init(before: Int64? = nil, limit: Int? = nil) {
        self.before = before
        self.limit = limit
    }

    private enum CodingKeys: String, CodingKey {
        case before, limit
    }

    /// Reads the wire's fields; a `before` or `limit` with a fraction is refused naming it.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        before = try fields.decodeWholeIfPresent(Int64.self, forKey: .before)
        limit = try fields.decodeWholeIfPresent(Int.self, forKey: .limit)
    }
}
