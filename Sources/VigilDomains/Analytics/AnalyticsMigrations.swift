import VigilStore

/// The analytics domain's tables: detections with their boxes indexed by SQLite's R*Tree.
enum AnalyticsMigrations {
    static let all = [
        StoreMigration(
            "analytics-1: detections, box index",
            sql: """
                -- A site's settings: the length of its vectors (fixed by the first), how long it keeps
                -- its detections (NULL: the default, 30 days).
                CREATE TABLE detection_sites (
                    site TEXT PRIMARY KEY NOT NULL REFERENCES sites(id),
                    appearance_length INTEGER,
                    keep_ms INTEGER
                ) WITHOUT ROWID;
                -- A small number per camera, so that the box index can hold the camera as a dimension.
                CREATE TABLE detection_cameras (
                    key INTEGER PRIMARY KEY,
                    site TEXT NOT NULL REFERENCES sites(id),
                    camera TEXT NOT NULL,
                    UNIQUE (site, camera)
                );
                CREATE TABLE detections (
                    id INTEGER PRIMARY KEY,
                    camera_key INTEGER NOT NULL REFERENCES detection_cameras(key),
                    ts INTEGER NOT NULL,
                    x REAL NOT NULL,
                    y REAL NOT NULL,
                    width REAL NOT NULL,
                    height REAL NOT NULL,
                    label TEXT NOT NULL,
                    score REAL NOT NULL,
                    track INTEGER,
                    thumbnail TEXT,
                    appearance BLOB
                );
                CREATE INDEX detections_camera_time ON detections (camera_key, ts);
                CREATE INDEX detections_camera_label ON detections (camera_key, label, ts);
                CREATE INDEX detections_camera_track ON detections (camera_key, track, ts);
                -- Same ids as detections. The R*Tree keeps 32-bit floats, rounded outwards: it narrows
                -- the candidates, and the exact time and overlap are checked on the rows after it.
                CREATE VIRTUAL TABLE detection_boxes USING rtree (
                    id, min_camera, max_camera, min_ts, max_ts, min_x, max_x, min_y, max_y
                );
                """),
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
        // Rows an ROI query reads by the thousand are read for their box, time and score: with each
        // vector inline (512 bytes at 128 numbers) a row took a seventh of a page, and reading
        // 30,000 candidates of a million rows cost 3x reading the lean rows. Vectors get a table of
        // their own. No query reads by label or by track first (the label is checked on the
        // R*Tree's candidates, tracks are grouped in memory): two indexes every row paid for, unused.
        // One query did need an index it lacked: a detection by its thumbnail.
        StoreMigration(
            "analytics-3: vectors apart, indexes as the queries read",
            sql: """
                CREATE TABLE detection_appearances (
                    id INTEGER PRIMARY KEY REFERENCES detections(id) ON DELETE CASCADE,
                    vector BLOB NOT NULL
                );
                INSERT INTO detection_appearances (id, vector) SELECT id, appearance FROM detections WHERE appearance IS NOT NULL;
                ALTER TABLE detections DROP COLUMN appearance;
                DROP INDEX detections_camera_label;
                DROP INDEX detections_camera_track;
                -- A thumbnail dragged from the chat into the image query names its detection by hash:
                -- without this, a scan of every row. Detections without a thumbnail are not in it.
                CREATE INDEX detections_thumbnail ON detections (thumbnail, ts) WHERE thumbnail IS NOT NULL;
                """),
        // The box index's coordinates, from raw camera keys and milliseconds to `DetectionBoxSpace`,
        // whose comment says why.
        StoreMigration("analytics-4: the box index in comparable units") { try $0.reindexDetectionBoxes() },
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
