/// A chat message's latest version (docs/protocol.md §6.6), as events, states, pages and search
/// results carry it. A deleted message keeps only its place, its author and who deleted it.
public struct ChatMessage: Sendable, Equatable, Codable {
    /// Who an urgent message asks to acknowledge it, and how often it is repeated to them.
    public struct Urgent: Sendable, Equatable, Codable {
        /// A person asked to acknowledge an urgent message.
        public struct Recipient: Sendable, Equatable, Codable {
            /// The person's name: the name of their tokens in the site.
            public var name: String
            /// When they acknowledged it, in milliseconds since 1970; nil until then.
            public var acknowledgedAt: Int64?

            /// Recipient `name`, who acknowledged at `acknowledgedAt`.
            public init(name: String, acknowledgedAt: Int64? = nil) {
                self.name = name
                self.acknowledgedAt = acknowledgedAt
            }
        }

        /// How often the message is repeated to those who have not acknowledged it, in milliseconds (1 minute to 1 hour).
        public var repeatEveryMs: Int64
        /// Everyone asked to acknowledge it, and who has.
        public var recipients: [Recipient]
        /// When it was cancelled, in milliseconds since 1970; nil while it stands.
        public var cancelledAt: Int64?

        /// The urgency of a message repeated every `repeatEveryMs` to `recipients`.
        public init(repeatEveryMs: Int64, recipients: [Recipient], cancelledAt: Int64? = nil) {
            self.repeatEveryMs = repeatEveryMs
            self.recipients = recipients
            self.cancelledAt = cancelledAt
        }
    }

    /// The message's id, given by the hub.
    public var id: String
    /// The site of its room.
    public var site: String
    /// The room's id, the last part of `chat/{site}/{room}`.
    public var room: String
    /// Its place in the room: the seq of the event that posted it.
    public var seq: UInt64
    /// The token name of the person who posted it.
    public var author: String
    /// When it was posted, in milliseconds since 1970.
    public var postedAt: Int64
    /// Its plain text (1 to 4000 characters); nil for a message of attachments only, or once deleted.
    public var text: String?
    /// Absent once deleted.
    public var attachments: [ChatAttachment]?
    /// The people of the site it mentions; absent once deleted.
    public var mentions: [String]?
    /// The id of the message of the same room it answers; nil when it answers none.
    public var replyTo: String?
    /// True once the author has edited it; nil otherwise.
    public var edited: Bool?
    /// When it was last edited, in milliseconds since 1970; nil when never.
    public var editedAt: Int64?
    /// Who is asked to acknowledge it; nil for a message that is not urgent.
    public var urgent: Urgent?
    /// True once deleted; nil otherwise.
    public var deleted: Bool?
    /// When it was deleted, in milliseconds since 1970; nil unless deleted.
    public var deletedAt: Int64?
    /// The token name of whoever deleted it; nil unless deleted.
    public var deletedBy: String?

    /// A message as posted; edits, urgency and deletion are set afterwards.
    public init(
        id: String, site: String, room: String, seq: UInt64, author: String, postedAt: Int64, text: String? = nil,
        attachments: [ChatAttachment]? = nil, mentions: [String]? = nil, replyTo: String? = nil
    ) {
        self.id = id
        self.site = site
        self.room = room
        self.seq = seq
        self.author = author
        self.postedAt = postedAt
        self.text = text
        self.attachments = attachments
        self.mentions = mentions
        self.replyTo = replyTo
    }

    /// The room's topic, `chat/{site}/{room}`.
    public var topic: String { "chat/\(site)/\(room)" }
}
