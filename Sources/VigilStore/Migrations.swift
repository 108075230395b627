import GRDB

/// The schema, one migration per change. Never edit a migration that has shipped: add one.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: meta, sites, tokens, event log") { db in
            try db.execute(sql: """
                CREATE TABLE meta (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );
                CREATE TABLE sites (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE TABLE tokens (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    role TEXT NOT NULL,
                    all_sites INTEGER NOT NULL DEFAULT 0,
                    secret_hash TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL,
                    revoked_at INTEGER
                );
                CREATE TABLE token_sites (
                    token_id TEXT NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
                    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
                    PRIMARY KEY (token_id, site_id)
                ) WITHOUT ROWID;
                CREATE TABLE events (
                    id INTEGER PRIMARY KEY,
                    topic TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    type TEXT NOT NULL,
                    ts INTEGER NOT NULL,
                    sender TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    UNIQUE (topic, seq)
                );
                CREATE TABLE topic_heads (
                    topic TEXT PRIMARY KEY NOT NULL,
                    head INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        registerTokenExpiry(&migrator)
        return migrator
    }
}
