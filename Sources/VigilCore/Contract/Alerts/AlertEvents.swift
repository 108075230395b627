/// The alert domain's event types on `alerts/{site}` and `alerts/{site}/escalated` (docs/protocol.md
/// §6.3), and the `data` each carries.
public enum AlertEventType: String, Sendable, CaseIterable, Codable {
    /// A new alert was raised: `data` is `AlertChanged`.
    case raised = "alert.raised"
    /// An alert was acknowledged: `data` is `AlertDecided`.
    case acknowledged = "alert.acknowledged"
    /// An alert was resolved: `data` is `AlertDecided` with its note.
    case resolved = "alert.resolved"
    /// Nobody acknowledged an alert in time: `data` is `AlertChanged`, also sent on `alerts/{site}/escalated`.
    case escalated = "alert.escalated"
    /// More motion at a location being visited: `data` is `VisitMotion`.
    case visitMotion = "visit.motion"
    /// A location has been quiet for the site's quiet period and its visit ended: `data` is `VisitEnded`.
    case visitEnded = "visit.ended"
}

/// `alert.raised` and `alert.escalated`: the alert as it now is.
public struct AlertChanged: Sendable, Equatable, Codable {
    /// The alert, with every field as of the event.
    public var alert: Alert

    /// The data of an event about `alert`.
    public init(alert: Alert) { self.alert = alert }
}

/// `alert.acknowledged` and `alert.resolved`: which alert, who decided it and when (and a
/// resolution's note).
public struct AlertDecided: Sendable, Equatable, Codable {
    /// The id of the alert decided.
    public var alert: String
    /// The name of the token that acknowledged or resolved it.
    public var by: String
    /// When, in milliseconds since 1970.
    public var at: Int64
    /// The resolution's note; nil for an acknowledgement, or a resolution without one.
    public var note: String?

    /// The data of a decision about alert `alert`, made by `by` at `at`.
    public init(alert: String, by: String, at: Int64, note: String? = nil) {
        self.alert = alert
        self.by = by
        self.at = at
        self.note = note
    }
}

/// `visit.motion`: more motion at a location already being visited, which raises no new alert.
public struct VisitMotion: Sendable, Equatable, Codable {
    /// The id of the location.
    public var location: String
    /// The number of the visit that goes on.
    public var visit: Int64
    /// When the motion was seen, in milliseconds since 1970.
    public var at: Int64
    /// SHA-256 hashes of the motion's snapshots, added to the visit's.
    public var thumbnails: [String]

    /// The data of more motion at `location` during `visit`.
    public init(location: String, visit: Int64, at: Int64, thumbnails: [String]) {
        self.location = location
        self.visit = visit
        self.at = at
        self.thumbnails = thumbnails
    }
}

/// `visit.ended`: the location has been quiet for the site's quiet period.
public struct VisitEnded: Sendable, Equatable, Codable {
    /// The id of the location that is quiet now.
    public var location: String
    /// The visit as it ended, its `endedAt` set.
    public var visit: AlertVisit

    /// The data of the end of `visit` at `location`.
    public init(location: String, visit: AlertVisit) {
        self.location = location
        self.visit = visit
    }
}

/// What a subscriber of `alerts/{site}` gets first: the open alerts, oldest first, and the
/// locations being visited (absent on `alerts/{site}/escalated`, which lists escalated alerts only).
public struct AlertsState: Sendable, Equatable, Codable {
    /// The open (raised or acknowledged) alerts, oldest first.
    public var alerts: [Alert]
    /// The locations being visited; nil on `alerts/{site}/escalated`.
    public var visited: [AlertLocation]?

    /// The first data of a subscription to `alerts/{site}`.
    public init(alerts: [Alert], visited: [AlertLocation]? = nil) {
        self.alerts = alerts
        self.visited = visited
    }
}

/// A page of a site's locations by id; `next` is the `after` of the following page.
public struct AlertLocationPage: Sendable, Equatable, Codable {
    /// The locations of this page, by id.
    public var locations: [AlertLocation]
    /// The id to pass as `after` for the following page; nil on the last page.
    public var next: String?

    /// A page of locations.
    public init(locations: [AlertLocation], next: String? = nil) {
        self.locations = locations
        self.next = next
    }
}

/// A page of a location's visits, newest first; `next` is the `before` of the following page.
public struct AlertVisitPage: Sendable, Equatable, Codable {
    /// The id of the location.
    public var location: String
    /// The visits of this page, newest first.
    public var visits: [AlertVisit]
    /// The visit number to pass as `before` for the following page; nil on the last page.
    public var next: Int64?

    /// A page of the visits of `location`.
    public init(location: String, visits: [AlertVisit], next: Int64? = nil) {
        self.location = location
        self.visits = visits
        self.next = next
    }
}
