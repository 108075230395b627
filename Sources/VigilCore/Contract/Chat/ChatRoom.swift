/// A chat room of a site (docs/protocol.md §6.6): the control room every site has, a room an
/// operator made, or the room of an alert.
public struct ChatRoom: Sendable, Equatable, Codable {
    /// The room's id in its site: `control`, `alert-{alertId}`, or one an operator chose.
    public var id: String
    /// The site the room belongs to.
    public var site: String
    /// `chat/{site}/{id}`.
    public var topic: String
    /// The room's name, for people (1 to 80 characters), such as "Control room".
    public var name: String
    /// When it was created, in milliseconds since 1970.
    public var createdAt: Int64
    /// Absent for the control room, which the hub makes.
    public var createdBy: String?
    /// The room's topic line, up to 200 characters; nil when it has none.
    public var topicLine: String?
    /// The alert an alert's room discusses.
    public var alert: String?
    /// The token name of whoever archived it; nil while it is open.
    public var archivedBy: String?
    /// When it was archived, in milliseconds since 1970; nil while it is open.
    public var archivedAt: Int64?
    /// How many messages the reader has not read, in the directory's state.
    public var unread: Int64?

    /// A room `id` of `site`; its `topic` is made from the two.
    public init(id: String, site: String, name: String, createdAt: Int64, createdBy: String? = nil) {
        self.id = id
        self.site = site
        topic = "chat/\(site)/\(id)"
        self.name = name
        self.createdAt = createdAt
        self.createdBy = createdBy
    }
}
