import VigilCore
import VigilStore

/// A room as `chat_rooms` keeps it.
struct RoomRecord: Sendable, Equatable, TableRecord {
    static let table = "chat_rooms"

    var site: String
    var id: String
    var name: String
    var topicLine: String?
    var alertID: String?
    var createdBy: String
    var createdAt: Int64
    var archivedBy: String?
    var archivedAt: Int64?

    /// Every site's control room, as it is before its row is made.
    static func control(of site: String) -> RoomRecord {
        RoomRecord(site: site, id: ChatService.controlRoom, name: ChatService.controlRoomName, createdBy: "", createdAt: 0)
    }

    private enum CodingKeys: String, CodingKey {
        case site, id, name, topicLine, createdBy, createdAt, archivedBy, archivedAt
        case alertID = "alertId"
    }
}

/// A message's latest version as `chat_messages` keeps it.
struct MessageRecord: Sendable, Equatable, TableRecord {
    static let table = "chat_messages"
    static let generatedColumns: Set<String> = ["n"]

    var n: Int64
    var id: String
    var site: String
    var room: String
    var seq: Int64
    var author: String
    var text: String?
    /// JSON text of the attachments' wire form.
    var attachments: String
    var replyTo: String?
    var mentions: TextList
    var urgentRepeatMs: Int64?
    var urgentCancelledAt: Int64?
    var postedAt: Int64
    var editedAt: Int64?
    var deletedBy: String?
    var deletedAt: Int64?

    var isUrgent: Bool { urgentRepeatMs != nil }
}

/// One recipient of an urgent message.
struct UrgentRecipient: Sendable, Equatable, Decodable {
    var messageId: String
    var name: String
    var acknowledgedAt: Int64?
    var repeatAt: Int64?
    var repeats: Int64
}

/// A recipient whose repeat is due, and the site of the message (where the recipient is that
/// person).
struct DueRepeat: Sendable, Decodable {
    var messageId: String
    var name: String
    var site: String
}

/// The chat domain's tables (rooms, messages, their versions and urgent recipients, read marks),
/// read and written in the transaction it is given: the one place their SQL is written.
struct ChatTables {
    let transaction: any DomainTransaction

    init(_ transaction: any DomainTransaction) {
        self.transaction = transaction
    }

    // MARK: Rooms

    func room(_ id: String, site: String) throws -> RoomRecord? {
        try transaction.fetchOne(RoomRecord.self, "SELECT * FROM chat_rooms WHERE site = ? AND id = ?", [site, id])
    }

    /// Every site's control room transaction.exists from the site's creation; its row is made when first needed.
    func ensureControlRoom(of site: String, at time: Int64) throws {
        try transaction.execute(
            "INSERT INTO chat_rooms (site, id, name, created_by, created_at) VALUES (?, ?, ?, '', ?) ON CONFLICT DO NOTHING",
            [site, ChatService.controlRoom, ChatService.controlRoomName, time])
    }

    func roomCount(of site: String) throws -> Int64 {
        try transaction.fetchInteger("SELECT count(*) FROM chat_rooms WHERE site = ?", [site]) ?? 0
    }

    func rooms(of site: String) throws -> [RoomRecord] {
        try transaction.fetchAll(RoomRecord.self, "SELECT * FROM chat_rooms WHERE site = ? ORDER BY archived_at IS NOT NULL, created_at, id", [site])
    }

    func archive(room id: String, site: String, by who: String, at time: Int64) throws {
        try transaction.execute("UPDATE chat_rooms SET archived_by = ?, archived_at = ? WHERE site = ? AND id = ?", [who, time, site, id])
    }

    // MARK: Messages

    func message(id: String) throws -> MessageRecord? {
        try transaction.fetchOne(MessageRecord.self, "SELECT * FROM chat_messages WHERE id = ?", [id])
    }

    func message(_ id: String, site: String, room: String) throws -> MessageRecord? {
        try transaction.fetchOne(MessageRecord.self, "SELECT * FROM chat_messages WHERE id = ? AND site = ? AND room = ?", [id, site, room])
    }

    /// Keeps a new message, and its words for search.
    func insertMessage(_ message: MessageRecord) throws {
        let row = try transaction.insertNumbering(message)
        try indexText(of: row, message.text, site: message.site, room: message.room)
    }

    func edit(_ message: MessageRecord, text: String, mentions: [String], at time: Int64) throws {
        try transaction.execute(
            "UPDATE chat_messages SET text = ?, mentions = ?, edited_at = ? WHERE n = ?", [text, TextList(mentions), time, message.n])
        try transaction.execute("DELETE FROM chat_search WHERE rowid = ?", [message.n])
        try indexText(of: message.n, text, site: message.site, room: message.room)
    }

    /// A deleted message keeps its place (its seq, author and time) and loses its content.
    func delete(_ message: MessageRecord, by who: String, at time: Int64) throws {
        try transaction.execute(
            "UPDATE chat_messages SET text = NULL, attachments = '[]', deleted_by = ?, deleted_at = ? WHERE n = ?", [who, time, message.n])
        try transaction.execute("DELETE FROM chat_search WHERE rowid = ?", [message.n])
        try stopRepeating(message.id)
    }

