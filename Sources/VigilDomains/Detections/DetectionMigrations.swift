import VigilStore

/// The detection domain's tables: detections with their boxes indexed by SQLite's R*Tree, and their
/// appearance vectors. The identifiers are those analytics shipped under, when it was one domain
/// (docs/architecture.md, "Migrations moved with their domains"); the zones' are in `ZoneMigrations`.
enum DetectionMigrations {
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
    ]
}
