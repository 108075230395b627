/// The body of `POST /api/sites` (docs/openapi.yaml): a new site's id and name, and how long its
/// alerts wait before escalating and its visits before ending. The hub holds each value to its
/// bounds (an id usable as a topic segment, a name of 1-100 characters, durations of 1 s to a day).
public struct SiteCreation: Sendable, Equatable, Codable {
    /// The site's id, 1-64 of A-Z a-z 0-9 - _ .
    public var id: String
    /// The site's name as people read it; the id when nil.
    public var name: String?
    /// How long an alert nobody acknowledged waits before it escalates; the hub's default when nil.
    public var escalateAfter: WireDuration?
    /// How long a visit lasts without motion before it ends; the hub's default when nil.
    public var quietAfter: WireDuration?

    /// A site `id` named `name`, with its timings when given.
    public init(id: String, name: String? = nil, escalateAfter: WireDuration? = nil, quietAfter: WireDuration? = nil) {
        self.id = id
        self.name = name
        self.escalateAfter = escalateAfter
        self.quietAfter = quietAfter
    }
}

/// The body of `POST /api/tokens` (docs/openapi.yaml): the role of a new token, the name of the
/// person or device it is for, the sites it covers (or all of them) and how long it lives.
public struct TokenCreation: Sendable, Equatable, Codable {
    /// What the token may do.
    public var role: Role
    /// The person's or device's name, a topic segment; the hub makes one when nil.
    public var name: String?
    /// The ids of the sites it covers; required unless `allSites`.
    public var sites: [String]?
    /// `true`: it covers every site, those made later included.
    public var allSites: Bool?
    /// How long it lives, 1 s to 366 days; for ever when nil.
    public var expiresIn: WireDuration?

    /// A token of `role` for `name`, covering `sites` or all of them, living `expiresIn`.
    public init(role: Role, name: String? = nil, sites: [String]? = nil, allSites: Bool? = nil, expiresIn: WireDuration? = nil) {
        self.role = role
        self.name = name
        self.sites = sites
        self.allSites = allSites
        self.expiresIn = expiresIn
    }

    private enum CodingKeys: String, CodingKey {
        case role, name, sites, allSites, expiresIn
    }

    /// Reads the body's fields; a role of another word is refused naming the roles there are.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        guard let role = try fields.decodeChoiceIfPresent(Role.self, forKey: .role) else {
            throw fields.refuse(.role, "must be one of \(Role.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.role = role
        name = try fields.decodeIfPresent(String.self, forKey: .name)
        sites = try fields.decodeIfPresent([String].self, forKey: .sites)
        allSites = try fields.decodeIfPresent(Bool.self, forKey: .allSites)
        expiresIn = try fields.decodeIfPresent(WireDuration.self, forKey: .expiresIn)
    }
}
