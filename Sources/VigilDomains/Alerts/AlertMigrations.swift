import VigilStore

/// The alert domain's tables: alerts, and the locations and visits that motion alerts keep.
enum AlertMigrations {
    static let all = [
        // A database made before the domains had folders has these from the store's v2; hence IF NOT EXISTS.
        StoreMigration(
            "alerts-1: alerts, locations, visits",
            sql: """
                CREATE TABLE IF NOT EXISTS locations (
                    site TEXT NOT NULL REFERENCES sites(id),
                    id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    current_visit INTEGER,
                    last_motion_at INTEGER,
                    PRIMARY KEY (site, id)
                ) WITHOUT ROWID;
                CREATE INDEX IF NOT EXISTS locations_visited ON locations (last_motion_at) WHERE current_visit IS NOT NULL;
                CREATE TABLE IF NOT EXISTS visits (
                    id INTEGER PRIMARY KEY,
                    site TEXT NOT NULL,
                    location TEXT NOT NULL,
                    alert_id TEXT,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER,
                    snapshots TEXT NOT NULL DEFAULT '',
                    FOREIGN KEY (site, location) REFERENCES locations(site, id)
                );
                CREATE INDEX IF NOT EXISTS visits_by_location ON visits (site, location, id);
                CREATE TABLE IF NOT EXISTS alerts (
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
                CREATE INDEX IF NOT EXISTS alerts_open ON alerts (site, raised_at) WHERE state != 'resolved';
                CREATE INDEX IF NOT EXISTS alerts_escalation_due ON alerts (escalate_at) WHERE state = 'raised' AND escalated_at IS NULL;
                """),
        // The room where an alert is discussed (docs/protocol.md §6.6), set when someone opens it.
        StoreMigration("alerts-2: discussion room", sql: "ALTER TABLE alerts ADD COLUMN room TEXT"),
    ]
}
