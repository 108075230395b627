/// The PostgreSQL schema: the store's own migrations, then each domain's PostgreSQL list, applied
/// in order, each once, all of them in one transaction under a lock, so that hubs starting together
/// against one server migrate it once. Never edit a migration that has shipped: add one.
enum PostgresMigrations {
    /// Applies what `migrations` (the store's, then the domains') has that the database has not;
    /// refuses a database that applied one this build does not know (a newer vigil's).
    static func migrate(_ migrations: [StoreMigration], lanes: PostgresLanes) throws(StoreError) {
        try lanes.writeNow { transaction in
            try transaction.execute("SELECT pg_advisory_xact_lock(0, 0)", [])
            try transaction.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (identifier TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())", [])
            let applied = Set(try transaction.fetchAll(Applied.self, "SELECT identifier FROM schema_migrations", []).map(\.identifier))
            let known = Set((store + migrations).map(\.identifier))
            guard applied.isSubset(of: known) else {
                throw StoreError.unavailable(
                    "the database has migrations this build does not know: it was opened by a newer vigil, or with other domains")
            }
            for migration in store + migrations where !applied.contains(migration.identifier) {
                try migration.apply(transaction)
                try transaction.execute("INSERT INTO schema_migrations (identifier) VALUES (?)", [migration.identifier])
            }
        }
    }

    private struct Applied: Decodable {
        var identifier: String
    }

    /// The store's tables as SQLite's migrations leave them, in PostgreSQL's types: integers are
    /// `BIGINT` (the seam binds every integer as one), bytes `BYTEA`.
    static let store: [StoreMigration] = [
        StoreMigration(
            "postgres-1: meta, sites, tokens, event log, thumbnails",
            sql: """
                CREATE TABLE meta (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                );
                CREATE TABLE sites (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    escalate_after_ms BIGINT NOT NULL DEFAULT 120000,
                    quiet_after_ms BIGINT NOT NULL DEFAULT 60000
                );
                CREATE TABLE tokens (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    role TEXT NOT NULL,
                    all_sites BIGINT NOT NULL DEFAULT 0,
                    secret_hash TEXT NOT NULL UNIQUE,
                    created_at BIGINT NOT NULL,
                    revoked_at BIGINT,
                    expires_at BIGINT
                );
                CREATE TABLE token_sites (
                    token_id TEXT NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
                    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
                    PRIMARY KEY (token_id, site_id)
                );
                CREATE TABLE events (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    topic TEXT NOT NULL,
                    seq BIGINT NOT NULL,
                    type TEXT NOT NULL,
                    ts BIGINT NOT NULL,
                    sender TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    UNIQUE (topic, seq)
                );
                CREATE TABLE topic_heads (
                    topic TEXT PRIMARY KEY,
                    head BIGINT NOT NULL
                );
                CREATE TABLE thumbnails (
                    hash TEXT PRIMARY KEY,
                    media_type TEXT NOT NULL,
                    width BIGINT NOT NULL,
                    height BIGINT NOT NULL,
                    bytes BYTEA NOT NULL,
                    created_at BIGINT NOT NULL
                );
                """)
    ]
}
