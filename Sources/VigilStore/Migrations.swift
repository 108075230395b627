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
        migrator.registerMigration("v2: alerts, locations and visits, cameras, checkpoints, thumbnails") { db in
            try db.execute(sql: """
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
                CREATE TABLE locations (
                    site TEXT NOT NULL REFERENCES sites(id),
                    id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    current_visit INTEGER,
                    last_motion_at INTEGER,
                    PRIMARY KEY (site, id)
                ) WITHOUT ROWID;
                CREATE INDEX locations_visited ON locations (last_motion_at) WHERE current_visit IS NOT NULL;
                CREATE TABLE visits (
                    id INTEGER PRIMARY KEY,
                    site TEXT NOT NULL,
                    location TEXT NOT NULL,
                    alert_id TEXT,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER,
                    snapshots TEXT NOT NULL DEFAULT '',
                    FOREIGN KEY (site, location) REFERENCES locations(site, id)
                );
                CREATE INDEX visits_by_location ON visits (site, location, id);
                CREATE TABLE alerts (
                    id TEXT PRIMARY KEY NOT NULL,
                    site TEXT NOT NULL REFERENCES sites(id),
                    kind TEXT NOT NULL,
                    severity INTEGER NOT NULL,
                    message TEXT NOT NULL,
                    location TEXT,
                    thumbnails TEXT NOT NULL,
                    visit_id INTEGER,
                    state TEXT NOT NULL,
                    raised_by TEXT NOT NULL,
                    raised_at INTEGER NOT NULL,
                    acknowledged_by TEXT,
                    acknowledged_at INTEGER,
                    resolved_by TEXT,
                    resolved_at INTEGER,
                    note TEXT,
                    escalate_at INTEGER NOT NULL,
                    escalated_at INTEGER
                );
                CREATE INDEX alerts_open ON alerts (site, raised_at) WHERE state != 'resolved';
                CREATE INDEX alerts_escalation_due ON alerts (escalate_at) WHERE state = 'raised' AND escalated_at IS NULL;
                CREATE TABLE camera_topologies (
                    site TEXT PRIMARY KEY NOT NULL REFERENCES sites(id),
                    cameras TEXT NOT NULL,
                    imported_by TEXT NOT NULL,
                    imported_at INTEGER NOT NULL
                );
                CREATE TABLE camera_views (
                    site TEXT NOT NULL REFERENCES sites(id),
                    viewer TEXT NOT NULL,
                    camera TEXT NOT NULL,
                    switched_by TEXT NOT NULL,
                    switched_at INTEGER NOT NULL,
                    PRIMARY KEY (site, viewer)
                ) WITHOUT ROWID;
                CREATE TABLE checkpoints (
                    site TEXT NOT NULL REFERENCES sites(id),
                    id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    every_ms INTEGER NOT NULL,
                    due_at INTEGER NOT NULL,
                    last_check_in_at INTEGER,
                    last_guard TEXT,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (site, id)
                ) WITHOUT ROWID;
                CREATE INDEX checkpoints_due ON checkpoints (due_at);
                CREATE TABLE check_ins (
                    id INTEGER PRIMARY KEY,
                    site TEXT NOT NULL,
                    checkpoint TEXT NOT NULL,
                    guard TEXT NOT NULL,
                    at INTEGER NOT NULL,
                    FOREIGN KEY (site, checkpoint) REFERENCES checkpoints(site, id)
                );
                """)
        }
        registerTokenExpiry(&migrator)
        return migrator
    }
}
