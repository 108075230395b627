/// The `data` of `register_phone` on `push/{site}` (docs/protocol.md §6.10): a browser's
/// `PushSubscription.toJSON()` (its `expirationTime` is not read) and, after a
/// `pushsubscriptionchange`, the endpoint it replaces. The hub checks that the endpoint is a
/// public `https` URL and that the keys are a P-256 point and a 16-byte secret.
public struct PhoneRegistration: Sendable, Equatable, Codable {
    /// The keys a push is encrypted for (RFC 8291), base64url.
    public struct Keys: Sendable, Equatable, Codable {
        /// The browser's P-256 public key, an uncompressed point (65 bytes).
        public var p256dh: String
        /// The browser's 16-byte authentication secret.
        public var auth: String

        /// The public key `p256dh` and the secret `auth`.
        public init(p256dh: String, auth: String) {
            self.p256dh = p256dh
            self.auth = auth
        }
    }

    /// The push service's URL for this browser.
    public var endpoint: String
    /// What a push to it is encrypted for.
    public var keys: Keys
    /// The endpoint this one replaces, removed first if the same token registered it.
    public var replaces: String?

    /// The browser at `endpoint` with `keys`, in place of `replaces` when given.
    public init(endpoint: String, keys: Keys, replaces: String? = nil) {
        self.endpoint = endpoint
        self.keys = keys
        self.replaces = replaces
    }
}

/// The `data` of `remove_phone` on `push/{site}`: `{endpoint}`, a phone this token registered.
public struct PhoneRemoval: Sendable, Equatable, Codable {
    /// The endpoint the phone was registered with.
    public var endpoint: String

    /// The removal of the phone at `endpoint`.
    public init(endpoint: String) {
        self.endpoint = endpoint
    }
}

/// The answer of `GET /api/sites/{site}/push/phones`: the phones this token registered on the site.
public struct RegisteredPhones: Sendable, Equatable, Codable {
    /// A registered phone, by its push service's endpoint.
    public struct Phone: Sendable, Equatable, Codable {
        /// The endpoint it was registered with.
        public var endpoint: String
        /// When, in milliseconds since 1970, by the hub's clock.
        public var createdAt: Int64

        /// The phone at `endpoint`, registered at `createdAt`.
        public init(endpoint: String, createdAt: Int64) {
            self.endpoint = endpoint
            self.createdAt = createdAt
        }
    }

    /// The phones, oldest first.
    public var phones: [Phone]

    /// A listing of `phones`.
    public init(phones: [Phone]) {
        self.phones = phones
    }
}
