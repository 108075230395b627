import VigilCore
import VigilStore

/// `POST /api/sites`: `{id, name?, escalateAfter?, quietAfter?}`, durations as text (`"90s"`) or milliseconds.
struct SiteRequest: Sendable {
    let id: String
    let name: String?
    let timings: SiteTimings

    init(_ body: JSONValue) throws(ProtocolError) {
        let fields = try CommandData(body, shape: "{id, name?, escalateAfter?, quietAfter?}")
        id = try fields.identifier("id")
        name = try fields.optionalString("name", maxLength: 100)
        let day: Int64 = 86_400_000
        timings = SiteTimings(
            escalateAfterMs: try fields.optionalDuration("escalateAfter", in: 1_000...day) ?? SiteTimings.standard.escalateAfterMs,
            quietAfterMs: try fields.optionalDuration("quietAfter", in: 1_000...day) ?? SiteTimings.standard.quietAfterMs)
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
        let fields = try CommandData(body, shape: "{role, name?, sites?, allSites?, expiresIn?}")
        guard let role = fields.fields["role"]?.stringValue.flatMap(Role.init(rawValue:)) else {
            throw ProtocolError(.invalidData, "data.role must be one of admin, operator, guard, device, reporter")
        }
        self.role = role
        name = try fields.optionalIdentifier("name")
        sites = try fields.optionalIdentifiers("sites") ?? []
        allSites = try fields.bool("allSites") ?? false
        guard allSites || !sites.isEmpty else { throw ProtocolError(.invalidData, "data.sites must name at least one site, or set allSites") }
        lifetimeMs = try fields.optionalDuration("expiresIn", in: 1_000...(366 * 86_400_000))
    }
}
