import Logging
import VigilCore
import VigilStore

/// Turns a presented token into an `Identity`, or refuses it. Refusals are logged with the reason
/// and the token's id when it is known; a secret is never logged.
public struct Authenticator: Sendable {
    let tokens: TokenRepository
    let clock: any HubClock
    let logger: Logger

    public init(tokens: TokenRepository, clock: any HubClock, logger: Logger) {
        self.tokens = tokens
        self.clock = clock
        self.logger = logger
    }

    public func authenticate(_ secret: String, peer: String) async throws(ProtocolError) -> Identity {
        guard TokenSecret.isWellFormed(secret) else {
            logger.warning("refused a malformed token", metadata: ["peer": "\(peer)"])
            throw ProtocolError(.unauthorized, "the token is not valid")
        }
        let record: TokenRecord?
        do {
            record = try await tokens.find(secretHash: TokenSecret.hash(secret))
        } catch {
            logger.error("token lookup failed", metadata: ["error": "\(error)"])
            throw ProtocolError(.storeUnavailable, "the token could not be checked; try again")
        }
        guard let record else {
            logger.warning("refused an unknown token", metadata: ["peer": "\(peer)"])
            throw ProtocolError(.unauthorized, "the token is not valid")
        }
        guard record.revokedAt == nil else {
            logger.warning("refused a revoked token", metadata: ["peer": "\(peer)", "token": "\(record.id)"])
            throw ProtocolError(.unauthorized, "the token has been revoked")
        }
        guard !record.hasExpired(at: clock.milliseconds()) else {
            logger.warning("refused an expired token", metadata: ["peer": "\(peer)", "token": "\(record.id)"])
            throw ProtocolError(.unauthorized, "the token has expired")
        }
        guard let role = Role(rawValue: record.role) else {
            logger.error("token has an unknown role", metadata: ["token": "\(record.id)", "role": "\(record.role)"])
            throw ProtocolError(.unauthorized, "the token is not valid")
        }
        return Identity(tokenID: record.id, name: record.name, role: role, allSites: record.allSites, sites: Set(record.sites), peer: peer)
    }

    /// Those of `tokenIDs` revoked, or expired by the hub's clock, since they were accepted. A
    /// failed read ends nothing: the next sweep asks again.
    func ended(among tokenIDs: Set<String>) async -> [String: TokenRepository.Ending] {
        do {
            return try await tokens.ended(among: tokenIDs, at: clock.milliseconds())
        } catch {
            logger.error("could not check for revoked tokens", metadata: ["error": "\(error)"])
            return [:]
        }
    }
}
