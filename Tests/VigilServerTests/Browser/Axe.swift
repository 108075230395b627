import Foundation
import VigilTestSupport

/// axe-core, the accessibility checker, from PyPI (`axe-core-python` bundles `axe.min.js`); `.ci/run`
/// installs it and names the file in VIGIL_AXE_JS.
enum Axe {
    static var script: URL? {
        ProcessInfo.processInfo.environment["VIGIL_AXE_JS"].map(URL.init(fileURLWithPath:))
            .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }
    }

    static var isAvailable: Bool { script != nil || TestTools.areRequired }

    /// Serves `axe.min.js` from the hub, so that a page under its CSP (`script-src 'self'`) may load it.
    static func serve(_ hub: TestHub) throws {
        guard let script else { throw BrowserError.driver("VIGIL_AXE_JS does not name axe.min.js") }
        try FileManager.default.copyItem(at: script, to: URL(fileURLWithPath: hub.configuration.publicDirectory).appendingPathComponent("axe.min.js"))
    }

    /// The WCAG 2.1 A and AA rules that `selector`'s part of the page breaks, one line per rule with
    /// the elements that break it. The hub must `serve` axe first.
    static func violations(in browser: Chromium, of selector: String = "document") async throws -> [String] {
        _ = try await browser.evaluate(
            """
            if (!window.axe) { const script = document.createElement("script"); script.src = "/axe.min.js"; document.head.append(script); }
            return null
            """)
        guard await browser.waitUntil("return window.axe !== undefined") else { throw BrowserError.driver("axe.min.js did not load") }
        let found = try await browser.evaluateAsync(
            """
            const done = arguments[arguments.length - 1];
            axe.run(\(selector), { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })
              .then((result) => done(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)))
              .catch((error) => done([`axe failed: ${error}`]));
            """)
        return found as? [String] ?? ["axe answered \(String(describing: found))"]
    }
}
