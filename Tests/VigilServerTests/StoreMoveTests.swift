import Foundation
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

/// Moving a hub from SQLite into PostgreSQL as an operator does: the hub served over TLS from the
/// fixture database made before the domain folders, stopped, its store moved by `vigil store
/// copy`, then served from PostgreSQL on the same address.
@Suite(
    .timeLimit(.minutes(10)),
    .enabled(if: TestPostgres.serverURL != nil || TestPostgres.isRequired, "needs a PostgreSQL server (VIGIL_TEST_POSTGRES_URL)"))
struct StoreMoveTests {
    static let database = fixture("VigilHubTests/Fixtures/before-domain-folders.sqlite")

    /// A client that stayed subscribed across the move resumes with `since`: the same epoch, the
    /// fixture's and the hub's events once each, and the events published after the move numbered
    /// on from the copied head, none missed or repeated; a client that comes later reads them too.
    @Test func aClientSubscribedAcrossTheMoveResumesWhereItWas() async throws {
        let hub = try HubProcess(inPostgres: false)
        try FileManager.default.createDirectory(atPath: hub.dataDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.database.path, toPath: hub.dataDirectory + "/vigil.sqlite")
        let secret = try await hub.token(["--role", "operator", "--site", "hq", "--name", "olga"])
        try await hub.start()
        var configuration = ClientConfiguration(url: hub.url, token: secret, caFile: hub.caFile)
        configuration.minBackoff = .milliseconds(50)
        configuration.maxBackoff = .milliseconds(400)

        let reader = VigilClient(configuration: configuration)
        let epoch = try await reader.connect().epoch
        let stream = try await reader.subscribe("notice/hq", since: 0)
        try await publishNotices(["before 1", "before 2"], configuration, expecting: [2, 3])
        let beforeMove = try await collect(3, from: stream)
        #expect(beforeMove.compactMap(\.seq) == [1, 2, 3], "the fixture's notice and the two published")

        await hub.stop()
        try await hub.moveStoreToPostgres()
        try await hub.start()
        #expect(hub.banner.contains("postgres://"), "served from PostgreSQL: \(hub.banner)")

        let later = VigilClient(configuration: configuration)
        #expect(try await later.connect().epoch == epoch, "the copy keeps the store's epoch")
        try await publishNotices(["after 1", "after 2"], configuration, expecting: [4, 5])
        let afterMove = try await collect(2, from: stream)
        #expect(afterMove.map { "\($0.seq ?? 0) \($0.data["text"]?.stringValue ?? "")" } == ["4 after 1", "5 after 2"])
        let read = try await collect(2, from: try await later.subscribe("notice/hq", since: 3))
        #expect(read.compactMap(\.seq) == [4, 5], "a resume from the copied head reads only what came after")
        let history = try await later.history(topic: "notice/hq", before: nil, limit: 10)
        #expect(history.compactMap(\.seq) == [1, 2, 3, 4, 5], "each stored once")
        await later.close()
        await reader.close()
        await hub.stop()
    }

    /// Publishes each text as a notice with a client of its own; the `seq`s acknowledged must be `expected`.
    private func publishNotices(_ texts: [String], _ configuration: ClientConfiguration, expecting expected: [UInt64]) async throws {
        let publisher = VigilClient(configuration: configuration)
        var seqs: [UInt64] = []
        for text in texts { seqs.append(try await publisher.publish(topic: "notice/hq", type: "notice", data: notice(text)).seq ?? 0) }
        await publisher.close()
        #expect(seqs == expected)
    }
}
