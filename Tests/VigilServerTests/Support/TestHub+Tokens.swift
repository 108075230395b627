import Foundation
import VigilClient
import VigilCore
import VigilHub
import VigilStore
import VigilTestSupport

extension TestHub {
    /// Issues a token in the hub's own database, as `vigil token create` does while the hub runs,
    /// and returns its secret.
    func issueToken(_ role: Role, name: String, sites: [String], allSites: Bool = false, expiresAt: Int64? = nil) async throws -> String {
        try await offThePool { [self] in
            let issuer = TokenIssuer(tokens: TokenRepository(database: try openStore()))
            return try issuer.issue(role: role, sites: sites, allSites: allSites, name: name, now: 0, expiresAt: expiresAt).secret
        }
    }

    /// A client holding the token `secret`.
    func client(secret: String) -> VigilClient {
        var configuration = ClientConfiguration(url: url, token: secret, caFile: caFile)
        configuration.minBackoff = .milliseconds(50)
        configuration.maxBackoff = .milliseconds(500)
        return VigilClient(configuration: configuration)
    }
}
