import Testing
import VigilCore
import VigilStore

/// A table with a row id the database gives, a column of every kind a record holds, and a default.
private let visitsTable = StoreMigration(
    "test-1: visits",
    sql: """
        CREATE TABLE visits (
            n INTEGER PRIMARY KEY, site TEXT NOT NULL, alert_id TEXT, stream_url TEXT, urgent_repeat_ms INTEGER, score REAL NOT NULL,
            state TEXT NOT NULL, snapshots TEXT NOT NULL DEFAULT '', seen_again INTEGER NOT NULL)
        """)

private enum VisitState: String, Decodable, Sendable {
    case open, closed
}

/// A record as a domain declares one: its fields are the columns, in camel case.
private struct VisitRow: TableRecord, Equatable {
    static let table = "visits"
    static let generatedColumns: Set<String> = ["n"]

    var n: Int64
    var site: String
    var alertID: String?
    var streamURL: String?
    var urgentRepeatMs: Int64?
    var score: Double
    var state: VisitState
    var snapshots: TextList
    var seenAgain: Bool

    // Reads turn `alert_id` into `alertId`: a field named with an acronym says so.
    private enum CodingKeys: String, CodingKey {
        case n, site, urgentRepeatMs, score, state, snapshots, seenAgain
        case alertID = "alertId"
        case streamURL = "streamUrl"
    }
}

/// Inserts the rows through the seam, in the commit, as a domain's effect does.
private struct InsertRows: DomainEffect {
    let rows: [VisitRow]

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        for row in rows { try transaction.insert(row) }
        return []
    }
}

@Suite struct TableRecordTests {
    private let scratch = ScratchDirectory()

    @Test func aRecordIsWrittenAsTheRowItIsReadBackAs() async throws {
        let log = EventLog(database: try VigilDatabase(path: scratch.newDatabasePath(), migrations: [visitsTable]))
        let rows = [
            VisitRow(
                n: 0, site: "hq", alertID: "al_1", streamURL: "https://cam/1", urgentRepeatMs: 60_000, score: 0.5, state: .closed,
                snapshots: TextList(["a", "b"]), seenAgain: true),
            VisitRow(
                n: 0, site: "depot", alertID: nil, streamURL: nil, urgentRepeatMs: nil, score: 1, state: .open, snapshots: TextList([]),
                seenAgain: false),
        ]
        _ = try await log.append([NewEvent(topic: "visits/hq", type: "raw", ts: 1, from: "t", payload: "{}", effect: InsertRows(rows: rows))])
        let read = try await log.read { try $0.fetchAll(VisitRow.self, "SELECT * FROM visits ORDER BY n", []) }
        #expect(read.map(\.n) == [1, 2], "the row ids are the database's, not the record's placeholder")
        #expect(
            read.map {
                var row = $0
                row.n = 0
                return row
            } == rows, "every field, nil ones as NULL, comes back as written")
    }

    @Test func aFieldIsItsColumnInSnakeCase() {
        let row = VisitRow(
            n: 7, site: "hq", alertID: nil, streamURL: nil, urgentRepeatMs: nil, score: 0, state: .open, snapshots: TextList([]), seenAgain: false)
        #expect(
            row.insertedColumns.map(\.name) == ["site", "alert_id", "stream_url", "urgent_repeat_ms", "score", "state", "snapshots", "seen_again"])
    }
}
