import Crypto
import Foundation
import SwiftASN1
import X509

/// A local certificate authority and a server certificate for localhost, 127.0.0.1 and ::1,
/// made on first start when no certificate is given and reused after.
public struct DevelopmentCertificates: Sendable {
    public let directory: URL
    public var caCertificate: URL { directory.appendingPathComponent("vigil-dev-ca.pem") }
    public var caKey: URL { directory.appendingPathComponent("vigil-dev-ca-key.pem") }
    public var serverCertificate: URL { directory.appendingPathComponent("vigil-dev-server.pem") }
    public var serverKey: URL { directory.appendingPathComponent("vigil-dev-server-key.pem") }

    public init(directory: URL) {
        self.directory = directory
    }

    /// True when the files were made now, false when they were already there.
    @discardableResult
    public func ensure(now: Date = Date()) throws -> Bool {
        let manager = FileManager.default
        if [caCertificate, serverCertificate, serverKey].allSatisfy({ manager.fileExists(atPath: $0.path) }) {
            return false
        }
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let authorityKey = P256.Signing.PrivateKey()
        let authorityName = try DistinguishedName {
            OrganizationName("Vigil")
            CommonName("Vigil development CA")
        }
        let authority = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(authorityKey.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(10 * 365 * 86400),
            issuer: authorityName,
            subject: authorityName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: Certificate.PublicKey(authorityKey.publicKey))
            },
            issuerPrivateKey: Certificate.PrivateKey(authorityKey))

        let serverKey = P256.Signing.PrivateKey()
        let server = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(serverKey.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            // Browsers refuse server certificates valid for more than 398 days.
            notValidAfter: now.addingTimeInterval(397 * 86400),
            issuer: authorityName,
            subject: try DistinguishedName {
                OrganizationName("Vigil")
                CommonName("localhost")
            },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([
                    .dnsName("localhost"),
                    .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                    .ipAddress(ASN1OctetString(contentBytes: ArraySlice([UInt8](repeating: 0, count: 15) + [1]))),
                ])
            },
            issuerPrivateKey: Certificate.PrivateKey(authorityKey))

        try write(try authority.serializeAsPEM().pemString, to: caCertificate, secret: false)
        try write(authorityKey.pemRepresentation, to: caKey, secret: true)
        try write(try server.serializeAsPEM().pemString, to: serverCertificate, secret: false)
        try write(serverKey.pemRepresentation, to: self.serverKey, secret: true)
        return true
    }

    private func write(_ pem: String, to url: URL, secret: Bool) throws {
        try Data((pem + "\n").utf8).write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: secret ? 0o600 : 0o644], ofItemAtPath: url.path)
    }
}
