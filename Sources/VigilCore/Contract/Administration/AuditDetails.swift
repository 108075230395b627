/// The `detail` of a `site.created` or `site.changed` entry of the audit trail: the site's
/// timings as they were set, and its name when it was made.
public struct SiteTimingsDetail: Sendable, Equatable, Codable {
    /// The site's name; only when the site was made.
    public var name: String?
    /// How long an alert nobody acknowledged waits before it escalates, in milliseconds.
    public var escalateAfterMs: Int64
    /// How long a visit lasts without motion before it ends, in milliseconds.
    public var quietAfterMs: Int64

    /// The detail of timings set, with the site's `name` when it was made.
    public init(name: String? = nil, escalateAfterMs: Int64, quietAfterMs: Int64) {
        self.name = name
        self.escalateAfterMs = escalateAfterMs
        self.quietAfterMs = quietAfterMs
    }
}

/// The `detail` of a `token.created` entry of the audit trail: whom the token is for and what it
/// covers, never its secret.
public struct TokenIssuedDetail: Sendable, Equatable, Codable {
    /// The name of the person or device it is for.
    public var name: String
    /// Its role as stored.
    public var role: String
    /// `true`: it covers every site.
    public var allSites: Bool
    /// The ids of the sites it was given.
    public var sites: [String]
    /// When it stops being accepted; nil: never.
    public var expiresAt: Int64?

    /// The detail of a token issued with these fields.
    public init(name: String, role: String, allSites: Bool, sites: [String], expiresAt: Int64?) {
        self.name = name
        self.role = role
        self.allSites = allSites
        self.sites = sites
        self.expiresAt = expiresAt
    }
}

/// The `detail` of a `token.revoked` entry of the audit trail: whose token it was, so that the
/// trail reads "revoked tim's token", not an id.
public struct TokenRevokedDetail: Sendable, Equatable, Codable {
    /// The name of the person or device it was for.
    public var name: String
    /// Its role as stored.
    public var role: String

    /// The detail of the revoke of `name`'s token of `role`.
    public init(name: String, role: String) {
        self.name = name
        self.role = role
    }
}
