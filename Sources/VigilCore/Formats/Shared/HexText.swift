/// Bytes as lowercase hexadecimal text, two digits a byte: digests and keys. Written by hand
/// because `String(format: "%02x")` costs a Foundation formatter per byte, and a token digest is
/// taken on every authentication.
public enum HexText {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as lowercase hexadecimal, two digits a byte, such as `0aff` for `[0x0a, 0xff]`.
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `text` is a SHA-256 as `lowercase` writes it, 64 lowercase hex digits: the name the
    /// hub gives a stored thumbnail or photo.
    public static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
