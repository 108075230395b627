import VigilCore
import VigilHub
import VigilStore

/// A recipient acknowledges an urgent message, once; everyone in the room sees who still has not.
struct AcknowledgeUrgent: DomainEffect {
    let change: MessageChange

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let message = try urgentMessage(change, transaction)
        let recipients = try ChatTables(transaction).recipients(of: message.id)
        guard let mine = recipients.first(where: { $0.name == event.from }) else {
            throw ProtocolError(.forbidden, "message \(message.id) asks \(recipients.map(\.name).joined(separator: ", ")), not \(event.from)")
        }
        guard mine.acknowledgedAt == nil else {
            throw ProtocolError(.invalidTransition, "\(event.from) already acknowledged message \(message.id)")
        }
        try ChatTables(transaction).acknowledgeUrgent(message.id, by: event.from, at: event.ts)
        let pending = recipients.filter { $0.acknowledgedAt == nil && $0.name != event.from }.map(\.name)
        event.payload = try JSONValue.canonicalText(of: ChatMessageAcknowledged(message: message.id, by: event.from, at: event.ts, pending: pending))
        return []
    }
}

/// The sender (or an operator) stops asking: no more repeats, nothing left to acknowledge.
struct CancelUrgent: DomainEffect {
    let change: MessageChange

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let message = try urgentMessage(change, transaction)
        try change.requireAuthorOrModerator(of: message, event.from, to: "cancel urgent")
        try ChatTables(transaction).cancelUrgent(message.id, at: event.ts)
        event.payload = try change.done(by: event)
        return []
    }
}

/// The hub's clock repeats an unacknowledged urgent message on the recipient's inbox, and
/// schedules the next repeat; a recipient who acknowledged meanwhile gets nothing. The feed's
/// watchers hear of each repeat.
struct RepeatUrgent: DomainEffect {
    let messageID: String
    let recipient: String
    let feed: ChatFeed

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard let due = try ChatTables(transaction).recipients(of: messageID).first(where: { $0.name == recipient }),
            let repeatAt = due.repeatAt, repeatAt <= event.ts,
            let message = try ChatTables(transaction).message(id: messageID), let repeatMs = message.urgentRepeatMs
        else {
            throw ProtocolError(.invalidTransition, "no repeat of \(messageID) is due for \(recipient)")
        }
        let tables = ChatTables(transaction)
        try tables.scheduleRepeat(of: messageID, to: recipient, at: event.ts + repeatMs)
        let wire = try tables.wire(of: message)
        let count = Int(due.repeats) + 1
        event.payload = try JSONValue.canonicalText(of: ChatUrgentRepeated(message: wire, repeat: count))
        if let room = try tables.room(message.room, site: message.site) {
            for watcher in feed.all {
                try watcher.askedAgain(wire, roomName: room.name, of: recipient, repeat: count, at: event.ts, in: transaction)
            }
        }
        return []
    }
}

/// The urgent message a command names, refused once it is no longer asking.
private func urgentMessage(_ change: MessageChange, _ transaction: any DomainTransaction) throws -> MessageRecord {
    let message = try liveMessage(change, transaction)
    guard message.isUrgent else {
        throw ProtocolError(.invalidTransition, "message \(message.id) is not urgent")
    }
    guard message.urgentCancelledAt == nil else {
        throw ProtocolError(.invalidTransition, "urgent message \(message.id) was cancelled")
    }
    return message
}
