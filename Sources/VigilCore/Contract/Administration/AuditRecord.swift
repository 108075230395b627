/// One entry of the audit trail as `GET /api/audit` answers it (docs/security.md, "What is
/// recorded"): who changed or decided what, when by the hub's clock, from where, on what.
public struct AuditRecord: Sendable, Equatable, Codable {
    /// The entry's number, rising with each entry; `AuditFilter.before` pages back by it.
    public var id: Int64
    /// When, in milliseconds since 1970, by the hub's clock.
    public var at: Int64
    /// The id of the token that made the change; empty for `vigil` run on the hub's machine.
    public var token: String
    /// The token's name, or the system user who ran the command.
    public var name: String
    /// The token's role, or `command line`.
    public var role: String
    /// The address the request came from; `local` for the command line.
    public var peer: String
    /// The site the change belongs to; nil for the hub's own (tokens, public flood regions).
    public var site: String?
    /// What was done, as its event type says it: `alert.acknowledged`, `token.revoked`.
    public var action: String
    /// The topic of the event the change made, or the thing changed (`tokens/tk_...`).
    public var target: String
    /// The event's `seq` on `target`, when the change is an event of the log.
    public var seq: UInt64?
    /// The event's data, or the change's fields.
    public var detail: JSONValue

    /// An entry with every field given.
    public init(
        id: Int64, at: Int64, token: String, name: String, role: String, peer: String, site: String?, action: String, target: String,
        seq: UInt64?, detail: JSONValue
    ) {
        self.id = id
        self.at = at
        self.token = token
        self.name = name
        self.role = role
        self.peer = peer
        self.site = site
        self.action = action
        self.target = target
        self.seq = seq
        self.detail = detail
    }
}

/// The answer of `GET /api/audit`: entries newest first.
public struct AuditPage: Sendable, Equatable, Codable {
    /// At most the filter's `limit` entries, newest first.
    public var entries: [AuditRecord]

    /// A page of `entries`.
    public init(entries: [AuditRecord]) {
        self.entries = entries
    }
}
