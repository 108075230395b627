import Crypto
import Foundation
import VigilCore
import VigilHub

/// The hub's VAPID key pair (RFC 8292): the P-256 key that signs the token a push service checks
/// before it takes a message for a subscription made with the public half. Browsers subscribe with
/// the public key (`applicationServerKey`), so it must stay the same for the life of the store:
/// it is derived from a secret the store keeps (`DomainContext.key`), made on first start, on
/// either back end, and moved with the store by `vigil store copy`.
struct VapidKey: Sendable {
    /// The name under which the store keeps the secret.
    static let storeKeyName = "vapid_key"
    /// The private scalar, checked when the key was made (swift-crypto's keys are not `Sendable`,
    /// their bytes are).
    private let scalar: [UInt8]
    var privateKey: P256.Signing.PrivateKey { try! P256.Signing.PrivateKey(rawRepresentation: scalar) }

    /// The key pair from the store's 32-byte secret: the secret is the private scalar, or, for the
    /// one secret in about 2^32 that is not below the curve's order, its SHA-256 taken again until
    /// one is. The same secret always gives the same key.
    init(secret: [UInt8]) {
        var candidate = secret
        while true {
            if (try? P256.Signing.PrivateKey(rawRepresentation: candidate)) != nil {
                scalar = candidate
                return
            }
            candidate = [UInt8](SHA256.hash(data: candidate))
        }
    }

    init(privateKey: P256.Signing.PrivateKey) {
        scalar = [UInt8](privateKey.rawRepresentation)
    }

    /// The public key as browsers take it: the uncompressed point, base64url (RFC 8292 §3.2).
    var publicKeyText: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    /// The `Authorization` header of a push request to `endpoint`: `vapid t=<JWT>,k=<public key>`
    /// (RFC 8292 §3; no space after the comma, which HTTP allows and some readers of the header,
    /// py_vapid among them, need). The token names the push service's origin and expires at `expiry` (seconds
    /// since 1970; RFC 8292 §2 allows 24 hours at most); `subject` is how the push service reaches
    /// the hub's operator (`mailto:` or `https:`).
    func authorization(for endpoint: URL, expiry: Int64, subject: String) throws -> String {
        "vapid t=\(try token(audience: Self.origin(of: endpoint), expiry: expiry, subject: subject)),k=\(publicKeyText)"
    }

    /// An ES256 JSON Web Token (RFC 7515, 7519) with the claims RFC 8292 §2 asks for.
    func token(audience: String, expiry: Int64, subject: String) throws -> String {
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = try JSONValue.canonicalText(of: VapidClaims(aud: audience, exp: expiry, sub: subject))
        let signed = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(Data(claims.utf8))
        // JWS takes ES256's signature as r and s, 32 bytes each (RFC 7518 §3.4), not DER.
        let signature = try privateKey.signature(for: Data(signed.utf8)).rawRepresentation
        return signed + "." + Base64URL.encode(signature)
    }

    /// `scheme://host[:port]` of a URL, the audience of its token (RFC 8292 §2).
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "https"
        let host = url.host(percentEncoded: false).map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0 } ?? ""
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(host.lowercased())\(port)"
    }
}

/// The claims of a VAPID token (RFC 8292 §2): the push service's origin, the expiry in seconds
/// since 1970, and how to reach the hub's operator.
private struct VapidClaims: Encodable {
    let aud: String
    let exp: Int64
    let sub: String
}
