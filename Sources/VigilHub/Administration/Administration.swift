import Foundation
import VigilCore
import VigilStore

/// Sites and tokens, administered by admin tokens over HTTP as `vigil site` and `vigil token` do
/// on the database. Any token may list the sites it covers; only an admin token for every site
/// changes anything or sees tokens, and a secret is shown once, in the answer that creates it.
public struct Administration: Sendable {
    let sites: SiteRepository
    let tokens: TokenRepository
    let audit: AuditTrail
    let hub: Hub

    public init(database: any StoreDatabase, hub: Hub) {
        sites = SiteRepository(database: database)
        tokens = TokenRepository(database: database)
        audit = AuditTrail(database: database)
        self.hub = hub
    }

    /// The sites `identity` covers.
    func sites(seenBy identity: Identity) async throws(ProtocolError) -> [Site] {
        try await offThePool { [sites] in try sites.all() }.filter { identity.covers(site: $0.id) }
    }

    func createSite(_ request: SiteRequest, by identity: Identity) async throws(ProtocolError) -> Site {
        try Self.requireAdmin(identity)
        let now = hub.clock.milliseconds()
        return try await offThePool { [sites] in
            try sites.create(id: request.id, name: request.name ?? request.id, at: now, timings: request.timings, by: identity.auditActor)
        }
    }

    func allTokens(by identity: Identity) async throws(ProtocolError) -> [TokenRecord] {
        try Self.requireAdmin(identity)
        return try await offThePool { [tokens] in try tokens.all() }
    }

    func issueToken(_ request: TokenRequest, by identity: Identity) async throws(ProtocolError) -> TokenIssuer.Issued {
        try Self.requireAdmin(identity)
        let now = hub.clock.milliseconds()
        return try await offThePool { [tokens] in
            try TokenIssuer(tokens: tokens).issue(
                role: request.role, sites: request.sites, allSites: request.allSites, name: request.name, now: now,
                expiresAt: request.lifetimeMs.map { now + $0 }, by: identity.auditActor)
        }
    }

    /// Revokes the token and ends its open connections at once (close 4010).
    func revokeToken(_ id: String, by identity: Identity) async throws(ProtocolError) -> TokenRecord {
        try Self.requireAdmin(identity)
        let now = hub.clock.milliseconds()
        let revoked = try await offThePool { [tokens] () throws -> TokenRecord? in
            try tokens.revoke(id: id, at: now, by: identity.auditActor)
            return try tokens.find(id: id)
        }
        await hub.closeRevokedSessions()
        guard let revoked else { throw ProtocolError(.notFound, "token \(id) does not exist") }
        return revoked
    }

    /// The audit trail as `identity` may read it: an admin token of every site reads all of it, an
    /// admin token of some sites only the entries of those sites; other roles none.
    func auditEntries(_ query: AuditQuery, by identity: Identity) async throws(ProtocolError) -> [AuditEntry] {
        try identity.require([.admin], to: "read the audit trail")
        var query = query
        if !identity.allSites { query.visibleSites = identity.sites }
        do {
            return try await audit.entries(query)
        } catch {
            throw ProtocolError(error)
        }
    }

    /// Sites and tokens are the whole hub's: an admin token of some sites administers none of
    /// them, or it could list the tokens of other sites, or issue itself one for every site.
    static func requireAdmin(_ identity: Identity) throws(ProtocolError) {
        guard identity.role == .admin, identity.allSites else {
            throw ProtocolError(.forbidden, "only an admin token for every site may administer sites and tokens")
        }
    }

    /// Runs a synchronous call of the repositories on a thread of its own, so that waiting for the
    /// database never holds one of the few cooperative threads the hub's reads need to finish.
    private func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws(ProtocolError) -> T {
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: Result { try body() }) }
        }
        do {
            return try result.get()
        } catch {
            throw ProtocolError(StoreError(error))
        }
    }
}
