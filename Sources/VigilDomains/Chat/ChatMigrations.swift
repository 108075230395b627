import VigilStore

/// The chat domain's tables: rooms, messages (their latest version; the event log keeps every
/// one), the full-text index of their text, people's read markers, and urgent messages' recipients.
enum ChatMigrations {
    static let all = [
        StoreMigration(
            "chat-1: rooms, messages, search, read markers, urgent recipients",
            sql: """
                CREATE TABLE chat_rooms (
                    site TEXT NOT NULL REFERENCES sites(id),
                    id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    topic_line TEXT,
                    alert_id TEXT,
                    created_by TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    archived_by TEXT,
                    archived_at INTEGER,
                    PRIMARY KEY (site, id)
                ) WITHOUT ROWID;
                CREATE TABLE chat_messages (
                    n INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    site TEXT NOT NULL,
                    room TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    author TEXT NOT NULL,
                    text TEXT,
                    attachments TEXT NOT NULL,
                    reply_to TEXT,
                    mentions TEXT NOT NULL,
                    urgent_repeat_ms INTEGER,
                    urgent_cancelled_at INTEGER,
                    posted_at INTEGER NOT NULL,
                    edited_at INTEGER,
                    deleted_by TEXT,
                    deleted_at INTEGER,
                    FOREIGN KEY (site, room) REFERENCES chat_rooms(site, id)
                );
                CREATE INDEX chat_messages_by_room ON chat_messages (site, room, seq);
                CREATE VIRTUAL TABLE chat_search USING fts5(text, site UNINDEXED, room UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
                CREATE TABLE chat_read_markers (
                    name TEXT NOT NULL,
                    site TEXT NOT NULL,
                    room TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    PRIMARY KEY (name, site, room)
                ) WITHOUT ROWID;
                CREATE TABLE chat_urgent_recipients (
                    message_id TEXT NOT NULL REFERENCES chat_messages(id),
                    name TEXT NOT NULL,
                    acknowledged_at INTEGER,
                    repeat_at INTEGER,
                    repeats INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (message_id, name)
                ) WITHOUT ROWID;
                CREATE INDEX chat_urgent_due ON chat_urgent_recipients (repeat_at) WHERE repeat_at IS NOT NULL;
                CREATE INDEX chat_urgent_by_name ON chat_urgent_recipients (name) WHERE acknowledged_at IS NULL;
                """)
    ]
}
