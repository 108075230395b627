import Crypto
import Foundation
import VigilHub

/// The keys a browser gives out with its push subscription (`PushSubscription.getKey`): its P-256
/// public key (`p256dh`, 65 bytes, uncompressed point) and the 16-byte authentication secret.
struct PushReceiverKeys: Sendable, Equatable {
    /// The uncompressed point, checked to be on the curve.
    let publicKeyBytes: [UInt8]
    let authSecret: [UInt8]

    /// The keys from the subscription's base64url texts (unpadded, as browsers give them), nil when
    /// they are not a P-256 point and a 16-byte secret.
    init?(p256dh: String, auth: String) {
        guard !(p256dh + auth).contains("="), let point = Base64URL.decode(p256dh), point.count == 65, point.first == 0x04,
            (try? P256.KeyAgreement.PublicKey(x963Representation: point)) != nil,
            let secret = Base64URL.decode(auth), secret.count == 16
        else { return nil }
        publicKeyBytes = [UInt8](point)
        authSecret = [UInt8](secret)
    }
}

/// A push message's body encrypted for one browser: RFC 8291 (Message Encryption for Web Push)
/// over RFC 8188's `aes128gcm` content coding, one record. Only the browser that made the
/// subscription can read it; the push service in between sees its length alone.
enum PushMessageEncryption {
    /// The record size written in the header. A push message is one record, and push services
    /// take bodies of 4096 bytes at most (RFC 8030 §7.2), header and tag included.
    static let recordSize = 4096
    /// header (salt 16, rs 4, idlen 1, key 65) + the AEAD tag + the delimiter octet.
    static let overhead = 86 + 16 + 1
    /// The longest plaintext one record of `recordSize` carries.
    static let maximumPlaintext = recordSize - overhead

    enum Failure: Error, Equatable {
        case tooLong(Int)
    }

    /// The `Content-Encoding: aes128gcm` body carrying `plaintext` to `receiver`. The sender's key
    /// pair and the salt are fresh for every message; a test gives RFC 8291's to check the bytes.
    static func encrypt(
        _ plaintext: [UInt8], for receiver: PushReceiverKeys, senderKey: P256.KeyAgreement.PrivateKey = .init(),
        salt: [UInt8] = randomSalt()
    ) throws -> [UInt8] {
        guard plaintext.count <= maximumPlaintext else { throw Failure.tooLong(plaintext.count) }
        let senderPublic = [UInt8](senderKey.publicKey.x963Representation)
        let receiverPublic = receiver.publicKeyBytes
        // RFC 8291 §3.3: the key of the content coding comes from the ECDH secret and the
        // receiver's authentication secret, bound to both public keys.
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: P256.KeyAgreement.PublicKey(x963Representation: receiverPublic))
        let keyInfo = Array("WebPush: info".utf8) + [0] + receiverPublic + senderPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: receiver.authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2, 2.3: the content encryption key and the nonce of its one record.
        let pseudoRandomKey = HKDF<SHA256>.extract(inputKeyMaterial: inputKey, salt: salt)
        let contentKey = HKDF<SHA256>.expand(
            pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.expand(pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // The last (and only) record ends with the delimiter 0x02 and no padding.
        let sealed = try AES.GCM.seal(
            plaintext + [2], using: contentKey, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { [UInt8]($0) }))
        return header(salt: salt, keyID: senderPublic) + sealed.ciphertext + sealed.tag
    }

    /// RFC 8188 §2.1: salt, record size (big-endian), the key id's length and the key id, which
    /// RFC 8291 makes the sender's public key.
    private static func header(salt: [UInt8], keyID: [UInt8]) -> [UInt8] {
        let size = UInt32(recordSize)
        return salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + [UInt8(keyID.count)] + keyID
    }

    static func randomSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
