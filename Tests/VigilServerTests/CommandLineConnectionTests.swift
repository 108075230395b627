import Foundation
import Testing
import VigilServer

/// How `vigil pub` reaches a hub started with `vigil serve`: by the address the banner prints,
/// and with plain words when it does not trust the hub's certificate.
@Suite(.timeLimit(.minutes(10))) struct CommandLineConnectionTests {
    /// The banner's WebSocket URL holds an IP address (IPv4, or IPv6 in brackets), which TLS may
    /// not name; `vigil pub` connects to it and checks the certificate against that address.
    @Test(arguments: ["127.0.0.1", "::1"])
    func vigilPubReachesTheAddressTheBannerPrints(_ host: String) async throws {
        let hub = try HubProcess()
        try await hub.command(["site", "create", "hq"])
        let token = try await hub.token(["--role", "admin", "--all-sites", "--name", "root"])
        try await hub.start(host: host)
        defer { hub.terminate() }
        let url = try #require(hub.banner.firstMatch(of: /WebSocket (wss:\S+)\)/)?.1).description
        #expect(url == "wss://\(host.contains(":") ? "[\(host)]" : host):\(hub.port)/ws")

        let published = try await runVigilTellingErrors([
            "pub", "notice/hq", "notice", #"{"text":"Gate B closed"}"#, "--url", url, "--token", token, "--ca", hub.caFile,
        ])
        #expect(published.status == 0 && published.output == "ok notice/hq seq 1\n", "\(published.errors)")
    }

    /// A CA that did not sign the hub's certificate: the command says so in plain words and how
    /// to trust the hub, not BoringSSL's CERTIFICATE_VERIFY_FAILED.
    @Test func anUntrustedHubIsToldWithTheWayToTrustIt() async throws {
        let hub = try HubProcess()
        let token = try await hub.token(["--role", "admin", "--all-sites", "--name", "root"])
        try await hub.start()
        defer { hub.terminate() }
        let other = DevelopmentCertificates(directory: hub.directory.appendingPathComponent("other-ca"))
        try other.ensure()

        let refused = try await runVigilTellingErrors([
            "pub", "notice/hq", "notice", "{}", "--url", hub.url, "--token", token, "--ca", other.caCertificate.path,
        ])
        #expect(refused.status == 2 && refused.output.isEmpty)
        #expect(
            refused.errors.hasPrefix("vigil pub: the certificate of the hub at \(hub.url) is not trusted by the CA in \(other.caCertificate.path)"),
            "\(refused.errors)")
        #expect(refused.errors.contains("--ca PATH") && refused.errors.contains("certs/vigil-dev-ca.pem"), "\(refused.errors)")
        #expect(!refused.errors.contains("CERTIFICATE_VERIFY_FAILED"), "\(refused.errors)")

        let missing = hub.directory.appendingPathComponent("no-such-ca.pem").path
        let unread = try await runVigilTellingErrors(["pub", "notice/hq", "notice", "{}", "--url", hub.url, "--token", token, "--ca", missing])
        #expect(unread.status == 64 && unread.errors.contains("the CA file \(missing) (--ca or VIGIL_CA) is not there"), "\(unread.errors)")
    }
}
