import Foundation
import VigilTestSupport

/// Headless Chromium from Debian (`chromium`, `chromium-driver`), driven over the WebDriver protocol
/// (plain JSON over HTTP to `chromedriver` on a loopback port). It trusts the test hub's TLS key alone
/// (`--ignore-certificate-errors-spki-list`), so the page talks to the hub over real TLS.
final class Chromium: @unchecked Sendable {
    static let driver = "/usr/bin/chromedriver"
    static let browser = "/usr/bin/chromium"

    private let process: ChildProcess
    private let base: URL
    private let profile: URL
    let session: String
    /// Where the browser's own DevTools protocol listens (`host:port`), for `DevTools`.
    let debuggerAddress: String

    /// Starts chromedriver and a browser session that trusts the key of `certificate` (PEM).
    static func start(trusting certificate: String) async throws -> Chromium {
        guard FileManager.default.isExecutableFile(atPath: driver), FileManager.default.isExecutableFile(atPath: browser) else {
            throw BrowserError.driver("the browser layer needs chromium and chromium-driver from Debian (\(browser), \(driver))")
        }
        let spki = try await offThePool { try Self.spkiHash(of: certificate) }
        let port = try freeLoopbackPort()
        let process = try ChildProcess(driver, ["--port=\(port)"], standardError: .discarded)
        let base = URL(string: "http://127.0.0.1:\(port)")!
        let profile = try makeScratchDirectory("vigil-chromium")
        let up = await eventually(timeout: .seconds(20)) { (try? await Self.call(base, "GET", "/status")) != nil }
        guard up else {
            await stop(process)
            throw BrowserError.driver("chromedriver did not start")
        }
        let capabilities: [String: Any] = [
            // Scripts run with a callback (axe-core over a whole page) may take minutes when every
            // test runs at once on two cores: WebDriver's default of 30 s is not a statement about the page.
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome", "goog:loggingPrefs": ["browser": "ALL"], "timeouts": ["script": 180_000],
                    "goog:chromeOptions": [
                        "binary": browser,
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,900",
                            "--user-data-dir=\(profile.path)", "--ignore-certificate-errors-spki-list=\(spki)",
                            // performance.memory in whole bytes, not rounded buckets, for the benchmark.
                            "--enable-precise-memory-info",
                            // DevTools' own WebSocket (`DevTools`) takes the test's client, which names this origin.
                            "--remote-allow-origins=ws://localhost",
                        ],
                    ],
                ]
            ]
        ]
        let created = try await call(base, "POST", "/session", capabilities)
        guard let value = created["value"] as? [String: Any], let session = value["sessionId"] as? String,
            let options = (value["capabilities"] as? [String: Any])?["goog:chromeOptions"] as? [String: Any],
            let debuggerAddress = options["debuggerAddress"] as? String
        else {
            await stop(process)
            throw BrowserError.driver("no session: \(created)")
        }
        return Chromium(process: process, base: base, profile: profile, session: session, debuggerAddress: debuggerAddress)
    }

    private init(process: ChildProcess, base: URL, profile: URL, session: String, debuggerAddress: String) {
        self.process = process
        self.base = base
        self.profile = profile
        self.session = session
        self.debuggerAddress = debuggerAddress
    }

    func open(_ url: String) async throws {
        _ = try await command("POST", "/url", ["url": url])
    }

    /// Runs `script` in the page (its last statement `return`s) and gives back the JSON value it returns.
    func evaluate(_ script: String) async throws -> Any? {
        try await command("POST", "/execute/sync", ["script": script, "args": []])["value"] ?? nil
    }

    /// Runs `script` with a callback as its last argument (`arguments[arguments.length - 1]`) and
    /// gives back what it is called with: for a page's promises.
    func evaluateAsync(_ script: String) async throws -> Any? {
        try await command("POST", "/execute/async", ["script": script, "args": []])["value"] ?? nil
    }

    /// Where the browser says it is (`navigator.geolocation`), allowed for `origin` without asking.
    func setGeolocation(latitude: Double, longitude: Double, for origin: String) async throws {
        _ = try await command(
            "POST", "/goog/cdp/execute", ["cmd": "Browser.grantPermissions", "params": ["origin": origin, "permissions": ["geolocation"]]])
        _ = try await command(
            "POST", "/goog/cdp/execute",
            ["cmd": "Emulation.setGeolocationOverride", "params": ["latitude": latitude, "longitude": longitude, "accuracy": 10]])
    }

    /// Answers the page's notification permission for `origin` as a person would: `granted` or `denied`.
    func setNotificationPermission(_ setting: String, for origin: String) async throws {
        _ = try await command(
            "POST", "/goog/cdp/execute",
            ["cmd": "Browser.setPermission", "params": ["origin": origin, "permission": ["name": "notifications"], "setting": setting]])
    }

    /// Gives the page a viewport of this size, as a phone, a tablet or a wall screen shows it: the
    /// window is made higher by what its own frame takes (headless Chromium still counts a tab strip
    /// and an address bar, about 140 px, in the window's height; none in its width), read from the
    /// window as it is. Done once the page's own `innerWidth` and `innerHeight` are the ones asked
    /// (not `outerWidth`: a window is at least 500 px wide around a narrower page). The page learns
    /// its new size a moment after the window's, later on a busy machine: reading it once the
    /// window's `outerHeight` had changed, a busy run read the old height, overshot and gave up at
    /// 2303 px for 2160; the frame is read again before each try.
    func resize(width: Int, height: Int) async throws {
        for _ in 0..<3 {
            let frame = try await evaluate("return outerHeight - innerHeight") as? Int ?? 0
            _ = try await command("POST", "/window/rect", ["width": width, "height": height + frame])
            if await waitUntil("return innerWidth === \(width) && innerHeight === \(height)", timeout: .seconds(10)) { return }
        }
    }

    /// Presses keys as a person would, one after another, to whatever has the focus: the characters
    /// of text, or the WebDriver codes of `Key`.
    func press(_ keys: String...) async throws {
        let strokes = keys.joined().unicodeScalars.map(String.init).flatMap { key in
            [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]]
        }
        _ = try await command("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": strokes]]])
        _ = try await command("DELETE", "/actions")
    }

    /// WebDriver's codes of the keys that are not characters.
    enum Key {
        static let tab = "\u{E004}"
        static let enter = "\u{E007}"
        static let escape = "\u{E00C}"
        static let arrowUp = "\u{E013}"
        static let arrowDown = "\u{E015}"
    }

    /// Polls `script` until it returns true.
    func waitUntil(_ script: String, timeout: Duration = .seconds(20)) async -> Bool {
        await eventually(timeout: timeout) { (try? await self.evaluate(script)) as? Bool == true }
    }

    /// What went wrong in the page since the last call, as Chrome's log has it: errors written to the
    /// console, exceptions nobody caught, and each request that failed (Chrome logs "Failed to load
    /// resource" with the URL and the status for an answer of 400 or more, and for a request that got no
    /// answer at all).
    func errors() async throws -> [String] {
        let logged = try await command("POST", "/se/log", ["type": "browser"])["value"] as? [[String: Any]] ?? []
        return logged.filter { $0["level"] as? String == "SEVERE" }.map { $0["message"] as? String ?? "\($0)" }
    }

    /// A PNG of the page, kept for a failing test.
    func screenshot(to file: URL) async {
        guard let encoded = try? await command("GET", "/screenshot")["value"] as? String, let png = Data(base64Encoded: encoded) else { return }
        try? png.write(to: file)
    }

    /// Ends the session (which ends the browser), then chromedriver.
    func quit() async {
        _ = try? await command("DELETE", "")
        await Self.stop(process)
        try? FileManager.default.removeItem(at: profile)
    }

    /// chromedriver does not end on SIGTERM: it is killed, and waited for off the pool.
    private static func stop(_ process: ChildProcess) async {
        process.send(SIGKILL)
        _ = try? await offThePool { process.waitUntilExit() }
    }

    func command(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
        try await Self.call(base, method, "/session/\(session)\(path)", body)
    }

    /// One WebDriver command, with curl (Foundation's URLSession on Linux fails these requests).
    private static func call(_ base: URL, _ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
        let text = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let answer = try await curl(
            base.absoluteString + path, caFile: "/dev/null", method: method,
            headers: text == nil ? [:] : ["Content-Type": "application/json"], body: text, maxTime: 60)
        guard answer.status > 0 else { throw BrowserError.driver("chromedriver did not answer \(method) \(path)") }
        let reply = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any] ?? [:]
        if let value = reply["value"] as? [String: Any], let error = value["error"] as? String {
            throw BrowserError.driver("\(error): \(value["message"] ?? "")")
        }
        return reply
    }

    /// The base64 SHA-256 of the certificate's public key, as Chromium's SPKI allow-list takes it.
    private static func spkiHash(of certificate: String) throws -> String {
        let (status, output) = try runProcess(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "openssl x509 -in '\(certificate)' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"])
        guard status == 0 else { throw BrowserError.driver("openssl could not read \(certificate)") }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

enum BrowserError: Error {
    case driver(String)
}
