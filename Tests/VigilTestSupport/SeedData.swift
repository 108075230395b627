import VigilHub
import VigilStore

/// What every test hub starts with, in-process or behind TLS: sites `hq` and `depot`, and a token
/// of each role: admin (every site), operator, guard, device (hq), guard-depot (depot only) and
/// revoked (an operator of hq, revoked). Returns the secrets by those names.
public func seedSitesAndTokens(_ database: any StoreDatabase) throws -> [String: String] {
    let sites = SiteRepository(database: database)
    _ = try sites.create(id: "hq", name: "Headquarters", at: 0)
    _ = try sites.create(id: "depot", name: "Depot", at: 0)
    let tokens = TokenRepository(database: database)
    let issuer = TokenIssuer(tokens: tokens)
    var secrets: [String: String] = [:]
    secrets["admin"] = try issuer.issue(role: .admin, sites: [], allSites: true, name: "root", now: 0).secret
    secrets["operator"] = try issuer.issue(role: .operator, sites: ["hq"], allSites: false, name: "olga", now: 0).secret
    secrets["guard"] = try issuer.issue(role: .guard, sites: ["hq"], allSites: false, name: "gus", now: 0).secret
    secrets["device"] = try issuer.issue(role: .device, sites: ["hq"], allSites: false, name: "pir-1", now: 0).secret
    secrets["guard-depot"] = try issuer.issue(role: .guard, sites: ["depot"], allSites: false, name: "dora", now: 0).secret
    let revoked = try issuer.issue(role: .operator, sites: ["hq"], allSites: false, name: "gone", now: 0)
    try tokens.revoke(id: revoked.record.id, at: 1)
    secrets["revoked"] = revoked.secret
    return secrets
}
