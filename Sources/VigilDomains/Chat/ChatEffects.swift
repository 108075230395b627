import VigilAlerts
import VigilCore
import VigilHub
import VigilStore

/// Makes a room; an alert's room is linked both ways (the alert names its room) and announced on
/// the alert's topic too, so whoever watches the alert learns where it is discussed. A site keeps
/// at most `ChatService.maxRoomsPerSite` rooms, archived ones and the control room among them: the
/// site's directory state lists them all.
struct CreateRoom: DomainEffect {
    let site: String
    let draft: RoomDraft

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        try ChatTables(transaction).ensureControlRoom(of: site, at: event.ts)
        guard try ChatTables(transaction).room(draft.id, site: site) == nil else {
            throw ProtocolError(.alreadyExists, "site \(site) already has a room \(draft.id)")
        }
        guard try ChatTables(transaction).roomCount(of: site) < ChatService.maxRoomsPerSite else {
            throw ProtocolError(.limitReached, "site \(site) has \(ChatService.maxRoomsPerSite) rooms, the most a site keeps (archived ones count)")
        }
        var name = draft.name
        if let alertID = draft.alert {
            guard let alert = try transaction.publishedAlert(alertID, site: site) else {
                throw ProtocolError(.notFound, "site \(site) has no alert \(alertID)")
            }
            name = name ?? alert.message
            try transaction.linkDiscussionRoom(of: alertID, to: ChatService.roomTopic(draft.id, site: site))
        }
        let room = RoomRecord(
            site: site, id: draft.id, name: name ?? draft.id, topicLine: draft.topicLine, alertID: draft.alert, createdBy: event.from,
            createdAt: event.ts)
        try transaction.insert(room)
        event.payload = try JSONValue.canonicalText(of: ChatRoomCreated(room: room.wire))
        return [ChatService.roomTopic(draft.id, site: site)] + (draft.alert == nil ? [] : [AlertTopics.of(site: site)])
    }
}

/// Archives a room: it stays readable and searchable, and takes no more messages.
struct ArchiveRoom: DomainEffect {
    let site: String
    let room: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard room != ChatService.controlRoom else {
            throw ProtocolError(.invalidTransition, "the control room is never archived")
        }
        _ = try openRoom(room, site: site, transaction, at: event.ts)
        try ChatTables(transaction).archive(room: room, site: site, by: event.from, at: event.ts)
        event.payload = try JSONValue.canonicalText(of: ChatRoomArchived(room: room, by: event.from, at: event.ts))
        return [ChatService.roomTopic(room, site: site)]
    }
}

/// Posts a message: its thumbnails must be stored and its scribbles inside them, what it answers
/// must be in the room. The people of the site it mentions and the recipients of an urgent message
/// get it on their inbox in the site too, and the feed's watchers are told whom it is for.
struct PostMessage: DomainEffect {
    let draft: MessageDraft
    let feed: ChatFeed

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let room = try openRoom(draft.room, site: draft.site, transaction, at: event.ts)
        for attachment in draft.attachments {
            guard let size = try transaction.thumbnailSize(attachment.thumbnail) else {
                throw ProtocolError(.notFound, "no thumbnail \(attachment.thumbnail); upload it with POST /api/thumbnails first")
            }
            try attachment.checkScribble(against: try FrameSize(width: size.width, height: size.height))
        }
        if let replyTo = draft.replyTo, try ChatTables(transaction).message(replyTo, site: draft.site, room: draft.room) == nil {
            throw ProtocolError(.notFound, "room \(draft.room) has no message \(replyTo) to reply to")
        }
        let mentions = try ChatPeople.mentions(in: draft.text ?? "", site: draft.site, by: event.from, at: event.ts, in: transaction)
        var recipients: [String] = []
        if draft.urgentRepeatMs != nil {
            recipients =
                mentions.isEmpty
                ? try ChatPeople.people(of: draft.site, roles: [.operator, .guard], at: event.ts, in: transaction).filter { $0 != event.from }
                : mentions
            guard !recipients.isEmpty else {
                throw ProtocolError(.invalidData, "nobody else chats on site \(draft.site) to acknowledge an urgent message")
            }
        }
        let message = try record(seq: event.seq, mentions: mentions, at: event.ts, from: event.from)
        try ChatTables(transaction).insertMessage(message)
        if let repeatMs = draft.urgentRepeatMs {
            try ChatTables(transaction).insertRecipients(of: draft.id, recipients, repeatAt: event.ts + repeatMs)
        }
        // Told as written: nothing of it is read back.
        let asked = recipients.sorted().map { ChatMessage.Urgent.Recipient(name: $0) }
        let wire = message.wire(recipients: asked)
        event.payload = try JSONValue.canonicalText(of: ChatMessageEvent(message: wire))
        let people = mentions + recipients.filter { !mentions.contains($0) }
        if !people.isEmpty {
            for watcher in feed.all {
                try watcher.addressed(wire, roomName: room.name, to: people, urgent: draft.urgentRepeatMs != nil, at: event.ts, in: transaction)
            }
        }
        return people.map { InboxService.topic(of: $0, site: draft.site) }
    }

    private func record(seq: UInt64, mentions: [String], at time: Int64, from author: String) throws -> MessageRecord {
        MessageRecord(
            n: 0, id: draft.id, site: draft.site, room: draft.room, seq: Int64(seq), author: author, text: draft.text,
            attachments: try MessageRecord.column(of: draft.attachments), replyTo: draft.replyTo, mentions: TextList(mentions),
            urgentRepeatMs: draft.urgentRepeatMs, postedAt: time)
    }
}

