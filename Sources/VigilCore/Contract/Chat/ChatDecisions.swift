/// `room.archived`: which room, who archived it and when.
public struct ChatRoomArchived: Sendable, Equatable, Codable {
    /// The room's id.
    public var room: String
    /// The name of the token that archived it.
    public var by: String
    /// When, in ms since 1970.
    public var at: Int64

    /// The data of the archiving of `room`.
    public init(room: String, by: String, at: Int64) {
        self.room = room
        self.by = by
        self.at = at
    }
}

/// `message.deleted` and `urgent.cancelled`: which message, who acted and when.
public struct ChatMessageChanged: Sendable, Equatable, Codable {
    /// The message's id.
    public var message: String
    /// The name of the token that deleted it or cancelled its urgency.
    public var by: String
    /// When, in ms since 1970.
    public var at: Int64

    /// The data of a change of `message`.
    public init(message: String, by: String, at: Int64) {
        self.message = message
        self.by = by
        self.at = at
    }
}

/// `message.acknowledged`: a recipient acknowledged an urgent message; who is still asked.
public struct ChatMessageAcknowledged: Sendable, Equatable, Codable {
    /// The message's id.
    public var message: String
    /// The recipient who acknowledged.
    public var by: String
    /// When, in ms since 1970.
    public var at: Int64
    /// The recipients who have not acknowledged yet.
    public var pending: [String]

    /// The data of `by`'s acknowledgement of `message`.
    public init(message: String, by: String, at: Int64, pending: [String]) {
        self.message = message
        self.by = by
        self.at = at
        self.pending = pending
    }
}
