import VigilCore
import VigilHub

/// `notice/{site}`: durable control-room announcements. Operators and admins post them; the site's
/// guards (and operators) read them.
struct NoticeService: TopicService {
    let kind = "notice"
    let durability = Durability.durable
    static let maxTextLength = 2000

    let access: SiteScopedAccess

    init(sites: SiteDirectory) {
        access = SiteScopedAccess(readers: [.admin, .operator, .guard], writers: [.admin, .operator], sites: sites)
    }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        try access.authorizeSiteTopicRead(identity, pattern)
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        try access.authorizeSiteTopicWrite(identity, topic)
        guard type == Notice.eventType else {
            throw ProtocolError(.unknownType, "notice topics take type \"notice\"")
        }
        var notice = try data.decode(Notice.self)
        notice.text = try CommandBounds.text(notice.text, "text", maxLength: Self.maxTextLength)
        return ValidatedEvent(type: Notice.eventType, payload: .object(JSONValue.fields(of: notice)))
    }
}
