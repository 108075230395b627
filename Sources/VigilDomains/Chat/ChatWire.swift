import VigilCore
import VigilStore

// The chat domain's records in their wire shapes, the contract's types (docs/protocol.md §6.6).

extension RoomRecord {
    var topic: String { ChatService.roomTopic(id, site: site) }

    var wire: ChatRoom {
        var room = ChatRoom(id: id, site: site, name: name, createdAt: createdAt, createdBy: createdBy.isEmpty ? nil : createdBy)
        room.topicLine = topicLine
        room.alert = alertID
        room.archivedBy = archivedBy
        room.archivedAt = archivedAt
        return room
    }
}

extension MessageRecord {
    /// The attachments as the column keeps them: the canonical text of their wire form.
    static func column(of attachments: [ChatAttachment]) throws -> String {
        try JSONValue.canonicalText(of: attachments)
    }
}

extension MessageRecord {
    /// The message's latest version, with the recipients of an urgent one; a deleted one keeps
    /// only its place, author and who deleted it.
    func wire(recipients: [ChatMessage.Urgent.Recipient]) -> ChatMessage {
        var wire = ChatMessage(id: id, site: site, room: room, seq: UInt64(seq), author: author, postedAt: postedAt)
        if let deletedAt {
            wire.deleted = true
            wire.deletedAt = deletedAt
            wire.deletedBy = deletedBy
            return wire
        }
        wire.text = text
        wire.attachments = (try? JSONValue(parsing: attachments).decode([ChatAttachment].self)) ?? []
        wire.mentions = mentions.items
        wire.replyTo = replyTo
        if let editedAt {
            wire.edited = true
            wire.editedAt = editedAt
        }
        if let urgentRepeatMs {
            wire.urgent = ChatMessage.Urgent(repeatEveryMs: urgentRepeatMs, recipients: recipients, cancelledAt: urgentCancelledAt)
        }
        return wire
    }
}

/// A message as subscribers read it.
extension ChatTables {
    /// A stored message's latest version, its urgent recipients read with it.
    func wire(of message: MessageRecord) throws -> ChatMessage {
        let recipients =
            message.isUrgent && message.deletedAt == nil
            ? try recipients(of: message.id).map { ChatMessage.Urgent.Recipient(name: $0.name, acknowledgedAt: $0.acknowledgedAt) } : []
        return message.wire(recipients: recipients)
    }
}
