import Foundation
import Testing
import VigilDomains
import VigilStore

@Suite struct AnalyticsMigrationTests {
    /// A hub upgraded over a database that kept each vector in its detection's row finds every
    /// vector in their own table after, with its detection, and nothing else changed.
    @Test func vectorsStoredInlineMoveToTheirOwnTableWithTheirDetections() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-migration-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("vigil.sqlite").path
        let vectorsApart = "analytics-3: vectors apart, indexes as the queries read"
        #expect(Domains.migrations.contains { $0.identifier == vectorsApart })

        let before = try VigilDatabase(path: path, migrations: Domains.migrations.filter { $0.identifier != vectorsApart })
        _ = try SiteRepository(database: before).create(id: "hq", name: "HQ", at: 0)
        let vector = Data((0..<64).map { UInt8($0) })
        try before.transaction { transaction in
            try transaction.execute("INSERT INTO detection_cameras (key, site, camera) VALUES (1, 'hq', 'lobby')", [])
            for id in 1...3 {
                try transaction.execute(
                    """
                    INSERT INTO detections (id, camera_key, ts, x, y, width, height, label, score, track, thumbnail, appearance)
                    VALUES (?, 1, ?, 10, 20, 30, 60, 'person', 0.9, 7, NULL, ?)
                    """, [Int64(id), Int64(1_000 * id), id == 2 ? Data?.none : vector])
            }
        }

        let after = try VigilDatabase(path: path, migrations: Domains.migrations)
        try after.transaction { transaction in
            #expect(try transaction.fetchInteger("SELECT count(*) FROM detections", []) == 3)
            #expect(try transaction.fetchText("SELECT group_concat(id) FROM (SELECT id FROM detection_appearances ORDER BY id)", []) == "1,3")
            #expect(try transaction.fetchValue("SELECT vector FROM detection_appearances WHERE id = 3", []) == .blob([UInt8](vector)))
            #expect(try transaction.fetchInteger("SELECT count(*) FROM pragma_table_info('detections') WHERE name = 'appearance'", []) == 0)
            let indexes = try transaction.fetchText(
                "SELECT group_concat(name) FROM (SELECT name FROM sqlite_master WHERE tbl_name = 'detections' AND type = 'index' ORDER BY name)", [])
            #expect(indexes == "detections_camera_time,detections_thumbnail", "by camera and time, by thumbnail; not by label or track")
            // A detection deleted takes its vector with it.
            try transaction.execute("DELETE FROM detections WHERE id = 1", [])
            #expect(try transaction.fetchInteger("SELECT count(*) FROM detection_appearances", []) == 1)
        }
    }

    /// A database that applied the analytics migrations of the single domain up to analytics-2
    /// (detections and zones, before vectors had a table) opens with the three domains, which list
    /// detections' (1, 3, 4, 7) before the zones' (2, 5, 6), and takes the rest: every migration
    /// applied once, the zones' later tables there.
    @Test func aDatabaseFromTheSingleAnalyticsDomainTakesTheMigrationsItLacks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-migration-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("vigil.sqlite").path
        let later = ["analytics-3", "analytics-4", "analytics-5", "analytics-6", "analytics-7"]
        func isLater(_ migration: StoreMigration) -> Bool { later.contains { migration.identifier.hasPrefix($0 + ":") } }
        #expect(Domains.migrations.filter(isLater).count == later.count)

        _ = try VigilDatabase(path: path, migrations: Domains.migrations.filter { !isLater($0) })
        let after = try VigilDatabase(path: path, migrations: Domains.migrations)
        try after.transaction { transaction in
            #expect(try transaction.fetchInteger("SELECT count(*) FROM grdb_migrations WHERE identifier LIKE 'analytics-%'", []) == 7)
            let tables = try transaction.fetchText(
                """
                SELECT group_concat(name) FROM (SELECT name FROM sqlite_master
                WHERE name IN ('detection_appearances', 'zone_versions', 'zone_pending') ORDER BY name)
                """, [])
            #expect(tables == "detection_appearances,zone_pending,zone_versions")
            #expect(try transaction.fetchInteger("SELECT count(*) FROM pragma_table_info('zone_pending') WHERE name = 'items'", []) == 1)
        }
    }
}
