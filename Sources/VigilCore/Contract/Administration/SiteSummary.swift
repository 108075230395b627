/// A site as `GET /api/sites` and `POST /api/sites` answer it (docs/protocol.md, "Sites and
/// tokens"): its id, its name, when it was made and its timings.
public struct SiteSummary: Sendable, Equatable, Codable {
    /// The site's id, a topic segment (`notice/{id}`).
    public var id: String
    /// The site's name as people read it.
    public var name: String
    /// When it was made, in milliseconds since 1970, by the hub's clock.
    public var createdAt: Int64
    /// How long an alert nobody acknowledged waits before it escalates, in milliseconds.
    public var escalateAfterMs: Int64
    /// How long a visit lasts without motion before it ends, in milliseconds.
    public var quietAfterMs: Int64

    /// A site with every field given.
    public init(id: String, name: String, createdAt: Int64, escalateAfterMs: Int64, quietAfterMs: Int64) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.escalateAfterMs = escalateAfterMs
        self.quietAfterMs = quietAfterMs
    }
}

/// The answer of `GET /api/sites`: the sites the token covers.
public struct SiteList: Sendable, Equatable, Codable {
    /// The sites, by id.
    public var sites: [SiteSummary]

    /// A listing of `sites`.
    public init(sites: [SiteSummary]) {
        self.sites = sites
    }
}

/// The answer of `POST /api/sites`: the site made.
public struct SiteCreated: Sendable, Equatable, Codable {
    /// The new site.
    public var site: SiteSummary

    /// The answer for `site`.
    public init(site: SiteSummary) {
        self.site = site
    }
}
