import VigilCore
import VigilHub
import VigilStore

/// A domain that exists only in these tests, to show that the engine runs any domain it is given
/// and names none: `tally/{site}` counts, keeps its count in a table of its own, and a timer resets
/// a count left alone for ten seconds. It is what a new domain adds, in one file.
struct TallyDomain: Domain {
    static let migrations = [
        StoreMigration(
            "tally-1: counts", sql: "CREATE TABLE tallies (site TEXT PRIMARY KEY NOT NULL, count BIGINT NOT NULL, touched_at BIGINT NOT NULL)")
    ]
    static let quietMs: Int64 = 10_000

    private let service: TallyService

    init(context: DomainContext) {
        service = TallyService(
            access: SiteScopedAccess(readers: [.admin, .operator], writers: [.admin, .operator], sites: context.sites), store: context.store)
    }

    var services: [any TopicService] { [service] }

    func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try transaction.fetchAll(Tally.self, "SELECT * FROM tallies WHERE count > 0 AND touched_at + ? <= ?", [Self.quietMs, now]).map {
            TimerFiring(topic: "tally/\($0.site)", type: "tally.reset", effect: Reset(site: $0.site))
        }
    }

    var routes: [DomainRoute] {
        [
            DomainRoute(.get, "api/sites/:site/tally") { request async throws(ProtocolError) in
                let site = try request.parameter("site")
                try request.authorizeRead("tally/\(site)")
                return .json(["site": .string(site)])
            }
        ]
    }

    struct Tally: Decodable {
        var site: String
        var count: Int64
        var touchedAt: Int64
    }

    /// The `data` of `add`: `{by?}`, 1 to 100, 1 when absent.
    struct TallyAdd: Decodable {
        var by: Int?
    }

    struct TallyService: TopicService {
        let kind = "tally"
        let durability = Durability.durable
        let access: SiteScopedAccess
        let store: any EventStore

        func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
            try access.authorizeSiteTopicRead(identity, pattern)
        }

        func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
            try access.authorizeSiteTopicWrite(identity, topic)
            guard type == "add" else { throw ProtocolError(.unknownType, "tally topics take add") }
            let by = try CommandBounds.optionalWhole(try data.decode(TallyAdd.self).by, "by", in: 1...100) ?? 1
            return ValidatedEvent(type: "tally.added", payload: [:], effect: Add(site: topic.scope, by: by))
        }

        func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
            try await store.read { transaction in
                let count = try transaction.fetchInteger("SELECT count FROM tallies WHERE site = ?", [topic.scope]) ?? 0
                return TopicSnapshot(
                    head: try transaction.head(of: topic.rawValue), data: ["count": .number(Double(count)), "reader": .string(reader.name)])
            }
        }

        /// `count`: the site's count, without subscribing.
        func query(_ identity: Identity, topic: Topic, type: String, data: JSONValue) async throws -> JSONValue {
            try access.authorizeSiteTopicRead(identity, TopicPattern(topic.rawValue))
            guard type == "count" else { throw ProtocolError(.unknownType, "tally topics answer count") }
            let count = try await store.read { try $0.fetchInteger("SELECT count FROM tallies WHERE site = ?", [topic.scope]) ?? 0 }
            return ["count": .number(Double(count))]
        }
    }

    struct Add: DomainEffect {
        let site: String
        let by: Int

        func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
            try transaction.execute(
                "INSERT INTO tallies (site, count, touched_at) VALUES (?, ?, ?) ON CONFLICT (site) DO UPDATE SET count = tallies.count + excluded.count, touched_at = excluded.touched_at",
                [site, by, event.ts])
            let count = try transaction.fetchInteger("SELECT count FROM tallies WHERE site = ?", [site]) ?? 0
            event.payload = JSONValue.object(["count": .number(Double(count))]).canonicalText
            return []
        }
    }

    struct Reset: DomainEffect {
        let site: String

        func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
            try transaction.execute("UPDATE tallies SET count = 0 WHERE site = ? AND touched_at + ? <= ?", [site, TallyDomain.quietMs, event.ts])
            guard transaction.changesCount == 1 else { throw ProtocolError(.invalidTransition, "the tally of \(site) was touched meanwhile") }
            return []
        }
    }
}
