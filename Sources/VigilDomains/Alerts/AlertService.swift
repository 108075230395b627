import VigilCore
import VigilHub
import VigilStore

/// `alerts/{site}`: the site's control room sees every alert and visit; `alerts/{site}/escalated`
/// is the wider audience (the site's guards too) an unacknowledged alert reaches once the site's
/// escalation time has passed. Neither reaches a token that does not cover the site.
///
/// Commands: `raise` (devices, guards, operators), `acknowledge` and `resolve` (people). The
/// lifecycle raised -> acknowledged -> resolved is decided in the commit (`AlertEffects`), so two
/// operators acknowledging at once get one acknowledgement and one `invalid_transition`.
struct AlertService: TopicService {
    public let kind = "alerts"
    public let durability = Durability.durable
    static let kinds: Set<String> = ["motion", "door", "panic", "analytics", "missed-checkpoint", "loitering", "custom"]
    /// Kinds only the hub raises: a missed patrol round, a track lingering in a watch zone.
    static let raisedByHub: Set<String> = ["missed-checkpoint", "loitering"]
    static let escalatedSegment = "escalated"
    static let maxMessageLength = 500
    static let maxNoteLength = 2000
    static let maxThumbnails = 8
    /// The most locations a site keeps; an alert naming a new location past it is refused, so a
    /// sensor that makes up names cannot grow the site's list without end.
    static let maxLocationsPerSite = 1000

    let controlRoom: SiteScopedAccess
    let escalations: SiteScopedAccess
    let responders: Set<Role> = [.admin, .operator, .guard]
    let queries: AlertQueries

    init(sites: SiteDirectory, queries: AlertQueries) {
        controlRoom = SiteScopedAccess(readers: [.admin, .operator], writers: [.admin, .operator, .guard, .device], sites: sites)
        escalations = SiteScopedAccess(readers: [.admin, .operator, .guard], writers: [], sites: sites)
        self.queries = queries
    }

    static func topic(of site: String) -> String { "alerts/\(site)" }
    static func escalatedTopic(of site: String) -> String { "alerts/\(site)/\(escalatedSegment)" }

    public func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        switch pattern.segments.count {
        case 2:
            try controlRoom.authorizeRead(identity, pattern)
        case 3 where pattern.segments[2] == Self.escalatedSegment:
            try escalations.authorizeRead(identity, pattern)
        default:
            throw ProtocolError(.invalidTopic, "alerts topics are alerts/{site} and alerts/{site}/escalated")
        }
    }

    public func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        guard topic.segments.count == 2 else {
            throw ProtocolError(.forbidden, "escalations are published by the server; send commands to alerts/{site}")
        }
        try controlRoom.authorizeWrite(identity, topic)
        switch type {
        case "raise":
            return try raise(identity, site: topic.scope, data: data)
        case "acknowledge", "resolve":
            guard responders.contains(identity.role) else {
                throw ProtocolError(.forbidden, "a \(identity.role.rawValue) token may raise alerts but not \(type) them")
            }
            let decision = try data.decode(AlertCommand.Decide.self)
            let id = try CommandBounds.identifier(decision.alert, "alert")
            if type == "acknowledge" {
                return ValidatedEvent(
                    type: AlertEventType.acknowledged.rawValue, payload: ["alert": .string(id)], effect: AcknowledgeAlert(site: topic.scope, id: id),
                    audited: true)
            }
            let note = try CommandBounds.optionalText(decision.note, "note", maxLength: Self.maxNoteLength)
            return ValidatedEvent(
                type: AlertEventType.resolved.rawValue, payload: ["alert": .string(id)], effect: ResolveAlert(site: topic.scope, id: id, note: note),
                audited: true)
        default:
            throw ProtocolError(.unknownType, "alerts topics take raise, acknowledge and resolve")
        }
    }

    private func raise(_ identity: Identity, site: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        let raise = try data.decode(AlertCommand.Raise.self)
        let kind = try CommandBounds.text(raise.kind, "kind", maxLength: 32)
        guard Self.kinds.contains(kind), !Self.raisedByHub.contains(kind) else {
            throw ProtocolError(.invalidData, "data.kind must be one of motion, door, panic, analytics, custom")
        }
        let location = try raise.location.map { id throws(ProtocolError) in try CommandBounds.identifier(id, "location") }
        if kind == "motion", location == nil {
            throw ProtocolError(.invalidData, "a motion alert needs data.location: visits are kept per location")
        }
        let draft = AlertDraft(
            id: TokenSecret.recordID(prefix: "al_"), site: site, kind: kind,
            severity: try raise.severity.map { level throws(ProtocolError) in try CommandBounds.whole(level, "severity", in: 1...5) }
                ?? Self.defaultSeverity(of: kind),
            message: try CommandBounds.optionalText(raise.message, "message", maxLength: Self.maxMessageLength)
                ?? Self.defaultMessage(kind, at: location),
            location: location, locationName: try CommandBounds.optionalText(raise.locationName, "locationName", maxLength: 100),
            thumbnails: try CommandBounds.hashes(raise.thumbnails ?? [], "thumbnails", max: Self.maxThumbnails))
        return ValidatedEvent(type: AlertEventType.raised.rawValue, payload: ["alert": .string(draft.id)], effect: RaiseAlert(draft: draft))
    }

    static func defaultSeverity(of kind: String) -> Int {
        switch kind {
        case "panic": 5
        case "door", "analytics", "missed-checkpoint", "loitering": 3
        default: 2
        }
    }

    private static func defaultMessage(_ kind: String, at location: String?) -> String {
        let what = kind.prefix(1).uppercased() + kind.dropFirst()
        return location.map { "\(what) at \($0)" } ?? what
    }

    public func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
        try await queries.snapshot(of: topic)
    }
}
