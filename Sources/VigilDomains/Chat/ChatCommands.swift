import VigilCore
import VigilHub

/// Reads the `data` of each chat command once, at the edge; what depends on stored state (the room
/// exists, the thumbnail is stored, the message is the sender's) is decided by its effect.
struct ChatCommands {
    static let maxTextLength = 4000
    static let maxAttachments = 8
    static let maxRoomNameLength = 80
    static let maxTopicLineLength = 200
    static let defaultRepeatMs: Int64 = 180_000
    static let repeatRange: ClosedRange<Int64> = 60_000...3_600_000

    let identity: Identity
    let site: String
    let feed: ChatFeed

    func createRoom(_ data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        let fields = try CommandData(data, shape: "{name, room?, topic?} or {alert}")
        let draft: RoomDraft
        if let alert = try fields.optionalIdentifier("alert") {
            try identity.require(ChatService.chatters, to: "open an alert's room")
            let id = ChatService.alertRoomPrefix + alert
            guard Topic.isValidSegment(id) else { throw ProtocolError(.invalidData, "data.alert is too long to name a room") }
            draft = RoomDraft(id: id, name: try fields.optionalString("name", maxLength: Self.maxRoomNameLength), topicLine: nil, alert: alert)
        } else {
            try identity.require(ChatService.moderators, to: "create chat rooms")
            let name = try fields.string("name", maxLength: Self.maxRoomNameLength)
            let id: String
            if let given = try fields.optionalIdentifier("room") { id = given } else { id = try Self.roomID(from: name) }
            guard id != ChatService.controlRoom, !id.hasPrefix(ChatService.alertRoomPrefix) else {
                throw ProtocolError(.invalidData, "room ids control and alert-... are the hub's; choose another data.room")
            }
            draft = RoomDraft(id: id, name: name, topicLine: try fields.optionalString("topic", maxLength: Self.maxTopicLineLength), alert: nil)
        }
        return ValidatedEvent(type: ChatEventType.roomCreated.rawValue, payload: [:], effect: CreateRoom(site: site, draft: draft))
    }

    func archiveRoom(_ data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        try identity.require(ChatService.moderators, to: "archive chat rooms")
        let room = try CommandData(data, shape: "{room}").identifier("room")
        return ValidatedEvent(type: ChatEventType.roomArchived.rawValue, payload: [:], effect: ArchiveRoom(site: site, room: room))
    }

    func say(in room: String, _ data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        let fields = try CommandData(data, shape: "{text?, attachments?, replyTo?, urgent?, repeatEvery?}")
        let text = try Self.text(fields)
        let attachments = try Self.attachments(fields)
        guard text != nil || !attachments.isEmpty else {
            throw ProtocolError(.invalidData, "a message needs data.text (1-\(Self.maxTextLength) characters) or at least one attachment")
        }
        let urgent = try fields.bool("urgent") ?? false
        let repeatEvery = try fields.optionalDuration("repeatEvery", in: Self.repeatRange)
        if repeatEvery != nil, !urgent {
            throw ProtocolError(.invalidData, "data.repeatEvery is for urgent messages")
        }
        let draft = MessageDraft(
            id: TokenSecret.recordID(prefix: "msg_"), site: site, room: room, text: text, attachments: attachments,
            replyTo: try fields.optionalIdentifier("replyTo"), urgentRepeatMs: urgent ? repeatEvery ?? Self.defaultRepeatMs : nil)
        return ValidatedEvent(type: ChatEventType.messagePosted.rawValue, payload: [:], effect: PostMessage(draft: draft, feed: feed))
    }

    func edit(in room: String, _ data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        let fields = try CommandData(data, shape: "{message, text}")
        let change = MessageChange(site: site, room: room, message: try fields.identifier("message"), moderator: isModerator)
        guard let text = try Self.text(fields) else { throw ProtocolError(.invalidData, "data.text is required") }
        return ValidatedEvent(type: ChatEventType.messageEdited.rawValue, payload: [:], effect: EditMessage(change: change, text: text, feed: feed))
    }

    func delete(in room: String, _ data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        ValidatedEvent(
            type: ChatEventType.messageDeleted.rawValue, payload: [:], effect: DeleteMessage(change: try change(in: room, data)), audited: true)
    }

    func acknowledge(in room: String, _ data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        ValidatedEvent(type: ChatEventType.messageAcknowledged.rawValue, payload: [:], effect: AcknowledgeUrgent(change: try change(in: room, data)))
    }

    func cancelUrgent(in room: String, _ data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        ValidatedEvent(type: ChatEventType.urgentCancelled.rawValue, payload: [:], effect: CancelUrgent(change: try change(in: room, data)))
    }

    private var isModerator: Bool { ChatService.moderators.contains(identity.role) }

    private func change(in room: String, _ data: JSONValue) throws(ProtocolError) -> MessageChange {
        MessageChange(site: site, room: room, message: try CommandData(data, shape: "{message}").identifier("message"), moderator: isModerator)
    }

    /// Plain text of 1-4000 characters, not blank; nil when absent.
    private static func text(_ fields: CommandData) throws(ProtocolError) -> String? {
        guard let value = fields.fields["text"], value != .null else { return nil }
        guard let text = value.stringValue, !text.allSatisfy(\.isWhitespace) else {
            throw ProtocolError(.invalidData, "data.text must be 1-\(maxTextLength) characters, not blank")
        }
        guard text.count <= maxTextLength else {
            throw ProtocolError(.invalidData, "data.text is longer than \(maxTextLength) characters")
        }
        return text
    }

    private static func attachments(_ fields: CommandData) throws(ProtocolError) -> [ChatAttachment] {
        guard let value = fields.fields["attachments"], value != .null else { return [] }
        guard let list = value.arrayValue, list.count <= maxAttachments else {
            throw ProtocolError(.invalidData, "data.attachments must be a list of at most \(maxAttachments) attachments")
        }
        return try value.decode([ChatAttachment].self, field: "data.attachments")
    }

    /// "Night shift, gate B" -> "night-shift-gate-b".
    static func roomID(from name: String) throws(ProtocolError) -> String {
        var id = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                id.unicodeScalars.append(scalar)
            } else if !id.isEmpty, !id.hasSuffix("-") {
                id += "-"
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        id = String(id.prefix(Topic.maxSegmentLength))
        guard Topic.isValidSegment(id) else {
            throw ProtocolError(.invalidData, "data.name makes no room id; give data.room (1-64 of A-Z a-z 0-9 - _ .)")
        }
        return id
    }
}

/// A room to make.
struct RoomDraft: Sendable {
    var id: String
    /// Defaults to the alert's message for an alert's room.
    var name: String?
    var topicLine: String?
    var alert: String?
}

/// A message as its sender wrote it; the commit gives it its place, mentions and recipients.
struct MessageDraft: Sendable {
    var id: String
    var site: String
    var room: String
    var text: String?
    var attachments: [ChatAttachment]
    var replyTo: String?
    var urgentRepeatMs: Int64?
}

/// What a command on an existing message names.
struct MessageChange: Sendable {
    var site: String
    var room: String
    var message: String
    /// Operators and admins may delete any message of the site and cancel any urgent one.
    var moderator: Bool
}
