import Foundation
import Testing
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct ServeOptionTests {
    /// `serve --messages-per-second`, `--index-mb-per-site`, `--max-message-bytes` and
    /// `--ping-interval` take a positive number; anything else is refused before the hub opens its
    /// database.
    @Test(arguments: ["--messages-per-second", "--index-mb-per-site", "--max-message-bytes", "--ping-interval"], ["0", "-5", "many"])
    func aLimitThatIsNotPositiveIsRefused(_ option: String, _ value: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, _) = try runProcess(
            HubProcess.executable,
            [
                "serve", "--port", String(try freeLoopbackPort()), "--data-dir", directory.path,
                "--cert-dir", directory.appendingPathComponent("certs").path, option, value,
            ])
        #expect(status == 64)  // ArgumentParser's usage error
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("vigil.sqlite").path))
    }

    /// `serve --max-message-bytes`: the limit the welcome announces, and a message over it closes
    /// with 1009.
    @Test func theMessageLimitIsTheOneGiven() async throws {
        let hub = try HubProcess()
        let admin = try await hub.token(["--role", "admin", "--all-sites", "--name", "root"])
        try await hub.start(options: ["--max-message-bytes", "2048"])
        defer { hub.terminate() }
        let socket = try await RawSocket.connect(url: "wss://localhost:\(hub.port)/ws", caFile: hub.caFile, bearer: admin)
        let welcome = try #require(await socket.next())
        #expect(welcome.contains(#""maxFrameBytes":2048"#), "\(welcome)")
        try await socket.send(String(repeating: " ", count: 2049))
        #expect(await socket.closeCode() == CloseCode.messageTooBig.rawValue)
    }

    /// `serve --metrics-token`: `/metrics` answers 401 without the secret or with another one (a
    /// hub token among them), and the metrics with it.
    @Test func metricsAnswerOnlyTheirTokenWhenOneIsSet() async throws {
        let hub = try HubProcess()
        let admin = try await hub.token(["--role", "admin", "--all-sites", "--name", "root"])
        try await hub.start(options: ["--metrics-token", "scrape-secret-1"])
        defer { hub.terminate() }
        let metrics = "https://localhost:\(hub.port)/metrics"
        for refused in [
            [:], ["Authorization": "Bearer scrape-secret-2"], ["Authorization": "Bearer scrape-secret-1x"], ["Authorization": "Bearer \(admin)"],
        ] {
            let answer = try await curl(metrics, caFile: hub.caFile, headers: refused)
            #expect(answer.status == 401 && answer.body.contains(#""code":"unauthorized""#), "\(refused)")
            #expect(!answer.body.contains("vigil_"))
        }
        let answer = try await curl(metrics, caFile: hub.caFile, headers: ["Authorization": "Bearer scrape-secret-1"])
        #expect(answer.status == 200 && answer.body.contains("vigil_"), "\(answer.body.prefix(200))")
    }
}
