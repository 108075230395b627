import VigilCore
import VigilStore

/// Who is on the other end of a connection or HTTP request, as their token says.
public struct Identity: Sendable, Equatable {
    public var tokenID: String
    public var name: String
    public var role: Role
    /// Every site, present and future.
    public var allSites: Bool
    public var sites: Set<String>
    /// Where the connection or request came from (`address:port`), as the audit trail records it.
    public var peer: String

    public init(tokenID: String, name: String, role: Role, allSites: Bool, sites: Set<String>, peer: String = "") {
        self.tokenID = tokenID
        self.name = name
        self.role = role
        self.allSites = allSites
        self.sites = sites
        self.peer = peer
    }

    /// The token as the audit trail names whoever made a change.
    public var auditActor: AuditActor {
        AuditActor(tokenID: tokenID, name: name, role: role.rawValue, peer: peer)
    }

    /// Whether the token's scope covers `site`; a `+` wildcard is covered only by an all-sites token.
    public func covers(site: String) -> Bool {
        allSites || (site != "+" && sites.contains(site))
    }

    /// Whoever calls an open route (`DomainRoute.Access.open`) without a token: a reporter of no
    /// site, under a name no token can have (a token's name is a topic segment).
    public static let anonymous = Identity(tokenID: "", name: "(anonymous)", role: .reporter, allSites: false, sites: [])

    public var isAnonymous: Bool { tokenID.isEmpty }

    /// The sites as `welcome` lists them.
    public var siteList: [String] { allSites ? ["*"] : sites.sorted() }
}

extension Identity {
    /// Refuses unless the token's role is one of `roles`: "a guard token may not `action`".
    public func require(_ roles: Set<Role>, to action: String) throws(ProtocolError) {
        guard roles.contains(role) else {
            throw ProtocolError(.forbidden, "a \(role.rawValue) token may not \(action)")
        }
    }
}
