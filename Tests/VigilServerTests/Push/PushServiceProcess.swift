import Foundation
import VigilCore
import VigilHub
import VigilTestSupport

/// `Tests/push-endpoint.py` running: a push service on 127.0.0.1 over HTTPS, with a certificate of
/// its own test authority, that reads each message with http_ece and py_vapid as the browser of
/// the subscription would, and answers as the test scripted.
final class PushServiceProcess: Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../push-endpoint.py").standardized

    let directory: URL
    let port: Int
    /// The authority the hub must trust to reach it (`HubConfiguration.outgoingTrustRootsFile`).
    let authorityFile: String
    private let process: ChildProcess

    /// One received message as the service read it.
    struct Received: Sendable {
        var path: String
        var answered: Int
        /// The hub's port of the connection it came on: requests on one kept connection share it.
        var connection: Int
        var headers: JSONValue
        var plaintext: String?
        var claims: JSONValue?
        var error: String?
    }

    /// Starts the service for the subscriptions `receivers` made (by path), answering `answers[path]`
    /// in order (`{status, retryAfter?, delay?}`), then 201.
    init(receivers: [String: BrowserPushKeys], answers: [String: [JSONValue]] = [:]) async throws {
        guard let python = PushReference.python else { throw PushReferenceError.noPython }
        directory = try makeScratchDirectory("vigil-push")
        let authority = try TestAuthority(directory: directory.appendingPathComponent("ca"))
        let pair = try authority.issue("push")
        authorityFile = authority.certificate
        let portFile = directory.appendingPathComponent("port").path
        let config: JSONValue = [
            "cert": .string(pair.chain), "key": .string(pair.key), "portFile": .string(portFile),
            "log": .string(directory.appendingPathComponent("received.jsonl").path),
            "arrivals": .string(directory.appendingPathComponent("arrivals").path),
            "receivers": .object(
                receivers.mapValues { keys -> JSONValue in
                    ["private": .string(Base64URL.encode(Data(keys.privateKey))), "auth": .string(Base64URL.encode(Data(keys.auth)))]
                }),
            "answers": .object(answers.mapValues(JSONValue.array)),
        ]
        let configFile = directory.appendingPathComponent("config.json")
        try Data(config.canonicalText.utf8).write(to: configFile)
        process = try ChildProcess(python, [Self.script.path, configFile.path])
        var bound: Int?
        for _ in 0..<500 where bound == nil {
            bound = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { Int($0) }
            if bound == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        guard let bound else {
            process.send(SIGKILL)
            throw PushServiceError.didNotStart
        }
        port = bound
    }

    func endpoint(_ path: String) -> String { "https://127.0.0.1:\(port)\(path)" }

    /// What it has received so far, in order.
    var received: [Received] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("received.jsonl"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let record = try? JSONValue(parsing: String(line)) else { return nil }
            return Received(
                path: record["path"]?.stringValue ?? "", answered: Int(record["answered"]?.numberValue ?? 0),
                connection: Int(record["connection"]?.numberValue ?? 0), headers: record["headers"] ?? .null,
                plaintext: record["plaintext"]?.stringValue, claims: record["claims"], error: record["error"]?.stringValue)
        }
    }

    /// Waits until `count` messages have arrived (at most a minute), and returns them.
    func waitForMessages(_ count: Int) async throws -> [Received] {
        for _ in 0..<3000 {
            let now = received
            if now.count >= count { return now }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw PushServiceError.nothingReceived(received.count)
    }

    /// Waits until a request has arrived, answered or not (at most a minute).
    func waitForRequest() async throws {
        for _ in 0..<3000 {
            if let arrived = try? String(contentsOf: directory.appendingPathComponent("arrivals"), encoding: .utf8), !arrived.isEmpty { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw PushServiceError.nothingReceived(0)
    }

    func stop() {
        process.send(SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

enum PushServiceError: Error {
    case didNotStart
    case nothingReceived(Int)
}
