/// The alert domain's event types on `alerts/{site}` and `alerts/{site}/escalated` (docs/protocol.md
/// §6.3), and the `data` each carries.
public enum AlertEventType: String, Sendable, CaseIterable, Codable {
    case raised = "alert.raised"
    case acknowledged = "alert.acknowledged"
    case resolved = "alert.resolved"
    case escalated = "alert.escalated"
    case visitMotion = "visit.motion"
    case visitEnded = "visit.ended"
}

/// `alert.raised` and `alert.escalated`: the alert as it now is.
public struct AlertChanged: Sendable, Equatable, Codable {
    public var alert: Alert

    public init(alert: Alert) { self.alert = alert }
}

/// `alert.acknowledged` and `alert.resolved`: which alert, who decided it and when (and a
/// resolution's note).
public struct AlertDecided: Sendable, Equatable, Codable {
    public var alert: String
    public var by: String
    public var at: Int64
    public var note: String?

    public init(alert: String, by: String, at: Int64, note: String? = nil) {
        self.alert = alert
        self.by = by
        self.at = at
        self.note = note
    }
}

/// `visit.motion`: more motion at a location already being visited, which raises no new alert.
public struct VisitMotion: Sendable, Equatable, Codable {
    public var location: String
    public var visit: Int64
    public var at: Int64
    public var thumbnails: [String]

    public init(location: String, visit: Int64, at: Int64, thumbnails: [String]) {
        self.location = location
        self.visit = visit
        self.at = at
        self.thumbnails = thumbnails
    }
}

/// `visit.ended`: the location has been quiet for the site's quiet period.
public struct VisitEnded: Sendable, Equatable, Codable {
    public var location: String
    public var visit: AlertVisit

    public init(location: String, visit: AlertVisit) {
        self.location = location
        self.visit = visit
    }
}

/// What a subscriber of `alerts/{site}` gets first: the open alerts, oldest first, and the
/// locations being visited (absent on `alerts/{site}/escalated`, which lists escalated alerts only).
public struct AlertsState: Sendable, Equatable, Codable {
    public var alerts: [Alert]
    public var visited: [AlertLocation]?

    public init(alerts: [Alert], visited: [AlertLocation]? = nil) {
        self.alerts = alerts
        self.visited = visited
    }
}

/// A page of a site's locations by id; `next` is the `after` of the following page.
public struct AlertLocationPage: Sendable, Equatable, Codable {
    public var locations: [AlertLocation]
    public var next: String?

    public init(locations: [AlertLocation], next: String? = nil) {
        self.locations = locations
        self.next = next
    }
}

/// A page of a location's visits, newest first; `next` is the `before` of the following page.
public struct AlertVisitPage: Sendable, Equatable, Codable {
    public var location: String
    public var visits: [AlertVisit]
    public var next: Int64?

    public init(location: String, visits: [AlertVisit], next: Int64? = nil) {
        self.location = location
        self.visits = visits
        self.next = next
    }
}
