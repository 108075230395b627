import GRDB

extension Migrations {
    /// Tokens may carry an expiry (`vigil token create --expires 24h`); existing tokens never expire.
    static func registerTokenExpiry(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2-token-expiry") { db in
            try db.execute(sql: "ALTER TABLE tokens ADD COLUMN expires_at INTEGER")
        }
    }
}
