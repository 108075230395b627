/// How long a site keeps the events of one kind in the log, and how many per topic: events older
/// than `maxAgeMs`, or beyond the newest `maxCount` of their topic, are pruned (`EventPruning`).
/// Without a rule a kind's events are kept for ever. The domains' state (open alerts, the camera
/// wall, rooms) is in their own tables and is not touched.
public struct RetentionRule: Sendable, Equatable, Decodable {
    public var site: String
    /// A topic kind (`notice`, `alerts`, `chat`): every topic `kind/site` and `kind/site/...`.
    public var kind: String
    public var maxAgeMs: Int64?
    public var maxCount: Int64?

    /// A rule for `kind` at `site`; nil for both keeps everything.
    public init(site: String, kind: String, maxAgeMs: Int64?, maxCount: Int64?) {
        self.site = site
        self.kind = kind
        self.maxAgeMs = maxAgeMs
        self.maxCount = maxCount
    }

    /// The shortest age and the smallest count a rule may set: a client must have time to resume.
    public static let minAgeMs: Int64 = 60_000
    public static let minCount: Int64 = 1
}

/// The retention rules of the hub's sites (`vigil site set hq --keep-events notice=7d`), kept in
/// the store so that a running hub follows a change at its next prune.
public struct EventRetention: Sendable {
    /// The most rules a site holds: one per kind, and kinds are the server's.
    public static let maxRulesPerSite = 64

    let database: any StoreDatabase

    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Sets (or, with neither bound, removes) the rule of `rule.kind` at `rule.site`.
    public func set(_ rule: RetentionRule) throws(StoreError) {
        try database.transaction { transaction in
            guard try transaction.siteExists(rule.site) else { throw StoreError.notFound("site \(rule.site)") }
            try transaction.execute("DELETE FROM event_retention WHERE site = ? AND kind = ?", [rule.site, rule.kind])
            guard rule.maxAgeMs != nil || rule.maxCount != nil else { return }
            guard try transaction.fetchInteger("SELECT count(*) FROM event_retention WHERE site = ?", [rule.site]) ?? 0 < Self.maxRulesPerSite else {
                throw StoreError.limitReached("site \(rule.site) has \(Self.maxRulesPerSite) retention rules, the most it keeps")
            }
            try transaction.execute(
                "INSERT INTO event_retention (site, kind, max_age_ms, max_count) VALUES (?, ?, ?, ?)",
                [rule.site, rule.kind, rule.maxAgeMs, rule.maxCount])
        }
    }

    /// The rules of `site`, by kind.
    public func rules(of site: String) throws(StoreError) -> [RetentionRule] {
        try database.readTransaction { transaction in
            try transaction.fetchAll(
                RetentionRule.self, "SELECT site, kind, max_age_ms, max_count FROM event_retention WHERE site = ? ORDER BY kind", [site])
        }
    }

    /// Every rule of every site, for the hub's prune.
    public static func rules(in transaction: any DomainTransaction) throws -> [RetentionRule] {
        try transaction.fetchAll(RetentionRule.self, "SELECT site, kind, max_age_ms, max_count FROM event_retention ORDER BY site, kind", [])
    }

    static let sqliteTables = """
        CREATE TABLE event_retention (
            site TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            max_age_ms INTEGER,
            max_count INTEGER,
            PRIMARY KEY (site, kind)
        );
        CREATE TABLE topic_pruned (
            topic TEXT PRIMARY KEY NOT NULL,
            through INTEGER NOT NULL
        );
        """

    static let postgresTables = """
        CREATE TABLE event_retention (
            site TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            max_age_ms BIGINT,
            max_count BIGINT,
            PRIMARY KEY (site, kind)
        );
        CREATE TABLE topic_pruned (
            topic TEXT PRIMARY KEY,
            through BIGINT NOT NULL
        );
        """
}
