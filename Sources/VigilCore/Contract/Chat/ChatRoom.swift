/// A chat room of a site (docs/protocol.md §6.6): the control room every site has, a room an
/// operator made, or the room of an alert.
public struct ChatRoom: Sendable, Equatable, Codable {
    public var id: String
    public var site: String
    /// `chat/{site}/{id}`.
    public var topic: String
    public var name: String
    public var createdAt: Int64
    /// Absent for the control room, which the hub makes.
    public var createdBy: String?
    public var topicLine: String?
    /// The alert an alert's room discusses.
    public var alert: String?
    public var archivedBy: String?
    public var archivedAt: Int64?
    /// How many messages the reader has not read, in the directory's state.
    public var unread: Int64?

    public init(id: String, site: String, name: String, createdAt: Int64, createdBy: String? = nil) {
        self.id = id
        self.site = site
        topic = "chat/\(site)/\(id)"
        self.name = name
        self.createdAt = createdAt
        self.createdBy = createdBy
    }
}
