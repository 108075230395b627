import Crypto
import Foundation
import VigilCore
import VigilHub

/// The keys a browser makes for one push subscription: the P-256 key pair messages are encrypted
/// to and the 16-byte authentication secret. A test that reads what is pushed keeps them.
public struct BrowserPushKeys: Sendable {
    public let privateKey: [UInt8]
    public let auth: [UInt8]

    public init() {
        privateKey = [UInt8](P256.KeyAgreement.PrivateKey().rawRepresentation)
        auth = (0..<16).map { _ in UInt8.random(in: 0...255) }
    }

    /// The subscription to `endpoint` as `PushSubscription.toJSON()` gives it: what a phone
    /// registers with the hub.
    public func subscription(_ endpoint: String) -> JSONValue {
        let publicKey = try! P256.KeyAgreement.PrivateKey(rawRepresentation: privateKey).publicKey
        return [
            "endpoint": .string(endpoint),
            "keys": ["p256dh": .string(Base64URL.encode(publicKey.x963Representation)), "auth": .string(Base64URL.encode(Data(auth)))],
        ]
    }
}

/// A browser's push subscription to `endpoint`, with keys of its own that nobody keeps.
public func browserSubscription(_ endpoint: String) -> JSONValue {
    BrowserPushKeys().subscription(endpoint)
}
