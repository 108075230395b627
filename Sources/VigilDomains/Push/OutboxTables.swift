import VigilCore
import VigilStore

/// One message decided in a commit for the phones of a site, of one `kind` (a person may mute a
/// kind; an escalation may break through quiet hours): what a lock screen shows (`payload`,
/// the plaintext each phone's copy is encrypted from when it is sent) and how the push service is
/// to treat it (`tag` is the `Topic` header, so a newer message of the same thing replaces an older
/// one on the way; `urgency`, `ttlSeconds`).
struct PushMessageRecord: Sendable, Equatable, TableRecord {
    static let table = "push_messages"
    static let generatedColumns: Set<String> = ["id"]

    var id: Int64 = 0
    var site: String
    var kind: PushSettings.Kind
    var tag: String
    var urgency: String
    var ttlSeconds: Int64
    var payload: String
    var createdAt: Int64
}

/// Whose phones on a message's site it is for.
enum PushAudience: Sendable {
    /// Every phone of the site.
    case everyone
    /// The phones of these people: a person is a token of that name covering the site (the phones
    /// on a site are those of tokens that cover it, so the name is read within the site alone).
    case people([String])
    /// The phones of the site's tokens of this role.
    case role(Role)

    var isNobody: Bool {
        if case .people(let names) = self { return names.isEmpty }
        return false
    }

    /// The condition on the phone `p` that picks the audience (after `WHERE p.site = ?`), and its arguments.
    var condition: (sql: String, arguments: [any StoreArgument]) {
        switch self {
        case .everyone:
            return ("", [])
        case .people(let names):
            let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
            return ("AND p.token_id IN (SELECT id FROM tokens WHERE name IN (\(marks)))", names)
        case .role(let role):
            return ("AND p.token_id IN (SELECT id FROM tokens WHERE role = ?)", [role.rawValue])
        }
    }
}

/// A delivery due, with what sending it takes: its phone's subscription and its message.
struct OutgoingPush: Sendable, Decodable {
    var id: Int64
    var messageId: Int64
    var phoneId: Int64
    var attempts: Int64
    var dueAt: Int64
    var endpoint: String
    var p256dh: String
    var auth: String
    var tag: String
    var urgency: String
    var ttlSeconds: Int64
    var payload: String
    var createdAt: Int64
}

extension PushTables {
    /// Puts `message` in the outbox for the phones of `audience` on its site whose owner wants it
    /// (has not muted its kind, and is not in quiet hours unless an escalation breaks through them),
    /// in the deciding commit: one statement, however many phones. What is still pending of a
    /// message with the same tag for those phones goes first (its newer news replaces it; other
    /// people's copies stay), and past `limit` deliveries the site's oldest are dropped. Nothing is
    /// written for a site without phones. How many deliveries were queued.
    @discardableResult
    func enqueue(_ message: PushMessageRecord, for audience: PushAudience = .everyone, limit: Int64) throws -> Int64 {
        guard try phoneCount(of: message.site) > 0, !audience.isNobody else { return 0 }
        let (whose, whoseArguments) = audience.condition
        try transaction.execute(
            """
            DELETE FROM push_deliveries WHERE message_id IN (SELECT id FROM push_messages WHERE site = ? AND tag = ?)
            AND phone_id IN (SELECT p.id FROM push_phones p WHERE p.site = ? \(whose))
            """, [message.site, message.tag, message.site] as [any StoreArgument] + whoseArguments)
        try transaction.execute(
            """
            DELETE FROM push_messages WHERE site = ? AND tag = ?
            AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.message_id = push_messages.id)
            """, [message.site, message.tag])
        let id = try transaction.insertNumbering(message)
        // The owner's minute of the day at their offset, and whether it falls in [from, to), a span
        // that may pass midnight.
        let minute = "((? + s.utc_offset_minutes) % 1440 + 1440) % 1440"
        let quiet = """
            CASE WHEN s.quiet_from <= s.quiet_to THEN \(minute) >= s.quiet_from AND \(minute) < s.quiet_to
            ELSE \(minute) >= s.quiet_from OR \(minute) < s.quiet_to END
            """
        let minuteSinceEpoch = message.createdAt / 60_000
        let breaks: Int64 = message.kind == .escalation ? 1 : 0
        var arguments: [any StoreArgument] = [id, message.createdAt, message.site]
        arguments += whoseArguments
        arguments += ["%,\(message.kind.rawValue),%", breaks]
        arguments += Array(repeating: minuteSinceEpoch as any StoreArgument, count: 4)
        try transaction.execute(
            """
            INSERT INTO push_deliveries (message_id, phone_id, site, attempts, due_at)
            SELECT ?, p.id, p.site, 0, ? FROM push_phones p
            LEFT JOIN push_settings s ON s.site = p.site AND s.token_id = p.token_id
            WHERE p.site = ? \(whose) AND (s.token_id IS NULL OR (s.muted NOT LIKE ?
                AND (s.quiet_from IS NULL OR (s.break_through = 1 AND ? = 1) OR NOT (\(quiet)))))
            """, arguments)
        let queued = Int64(transaction.changesCount)
        guard queued > 0 else {
            try transaction.execute("DELETE FROM push_messages WHERE id = ?", [id])
            return 0
        }
        let pending = try transaction.fetchInteger("SELECT count(*) FROM push_deliveries WHERE site = ?", [message.site]) ?? 0
        if pending > limit {
            try transaction.execute(
                "DELETE FROM push_deliveries WHERE id IN (SELECT id FROM push_deliveries WHERE site = ? ORDER BY id LIMIT ?)",
                [message.site, pending - limit])
            try transaction.execute(
                """
                DELETE FROM push_messages WHERE site = ? AND id < ?
                AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.message_id = push_messages.id)
                """, [message.site, id])
        }
        return queued
    }

