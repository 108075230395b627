import Foundation
import Glibc
import Testing
import VigilClient
import VigilCore

/// A renewed certificate is served without a restart: `vigil serve` reads its certificate and key
/// again on SIGHUP and when the files change. Connections opened after get the new certificate;
/// a WebSocket opened before stays up; a pair that cannot be used is refused and the old one kept.
/// The served certificate is read by OpenSSL's own client, as a browser would see it.
@Suite(.timeLimit(.minutes(10))) struct CertificateReloadTests {
    @Test func sighupServesTheNewCertificateToNewConnectionsAndKeepsOpenOnes() async throws {
        let hub = try HubProcess()
        let authority = try TestAuthority(directory: hub.directory.appendingPathComponent("pki"))
        let served = try authority.issue("served")
        try await hub.command(["site", "create", "hq"])
        let token = try await hub.token(["--role", "operator", "--site", "hq", "--name", "olga"])
        try await hub.start(certificate: (served.chain, served.key, authority.certificate))
        defer { hub.terminate() }
        let before = try #require(served.pem)
        #expect(try servedCertificate(port: hub.port, ca: authority.certificate) == before)

        let open = try await RawSocket.connect(url: hub.url, caFile: hub.caFile, bearer: token)
        guard case .welcome = try await open.nextMessage() else { throw ReloadTestError.noWelcome }
        try await open.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
        _ = try await open.answer(to: "s")

        let renewed = try authority.issue("renewed")
        let after = try #require(renewed.pem)
        #expect(after != before)
        try renewed.install(as: served)
        hub.send(SIGHUP)
        #expect(await eventually { (try? servedCertificate(port: hub.port, ca: authority.certificate)) == after })

        // A client connecting now verifies the new certificate; the socket opened before it still gets events.
        let publisher = VigilClient(configuration: ClientConfiguration(url: hub.url, token: token, caFile: hub.caFile))
        _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: ["text": "Gate B closed"])
        await publisher.close()
        guard case .event(let event) = try await open.nextMessage() else { throw ReloadTestError.noEvent }
        #expect(event.topic == "notice/hq" && event.seq == 1)
        await open.close()
    }

    @Test func changedFilesAreReloadedWithoutASignalAndABadPairIsRefused() async throws {
        let hub = try HubProcess()
        let authority = try TestAuthority(directory: hub.directory.appendingPathComponent("pki"))
        let served = try authority.issue("served")
        try await hub.start(certificate: (served.chain, served.key, authority.certificate))
        defer { hub.terminate() }

        let renewed = try authority.issue("renewed")
        let after = try #require(renewed.pem)
        try renewed.install(as: served)
        #expect(await eventually { (try? servedCertificate(port: hub.port, ca: authority.certificate)) == after })
        #expect(!hub.log.contains("certificate reload refused"), "\(hub.log)")

        // A certificate whose key is another's: refused, said in the log, the renewed pair still served.
        let other = try authority.issue("other")
        try IssuedPair(chain: other.chain, key: renewed.key).install(as: served)
        hub.send(SIGHUP)
        #expect(await eventually { hub.log.contains("certificate reload refused") }, "\(hub.log)")
        #expect(try servedCertificate(port: hub.port, ca: authority.certificate) == after)
        // A key file that is not PEM at all: refused as well.
        let refusals = hub.log.components(separatedBy: "certificate reload refused").count
        try Data("not a key".utf8).write(to: URL(fileURLWithPath: served.key))
        hub.send(SIGHUP)
        #expect(await eventually { hub.log.components(separatedBy: "certificate reload refused").count > refusals }, "\(hub.log)")
        #expect(try servedCertificate(port: hub.port, ca: authority.certificate) == after)
        #expect(await hub.exitStatus(timeout: .milliseconds(100)) == nil, "the hub runs on")
    }
}

/// The certificate a TLS client is served on `port` (OpenSSL's `s_client`, checking it against `ca`).
private func servedCertificate(port: Int, ca: String) throws -> String? {
    let run = try runProcessTellingErrors(
        URL(fileURLWithPath: "/usr/bin/openssl"),
        ["s_client", "-connect", "127.0.0.1:\(port)", "-servername", "localhost", "-CAfile", ca, "-verify_return_error"])
    guard run.status == 0 else { return nil }
    return firstCertificate(run.output)
}

func firstCertificate(_ text: String) -> String? {
    guard let block = text.firstMatch(of: /-----BEGIN CERTIFICATE-----[A-Za-z0-9+\/=\s]+-----END CERTIFICATE-----/) else { return nil }
    return String(block.0).filter { !$0.isWhitespace }
}

private enum ReloadTestError: Error {
    case noWelcome
    case noEvent
}
