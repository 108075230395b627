import Foundation
import Testing

/// What the browser tests serve and how they hold a browser.
enum BrowserPages {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let testPages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Pages")

    /// Serves the repository's `public/` (the real pages) and the named test pages from the hub's
    /// public directory, in place of the placeholders the test hub starts with.
    static func serve(_ hub: TestHub, testPages pages: [String] = []) throws {
        let served = URL(fileURLWithPath: hub.configuration.publicDirectory)
        try FileManager.default.removeItem(at: served)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("public"), to: served)
        for page in pages {
            try FileManager.default.copyItem(at: testPages.appendingPathComponent(page), to: served.appendingPathComponent(page))
        }
    }

    /// Where the browser tests leave a picture of each view they drive, for the README, when asked
    /// to (`VIGIL_SCREENSHOTS=1`, after a view changed): a picture holds the times and names of its
    /// run, so taking them on every run would change them on every run.
    static let screenshots = repository.appendingPathComponent("docs/screenshots")
    static let takesScreenshots = ProcessInfo.processInfo.environment["VIGIL_SCREENSHOTS"] == "1"

    /// Saves what `browser` shows as `docs/screenshots/{name}.png`, when asked to.
    static func saveScreenshot(_ browser: Chromium, as name: String) async throws {
        guard takesScreenshots else { return }
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        await browser.screenshot(to: screenshots.appendingPathComponent("\(name).png"))
    }
}

/// What Chrome logs for each attempt to reach a hub that is down: expected while a test has stopped it.
let refusedWebSocket = "/ws' failed: Error in connection establishment: net::ERR_CONNECTION_REFUSED"
/// What Chrome logs for an attempt that reached the hub's port as the hub stopped or started: also
/// expected then (seen in a CI run at full load, where the page tried in that moment).
let resetWebSocket = "/ws' failed: Error in connection establishment: net::ERR_CONNECTION_RESET"
/// What Chrome logs for a picture asked for while the test stops the hub (503 `shutting_down`).
let refusedWhileStopping = "Failed to load resource: the server responded with a status of 503 (Service Unavailable)"

/// Runs `body` with a browser that trusts `hub`; a test that throws leaves a screenshot. The test fails
/// on any error the page logged and any request that failed, but those `expected` names (a part of the
/// logged line): a refusal the test provokes on purpose, a connection it cuts.
func withBrowser(_ hub: TestHub, _ name: String, expecting expected: [String] = [], _ body: (Chromium) async throws -> Void) async throws {
    let certificate = hub.configuration.certificateDirectory.appendingPathComponent("vigil-dev-server.pem").path
    let browser = try await Chromium.start(trusting: certificate)
    do {
        try await body(browser)
        let unexpected = try await browser.errors().filter { line in !expected.contains { line.contains($0) } }
        #expect(unexpected.isEmpty, "the page logged errors or failed requests:\n\(unexpected.joined(separator: "\n"))")
        await browser.quit()
    } catch {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-browser-\(name).png")
        await browser.screenshot(to: shot)
        await browser.quit()
        Issue.record("screenshot of the page: \(shot.path)")
        throw error
    }
}