    /// The deliveries due at `now`, the longest waiting first, at most `limit`.
    func outgoingPushes(at now: Int64, limit: Int) throws -> [OutgoingPush] {
        try transaction.fetchAll(
            OutgoingPush.self,
            """
            SELECT d.id, d.message_id, d.phone_id, d.attempts, d.due_at, p.endpoint, p.p256dh, p.auth,
                m.tag, m.urgency, m.ttl_seconds, m.payload, m.created_at
            FROM push_deliveries d JOIN push_messages m ON m.id = d.message_id JOIN push_phones p ON p.id = d.phone_id
            WHERE d.due_at <= ? ORDER BY d.due_at, d.id LIMIT ?
            """, [now, Int64(limit)])
    }

    /// When the next delivery falls due; nil when the outbox is empty.
    func nextDelivery() throws -> Int64? {
        try transaction.fetchInteger("SELECT min(due_at) FROM push_deliveries", [])
    }

    /// A delivery done with (sent, expired, or refused for good): gone, and its message with it
    /// once no phone waits for it. Only the row as it was read goes: one replaced meanwhile by a
    /// newer message may have been given the same ids (SQLite reuses the highest rowid freed).
    func finishDelivery(_ push: OutgoingPush) throws {
        try transaction.execute(
            "DELETE FROM push_deliveries WHERE id = ? AND message_id = ? AND due_at = ? AND attempts = ?",
            [push.id, push.messageId, push.dueAt, push.attempts])
        try transaction.execute(
            "DELETE FROM push_messages WHERE id = ? AND created_at = ? AND NOT EXISTS (SELECT 1 FROM push_deliveries WHERE message_id = ?)",
            [push.messageId, push.createdAt, push.messageId])
    }

    /// A delivery to try again at `dueAt`, if it is still the row that was read.
    func postponeDelivery(_ push: OutgoingPush, to dueAt: Int64) throws {
        try transaction.execute(
            "UPDATE push_deliveries SET attempts = attempts + 1, due_at = ? WHERE id = ? AND message_id = ? AND due_at = ? AND attempts = ?",
            [dueAt, push.id, push.messageId, push.dueAt, push.attempts])
    }

    /// A phone the push service says is gone (404, 410): removed, its deliveries with it.
    func dropPhone(id: Int64) throws {
        try transaction.execute("DELETE FROM push_phones WHERE id = ?", [id])
    }
}
