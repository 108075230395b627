import Foundation

/// The hubs of one PostgreSQL store and what each last reported (`HubRoster`): a row a hub, its
/// report as JSON, replaced whole at each exchange. A hub's report is a few hundred bytes a
/// connection (its presence and its tokens' counts), read by every other hub each exchange: at one
/// exchange a second, 3 hubs of 2,000 connections each read some 2 MB a second between them.
struct PostgresHubRoster: HubRoster {
    static let tables = """
        CREATE TABLE hub_roster (
            hub TEXT PRIMARY KEY,
            alive_until BIGINT NOT NULL,
            report TEXT NOT NULL
        )
        """

    let database: PostgresDatabase

    func exchange(_ report: HubReport, aliveUntil: Int64, now: Int64) async throws(StoreError) -> [HubReport] {
        let text: String
        do {
            text = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        } catch {
            throw StoreError.unavailable("a hub's report could not be written: \(error)")
        }
        let reports = try await database.write { transaction in
            try transaction.execute("DELETE FROM hub_roster WHERE alive_until < ?", [now])
            try transaction.execute(
                """
                INSERT INTO hub_roster (hub, alive_until, report) VALUES (?, ?, ?)
                ON CONFLICT (hub) DO UPDATE SET alive_until = excluded.alive_until, report = excluded.report
                """, [report.hub, aliveUntil, text])
            return try transaction.fetchAll(Row.self, "SELECT report FROM hub_roster WHERE hub <> ?", [report.hub]).map(\.report)
        }
        // A report this build cannot read (a newer vigil's) is left out, not a failure of all.
        return reports.compactMap { try? JSONDecoder().decode(HubReport.self, from: Data($0.utf8)) }
    }

    private struct Row: Decodable {
        var report: String
    }
}
