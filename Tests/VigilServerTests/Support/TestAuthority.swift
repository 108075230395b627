import Foundation
import VigilTestSupport

/// A certificate authority made with the `openssl` command, and server certificates it signs for
/// localhost and 127.0.0.1, as an operator's own PKI or an ACME client would hand them over.
struct TestAuthority {
    let directory: URL
    var certificate: String { directory.appendingPathComponent("ca.pem").path }
    var key: String { directory.appendingPathComponent("ca-key.pem").path }

    init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=Test authority", "-keyout", key, "-out", certificate,
        ])
    }

    /// A new key and a certificate for it, signed by this authority.
    func issue(_ name: String) throws -> IssuedPair {
        let pair = IssuedPair(
            chain: directory.appendingPathComponent("\(name).pem").path, key: directory.appendingPathComponent("\(name)-key.pem").path)
        let request = directory.appendingPathComponent("\(name).csr").path
        try openssl([
            "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=localhost",
            "-keyout", pair.key, "-out", request,
        ])
        let extensions = directory.appendingPathComponent("\(name).ext")
        try Data("subjectAltName=DNS:localhost,IP:127.0.0.1\n".utf8).write(to: extensions)
        try openssl([
            "x509", "-req", "-in", request, "-CA", certificate, "-CAkey", key, "-CAcreateserial", "-days", "2",
            "-extfile", extensions.path, "-out", pair.chain,
        ])
        return pair
    }
}

struct IssuedPair {
    let chain: String
    let key: String

    /// Puts this pair where `served` is, each file moved over the old one (a new inode), as a
    /// renewal tool does.
    func install(as served: IssuedPair) throws {
        for (from, to) in [(key, served.key), (chain, served.chain)] {
            let staged = to + ".new"
            try FileManager.default.copyItem(atPath: from, toPath: staged)
            guard rename(staged, to) == 0 else { throw TestAuthorityError.rename(to) }
        }
    }

    /// The certificate's PEM block without its line breaks, as `servedCertificate` reads it.
    var pem: String? {
        (try? String(contentsOfFile: chain, encoding: .utf8)).flatMap(firstCertificate)
    }
}

/// Runs the `openssl` command, failing with what it said on standard error.
func openssl(_ arguments: [String]) throws {
    let run = try runProcessTellingErrors(URL(fileURLWithPath: "/usr/bin/openssl"), arguments)
    guard run.status == 0 else { throw TestAuthorityError.openssl(arguments, run.errors) }
}

enum TestAuthorityError: Error {
    case openssl([String], String)
    case rename(String)
}
