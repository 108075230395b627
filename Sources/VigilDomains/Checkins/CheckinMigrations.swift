import VigilStore

/// The check-in domain's tables: patrol checkpoints and every check-in at them.
enum CheckinMigrations {
    static let all = [
        // A database made before the domains had folders has these from the store's v2; hence IF NOT EXISTS.
        StoreMigration(
            "checkins-1: checkpoints, check-ins",
            sql: """
                CREATE TABLE IF NOT EXISTS checkpoints (
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
                CREATE INDEX IF NOT EXISTS checkpoints_due ON checkpoints (due_at);
                CREATE TABLE IF NOT EXISTS check_ins (
                    id INTEGER PRIMARY KEY,
                    site TEXT NOT NULL,
                    checkpoint TEXT NOT NULL,
                    guard TEXT NOT NULL,
                    at INTEGER NOT NULL,
                    FOREIGN KEY (site, checkpoint) REFERENCES checkpoints(site, id)
                );
                """)
    ]
}
