import Foundation
import Testing

@Suite(.timeLimit(.minutes(3))) struct ServeOptionTests {
    /// `serve --messages-per-second` and `--index-mb-per-site` take a positive number; anything
    /// else is refused before the hub opens its database.
    @Test(arguments: ["--messages-per-second", "--index-mb-per-site"], ["0", "-5", "many"])
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
}
