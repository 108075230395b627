import Foundation
import Testing
import VigilCore
import VigilStore

/// What the writer's connection promises about the write-ahead log: every commit synced, and the
/// log copied back into the database file without the writer doing it.
@Suite struct WriteAheadLogTests {
    private let scratch = ScratchDirectory()

    @Test func everyCommitIsSyncedToTheDisk() throws {
        let database = try VigilDatabase(path: scratch.newDatabasePath(), migrations: [])
        // 2 is FULL: the log is synced at each commit, so an acknowledged event survives power loss.
        #expect(try database.transaction { try $0.fetchValue("PRAGMA synchronous", []) } == .integer(2))
    }

    @Test func theLogIsCopiedBackIntoTheDatabaseFile() async throws {
        let path = scratch.newDatabasePath()
        let log = EventLog(database: try VigilDatabase(path: path, migrations: []))
        let text = String(repeating: "x", count: 3_000)
        // 40 batches of 40 events of 3 KB: about 1,600 pages of log, past the 1,000 it is copied at.
        for batch in 0..<40 {
            _ = try await log.append(
                (0..<40).map { NewEvent(topic: "a/x", type: "notice", ts: 1, from: "t", payload: #"{"text":"\#(text)\#(batch)-\#($0)"}"#) })
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while Self.bytes(of: path) < 3_000_000, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(Self.bytes(of: path) >= 3_000_000, "the database file holds what the log held")
    }

    @Test func theLogsFileIsCutBackAfterABurst() async throws {
        let path = scratch.newDatabasePath()
        let database = try VigilDatabase(path: path, migrations: [])
        let log = EventLog(database: database)
        // One transaction of 6,000 events of 4 KB: about 24 MB of log, past what is kept of it.
        let text = String(repeating: "y", count: 4_000)
        _ = try await log.append((0..<6_000).map { NewEvent(topic: "a/x", type: "notice", ts: 1, from: "t", payload: #"{"text":"\#(text)\#($0)"}"#) })
        #expect(Self.bytes(of: path + "-wal") > VigilDatabase.logBytesKept, "the burst grew the log's file")
        // Once the log has been copied back, the next commit starts it over and cuts the file.
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.bytes(of: path + "-wal") > VigilDatabase.logBytesKept, ContinuousClock.now < deadline {
            _ = try await log.append([NewEvent(topic: "a/x", type: "notice", ts: 1, from: "t", payload: #"{"text":"after"}"#)])
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(Self.bytes(of: path + "-wal") <= VigilDatabase.logBytesKept)
        #expect(try await log.head(of: "a/x") > 6_000, "nothing written is lost with the log's file")
    }

    private static func bytes(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
