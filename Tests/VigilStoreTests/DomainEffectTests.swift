import Testing
import VigilCore
import VigilStore

/// Writes a location, then refuses when told to: the refusal must undo the write.
private struct WriteThenMaybeRefuse: DomainEffect {
    let location: String
    let refuse: Bool
    let mirrors: [String]

    func apply(to event: inout NewEvent, in transaction: DomainTransaction) throws -> [String] {
        try transaction.ensureLocation(location, site: "hq", name: nil)
        if refuse { throw ProtocolError(.invalidTransition, "refused on purpose") }
        event.type = "derived"
        return mirrors
    }
}

@Suite struct DomainEffectTests {
    private let scratch = ScratchDirectory()

    private func database() throws -> VigilDatabase {
        let database = try VigilDatabase(path: scratch.newDatabasePath())
        _ = try SiteRepository(database: database).create(id: "hq", name: "HQ", at: 0)
        return database
    }

    private func event(_ location: String, refuse: Bool, mirrors: [String] = []) -> NewEvent {
        NewEvent(
            topic: "alerts/hq", type: "raw", ts: 1, from: "t", payload: "{}",
            effect: WriteThenMaybeRefuse(location: location, refuse: refuse, mirrors: mirrors))
    }

    @Test func aRefusedEffectLeavesNothingAndTheRestOfTheBatchCommits() async throws {
        let database = try database()
        let log = EventLog(database: database)
        let outcomes = try await log.append([event("a", refuse: false), event("b", refuse: true), event("c", refuse: false)])
        #expect(seqs(outcomes) == [1, nil, 2], "the refused event takes no seq: no gap")
        guard case .refused(let refusal) = outcomes[1] else {
            Issue.record("the second event should be refused")
            return
        }
        #expect(refusal.code == .invalidTransition)
        let tables = DomainTables(database: database)
        let locations = try await tables.read { try $0.locations(of: "hq", after: nil, limit: 10).map(\.id) }
        #expect(locations == ["a", "c"], "the refused effect's own write is rolled back")
        #expect(try await log.events(of: "alerts/hq", after: 0, limit: 10).map(\.type) == ["derived", "derived"])
    }

    @Test func mirrorsAreTheSameEventNumberedOnTheirOwnTopics() async throws {
        let log = EventLog(database: try database())
        _ = try await log.append([NewEvent(topic: "alerts/hq/escalated", type: "x", ts: 1, from: "t", payload: "{}")])
        let outcomes = try await log.append([event("a", refuse: false, mirrors: ["alerts/hq/escalated"])])
        guard case .stored(let stored, let mirrors) = outcomes[0] else {
            Issue.record("the event should be stored")
            return
        }
        #expect(stored.seq == 1)
        #expect(mirrors.map(\.topic) == ["alerts/hq/escalated"])
        #expect(mirrors.map(\.seq) == [2])
        #expect(mirrors.first?.type == "derived" && mirrors.first?.payload == stored.payload)
        #expect(try await log.head(of: "alerts/hq/escalated") == 2)
    }
}
