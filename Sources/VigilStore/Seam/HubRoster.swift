/// What each hub of a store several hubs share (PostgreSQL) tells the others of its connections,
/// so that presence and per-token connection limits span the hubs. Each hub reports all it holds
/// every second or so, with a time it stays alive until: a hub that dies stops reporting, and its
/// report is forgotten once that time has passed. A store only one hub writes (SQLite) has none.
public protocol HubRoster: Sendable {
    /// Keeps `report` as its hub's until `aliveUntil` (milliseconds, by the hubs' clocks), forgets
    /// the reports whose time passed before `now`, and returns the other hubs' live reports.
    func exchange(_ report: HubReport, aliveUntil: Int64, now: Int64) async throws(StoreError) -> [HubReport]
}

/// One hub's connections as it last reported them.
public struct HubReport: Sendable, Equatable, Codable {
    /// The hub's name for itself, new each time it starts.
    public var hub: String
    /// Who is present on which topic through this hub.
    public var members: [Member]
    /// How many connections each token holds on this hub, by token id.
    public var connections: [String: Int]

    /// A session present on a topic (`docs/protocol.md` §6.2).
    public struct Member: Sendable, Hashable, Codable {
        public var topic: String
        public var session: String
        public var user: String
        public var role: String

        public init(topic: String, session: String, user: String, role: String) {
            self.topic = topic
            self.session = session
            self.user = user
            self.role = role
        }
    }

    public init(hub: String, members: [Member], connections: [String: Int]) {
        self.hub = hub
        self.members = members
        self.connections = connections
    }
}

extension EventStore {
    /// Nil: one hub writes this store.
    public func makeRoster() -> (any HubRoster)? { nil }
}
