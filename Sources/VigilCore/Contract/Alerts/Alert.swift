/// An alert of a site (docs/protocol.md §6.3): what was raised, where, with which snapshots, and
/// how far its lifecycle raised -> acknowledged -> resolved has gone.
public struct Alert: Sendable, Equatable, Codable {
    /// Where an alert is in its lifecycle: raised, then acknowledged, then resolved; no other move is allowed.
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Raised (waiting for someone; it escalates at `escalateAt` if nobody acknowledges it), acknowledged, resolved.
        case raised, acknowledged, resolved
    }

    /// The alert's id, given by the hub (`al_` and 12 characters).
    public var id: String
    /// The site the alert belongs to, the `{site}` of `alerts/{site}`.
    public var site: String
    /// `motion`, `door`, `panic`, `analytics`, `missed-checkpoint`, `loitering`, or a device's own word.
    public var kind: String
    /// 1 (lowest) to 5.
    public var severity: Int
    /// What happened, in 1 to 500 characters (the hub writes one, such as "Motion at front-door", when the raiser gave none).
    public var message: String
    /// SHA-256 hashes of its snapshots, as `/thumbnails/{hash}` serves them.
    public var thumbnails: [String]
    /// How far its lifecycle has gone.
    public var state: State
    /// The name of the token that raised it (a device, a guard, or `vigil` for the hub's own alerts).
    public var raisedBy: String
    /// When it was raised, in milliseconds since 1970.
    public var raisedAt: Int64
    /// When it escalates if nobody has acknowledged it by then.
    public var escalateAt: Int64
    /// The id of the location where it happened; nil for an alert raised without one.
    public var location: String?
    /// The visit of its location it opened.
    public var visit: Int64?
    /// The name of the token that acknowledged it; nil until then.
    public var acknowledgedBy: String?
    /// When it was acknowledged, in milliseconds since 1970; nil until then.
    public var acknowledgedAt: Int64?
    /// The name of the token that resolved it; nil until then.
    public var resolvedBy: String?
    /// When it was resolved, in milliseconds since 1970; nil until then.
    public var resolvedAt: Int64?
    /// The resolver's note (up to 2000 characters); nil when none was given.
    public var note: String?
    /// When it escalated, in milliseconds since 1970; nil unless it did.
    public var escalatedAt: Int64?
    /// The chat room that discusses it, `chat/{site}/alert-{id}`.
    public var room: String?

    /// An alert as the hub stores it when raised; the optional fields start as nil and are set as they happen.
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
    /// The location's id, as raises give it in `location` (topic-segment characters).
    public var id: String
    /// The location's name, for people (the id when none was given).
    public var name: String
    /// Whether someone is there now: a visit is open.
    public var visited: Bool
    /// The current visit, while `visited`.
    public var visit: Int64?
    /// When motion was last seen there, in milliseconds since 1970; nil when never.
    public var lastMotionAt: Int64?

    /// A location as the hub lists it.
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
    /// The visit's number, given by the hub.
    public var id: Int64
    /// The id of the location visited.
    public var location: String
    /// When it began (the motion that opened it), in milliseconds since 1970.
    public var startedAt: Int64
    /// SHA-256 hashes of the snapshots of every motion during the visit, oldest first.
    public var snapshots: [String]
    /// The id of the alert that opened the visit; nil if it had none.
    public var alert: String?
    /// When it ended, in milliseconds since 1970; nil while it goes on.
    public var endedAt: Int64?

    /// A visit as the hub lists it.
    public init(id: Int64, location: String, startedAt: Int64, snapshots: [String], alert: String? = nil, endedAt: Int64? = nil) {
        self.id = id
        self.location = location
        self.startedAt = startedAt
        self.snapshots = snapshots
        self.alert = alert
        self.endedAt = endedAt
    }
}
