import VigilCore
import VigilHub

/// Reads the `data` of each chat command once, at the edge, through its contract type
/// (`ChatRoomCommand`), and holds each value to its bounds; what depends on stored state (the room
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
        let command = try data.decode(ChatRoomCommand.CreateRoom.self)
        let draft: RoomDraft
        if let alert = try CommandBounds.optionalIdentifier(command.alert, "alert") {
            try identity.require(ChatService.chatters, to: "open an alert's room")
            let id = ChatService.alertRoomPrefix + alert
            guard Topic.isValidSegment(id) else { throw ProtocolError(.invalidData, "data.alert is too long to name a room") }
            draft = RoomDraft(
                id: id, name: try CommandBounds.optionalText(command.name, "name", maxLength: Self.maxRoomNameLength), topicLine: nil, alert: alert)
        } else {
            try identity.require(ChatService.moderators, to: "create chat rooms")
            guard let name = try CommandBounds.optionalText(command.name, "name", maxLength: Self.maxRoomNameLength) else {
                throw ProtocolError(.invalidData, "data.name is required")
            }
            let id: String
            if let given = try CommandBounds.optionalIdentifier(command.room, "room") { id = given } else { id = try Self.roomID(from: name) }
            guard id != ChatService.controlRoom, !id.hasPrefix(ChatService.alertRoomPrefix) else {
                throw ProtocolError(.invalidData, "room ids control and alert-... are the hub's; choose another data.room")
            }
            draft = RoomDraft(
                id: id, name: name, topicLine: try CommandBounds.optionalText(command.topic, "topic", maxLength: Self.maxTopicLineLength), alert: nil)
        }
        return ValidatedEvent(type: ChatEventType.roomCreated.rawValue, payload: [:], effect: CreateRoom(site: site, draft: draft))
    }

    func archiveRoom(_ data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        try identity.require(ChatService.moderators, to: "archive chat rooms")
        let room = try CommandBounds.identifier(try data.decode(ChatRoomCommand.ArchiveRoom.self).room, "room")
        return ValidatedEvent(type: ChatEventType.roomArchived.rawValue, payload: [:], effect: ArchiveRoom(site: site, room: room))
    }

    func say(in room: String, _ data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        let say = try data.decode(ChatRoomCommand.Say.self)
        let text = try Self.text(say.text)
        let attachments = say.attachments ?? []
        guard attachments.count <= Self.maxAttachments else {
            throw ProtocolError(.invalidData, "data.attachments must be a list of at most \(Self.maxAttachments) attachments")
        }
        guard text != nil || !attachments.isEmpty else {
            throw ProtocolError(.invalidData, "a message needs data.text (1-\(Self.maxTextLength) characters) or at least one attachment")
        }
        let urgent = say.urgent ?? false
        let repeatEvery = try CommandBounds.optionalDuration(say.repeatEvery, "repeatEvery", in: Self.repeatRange)
        if repeatEvery != nil, !urgent {
            throw ProtocolError(.invalidData, "data.repeatEvery is for urgent messages")
        }
        let draft = MessageDraft(
            id: TokenSecret.recordID(prefix: "msg_"), site: site, room: room, text: text, attachments: attachments,
            replyTo: try CommandBounds.optionalIdentifier(say.replyTo, "replyTo"), urgentRepeatMs: urgent ? repeatEvery ?? Self.defaultRepeatMs : nil)
        return ValidatedEvent(type: ChatEventType.messagePosted.rawValue, payload: [:], effect: PostMessage(draft: draft, feed: feed))
    }

    func edit(in room: String, _ data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        let edit = try data.decode(ChatRoomCommand.Edit.self)
        let change = MessageChange(site: site, room: room, message: try CommandBounds.identifier(edit.message, "message"), moderator: isModerator)
        guard let text = try Self.text(edit.text) else { throw ProtocolError(.invalidData, "data.text is required") }
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
        let message = try CommandBounds.identifier(try data.decode(ChatRoomCommand.OnMessage.self).message, "message")
        return MessageChange(site: site, room: room, message: message, moderator: isModerator)
    }

    /// Plain text of 1-4000 characters, not blank; nil when absent.
    private static func text(_ text: String?) throws(ProtocolError) -> String? {
        guard let text else { return nil }
        guard !text.allSatisfy(\.isWhitespace) else {
            throw ProtocolError(.invalidData, "data.text must be 1-\(maxTextLength) characters, not blank")
        }
        guard text.count <= maxTextLength else {
            throw ProtocolError(.invalidData, "data.text is longer than \(maxTextLength) characters")
        }
        return text
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
