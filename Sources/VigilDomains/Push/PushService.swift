import VigilCore
import VigilHub

/// `push/{site}`: the phones registered for pushes of a site. People (guards, operators, admins)
/// register and remove their own; nobody reads the topic, since a phone is its owner's alone. The
/// rows commit with the publish, the events are neither stored nor fanned out.
struct PushService: TopicService {
    let kind = "push"
    let durability = Durability.ephemeral
    /// A person's phones and browsers on one site.
    static let maxPhonesPerToken: Int64 = 5
    /// Every phone registered on one site, whoever registered it.
    static let maxPhonesPerSite: Int64 = 5000

    let access: SiteScopedAccess
    let allowLocalEndpoints: Bool

    init(sites: SiteDirectory, allowLocalEndpoints: Bool) {
        access = SiteScopedAccess(readers: [], writers: [.admin, .operator, .guard], sites: sites)
        self.allowLocalEndpoints = allowLocalEndpoints
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
            let phone = try Self.phone(data, of: identity, site: site, allowLocal: allowLocalEndpoints)
            let replaces = data["replaces"]
            guard replaces == nil || replaces?.stringValue != nil else { throw ProtocolError(.invalidData, "data.replaces must be a string") }
            return ValidatedEvent(
                type: "phone_registered", payload: [:], effect: RegisterPhone(phone: phone, replaces: replaces?.stringValue))
        case "remove_phone":
            guard let endpoint = data["endpoint"]?.stringValue else { throw ProtocolError(.invalidData, "data.endpoint must be a string") }
            return ValidatedEvent(type: "phone_removed", payload: [:], effect: RemovePhone(site: site, tokenID: identity.tokenID, endpoint: endpoint))
        default:
            throw ProtocolError(.unknownType, "push topics take register_phone and remove_phone")
        }
    }

    /// The phone a `register_phone` describes: a browser's `PushSubscription.toJSON()`,
    /// `{endpoint, keys: {p256dh, auth}}`.
    static func phone(_ data: JSONValue, of identity: Identity, site: String, allowLocal: Bool) throws(ProtocolError) -> PhoneRecord {
        guard let endpointText = data["endpoint"]?.stringValue else { throw ProtocolError(.invalidData, "data.endpoint must be a string") }
        let endpoint = try PushEndpoint(endpointText, allowLocal: allowLocal)
        guard let p256dh = data["keys"]?["p256dh"]?.stringValue, let auth = data["keys"]?["auth"]?.stringValue,
            PushReceiverKeys(p256dh: p256dh, auth: auth) != nil
        else {
            throw ProtocolError(.invalidData, "data.keys must be {p256dh, auth}: a P-256 public key (65 bytes) and a 16-byte secret, base64url")
        }
        return PhoneRecord(
            site: site, tokenID: identity.tokenID, endpoint: endpoint.url.absoluteString, p256dh: p256dh, auth: auth, createdAt: 0)
    }
}