    private func indexText(of rowid: Int64, _ text: String?, site: String, room: String) throws {
        guard let text else { return }
        try transaction.execute("INSERT INTO chat_search (rowid, text, site, room) VALUES (?, ?, ?, ?)", [rowid, text, site, room])
    }

    /// The newest `limit` messages of a room before `seq` (all when nil), oldest first.
    func messages(of room: String, site: String, before seq: Int64?, limit: Int) throws -> [MessageRecord] {
        try transaction.fetchAll(
            MessageRecord.self,
            "SELECT * FROM (SELECT * FROM chat_messages WHERE site = ? AND room = ? AND seq < ? ORDER BY seq DESC LIMIT ?) AS page ORDER BY seq",
            [site, room, seq ?? Int64.max, limit])
    }

    // MARK: Read markers

    func readMarker(of name: String, room: String, site: String) throws -> Int64 {
        try transaction.fetchInteger("SELECT seq FROM chat_read_markers WHERE name = ? AND site = ? AND room = ?", [name, site, room]) ?? 0
    }

    /// Moves the marker forward (never back: an older device catching up must not undo a newer read).
    func markRead(_ name: String, room: String, site: String, through seq: Int64) throws -> Int64 {
        try transaction.execute(
            """
            INSERT INTO chat_read_markers (name, site, room, seq) VALUES (?, ?, ?, ?)
            ON CONFLICT (name, site, room) DO UPDATE
            SET seq = CASE WHEN excluded.seq > chat_read_markers.seq THEN excluded.seq ELSE chat_read_markers.seq END
            """,
            [name, site, room, seq])
        return try readMarker(of: name, room: room, site: site)
    }

    /// Messages of others after the person's marker that are still there.
    func unreadCount(of name: String, room: String, site: String) throws -> Int64 {
        try transaction.fetchInteger(
            """
            SELECT count(*) FROM chat_messages
            WHERE site = ? AND room = ? AND seq > ? AND author != ? AND deleted_at IS NULL
            """,
            [site, room, try readMarker(of: name, room: room, site: site), name]) ?? 0
    }

    // MARK: Urgent messages

    func insertRecipients(of messageID: String, _ names: [String], repeatAt: Int64) throws {
        for name in names {
            try transaction.execute("INSERT INTO chat_urgent_recipients (message_id, name, repeat_at) VALUES (?, ?, ?)", [messageID, name, repeatAt])
        }
    }

    func recipients(of messageID: String) throws -> [UrgentRecipient] {
        try transaction.fetchAll(UrgentRecipient.self, "SELECT * FROM chat_urgent_recipients WHERE message_id = ? ORDER BY name", [messageID])
    }

    func acknowledgeUrgent(_ messageID: String, by name: String, at time: Int64) throws {
        try transaction.execute(
            "UPDATE chat_urgent_recipients SET acknowledged_at = ?, repeat_at = NULL WHERE message_id = ? AND name = ?", [time, messageID, name])
    }

    func cancelUrgent(_ messageID: String, at time: Int64) throws {
        try transaction.execute("UPDATE chat_messages SET urgent_cancelled_at = ? WHERE id = ?", [time, messageID])
        try stopRepeating(messageID)
    }

    private func stopRepeating(_ messageID: String) throws {
        try transaction.execute("UPDATE chat_urgent_recipients SET repeat_at = NULL WHERE message_id = ?", [messageID])
    }

    /// Recipients whose repeat is due, with the message's site (their inbox's), oldest first, in
    /// bounded batches.
    func urgentRepeatsDue(at now: Int64) throws -> [DueRepeat] {
        try transaction.fetchAll(
            DueRepeat.self,
            """
            SELECT r.message_id, r.name, m.site FROM chat_urgent_recipients r JOIN chat_messages m ON m.id = r.message_id
            WHERE r.repeat_at IS NOT NULL AND r.repeat_at <= ? ORDER BY r.repeat_at LIMIT 500
            """,
            [now])
    }

    func scheduleRepeat(of messageID: String, to name: String, at time: Int64) throws {
        try transaction.execute(
            "UPDATE chat_urgent_recipients SET repeat_at = ?, repeats = repeats + 1 WHERE message_id = ? AND name = ?", [time, messageID, name])
    }

    /// Urgent messages of `site` still waiting for `name`'s acknowledgement, oldest first.
    func urgentAwaiting(_ name: String, site: String) throws -> [MessageRecord] {
        try transaction.fetchAll(
            MessageRecord.self,
            """
            SELECT m.* FROM chat_urgent_recipients r JOIN chat_messages m ON m.id = r.message_id
            WHERE r.name = ? AND m.site = ? AND r.acknowledged_at IS NULL AND m.urgent_cancelled_at IS NULL AND m.deleted_at IS NULL
            ORDER BY m.posted_at
            """,
            [name, site])
    }
}
