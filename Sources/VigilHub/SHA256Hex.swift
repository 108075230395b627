import Crypto
import Foundation

/// The SHA-256 of some bytes as 64 lowercase hex digits: how token secrets are stored and
/// thumbnails are named.
public enum SHA256Hex {
    static func digest(_ bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `text` has the form `digest` gives (a thumbnail's name, say).
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
