import Crypto
import Foundation

/// The SHA-256 of some bytes as 64 lowercase hex digits: how token secrets are stored and
/// thumbnails are named.
enum SHA256Hex {
    static func digest(_ bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
