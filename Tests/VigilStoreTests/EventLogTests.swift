import Testing
import VigilCore
import VigilStore
import VigilTestSupport

/// The `seq` of each stored event of a batch, nil for a refused one.
func seqs(_ outcomes: [AppendOutcome]) -> [UInt64?] {
    outcomes.map { outcome in
        if case .stored(let event, _) = outcome { return event.seq }
        return nil
    }
}

/// The event log's contract, on every back end.
@Suite struct EventLogTests {
    private func event(_ topic: String, _ text: String) -> NewEvent {
        NewEvent(topic: topic, type: "notice", ts: 1, from: "t", payload: #"{"text":"\#(text)"}"#)
    }

    @Test(arguments: StoreBackEnd.available) func seqCountsPerTopicFromOneAcrossBatches(_ backEnd: StoreBackEnd) async throws {
        let log = try TestStore.make(backEnd, migrations: [])
        let first = try await log.append([event("a/x", "1"), event("b/x", "1"), event("a/x", "2")])
        #expect(seqs(first) == [1, 1, 2])
        let second = try await log.append([event("a/x", "3"), event("b/x", "2")])
        #expect(seqs(second) == [3, 2])
        #expect(try await log.head(of: "a/x") == 3)
        #expect(try await log.head(of: "never") == 0)
    }

    @Test(arguments: StoreBackEnd.available) func numberingContinuesAfterReopening(_ backEnd: StoreBackEnd) async throws {
        let store = try TestStore.make(backEnd, migrations: [])
        _ = try await store.append((1...5).map { event("a/x", "\($0)") })
        let reopened = try store.reopened(migrations: [])
        #expect(reopened.epoch == store.epoch, "the epoch names the database, not the process")
        let log = reopened
        let next = try await log.append([event("a/x", "6")])
        #expect(seqs(next) == [6])
        #expect(try await log.events(of: "a/x", after: 0, limit: 100).map(\.payload) == (1...6).map { #"{"text":"\#($0)"}"# })
    }

    @Test(arguments: StoreBackEnd.available) func aNewDatabaseHasANewEpoch(_ backEnd: StoreBackEnd) throws {
        #expect(try TestStore.make(backEnd, migrations: []).epoch != TestStore.make(backEnd, migrations: []).epoch)
    }

    @Test(arguments: StoreBackEnd.available) func readsAfterAndBefore(_ backEnd: StoreBackEnd) async throws {
        let log = try TestStore.make(backEnd, migrations: [])
        _ = try await log.append((1...20).map { event("a/x", "\($0)") })
        #expect(try await log.events(of: "a/x", after: 15, limit: 100).map(\.seq) == [16, 17, 18, 19, 20])
        #expect(try await log.events(of: "a/x", after: 0, limit: 3).map(\.seq) == [1, 2, 3])
        #expect(try await log.history(of: "a/x", before: nil, limit: 4).map(\.seq) == [17, 18, 19, 20])
        #expect(try await log.history(of: "a/x", before: 3, limit: 10).map(\.seq) == [1, 2])
    }
}

@Suite struct TokenAndSiteTests {
    @Test(arguments: StoreBackEnd.available) func tokensKeepOnlyTheHashAndCanBeRevoked(_ backEnd: StoreBackEnd) async throws {
        let store = try TestStore.make(backEnd, migrations: [])
        let database = store.database
        _ = try SiteRepository(database: database).create(id: "hq", name: "HQ", at: 0)
        #expect(throws: StoreError.alreadyExists("site hq")) { try SiteRepository(database: database).create(id: "hq", name: "again", at: 0) }
        let tokens = TokenRepository(database: database)
        let record = TokenRecord(id: "tk_1", name: "gus", role: "guard", allSites: false, sites: ["hq"], createdAt: 5)
        try tokens.insert(record, secretHash: "abc123")
        #expect(try await tokens.find(secretHash: "abc123") == record)
        #expect(try await tokens.find(secretHash: "other") == nil)
        #expect(throws: StoreError.notFound("site nowhere")) {
            try tokens.insert(TokenRecord(id: "tk_2", name: "x", role: "guard", allSites: false, sites: ["nowhere"], createdAt: 0), secretHash: "h2")
        }
        try tokens.revoke(id: "tk_1", at: 9)
        #expect(try await tokens.find(secretHash: "abc123")?.revokedAt == 9)
        #expect(throws: StoreError.notFound("token tk_missing")) { try tokens.revoke(id: "tk_missing", at: 9) }
        #expect(try tokens.all().map(\.id) == ["tk_1"])
        #expect(try await tokens.ended(among: ["tk_1", "tk_missing"], at: 10) == ["tk_1": .revoked])
        #expect(try SiteRepository(database: database).find("hq")?.name == "HQ")
        withExtendedLifetime(store) {}
    }
}
