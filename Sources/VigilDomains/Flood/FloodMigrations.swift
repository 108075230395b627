import VigilStore

/// The flood domain's tables: regions, their rectangular boundaries, flood events per boundary and
/// the markers reported in them. Integer ids for boundaries, events and markers because the legacy
/// XML protocol names them by number; a region has a number for the same reason.
enum FloodMigrations {
    static let all = [
        StoreMigration(
            "flood-1: regions, boundaries, events, markers",
            sql: """
                CREATE TABLE flood_regions (
                    number INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    time_zone TEXT NOT NULL,
                    anonymous INTEGER NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE TABLE flood_boundaries (
                    id INTEGER PRIMARY KEY,
                    region TEXT NOT NULL REFERENCES flood_regions(id),
                    name TEXT NOT NULL,
                    north REAL NOT NULL,
                    west REAL NOT NULL,
                    south REAL NOT NULL,
                    east REAL NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX flood_boundaries_region ON flood_boundaries (region);
                CREATE TABLE flood_events (
                    id INTEGER PRIMARY KEY,
                    boundary INTEGER NOT NULL REFERENCES flood_boundaries(id),
                    name TEXT NOT NULL,
                    opened_at INTEGER NOT NULL,
                    opened_by TEXT NOT NULL,
                    closed_at INTEGER,
                    closed_by TEXT
                );
                CREATE INDEX flood_events_boundary ON flood_events (boundary);
                CREATE TABLE flood_markers (
                    id INTEGER PRIMARY KEY,
                    event INTEGER NOT NULL REFERENCES flood_events(id),
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    severity INTEGER NOT NULL CHECK (severity BETWEEN 1 AND 5),
                    description TEXT NOT NULL,
                    observed_at INTEGER NOT NULL,
                    submitted_at INTEGER NOT NULL,
                    picture TEXT,
                    reporter TEXT NOT NULL,
                    email TEXT NOT NULL,
                    phone TEXT NOT NULL,
                    cover_type TEXT NOT NULL,
                    cover_height REAL,
                    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
                    moderated_by TEXT,
                    moderated_at INTEGER
                );
                CREATE INDEX flood_markers_event_status ON flood_markers (event, status);
                CREATE INDEX flood_markers_position ON flood_markers (latitude, longitude);
                """),
        // The marker files' photo path serves a picture only while an approved marker shows it.
        StoreMigration(
            "flood-2: markers by picture", sql: "CREATE INDEX flood_markers_picture ON flood_markers (picture) WHERE picture IS NOT NULL;"),
    ]
}
