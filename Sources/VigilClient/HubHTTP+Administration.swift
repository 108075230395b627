import VigilCore

extension HubHTTP {
    /// Creates the site `site.id` (`POST /api/sites`). Needs an admin token of all sites; an id in
    /// use is `already_exists`, bad timings `invalid_data`, and neither changes anything.
    public func createSite(_ site: SiteCreation) async throws {
        _ = try await send("POST", "/api/sites", body: .json(JSONValue(encoding: site))).json()
    }

    /// Issues a token (`POST /api/tokens`) and returns its secret, which the hub shows only this
    /// once. Needs an admin token covering the sites it names.
    public func createToken(_ token: TokenCreation) async throws -> String {
        guard let secret = try await send("POST", "/api/tokens", body: .json(JSONValue(encoding: token))).json()["secret"]?.stringValue else {
            throw ClientError.unexpectedAnswer("the new token has no secret")
        }
        return secret
    }
}
