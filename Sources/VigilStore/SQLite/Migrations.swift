import GRDB

/// The schema: the store's own migrations, then each domain's, in the order given. Never edit a
/// migration that has shipped: add one.
enum Migrations {
    static func migrator(domains: [StoreMigration]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in store + domains {
            migrator.registerMigration(migration.identifier) { db in try migration.apply(SQLiteTransaction(db: db)) }
        }
        return migrator
    }

    static let store: [StoreMigration] = [
        StoreMigration(
            "v1: meta, sites, tokens, event log",
            sql: """
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
                """),
        // Shipped as one migration that also made the domains' tables. Those moved to the domains'
        // own first migrations (which create them only where they are missing); a database made
        // before the move has them all already, made by this migration as it was then.
        StoreMigration(
            "v2: alerts, locations and visits, cameras, checkpoints, thumbnails",
            sql: """
                ALTER TABLE sites ADD COLUMN escalate_after_ms INTEGER NOT NULL DEFAULT 120000;
                ALTER TABLE sites ADD COLUMN quiet_after_ms INTEGER NOT NULL DEFAULT 60000;
                CREATE TABLE thumbnails (
                    hash TEXT PRIMARY KEY NOT NULL,
                    media_type TEXT NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    bytes BLOB NOT NULL,
                    created_at INTEGER NOT NULL
                );
                """),
        // Tokens may carry an expiry (`vigil token create --expires 24h`); existing tokens never expire.
        StoreMigration("v2-token-expiry", sql: "ALTER TABLE tokens ADD COLUMN expires_at INTEGER"),
        // The audit trail (`AuditTrail`): never pruned with the events.
        StoreMigration(
            "v3-audit-trail",
            sql: """
                CREATE TABLE audit_entries (
                    id INTEGER PRIMARY KEY,
                    at INTEGER NOT NULL,
                    token_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    role TEXT NOT NULL,
                    peer TEXT NOT NULL,
                    site TEXT,
                    action TEXT NOT NULL,
                    target TEXT NOT NULL,
                    seq INTEGER,
                    detail TEXT NOT NULL
                );
                CREATE INDEX audit_entries_by_name ON audit_entries (name, id);
                CREATE INDEX audit_entries_by_site ON audit_entries (site, id);
                CREATE INDEX audit_entries_by_time ON audit_entries (at);
                """),
        StoreMigration("v4-event-retention", sql: EventRetention.sqliteTables),
    ]
}
