import VigilCore
import VigilStore

extension Administration {
    /// The routes the server mounts beside the domains' own.
    public var routes: [DomainRoute] {
        [
            DomainRoute(.get, "api/sites") { request async throws(ProtocolError) in
                .json(encoding: SiteList(sites: try await sites(seenBy: request.identity).map(\.summary)))
            },
            DomainRoute(.post, "api/sites", body: .frameLimit) { request async throws(ProtocolError) in
                let site = try await createSite(
                    SiteRequest(request.json("a JSON object {id, name?, escalateAfter?, quietAfter?}")), by: request.identity)
                return .created(encoding: SiteCreated(site: site.summary))
            },
            DomainRoute(.get, "api/tokens") { request async throws(ProtocolError) in
                let now = hub.clock.milliseconds()
                return .json(encoding: TokenList(tokens: try await allTokens(by: request.identity).map { $0.summary(at: now) }))
            },
            DomainRoute(.post, "api/tokens", body: .frameLimit) { request async throws(ProtocolError) in
                let issued = try await issueToken(
                    TokenRequest(request.json("a JSON object {role, name?, sites?, allSites?, expiresIn?}")), by: request.identity)
                let token = issued.record.summary(at: hub.clock.milliseconds())
                return .created(encoding: TokenIssued(token: token, secret: issued.secret))
            },
            DomainRoute(.get, "api/audit") { request async throws(ProtocolError) in
                let entries = try await auditEntries(AuditQuery(try AuditFilter(query: request.query)), by: request.identity)
                return .json(encoding: AuditPage(entries: entries.map(\.record)))
            },
            DomainRoute(.post, "api/tokens/:token/revoke") { request async throws(ProtocolError) in
                let revoked = try await revokeToken(request.parameter("token"), by: request.identity)
                return .json(encoding: TokenRevoked(token: revoked.summary(at: hub.clock.milliseconds())))
            },
        ]
    }
}
