import Testing
import VigilCore
import VigilStore
import VigilTestSupport

/// The retention's prune, on every back end: by count and by age, a bounded chunk at a time, only
/// the topics of the rule's site and kind, with the point pruned through kept for `gap`.
@Suite struct EventPruningTests {
    private func events(_ topic: String, _ count: Int, at ts: Int64) -> [NewEvent] {
        (0..<count).map { NewEvent(topic: topic, type: "notice", ts: ts, from: "t", payload: #"{"text":"\#($0)"}"#) }
    }

    private func store(_ backEnd: StoreBackEnd, sites: [String]) throws -> TestStore {
        let store = try TestStore.make(backEnd, migrations: [])
        for site in sites { _ = try SiteRepository(database: store.database).create(id: site, name: site, at: 0) }
        return store
    }

    /// Prunes as the hub's tick does, chunk after chunk, until nothing is left to prune.
    private func pruneAll(_ store: TestStore, now: Int64, limit: Int) async throws -> [EventPruning.Pruned] {
        var pruned: [EventPruning.Pruned] = []
        let work = try await store.read { transaction in
            try EventRetention.rules(in: transaction).flatMap { rule in try EventPruning.topics(of: rule, in: transaction).map { (rule, $0) } }
        }
        for (rule, topic) in work {
            while let chunk = try await store.write({ try EventPruning.pruneChunk(of: topic, by: rule, now: now, limit: limit, in: $0) }) {
                pruned.append(chunk)
            }
        }
        return pruned
    }

    @Test(arguments: StoreBackEnd.available) func aCountKeepsTheNewestOfEachTopicInBoundedChunks(_ backEnd: StoreBackEnd) async throws {
        let store = try store(backEnd, sites: ["hq"])
        _ = try await store.append(events("notice/hq", 25, at: 1) + events("notice/hq/lobby", 3, at: 1))
        try EventRetention(database: store.database).set(RetentionRule(site: "hq", kind: "notice", maxAgeMs: nil, maxCount: 5))

        let pruned = try await pruneAll(store, now: 2, limit: 8)
        #expect(
            pruned == [
                .init(topic: "notice/hq", from: 1, to: 8), .init(topic: "notice/hq", from: 9, to: 16), .init(topic: "notice/hq", from: 17, to: 20),
            ])
        #expect(try await store.events(of: "notice/hq", after: 0, limit: 100).map(\.seq) == [21, 22, 23, 24, 25])
        #expect(try await store.events(of: "notice/hq/lobby", after: 0, limit: 100).count == 3)
        #expect(try await store.read { try EventPruning.prunedThrough("notice/hq", in: $0) } == 20)
        // The head stays: numbering goes on after the pruned events, never over them.
        #expect(seqs(try await store.append(events("notice/hq", 1, at: 3))) == [26])
        #expect(try await pruneAll(store, now: 3, limit: 8) == [.init(topic: "notice/hq", from: 21, to: 21)])
    }

    @Test(arguments: StoreBackEnd.available) func anAgePrunesWhatIsOlderOnly(_ backEnd: StoreBackEnd) async throws {
        let store = try store(backEnd, sites: ["hq"])
        _ = try await store.append(events("alerts/hq", 4, at: 1_000))
        _ = try await store.append(events("alerts/hq", 3, at: 100_000))
        try EventRetention(database: store.database).set(RetentionRule(site: "hq", kind: "alerts", maxAgeMs: 60_000, maxCount: nil))

        #expect(try await pruneAll(store, now: 61_000, limit: 100) == [])
        #expect(try await pruneAll(store, now: 61_001, limit: 100) == [.init(topic: "alerts/hq", from: 1, to: 4)])
        #expect(try await pruneAll(store, now: 160_000, limit: 100) == [])
        #expect(try await store.events(of: "alerts/hq", after: 0, limit: 100).map(\.seq) == [5, 6, 7])
    }

    /// A rule of `hq_1` prunes `hq_1`'s topics, not those of `hqx1` (which LIKE's `_` would match)
    /// nor of `hq_10` (whose topics share the prefix).
    @Test(arguments: StoreBackEnd.available) func aRuleKeepsToItsSiteAndKind(_ backEnd: StoreBackEnd) async throws {
        let store = try store(backEnd, sites: ["hq_1", "hqx1", "hq_10"])
        for topic in ["notice/hq_1", "notice/hq_1/gate", "notice/hqx1", "notice/hq_10", "chat/hq_1/room"] {
            _ = try await store.append(events(topic, 3, at: 1))
        }
        try EventRetention(database: store.database).set(RetentionRule(site: "hq_1", kind: "notice", maxAgeMs: nil, maxCount: 1))
        let pruned = try await pruneAll(store, now: 2, limit: 100)
        #expect(Set(pruned.map(\.topic)) == ["notice/hq_1", "notice/hq_1/gate"])
        for untouched in ["notice/hqx1", "notice/hq_10", "chat/hq_1/room"] {
            #expect(try await store.events(of: untouched, after: 0, limit: 10).count == 3, "\(untouched)")
        }
    }

    @Test(arguments: StoreBackEnd.available) func rulesAreSetReplacedAndRemoved(_ backEnd: StoreBackEnd) throws {
        let store = try store(backEnd, sites: ["hq"])
        let retention = EventRetention(database: store.database)
        try retention.set(RetentionRule(site: "hq", kind: "notice", maxAgeMs: 86_400_000, maxCount: nil))
        try retention.set(RetentionRule(site: "hq", kind: "notice", maxAgeMs: nil, maxCount: 10))
        try retention.set(RetentionRule(site: "hq", kind: "chat", maxAgeMs: 60_000, maxCount: 5))
        #expect(
            try retention.rules(of: "hq") == [
                RetentionRule(site: "hq", kind: "chat", maxAgeMs: 60_000, maxCount: 5),
                RetentionRule(site: "hq", kind: "notice", maxAgeMs: nil, maxCount: 10),
            ])
        try retention.set(RetentionRule(site: "hq", kind: "chat", maxAgeMs: nil, maxCount: nil))
        #expect(try retention.rules(of: "hq").map(\.kind) == ["notice"])
        for kind in 0..<(EventRetention.maxRulesPerSite - 1) {
            try retention.set(RetentionRule(site: "hq", kind: "k\(kind)", maxAgeMs: nil, maxCount: 1))
        }
        #expect(throws: StoreError.limitReached("site hq has 64 retention rules, the most it keeps")) {
            try retention.set(RetentionRule(site: "hq", kind: "one-more", maxAgeMs: nil, maxCount: 1))
        }
        #expect(try retention.rules(of: "hq").count == 64 && !retention.rules(of: "hq").contains { $0.kind == "one-more" })
        try retention.set(RetentionRule(site: "hq", kind: "notice", maxAgeMs: nil, maxCount: 20))  // a kind's rule is replaced in place
        #expect(throws: StoreError.notFound("site nowhere")) {
            try retention.set(RetentionRule(site: "nowhere", kind: "notice", maxAgeMs: nil, maxCount: 1))
        }
    }
}
