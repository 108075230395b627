import VigilCore
import VigilStore

/// `POST /api/sites`: `{id, name?, escalateAfter?, quietAfter?}`, durations as text (`"90s"`) or milliseconds.
struct SiteRequest: Sendable {
    let id: String
    let name: String?
    let timings: SiteTimings

    init(_ body: JSONValue) throws(ProtocolError) {
        let site = try body.decode(SiteCreation.self)
        id = try CommandBounds.identifier(site.id, "id")
        name = try CommandBounds.optionalText(site.name, "name", maxLength: 100)
        let day: Int64 = 86_400_000
        timings = SiteTimings(
            escalateAfterMs: try CommandBounds.optionalDuration(site.escalateAfter, "escalateAfter", in: 1_000...day)
                ?? SiteTimings.standard.escalateAfterMs,
            quietAfterMs: try CommandBounds.optionalDuration(site.quietAfter, "quietAfter", in: 1_000...day) ?? SiteTimings.standard.quietAfterMs)
    }
}

/// `POST /api/tokens`: `{role, name?, sites?, allSites?, expiresIn?}`. The name becomes a topic
/// segment (a guard's camera view is `cameras/{site}/view/{name}`), so it follows the topic rules.
struct TokenRequest: Sendable {
    let role: Role
    let name: String?
    let sites: [String]
    let allSites: Bool
    let lifetimeMs: Int64?

    init(_ body: JSONValue) throws(ProtocolError) {
        let token = try body.decode(TokenCreation.self)
        role = token.role
        name = try CommandBounds.optionalIdentifier(token.name, "name")
        sites = try CommandBounds.identifiers(token.sites, "sites") ?? []
        allSites = token.allSites ?? false
        guard allSites || !sites.isEmpty else { throw ProtocolError(.invalidData, "data.sites must name at least one site, or set allSites") }
        lifetimeMs = try CommandBounds.optionalDuration(token.expiresIn, "expiresIn", in: 1_000...(366 * 86_400_000))
    }
}
