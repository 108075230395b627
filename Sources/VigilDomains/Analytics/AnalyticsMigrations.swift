import VigilStore

/// The analytics domain's tables: detections with their boxes indexed by SQLite's R*Tree.
enum AnalyticsMigrations {
    static let all = [
        StoreMigration("analytics-1: detections, box index", sql: """
            CREATE TABLE detection_sites (
                site TEXT PRIMARY KEY NOT NULL REFERENCES sites(id),
                appearance_length INTEGER
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
    ]
}
