import Crypto
import Foundation
import VigilHub

/// The text of a checkpoint's QR code: `vigil-checkpoint:v1:{site}:{id}:{mac}`, where `mac` is the
/// HMAC-SHA256 of `v1:{site}:{id}` under the hub's key (base64url). A guard's phone only scans and
/// sends it; a code cannot be made up, altered, or moved to another site or checkpoint.
struct CheckpointCode: Sendable {
    static let prefix = "vigil-checkpoint"
    static let version = "v1"
    private let keyBytes: [UInt8]

    init(key: [UInt8]) {
        keyBytes = key
    }

    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    func code(site: String, checkpoint: String) -> String {
        "\(Self.prefix):\(Self.version):\(site):\(checkpoint):\(Base64URL.encode(Data(mac(site: site, checkpoint: checkpoint))))"
    }

    /// The site and checkpoint a genuine code names, nil for anything else.
    func verify(_ code: String) -> (site: String, checkpoint: String)? {
        let parts = code.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5, parts[0] == Self.prefix, parts[1] == Self.version,
            parts[4].utf8.count == 43, let signature = Base64URL.decode(parts[4]),
            // One text per code: base64 ignores the last character's spare bits, so compare again.
            Base64URL.encode(signature) == parts[4],
            HMAC<SHA256>.isValidAuthenticationCode(
                signature, authenticating: Data(Self.signed(site: parts[2], checkpoint: parts[3]).utf8), using: key)
        else { return nil }
        return (parts[2], parts[3])
    }

    private func mac(site: String, checkpoint: String) -> HashedAuthenticationCode<SHA256> {
        HMAC<SHA256>.authenticationCode(for: Data(Self.signed(site: site, checkpoint: checkpoint).utf8), using: key)
    }

    private static func signed(site: String, checkpoint: String) -> String { "\(version):\(site):\(checkpoint)" }
}
