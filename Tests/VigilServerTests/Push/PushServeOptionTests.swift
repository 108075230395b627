import Foundation
import Testing
import VigilCore
import VigilTestSupport

/// `vigil serve`'s push options: the contact every push names (`--vapid-contact`), and what a test
/// setup with a push service of its own on this machine needs (`--allow-local-endpoints`,
/// `--outgoing-ca`).
@Suite(
    .timeLimit(.minutes(10)), .enabled(if: PushReference.isAvailable, "needs a Python with http_ece and py_vapid (VIGIL_PUSH_PYTHON)"))
struct PushServeOptionTests {
    @Test func aHubServedWithAContactAndALocalPushServiceMentionsReachThePhoneSignedWithThatContact() async throws {
        let keys = BrowserPushKeys()
        let service = try await PushServiceProcess(receivers: ["/sub/gus": keys])
        defer { service.stop() }
        let hub = try HubProcess()
        try await hub.command(["site", "create", "hq"])
        let gus = try await hub.token(["--role", "guard", "--site", "hq", "--name", "gus"])
        let olga = try await hub.token(["--role", "operator", "--site", "hq", "--name", "olga"])
        try await hub.start(options: [
            "--vapid-contact", "mailto:night-desk@example.org", "--allow-local-endpoints", "--outgoing-ca", service.authorityFile,
        ])
        defer { hub.terminate() }
        let base = "https://localhost:\(hub.port)"
        let json = ["Content-Type": "application/json"]
        let registered = try await curl(
            "\(base)/api/sites/hq/push/phone", caFile: hub.caFile, method: "PUT", headers: json.merging(["Authorization": "Bearer \(gus)"]) { $1 },
            body: keys.subscription(service.endpoint("/sub/gus")).canonicalText)
        #expect(registered.status == 200, "\(registered.body)")
        let said = try await curl(
            "\(base)/api/publish", caFile: hub.caFile, method: "POST", headers: json.merging(["Authorization": "Bearer \(olga)"]) { $1 },
            body: #"{"topic":"chat/hq/control","type":"say","data":{"text":"@gus the van at gate B"}}"#)
        #expect(said.status == 200, "\(said.body)")

        let message = try #require(try await service.waitForMessages(1).first)
        #expect(message.error == nil, "\(message.error ?? "")")
        #expect(message.claims?["sub"] == "mailto:night-desk@example.org", "the contact push services are given")
        #expect(try JSONValue(parsing: message.plaintext ?? "")["title"]?.stringValue?.hasPrefix("You were mentioned in") == true)
    }

    @Test(arguments: ["night-desk@example.org", "mailto:", "http://example.org/contact", "https://"])
    func aContactThatIsNotAMailtoOrHttpsURLIsRefused(_ contact: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, _) = try runProcess(
            HubProcess.executable,
            [
                "serve", "--port", String(try freeLoopbackPort()), "--data-dir", directory.path,
                "--cert-dir", directory.appendingPathComponent("certs").path, "--vapid-contact", contact,
            ])
        #expect(status == 64)  // ArgumentParser's usage error
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("vigil.sqlite").path))
    }
}
