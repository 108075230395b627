import VigilStore

/// The zone domain's tables: zones, what they saw of tracks, their news waiting for the next tick,
/// their counts and versions. The identifiers are those analytics shipped under, when it was one
/// domain (docs/architecture.md, "Migrations moved with their domains").
enum ZoneMigrations {
    static let all = [
        StoreMigration(
            "analytics-2: watch zones",
            sql: """
                CREATE TABLE zones (
                    site TEXT NOT NULL REFERENCES sites(id),
                    id TEXT NOT NULL,
                    camera TEXT NOT NULL,
                    definition TEXT NOT NULL,
                    defined_by TEXT NOT NULL,
                    defined_at INTEGER NOT NULL,
                    PRIMARY KEY (site, id)
                ) WITHOUT ROWID;
                CREATE INDEX zones_camera ON zones (site, camera);
                -- Where each track was last seen by a zone: its visit (area) or its last anchor point (line).
                CREATE TABLE zone_tracks (
                    site TEXT NOT NULL,
                    zone TEXT NOT NULL,
                    track INTEGER NOT NULL,
                    first_ts INTEGER NOT NULL,
                    last_ts INTEGER NOT NULL,
                    last_x REAL NOT NULL,
                    last_y REAL NOT NULL,
                    alerted INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (site, zone, track),
                    FOREIGN KEY (site, zone) REFERENCES zones(site, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                -- What a zone has seen and not yet told its subscribers: the next tick publishes it.
                CREATE TABLE zone_pending (
                    id INTEGER PRIMARY KEY,
                    site TEXT NOT NULL,
                    zone TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    body TEXT NOT NULL,
                    FOREIGN KEY (site, zone) REFERENCES zones(site, id) ON DELETE CASCADE
                );
                CREATE INDEX zone_pending_zone ON zone_pending (site, zone, id);
                CREATE TABLE zone_counts (
                    site TEXT NOT NULL,
                    zone TEXT NOT NULL,
                    hour INTEGER NOT NULL,
                    direction TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (site, zone, hour, direction),
                    FOREIGN KEY (site, zone) REFERENCES zones(site, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                """),
        // A batch's detections are matched against a camera's zones before its commit, against the
        // zones as last read (`ZoneSets`); the commit compares this version with the one they were
        // read at. A camera without a row has zones unchanged since this table came.
        StoreMigration(
            "analytics-5: zone versions",
            sql: """
                CREATE TABLE zone_versions (
                    site TEXT NOT NULL REFERENCES sites(id),
                    camera TEXT NOT NULL,
                    version INTEGER NOT NULL,
                    PRIMARY KEY (site, camera)
                ) WITHOUT ROWID;
                """),
        // A batch's detections inside an area are one row of zone news, their texts joined by
        // commas, not a row each; the items it holds are what its flush costs the group commit.
        StoreMigration(
            "analytics-6: zone news counted",
            sql: """
                ALTER TABLE zone_pending ADD COLUMN items INTEGER NOT NULL DEFAULT 1;
                """),
    ]
}
