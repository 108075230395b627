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
        guard let fields = data.objectValue else {
            throw ProtocolError(.invalidData, "data must be an object {text, level?}")
        }
        guard let text = fields["text"]?.stringValue, text.contains(where: { !$0.isWhitespace }) else {
            throw ProtocolError(.invalidData, "data.text must be a non-empty string")
        }
        guard text.count <= Self.maxTextLength else {
            throw ProtocolError(.invalidData, "data.text is longer than \(Self.maxTextLength) characters")
        }
        let level = fields["level"] ?? "info"
        guard let level = level.stringValue.flatMap(Notice.Level.init(rawValue:)) else {
            throw ProtocolError(.invalidData, "data.level must be one of info, warning, urgent")
        }
        return ValidatedEvent(type: Notice.eventType, payload: .object(JSONValue.fields(of: Notice(text: text, level: level))))
    }
}
