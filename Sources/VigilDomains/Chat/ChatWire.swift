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

extension DomainTransaction {
    /// A message's latest version; a deleted one keeps only its place, author and who deleted it.
    func wire(of message: MessageRecord) throws -> ChatMessage {
        var wire = ChatMessage(
            id: message.id, site: message.site, room: message.room, seq: UInt64(message.seq), author: message.author, postedAt: message.postedAt)
        if let deletedAt = message.deletedAt {
            wire.deleted = true
            wire.deletedAt = deletedAt
            wire.deletedBy = message.deletedBy
            return wire
        }
        wire.text = message.text
        wire.attachments = (try? JSONValue(parsing: message.attachments).decode([ChatAttachment].self)) ?? []
        wire.mentions = message.mentions.items
        wire.replyTo = message.replyTo
        if let editedAt = message.editedAt {
            wire.edited = true
            wire.editedAt = editedAt
        }
        if let repeatMs = message.urgentRepeatMs {
            let recipients = try recipients(of: message.id).map { ChatMessage.Urgent.Recipient(name: $0.name, acknowledgedAt: $0.acknowledgedAt) }
            wire.urgent = ChatMessage.Urgent(repeatEveryMs: repeatMs, recipients: recipients, cancelledAt: message.urgentCancelledAt)
        }
        return wire
    }
}
