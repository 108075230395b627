import VigilCore
import VigilStore

// The wire shapes of the chat domain's records (docs/protocol.md §6.6).

extension RoomRecord {
    var topic: String { ChatService.roomTopic(id, site: site) }

    var json: JSONValue {
        var fields: [String: JSONValue] = [
            "id": .string(id), "site": .string(site), "topic": .string(topic), "name": .string(name), "createdAt": .number(Double(createdAt)),
        ]
        if !createdBy.isEmpty { fields["createdBy"] = .string(createdBy) }
        fields["topicLine"] = topicLine.map(JSONValue.string)
        fields["alert"] = alertID.map(JSONValue.string)
        fields["archivedBy"] = archivedBy.map(JSONValue.string)
        fields["archivedAt"] = archivedAt.map { .number(Double($0)) }
        return .object(fields)
    }
}

extension DomainTransaction {
    /// A message's latest version; a deleted one keeps only its place, author and who deleted it.
    func json(of message: MessageRecord) throws -> JSONValue {
        var fields: [String: JSONValue] = [
            "id": .string(message.id), "site": .string(message.site), "room": .string(message.room), "seq": .number(Double(message.seq)),
            "author": .string(message.author), "postedAt": .number(Double(message.postedAt)),
        ]
        if let deletedAt = message.deletedAt {
            fields["deleted"] = .bool(true)
            fields["deletedAt"] = .number(Double(deletedAt))
            fields["deletedBy"] = message.deletedBy.map(JSONValue.string)
            return .object(fields)
        }
        fields["text"] = message.text.map(JSONValue.string)
        fields["attachments"] = (try? JSONValue(parsing: message.attachments)) ?? .array([])
        fields["mentions"] = .array(message.mentions.items.map(JSONValue.string))
        fields["replyTo"] = message.replyTo.map(JSONValue.string)
        if let editedAt = message.editedAt {
            fields["edited"] = .bool(true)
            fields["editedAt"] = .number(Double(editedAt))
        }
        if let repeatMs = message.urgentRepeatMs {
            var urgent: [String: JSONValue] = [
                "repeatEveryMs": .number(Double(repeatMs)),
                "recipients": .array(try recipients(of: message.id).map { recipient in
                    var entry: [String: JSONValue] = ["name": .string(recipient.name)]
                    entry["acknowledgedAt"] = recipient.acknowledgedAt.map { .number(Double($0)) }
                    return .object(entry)
                }),
            ]
            urgent["cancelledAt"] = message.urgentCancelledAt.map { .number(Double($0)) }
            fields["urgent"] = .object(urgent)
        }
        return .object(fields)
    }
}
