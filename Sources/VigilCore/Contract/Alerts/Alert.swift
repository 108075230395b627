/// An alert of a site (docs/protocol.md §6.3): what was raised, where, with which snapshots, and
/// how far its lifecycle raised -> acknowledged -> resolved has gone.
public struct Alert: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable, CaseIterable {
        case raised, acknowledged, resolved
    }

    public var id: String
    public var site: String
    /// `motion`, `door`, `panic`, `analytics`, `missed-checkpoint`, `loitering`, or a device's own word.
    public var kind: String
    /// 1 (lowest) to 5.
    public var severity: Int
    public var message: String
    /// SHA-256 hashes of its snapshots, as `/thumbnails/{hash}` serves them.
    public var thumbnails: [String]
    public var state: State
    public var raisedBy: String
    public var raisedAt: Int64
    /// When it escalates if nobody has acknowledged it by then.
    public var escalateAt: Int64
    public var location: String?
    /// The visit of its location it opened.
    public var visit: Int64?
    public var acknowledgedBy: String?
    public var acknowledgedAt: Int64?
    public var resolvedBy: String?
    public var resolvedAt: Int64?
    public var note: String?
    public var escalatedAt: Int64?
    /// The chat room that discusses it, `chat/{site}/alert-{id}`.
    public var room: String?

    public init(
        id: String, site: String, kind: String, severity: Int, message: String, thumbnails: [String], state: State, raisedBy: String,
        raisedAt: Int64, escalateAt: Int64
    ) {
        self.id = id
        self.site = site
        self.kind = kind
        self.severity = severity
        self.message = message
        self.thumbnails = thumbnails
        self.state = state
        self.raisedBy = raisedBy
        self.raisedAt = raisedAt
        self.escalateAt = escalateAt
    }
}

/// A place of a site where alerts are raised, and whether someone is there now (a visit).
public struct AlertLocation: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    public var visited: Bool
    /// The current visit, while `visited`.
    public var visit: Int64?
    public var lastMotionAt: Int64?

    public init(id: String, name: String, visited: Bool, visit: Int64? = nil, lastMotionAt: Int64? = nil) {
        self.id = id
        self.name = name
        self.visited = visited
        self.visit = visit
        self.lastMotionAt = lastMotionAt
    }
}

/// A stretch of motion at a location: from the alert that opened it until the location has been
/// quiet for the site's quiet period, with the snapshots of every motion meanwhile.
public struct AlertVisit: Sendable, Equatable, Codable {
    public var id: Int64
    public var location: String
    public var startedAt: Int64
    public var snapshots: [String]
    public var alert: String?
    public var endedAt: Int64?

    public init(id: Int64, location: String, startedAt: Int64, snapshots: [String], alert: String? = nil, endedAt: Int64? = nil) {
        self.id = id
        self.location = location
        self.startedAt = startedAt
        self.snapshots = snapshots
        self.alert = alert
        self.endedAt = endedAt
    }
}
