import Foundation

/// Token secrets: `vgl_` and 43 characters of base64url (32 random bytes). Only their SHA-256 is stored.
public enum TokenSecret {
    public static let prefix = "vgl_"

    public static func generate() -> String {
        prefix + randomBase64URL(byteCount: 32)
    }

    /// A short random id for a stored record (`tk_…`), safe to show and log.
    public static func recordID(prefix: String) -> String {
        prefix + randomBase64URL(byteCount: 9)
    }

    public static func hash(_ secret: String) -> String {
        SHA256Hex.digest(Data(secret.utf8))
    }

    /// True when `secret` has the shape of a token; anything else is refused before any lookup.
    public static func isWellFormed(_ secret: String) -> Bool {
        secret.utf8.count == prefix.utf8.count + 43 && secret.hasPrefix(prefix)
            && secret.utf8.dropFirst(prefix.utf8.count).allSatisfy { byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    static func randomBase64URL(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(Data(bytes))
    }
}
