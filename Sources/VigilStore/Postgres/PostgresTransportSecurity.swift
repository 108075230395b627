import NIOSSL
import PostgresNIO

/// How the hub's connections to the PostgreSQL server are protected, from the URL's `sslmode`
/// (and `sslrootcert`), with libpq's meanings for the modes it takes:
///
/// - `disable` (the default, as before): plain text; for a server on loopback or a private network.
/// - `require`: TLS, the server's certificate not checked; it stops a listener, not an impostor.
/// - `verify-ca`: TLS with a certificate signed by `sslrootcert` (or the system's roots).
/// - `verify-full`: as `verify-ca`, and the certificate names the URL's host.
///
/// libpq's `allow` and `prefer` fall back to plain text without saying so, and are refused.
public enum PostgresTransportSecurity: Sendable, Equatable {
    case plain
    case encrypted
    case verifiedAuthority(rootCertificate: String?)
    case verifiedHost(rootCertificate: String?)

    /// Reads the URL's `sslmode` and `sslrootcert` values (nil where absent).
    init(mode: String?, rootCertificate: String?) throws(StoreError) {
        switch mode ?? "disable" {
        case "disable": self = .plain
        case "require": self = .encrypted
        case "verify-ca": self = .verifiedAuthority(rootCertificate: rootCertificate)
        case "verify-full": self = .verifiedHost(rootCertificate: rootCertificate)
        case let other:
            throw StoreError.unavailable("sslmode=\(other) is not taken here: give disable, require, verify-ca or verify-full")
        }
        if rootCertificate != nil, !isVerified {
            throw StoreError.unavailable("sslrootcert is for sslmode=verify-ca or verify-full: the certificate is not checked otherwise")
        }
    }

    private var isVerified: Bool {
        switch self {
        case .plain, .encrypted: false
        case .verifiedAuthority, .verifiedHost: true
        }
    }

    /// The URL's options that say this (empty for plain text).
    var queryItems: [(name: String, value: String)] {
        switch self {
        case .plain: []
        case .encrypted: [("sslmode", "require")]
        case .verifiedAuthority(let root): [("sslmode", "verify-ca")] + (root.map { [("sslrootcert", $0)] } ?? [])
        case .verifiedHost(let root): [("sslmode", "verify-full")] + (root.map { [("sslrootcert", $0)] } ?? [])
        }
    }

    /// postgres-nio's TLS setting; a root certificate file that cannot be read fails here, before
    /// anything connects. TLS is required whenever asked for: never a silent fall back to plain text.
    func connectionTLS() throws(StoreError) -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch self {
        case .plain: return .disable
        case .encrypted: configuration.certificateVerification = .none
        case .verifiedAuthority(let root):
            configuration.certificateVerification = .noHostnameVerification
            configuration.trustRoots = root.map { .file($0) } ?? .default
        case .verifiedHost(let root):
            configuration.certificateVerification = .fullVerification
            configuration.trustRoots = root.map { .file($0) } ?? .default
        }
        do {
            return .require(try NIOSSLContext(configuration: configuration))
        } catch {
            throw StoreError.unavailable("the TLS settings of the PostgreSQL URL cannot be used: \(error)")
        }
    }
}
