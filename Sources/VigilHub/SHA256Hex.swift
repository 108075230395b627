import Crypto
import Foundation
import VigilCore

/// The SHA-256 of some bytes as 64 lowercase hex digits: how token secrets are stored and
/// thumbnails are named (`HexText.isSHA256` tells a text of that form).
public enum SHA256Hex {
    static func digest(_ bytes: some DataProtocol) -> String {
        HexText.lowercase(SHA256.hash(data: bytes))
    }
}
