import Foundation
import VigilCore

/// A token as stored: only the hash of its secret is kept.
public struct TokenRecord: Sendable, Equatable {
    public var id: String
    public var name: String
    public var role: String
    /// True when the token may see every site, present and future.
    public var allSites: Bool
    public var sites: [String]
    public var createdAt: Int64
    public var revokedAt: Int64?
    /// When the token stops being accepted (milliseconds since the epoch); nil: it never expires.
    public var expiresAt: Int64?

    public init(
        id: String, name: String, role: String, allSites: Bool, sites: [String], createdAt: Int64,
        revokedAt: Int64? = nil, expiresAt: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.role = role
        self.allSites = allSites
        self.sites = sites
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.expiresAt = expiresAt
    }

    public func hasExpired(at time: Int64) -> Bool {
        expiresAt.map { $0 <= time } ?? false
    }
}

public struct TokenRepository: Sendable {
    /// The most live tokens (neither revoked nor expired) that name one site, and that cover every
    /// site. Ended tokens stay as the record of who had access and do not count.
    public static let maxLivePerSite = 1000
    public static let maxLiveAllSites = 100

    let database: any StoreDatabase

    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Stores a new token; every named site must exist. With `actor`, the audit trail keeps who
    /// created it, in the same transaction.
    public func insert(_ token: TokenRecord, secretHash: String, by actor: AuditActor? = nil) throws(StoreError) {
        try database.transaction { transaction in
            for site in token.sites where try !transaction.siteExists(site) {
                throw StoreError.notFound("site \(site)")
            }
            try Self.requireRoom(for: token, in: transaction)
            try transaction.execute(
                "INSERT INTO tokens (id, name, role, all_sites, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [token.id, token.name, token.role, token.allSites, secretHash, token.createdAt, token.expiresAt])
            for site in token.sites {
                try transaction.execute("INSERT INTO token_sites (token_id, site_id) VALUES (?, ?)", [token.id, site])
            }
            if let actor {
                let detail = TokenIssuedDetail(
                    name: token.name, role: token.role, allSites: token.allSites, sites: token.sites, expiresAt: token.expiresAt)
                try AuditEntry(
                    at: token.createdAt, actor: actor, site: nil, action: "token.created", target: "tokens/\(token.id)",
                    detail: try JSONValue.canonicalText(of: detail)
                ).record(in: transaction)
            }
        }
    }

    /// Counted in the transaction that inserts, so that tokens issued at once cannot pass the limits.
    private static func requireRoom(for token: TokenRecord, in transaction: any DomainTransaction) throws {
        let live = "t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > ?)"
        if token.allSites {
            let count = try transaction.fetchInteger("SELECT count(*) FROM tokens t WHERE t.all_sites = 1 AND \(live)", [token.createdAt]) ?? 0
            guard count < maxLiveAllSites else {
                throw StoreError.limitReached("the hub has \(maxLiveAllSites) live tokens for every site, the most it keeps; revoke one first")
            }
        }
        for site in token.sites {
            let count =
                try transaction.fetchInteger(
                    "SELECT count(*) FROM token_sites s JOIN tokens t ON t.id = s.token_id WHERE s.site_id = ? AND \(live)", [site, token.createdAt])
                ?? 0
            guard count < maxLivePerSite else {
                throw StoreError.limitReached("site \(site) has \(maxLivePerSite) live tokens, the most a site keeps; revoke one first")
            }
        }
    }

    /// The token whose secret hashes to `secretHash`, revoked or not. Async: a synchronous read
    /// would hold a cooperative thread while it waits for a reader, and with every thread waiting
    /// so, the async reads that hold the readers could never finish.
    public func find(secretHash: String) async throws(StoreError) -> TokenRecord? {
        try await database.read { transaction in
            try transaction.fetchOne(TokenRow.self, "SELECT \(TokenRow.columns) FROM tokens WHERE secret_hash = ?", [secretHash])?
                .record(in: transaction)
        }
    }

    /// The token with this id, revoked or not.
    public func find(id: String) throws(StoreError) -> TokenRecord? {
        try database.readTransaction { transaction in
            try transaction.fetchOne(TokenRow.self, "SELECT \(TokenRow.columns) FROM tokens WHERE id = ?", [id])?.record(in: transaction)
        }
    }

    public func all() throws(StoreError) -> [TokenRecord] {
        try database.readTransaction { transaction in
            try transaction.fetchAll(TokenRow.self, "SELECT \(TokenRow.columns) FROM tokens ORDER BY created_at, id", []).map {
                try $0.record(in: transaction)
            }
        }
    }

    public func isEmpty() throws(StoreError) -> Bool {
        try database.readTransaction { try $0.fetchInteger("SELECT count(*) FROM tokens", []) == 0 }
    }

    /// Marks a token revoked; a revoked token is refused from then on. With `actor`, the audit
    /// trail keeps who revoked it, in the same transaction (a token revoked already changes nothing
    /// and is not recorded again).
    public func revoke(id: String, at time: Int64, by actor: AuditActor? = nil) throws(StoreError) {
        try database.transaction { transaction in
            try transaction.execute("UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [time, id])
            if transaction.changesCount == 0, try !transaction.exists("SELECT 1 FROM tokens WHERE id = ?", [id]) {
                throw StoreError.notFound("token \(id)")
            }
            if let actor, transaction.changesCount == 1 {
                // Named in the entry, so that the trail reads "revoked tim's token", not an id.
                let revoked = try transaction.fetchOne(NameAndRole.self, "SELECT name, role FROM tokens WHERE id = ?", [id])
                let detail = TokenRevokedDetail(name: revoked?.name ?? "", role: revoked?.role ?? "")
                try AuditEntry(
                    at: time, actor: actor, site: nil, action: "token.revoked", target: "tokens/\(id)",
                    detail: try JSONValue.canonicalText(of: detail)
                )
                .record(in: transaction)
            }
        }
    }

    private struct NameAndRole: Decodable {
        var name: String
        var role: String
    }

    /// Why a token stopped being accepted.
    public enum Ending: Sendable, Equatable {
        case revoked
        case expired
    }

    /// Those of `ids` that are revoked, or expired at `time`.
    public func ended(among ids: Set<String>, at time: Int64) async throws(StoreError) -> [String: Ending] {
        guard !ids.isEmpty else { return [:] }
        return try await database.read { transaction in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            let rows = try transaction.fetchAll(
                EndedRow.self,
                "SELECT id, revoked_at IS NOT NULL AS revoked FROM tokens WHERE (revoked_at IS NOT NULL OR expires_at <= ?) AND id IN (\(marks))",
                [time] + ids.map { $0 as any StoreArgument })
            return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.revoked ? .revoked : .expired) })
        }
    }

}

/// Whether an ended token was revoked (or else expired).
private struct EndedRow: Decodable {
    var id: String
    var revoked: Bool
}

/// A row of `tokens`; its sites are in `token_sites`.
private struct TokenRow: Decodable {
    static let columns = "id, name, role, all_sites, created_at, revoked_at, expires_at"

    var id: String
    var name: String
    var role: String
    var allSites: Bool
    var createdAt: Int64
    var revokedAt: Int64?
    var expiresAt: Int64?

    func record(in transaction: any DomainTransaction) throws -> TokenRecord {
        let sites = try transaction.fetchAll(TokenSite.self, "SELECT site_id FROM token_sites WHERE token_id = ? ORDER BY site_id", [id]).map(
            \.siteId)
        return TokenRecord(
            id: id, name: name, role: role, allSites: allSites, sites: sites, createdAt: createdAt, revokedAt: revokedAt, expiresAt: expiresAt)
    }
}

private struct TokenSite: Decodable {
    var siteId: String
}
