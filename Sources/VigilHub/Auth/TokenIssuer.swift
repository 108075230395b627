import Foundation
import VigilCore
import VigilStore

/// Creates tokens: the secret is returned once and only its hash is stored.
public struct TokenIssuer: Sendable {
    let tokens: TokenRepository

    public init(tokens: TokenRepository) {
        self.tokens = tokens
    }

    public struct Issued: Sendable {
        public let record: TokenRecord
        public let secret: String
    }

    /// `expiresAt` (milliseconds since the epoch): when the token stops being accepted; nil: never.
    /// With `actor`, the audit trail keeps who issued it.
    public func issue(
        role: Role, sites: [String], allSites: Bool, name: String?, now: Int64, expiresAt: Int64? = nil, by actor: AuditActor? = nil
    ) throws -> Issued {
        let id = TokenSecret.recordID(prefix: "tk_")
        let secret = TokenSecret.generate()
        let record = TokenRecord(
            id: id, name: name ?? "\(role.rawValue)-\(id.dropFirst(3).prefix(6))", role: role.rawValue,
            allSites: allSites, sites: Array(Set(sites)).sorted(), createdAt: now, expiresAt: expiresAt)
        try tokens.insert(record, secretHash: TokenSecret.hash(secret), by: actor)
        return Issued(record: record, secret: secret)
    }
}
