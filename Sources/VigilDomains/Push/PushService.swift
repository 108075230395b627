import VigilCore
import VigilHub

/// `push/{site}`: the phones registered for pushes of a site, and what each person wants pushed.
/// People (guards, operators, admins) register and remove their own phones and set their own
/// settings; nobody reads the topic, since a phone is its owner's alone. The rows commit with the
/// publish, the events are neither stored nor fanned out.
struct PushService: TopicService {
    let kind = "push"
    let durability = Durability.ephemeral
    /// A person's phones and browsers on one site.
    static let maxPhonesPerToken: Int64 = 5
    /// Every phone registered on one site, whoever registered it.
    static let maxPhonesPerSite: Int64 = 5000

    let access: SiteScopedAccess
    let allowLocalEndpoints: Bool
    let queries: PushQueries
    private let sites: SiteDirectory

    init(sites: SiteDirectory, allowLocalEndpoints: Bool, queries: PushQueries) {
        access = SiteScopedAccess(readers: [], writers: [.admin, .operator, .guard], sites: sites)
        self.sites = sites
        self.allowLocalEndpoints = allowLocalEndpoints
        self.queries = queries
    }

    static func topic(of site: String) -> String { "push/\(site)" }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        throw ProtocolError(.forbidden, "push topics are read by nobody: a phone's registration is its owner's alone")
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        try access.authorizeSiteTopicWrite(identity, topic)
        let site = topic.segments[1]
        switch type {
        case "register_phone":
            let registration = try data.decode(PhoneRegistration.self)
            let phone = try Self.phone(registration, of: identity, site: site, allowLocal: allowLocalEndpoints)
            return ValidatedEvent(type: "phone_registered", payload: [:], effect: RegisterPhone(phone: phone, replaces: registration.replaces))
        case "remove_phone":
            let endpoint = try data.decode(PhoneRemoval.self).endpoint
            return ValidatedEvent(type: "phone_removed", payload: [:], effect: RemovePhone(site: site, tokenID: identity.tokenID, endpoint: endpoint))
        case "set_settings":
            let settings = try Self.settings(data)
            return ValidatedEvent(
                type: "settings_set", payload: [:], effect: SetPushSettings(record: PushSettingsRecord(settings, of: identity.tokenID, site: site)))
        default:
            throw ProtocolError(.unknownType, "push topics take register_phone, remove_phone and set_settings")
        }
    }

    /// `settings` answers the asker's own settings on the site (everything pushed, at any hour, until set).
    func query(_ identity: Identity, topic: Topic, type: String, data: JSONValue) async throws -> JSONValue {
        try await authorizeOwn(identity, topic)
        guard type == "settings" else { throw ProtocolError(.unknownType, "push topics answer the query settings") }
        return try JSONValue(encoding: try await queries.settings(of: identity.tokenID, site: topic.segments[1]))
    }

    /// A read of what `identity` keeps on the topic's site (its phones, its settings): allowed to
    /// whoever may register phones there. The site is looked up first, as a publish does, since a
    /// read may be the first the hub hears of a site made while it runs.
    func authorizeOwn(_ identity: Identity, _ topic: Topic) async throws(ProtocolError) {
        if topic.segments.count == 2 { await sites.learn(topic.segments[1]) }
        try access.authorizeSiteTopicWrite(identity, topic)
    }

    /// The settings a `set_settings` gives, checked: known kinds, times `HH:MM`, an offset a clock has.
    static func settings(_ data: JSONValue) throws(ProtocolError) -> PushSettings {
        let settings = try data.decode(PushSettings.self)
        if let quiet = settings.quietHours {
            guard PushSettingsRecord.minuteOfDay(quiet.from) != nil, PushSettingsRecord.minuteOfDay(quiet.to) != nil else {
                throw ProtocolError(.invalidData, "data.quietHours.from and .to must be times HH:MM (00:00 to 23:59)")
            }
            guard (-720...840).contains(quiet.utcOffsetMinutes) else {
                throw ProtocolError(.invalidData, "data.quietHours.utcOffsetMinutes must be from -720 to 840")
            }
        }
        return settings
    }

    /// The phone a `register_phone` describes, its endpoint and keys checked.
    static func phone(_ registration: PhoneRegistration, of identity: Identity, site: String, allowLocal: Bool) throws(ProtocolError) -> PhoneRecord {
        let endpoint = try PushEndpoint(registration.endpoint, allowLocal: allowLocal)
        let (p256dh, auth) = (registration.keys.p256dh, registration.keys.auth)
        guard PushReceiverKeys(p256dh: p256dh, auth: auth) != nil else {
            throw ProtocolError(.invalidData, "data.keys must be {p256dh, auth}: a P-256 public key (65 bytes) and a 16-byte secret, base64url")
        }
        return PhoneRecord(
            site: site, tokenID: identity.tokenID, endpoint: endpoint.url.absoluteString, p256dh: p256dh, auth: auth, createdAt: 0)
    }
}
