import Crypto
import Foundation
import VigilCore
import VigilHub

/// A browser's push subscription to `endpoint` as `PushSubscription.toJSON()` gives it, with keys
/// of its own: what a phone registers with the hub.
public func browserSubscription(_ endpoint: String) -> JSONValue {
    let auth = (0..<16).map { _ in UInt8.random(in: 0...255) }
    return [
        "endpoint": .string(endpoint),
        "keys": [
            "p256dh": .string(Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)),
            "auth": .string(Base64URL.encode(Data(auth))),
        ],
    ]
}