/// Replaces the text of one's own message; the log keeps the earlier version in its event. People
/// the new text mentions for the first time get the edited message on their inbox, and the
/// domains that watch the chat hear that it is addressed to them.
struct EditMessage: DomainEffect {
    let change: MessageChange
    let text: String
    let feed: ChatFeed

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let message = try liveMessage(change, transaction)
        guard message.author == event.from else {
            throw ProtocolError(.forbidden, "only \(message.author) may edit message \(message.id)")
        }
        let mentions = try ChatPeople.mentions(in: text, site: change.site, by: event.from, at: event.ts, in: transaction)
        let newlyMentioned = mentions.filter { !message.mentions.items.contains($0) }
        let tables = ChatTables(transaction)
        try tables.edit(message, text: text, mentions: message.mentions.items + newlyMentioned, at: event.ts)
        guard let edited = try tables.message(message.id, site: change.site, room: change.room) else { return [] }
        let wire = try tables.wire(of: edited)
        event.payload = try JSONValue.canonicalText(of: ChatMessageEvent(message: wire))
        if !newlyMentioned.isEmpty, let room = try tables.room(change.room, site: change.site) {
            for watcher in feed.all {
                try watcher.addressed(wire, roomName: room.name, to: newlyMentioned, urgent: false, at: event.ts, in: transaction)
            }
        }
        return newlyMentioned.map { InboxService.topic(of: $0, site: change.site) }
    }
}

/// Removes one's own message, or any message for an operator; its place in the room stays.
struct DeleteMessage: DomainEffect {
    let change: MessageChange

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let message = try liveMessage(change, transaction)
        try change.requireAuthorOrModerator(of: message, event.from, to: "delete")
        try ChatTables(transaction).delete(message, by: event.from, at: event.ts)
        event.payload = try change.done(by: event)
        return []
    }
}

/// The room, made first if it is the control room; refused if it does not exist or is archived.
func openRoom(_ id: String, site: String, _ transaction: any DomainTransaction, at time: Int64) throws -> RoomRecord {
    if id == ChatService.controlRoom { try ChatTables(transaction).ensureControlRoom(of: site, at: time) }
    guard let room = try ChatTables(transaction).room(id, site: site) else {
        throw ProtocolError(.notFound, "site \(site) has no room \(id); an operator creates it with create_room on chat/\(site)")
    }
    guard room.archivedAt == nil else {
        throw ProtocolError(.invalidTransition, "room \(id) was archived by \(room.archivedBy ?? "?")")
    }
    return room
}

/// The message a command names, refused if it is not in the room or was deleted.
func liveMessage(_ change: MessageChange, _ transaction: any DomainTransaction) throws -> MessageRecord {
    guard let message = try ChatTables(transaction).message(change.message, site: change.site, room: change.room) else {
        throw ProtocolError(.notFound, "room \(change.room) has no message \(change.message)")
    }
    guard message.deletedAt == nil else {
        throw ProtocolError(.invalidTransition, "message \(change.message) was deleted by \(message.deletedBy ?? "?")")
    }
    return message
}

extension MessageChange {
    /// Refuses unless `who` wrote the message or the command comes from an operator or admin.
    func requireAuthorOrModerator(of message: MessageRecord, _ who: String, to action: String) throws(ProtocolError) {
        guard message.author == who || moderator else {
            throw ProtocolError(.forbidden, "only \(message.author) or an operator may \(action) message \(message.id)")
        }
    }

    /// What an event acting on the message says: `{message, by, at}`.
    func done(by event: NewEvent) throws -> String {
        try JSONValue.canonicalText(of: ChatMessageChanged(message: message, by: event.from, at: event.ts))
    }
}
