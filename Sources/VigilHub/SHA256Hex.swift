import Crypto
import Foundation
import VigilCore

/// The SHA-256 of some bytes as 64 lowercase hex digits: how token secrets are stored and
/// thumbnails are named.
public enum SHA256Hex {
    static func digest(_ bytes: some DataProtocol) -> String {
        HexText.lowercase(SHA256.hash(data: bytes))
    }

    /// Whether `text` has the form `digest` gives (a thumbnail's name, say).
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
