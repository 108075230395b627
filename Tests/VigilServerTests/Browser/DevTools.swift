import Foundation
import HummingbirdWSClient
import Logging
import NIOWebSocket
import Synchronization
import VigilCore

/// Chromium's own DevTools protocol, on the WebSocket the browser of a `Chromium` session listens
/// on (chromedriver's `debuggerAddress`), for what WebDriver cannot do: deliver a push to a service
/// worker (`ServiceWorker.deliverPushMessage`), whose registration is learned only from an event,
/// and run a script inside the worker. Targets are attached with flat sessions: a command names the
/// session it is for, and every message received is kept for `event` to find.
final class DevTools: Sendable {
    /// Every message the browser sent: answers and events, in order.
    private final class Inbox: Sendable {
        let messages = Mutex<[JSONValue]>([])
    }

    private let inbox: Inbox
    private let nextID = Mutex(0)
    private let writer: WebSocketOutboundWriter
    private let connection: Task<WebSocketCloseFrame?, any Error>

    private init(inbox: Inbox, writer: WebSocketOutboundWriter, connection: Task<WebSocketCloseFrame?, any Error>) {
        self.inbox = inbox
        self.writer = writer
        self.connection = connection
    }

    /// Connects to the browser of `chromium`.
    static func connect(to chromium: Chromium) async throws -> DevTools {
        let version = try await curl("http://\(chromium.debuggerAddress)/json/version", caFile: "/dev/null", maxTime: 20)
        guard let url = try JSONValue(parsing: version.body)["webSocketDebuggerUrl"]?.stringValue else {
            throw BrowserError.driver("no DevTools address in \(version.body)")
        }
        let (writers, writerContinuation) = AsyncStream.makeStream(of: WebSocketOutboundWriter.self)
        let inbox = Inbox()
        let connection = Task {
            defer { writerContinuation.finish() }
            return try await WebSocketClient.connect(
                url: url, configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 24), logger: Logger(label: "devtools")
            ) { inbound, outbound, _ in
                writerContinuation.yield(outbound)
                for try await message in inbound.messages(maxSize: .max) {
                    guard case .text(let text) = message, let value = try? JSONValue(parsing: text) else { continue }
                    inbox.messages.withLock { $0.append(value) }
                }
            }
        }
        var iterator = writers.makeAsyncIterator()
        guard let writer = await iterator.next() else {
            _ = try await connection.value
            throw BrowserError.driver("DevTools closed at once")
        }
        return DevTools(inbox: inbox, writer: writer, connection: connection)
    }

    /// Sends `method` (to the target of `session`, or the browser) and returns its `result`; an
    /// `error` answer throws.
    @discardableResult
    func call(_ method: String, _ params: JSONValue = [:], session: String? = nil) async throws -> JSONValue {
        let id = nextID.withLock { id in
            id += 1
            return id
        }
        var command: JSONValue = ["id": .number(Double(id)), "method": .string(method), "params": params]
        if let session, case .object(var fields) = command {
            fields["sessionId"] = .string(session)
            command = .object(fields)
        }
        try await writer.write(.text(command.canonicalText))
        var answer: JSONValue?
        _ = await eventually(timeout: .seconds(30)) {
            answer = self.inbox.messages.withLock { $0.first { $0["id"]?.numberValue == Double(id) } }
            return answer != nil
        }
        guard let answer else { throw BrowserError.driver("DevTools did not answer \(method)") }
        if let error = answer["error"] { throw BrowserError.driver("\(method): \(error.canonicalText)") }
        return answer["result"] ?? [:]
    }

    /// The parameters of the first event `method` received so far or within `timeout` that
    /// `matching` accepts.
    func event(_ method: String, timeout: Duration = .seconds(20), matching: (JSONValue) -> Bool = { _ in true }) async throws -> JSONValue {
        var found: JSONValue?
        _ = await eventually(timeout: timeout) {
            found = self.inbox.messages.withLock { messages in
                messages.first { $0["method"]?.stringValue == method && matching($0["params"] ?? [:]) }?["params"]
            }
            return found != nil
        }
        guard let found else { throw BrowserError.driver("no \(method) event came") }
        return found
    }

    /// Attaches to the first target of `type` (`page`, `service_worker`) and returns its session.
    func attach(toFirst type: String) async throws -> String {
        var target: String?
        _ = try await eventually(timeout: .seconds(20)) {
            let targets = try await self.call("Target.getTargets")["targetInfos"]?.arrayValue ?? []
            target = targets.first { $0["type"]?.stringValue == type }?["targetId"]?.stringValue
            return target != nil
        }
        guard let target else { throw BrowserError.driver("no \(type) target") }
        let attached = try await call("Target.attachToTarget", ["targetId": .string(target), "flatten": true])
        guard let session = attached["sessionId"]?.stringValue else { throw BrowserError.driver("not attached to \(type)") }
        return session
    }

    /// Runs `expression` in the target of `session`, waits for its promise, and returns its value.
    func evaluate(_ expression: String, session: String) async throws -> JSONValue {
        let evaluated = try await call(
            "Runtime.evaluate", ["expression": .string(expression), "awaitPromise": true, "returnByValue": true], session: session)
        if let thrown = evaluated["exceptionDetails"] { throw BrowserError.driver("\(expression): \(thrown.canonicalText)") }
        return evaluated["result"]?["value"] ?? .null
    }

    func close() async {
        try? await writer.close(.normalClosure, reason: nil)
        _ = try? await connection.value
    }
}
