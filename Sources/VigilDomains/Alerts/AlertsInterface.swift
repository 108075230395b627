import VigilCore
import VigilHub
import VigilStore

// What the other domains may do with alerts: the alert domain's published interface, and the only
// `public` part of its module besides its registration. Check-ins raise a missed round, the zones
// a loitering alert, and chat opens the room where an alert is discussed; each inside its own
// commit, through the transaction it was given.

/// An alert to raise, as another domain describes it; `AlertDraft.byHub` for the hub's own.
public struct AlertDraft: Sendable {
    public var id: String
    public var site: String
    public var kind: String
    public var severity: Int
    public var message: String
    public var location: String?
    public var locationName: String?
    /// Hashes of stored snapshots.
    public var thumbnails: [String]

    /// A draft with a new alert id and the kind's default severity.
    public init(site: String, kind: String, message: String, severity: Int? = nil, location: String? = nil, thumbnails: [String] = []) {
        self.init(
            id: TokenSecret.recordID(prefix: "al_"), site: site, kind: kind, severity: severity ?? AlertService.defaultSeverity(of: kind),
            message: message, location: location, locationName: nil, thumbnails: thumbnails)
    }

    init(id: String, site: String, kind: String, severity: Int, message: String, location: String?, locationName: String?, thumbnails: [String]) {
        self.id = id
        self.site = site
        self.kind = kind
        self.severity = severity
        self.message = message
        self.location = location
        self.locationName = locationName
        self.thumbnails = thumbnails
    }
}

extension AlertDraft {
    /// An alert the hub itself raises (a missed checkpoint): no location, no snapshot, the kind's severity.
    public static func byHub(site: String, kind: String, message: String) -> AlertDraft {
        AlertDraft(site: site, kind: kind, message: message)
    }
}

/// Where a site's alerts are published: the topic another domain names among the topics its
/// effect writes to, when it raises one.
public enum AlertTopics {
    public static func of(site: String) -> String { AlertService.topic(of: site) }
}

extension DomainTransaction {
    /// Raises the alert `draft` describes, by `who` at `time`, inside the caller's commit; the alert
    /// as it was made, for the caller's payload.
    public func raiseAlert(_ draft: AlertDraft, by who: String, at time: Int64) throws -> Alert {
        try makeAlert(draft, by: who, at: time).wire
    }

    /// The alert `id` of `site`, as subscribers see it; nil when there is none.
    public func publishedAlert(_ id: String, site: String) throws -> Alert? {
        try AlertTables(self).alert(id, site: site)?.wire
    }

    /// Records that alert `id` is discussed in the chat room `topic`.
    public func linkDiscussionRoom(of id: String, to topic: String) throws {
        try AlertTables(self).setDiscussionRoom(of: id, to: topic)
    }
}

/// What other domains hang on alerts, one per hub: watchers told, inside the commit, of each alert
/// that escalates (the push domain decides there whose phones hear of it).
public typealias AlertFeed = WatcherList<any AlertWatcher>

/// A domain told of alerts escalating, inside the commits that escalate them.
public protocol AlertWatcher: Sendable {
    /// `alert` (as subscribers see it, `escalatedAt` set) escalated at `time`; throwing fails the commit.
    func escalated(_ alert: Alert, locationName: String?, at time: Int64, in transaction: any DomainTransaction) throws
}
