/// A chat message's latest version (docs/protocol.md §6.6), as events, states, pages and search
/// results carry it. A deleted message keeps only its place, its author and who deleted it.
public struct ChatMessage: Sendable, Equatable, Codable {
    /// Who an urgent message asks to acknowledge it, and how often it is repeated to them.
    public struct Urgent: Sendable, Equatable, Codable {
        public struct Recipient: Sendable, Equatable, Codable {
            public var name: String
            public var acknowledgedAt: Int64?

            public init(name: String, acknowledgedAt: Int64? = nil) {
                self.name = name
                self.acknowledgedAt = acknowledgedAt
            }
        }

        public var repeatEveryMs: Int64
        public var recipients: [Recipient]
        public var cancelledAt: Int64?

        public init(repeatEveryMs: Int64, recipients: [Recipient], cancelledAt: Int64? = nil) {
            self.repeatEveryMs = repeatEveryMs
            self.recipients = recipients
            self.cancelledAt = cancelledAt
        }
    }

    public var id: String
    public var site: String
    public var room: String
    /// Its place in the room: the seq of the event that posted it.
    public var seq: UInt64
    public var author: String
    public var postedAt: Int64
    public var text: String?
    /// Absent once deleted.
    public var attachments: [ChatAttachment]?
    /// The people of the site it mentions; absent once deleted.
    public var mentions: [String]?
    public var replyTo: String?
    public var edited: Bool?
    public var editedAt: Int64?
    public var urgent: Urgent?
    public var deleted: Bool?
    public var deletedAt: Int64?
    public var deletedBy: String?

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
