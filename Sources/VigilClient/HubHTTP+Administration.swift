import Foundation
import VigilCore

extension HubHTTP {
    /// The sites this token covers (`GET /api/sites`), any role's token.
    public func sites() async throws -> [SiteSummary] {
        try await send("GET", "/api/sites").json().decode(SiteList.self, field: "the answer").sites
    }

    /// Creates the site `site.id` (`POST /api/sites`) and returns it as the hub keeps it. Needs an
    /// admin token of all sites; an id in use is `already_exists`, bad timings `invalid_data`, and
    /// neither changes anything.
    @discardableResult
    public func createSite(_ site: SiteCreation) async throws -> SiteSummary {
        try await send("POST", "/api/sites", body: .json(JSONValue(encoding: site))).json().decode(SiteCreated.self, field: "the answer").site
    }

    /// Every token of the hub, revoked and expired ones included, never a secret (`GET
    /// /api/tokens`). Needs an admin token of all sites.
    public func tokens() async throws -> [TokenSummary] {
        try await send("GET", "/api/tokens").json().decode(TokenList.self, field: "the answer").tokens
    }

    /// Issues a token (`POST /api/tokens`): the token and its secret, which the hub shows only this
    /// once. Needs an admin token covering the sites it names.
    public func createToken(_ token: TokenCreation) async throws -> TokenIssued {
        try await send("POST", "/api/tokens", body: .json(JSONValue(encoding: token))).json().decode(TokenIssued.self, field: "the answer")
    }

    /// Revokes the token `id` (`POST /api/tokens/{id}/revoke`): it is refused from now on and its
    /// open connections are closed. Needs an admin token of all sites.
    @discardableResult
    public func revokeToken(_ id: String) async throws -> TokenSummary {
        let segment = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? id
        return try await send("POST", "/api/tokens/\(segment)/revoke").json().decode(TokenRevoked.self, field: "the answer").token
    }
}
