/// Which entries of the audit trail a reader asks for: the query of `GET /api/audit`, read by the
/// hub and written by clients from this one definition.
public struct AuditFilter: Sendable, Equatable {
    /// The most entries one answer holds; older ones are asked for with `before`.
    public static let maxLimit = 500
    /// How many entries an answer holds when `limit` is not given.
    public static let defaultLimit = 100

    /// Only what the person with this token name did.
    public var name: String?
    /// Only the entries of this site.
    public var site: String?
    /// From this time on (milliseconds since 1970, inclusive).
    public var since: Int64?
    /// Before this time (milliseconds since 1970, exclusive).
    public var until: Int64?
    /// Entries with an id below this one: the next page back.
    public var before: Int64?
    /// At most this many entries, 1 to `maxLimit`; `defaultLimit` when nil.
    public var limit: Int?

    /// A filter of the given fields; none given reads the newest `defaultLimit` entries.
    public init(name: String? = nil, site: String? = nil, since: Int64? = nil, until: Int64? = nil, before: Int64? = nil, limit: Int? = nil) {
        self.name = name
        self.site = site
        self.since = since
        self.until = until
        self.before = before
        self.limit = limit
    }

    /// Reads the query's parameters; a time, id or limit that is not a whole number in range is
    /// `invalid_data` naming it.
    public init(query: [String: String]) throws(ProtocolError) {
        self.init(name: query["name"], site: query["site"])
        since = try Self.whole("since", in: query)
        until = try Self.whole("until", in: query)
        before = try Self.whole("before", in: query)
        if let limit = try Self.whole("limit", in: query) {
            guard (1...Int64(Self.maxLimit)).contains(limit) else {
                throw ProtocolError(.invalidData, "limit must be from 1 to \(Self.maxLimit)")
            }
            self.limit = Int(limit)
        }
    }

    /// The query's parameters, in a fixed order, for the given fields only.
    public var query: [(name: String, value: String)] {
        let fields: [(String, String?)] = [
            ("name", name), ("site", site), ("since", since.map(String.init)), ("until", until.map(String.init)),
            ("before", before.map(String.init)), ("limit", limit.map(String.init)),
        ]
        return fields.compactMap { name, value in value.map { (name, $0) } }
    }

    private static func whole(_ name: String, in query: [String: String]) throws(ProtocolError) -> Int64? {
        guard let text = query[name] else { return nil }
        guard let value = Int64(text), value >= 0 else { throw ProtocolError(.invalidData, "\(name) must be a whole number of 0 or more") }
        return value
    }
}
