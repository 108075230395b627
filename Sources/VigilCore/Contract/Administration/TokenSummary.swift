/// A token as `GET /api/tokens` lists it and `POST /api/tokens` and its revoke answer it
/// (docs/protocol.md, "Sites and tokens"). Never its secret: only `TokenIssued` carries that.
public struct TokenSummary: Sendable, Equatable, Codable {
    /// Whether the hub accepts a token now.
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Accepted.
        case active
        /// Revoked by an admin: refused, its connections closed.
        case revoked
        /// Past its `expiresAt`: refused.
        case expired
    }

    /// The token's id (`tk_...`), which its revoke names.
    public var id: String
    /// The name of the person or device it is for, a topic segment.
    public var name: String
    /// Its role as stored: `admin`, `operator`, `guard`, `device` or `reporter`.
    public var role: String
    /// `true`: it covers every site, those made later included.
    public var allSites: Bool
    /// The ids of the sites it was given (with `allSites`, it covers the others too).
    public var sites: [String]
    /// When it was issued, in milliseconds since 1970, by the hub's clock.
    public var createdAt: Int64
    /// When it stops being accepted; nil: never.
    public var expiresAt: Int64?
    /// When it was revoked; nil: it was not.
    public var revokedAt: Int64?
    /// Whether it is accepted now.
    public var state: State

    /// A token with every field given.
    public init(
        id: String, name: String, role: String, allSites: Bool, sites: [String], createdAt: Int64, expiresAt: Int64?, revokedAt: Int64?,
        state: State
    ) {
        self.id = id
        self.name = name
        self.role = role
        self.allSites = allSites
        self.sites = sites
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.state = state
    }
}

/// The answer of `GET /api/tokens`: every token of the hub, revoked and expired ones included.
public struct TokenList: Sendable, Equatable, Codable {
    /// The tokens.
    public var tokens: [TokenSummary]

    /// A listing of `tokens`.
    public init(tokens: [TokenSummary]) {
        self.tokens = tokens
    }
}

/// The answer of `POST /api/tokens`: the new token and its secret, which the hub shows only this
/// once (it keeps only its hash).
public struct TokenIssued: Sendable, Equatable, Codable {
    /// The new token.
    public var token: TokenSummary
    /// What a client signs in with (`vgl_...`).
    public var secret: String

    /// The answer for `token` and its `secret`.
    public init(token: TokenSummary, secret: String) {
        self.token = token
        self.secret = secret
    }
}

/// The answer of `POST /api/tokens/{id}/revoke`: the token as it now is.
public struct TokenRevoked: Sendable, Equatable, Codable {
    /// The revoked token.
    public var token: TokenSummary

    /// The answer for `token`.
    public init(token: TokenSummary) {
        self.token = token
    }
}
