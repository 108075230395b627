import VigilStore

/// The camera domain's tables: each site's topology, and who looks at which camera.
enum CameraMigrations {
    static let all = [
        // A database made before the domains had folders has these from the store's v2; hence IF NOT
        // EXISTS. A PostgreSQL database never had that version: there they are simply made.
        StoreMigration(
            "cameras-1: topologies, views",
            sqlite: """
                CREATE TABLE IF NOT EXISTS camera_topologies (
                    site TEXT PRIMARY KEY NOT NULL REFERENCES sites(id),
                    cameras TEXT NOT NULL,
                    imported_by TEXT NOT NULL,
                    imported_at INTEGER NOT NULL
                );
                CREATE TABLE IF NOT EXISTS camera_views (
                    site TEXT NOT NULL REFERENCES sites(id),
                    viewer TEXT NOT NULL,
                    camera TEXT NOT NULL,
                    switched_by TEXT NOT NULL,
                    switched_at INTEGER NOT NULL,
                    PRIMARY KEY (site, viewer)
                ) WITHOUT ROWID;
                """,
            postgres: """
                CREATE TABLE camera_topologies (
                    site TEXT PRIMARY KEY NOT NULL REFERENCES sites(id),
                    cameras TEXT NOT NULL,
                    imported_by TEXT NOT NULL,
                    imported_at BIGINT NOT NULL
                );
                CREATE TABLE camera_views (
                    site TEXT NOT NULL REFERENCES sites(id),
                    viewer TEXT NOT NULL,
                    camera TEXT NOT NULL,
                    switched_by TEXT NOT NULL,
                    switched_at BIGINT NOT NULL,
                    PRIMARY KEY (site, viewer)
                );
                """)
    ]
}
