import Foundation
import Logging
import NIOCore
import NIOWebSocket
import VigilCore
import WSCore

/// A connection to a Vigil hub that stays up: it reconnects with backoff after a drop and resumes
/// every exact-topic subscription from the last `seq` it delivered, so a subscriber sees each
/// event once and in order across drops. Requests are async calls returning the `ok` fields or
/// throwing the hub's `error`.
public actor VigilClient {
    /// What the client connects with: the hub's URL, the token, the CA to trust, backoff and timeouts.
    public let configuration: ClientConfiguration

    private struct Listener {
        let pattern: TopicPattern
        let continuation: AsyncThrowingStream<Event, any Error>.Continuation
        /// Last `seq` delivered on an exact durable topic; resubscribing asks for what follows.
        var lastSeq: UInt64?
        /// Resubscribe on reconnect only once the first subscribe was accepted.
        var active: Bool
    }

    private var outbound: WebSocketOutboundWriter?
    private var welcome: Welcome?
    /// Callers of `connect()` waiting for the hub's welcome, by a number of their own.
    private var welcomeWaiters: [Int: CheckedContinuation<Welcome, any Error>] = [:]
    private var nextWaiter = 0
    private var pending: [String: CheckedContinuation<[String: JSONValue], any Error>] = [:]
    private var timers: [String: Task<Void, Never>] = [:]
    private var listeners: [String: Listener] = [:]
    private var nextRef = 0
    private var runner: Task<Void, Never>?
    private var stopped: ClientError?

    /// A client for the hub `configuration` names. It does not connect yet: the first call that needs the hub
    /// (``connect()``, ``subscribe(_:since:)``, a request) does, and the client then stays connected until ``close()``.
    public init(configuration: ClientConfiguration) {
        self.configuration = configuration
    }

    /// Connects (once) and waits until the hub has authenticated the token.
    @discardableResult
    public func connect() async throws -> Welcome {
        if let stopped { throw stopped }
        if let welcome { return welcome }
        if runner == nil {
            runner = Task { await self.runConnections() }
        }
        nextWaiter += 1
        let waiter = nextWaiter
        return try await withCheckedThrowingContinuation { continuation in
            welcomeWaiters[waiter] = continuation
            let timeout = configuration.requestTimeout
            Task {
                try? await Task.sleep(for: timeout)
                // Fails this caller only; the connection attempts go on.
                self.welcomeWaiters.removeValue(forKey: waiter)?.resume(throwing: ClientError.timedOut)
            }
        }
    }

    /// Events of `topic` (a pattern may use `+`): from after `since` when given, else from now.
    /// After a drop the client resubscribes by itself and the stream goes on without gap or repeat.
    public func subscribe(_ topic: String, since: UInt64? = nil) async throws -> AsyncThrowingStream<Event, any Error> {
        let pattern = try TopicPattern(topic)
        guard listeners[pattern.rawValue] == nil else {
            throw ClientError.refused(ProtocolErrorInfo(code: ErrorCode.badRequest.rawValue, message: "already subscribed to \(topic)"))
        }
        try await connect()
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        listeners[pattern.rawValue] = Listener(pattern: pattern, continuation: continuation, lastSeq: since, active: false)
        do {
            let ok = try await request(.subscribe(topic: pattern.rawValue, since: since))
            if let head = ok["head"]?.numberValue.map(UInt64.init) {
                let last = max(listeners[pattern.rawValue]?.lastSeq ?? 0, head)
                listeners[pattern.rawValue]?.lastSeq = last
            }
            listeners[pattern.rawValue]?.active = true
        } catch {
            listeners[pattern.rawValue] = nil
            continuation.finish(throwing: error)
            throw error
        }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.forget(pattern.rawValue) }
        }
        return stream
    }

    /// Ends the subscription to `topic` (written as it was subscribed): its stream finishes, and the hub is told
    /// (docs/protocol.md §4.3). Nothing happens when there is no such subscription; throws the hub's refusal.
    public func unsubscribe(_ topic: String) async throws {
        guard let listener = listeners.removeValue(forKey: topic) else { return }
        listener.continuation.finish()
        _ = try await request(.unsubscribe(topic: topic))
    }

    /// Publishes and returns once the hub has committed the event (durable kinds).
    public func publish(topic: String, type: String, data: JSONValue) async throws -> (seq: UInt64?, ts: Int64) {
        let ok = try await request(.publish(topic: topic, type: type, data: data))
        return (ok["seq"]?.numberValue.map(UInt64.init), Int64(ok["ts"]?.numberValue ?? 0))
    }

    /// Publishes a command whose `data` is one of the contract's types and returns the fields of
    /// its `ok`, for the typed calls of this library.
    func command(_ topic: String, _ type: String, _ data: some Encodable) async throws -> [String: JSONValue] {
        try await request(.publish(topic: topic, type: type, data: try JSONValue(encoding: data)))
    }

    /// A page of stored events before `before` (the newest when nil), oldest first.
    public func history(topic: String, before: UInt64? = nil, limit: Int? = nil) async throws -> [Event] {
        let ok = try await request(.history(topic: topic, before: before, limit: limit))
        return try (ok["events"]?.arrayValue ?? []).map { value in
            guard case .event(let event) = try ServerMessage.decode(value.canonicalText) else {
                throw ClientError.refused(ProtocolErrorInfo(code: ErrorCode.badJSON.rawValue, message: "history held a non-event"))
            }
            return event
        }
    }

    /// Asks the service of `topic`'s kind a question (docs/protocol.md §4.6) and returns its `result`.
    public func query(topic: String, type: String, data: JSONValue = .object([:])) async throws -> JSONValue {
        try await request(.query(topic: topic, type: type, data: data))["result"] ?? .null
    }

    /// Sends any request and returns the fields of its `ok`.
    public func request(_ request: ClientRequest) async throws -> [String: JSONValue] {
        try await connect()
        guard let outbound else { throw ClientError.connectionLost }
        nextRef += 1
        let ref = String(nextRef)
        let text = ClientMessage(ref: ref, request).encoded()
        let timeout = configuration.requestTimeout
        return try await withCheckedThrowingContinuation { continuation in
            pending[ref] = continuation
            // Sends, then stands as the request's timer until the answer cancels it.
            timers[ref] = Task {
                do {
                    try await outbound.write(.text(text))
                } catch {
                    self.answer(ref, with: .failure(ClientError.connectionLost))
                    return
                }
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                self.answer(ref, with: .failure(ClientError.timedOut))
            }
        }
    }

    /// Disconnects for good; streams finish and pending requests fail.
    public func close() async {
        stop(.closed)
        if let outbound { try? await outbound.close(.normalClosure, reason: nil) }
        guard let runner else { return }
        // Wait for the hub to answer the close, but not for ever: a hub that has gone silent
        // must not hang the caller.
        let answered = Task {
            await runner.value
            return true
        }
        let gaveUp = Task {
            try? await Task.sleep(for: .seconds(5))
            runner.cancel()
        }
        _ = await answered.value
        gaveUp.cancel()
    }

    // MARK: Connection loop

    private func runConnections() async {
        var backoff = configuration.minBackoff
        let nodes = configuration.nodes
        var node = 0
        // Nodes tried since the last welcome: a hub none of them answers is a mistake to report.
        var failedNodes = 0
        while stopped == nil {
            do {
                let closeFrame = try await HubSocket(configuration: configuration.on(node: nodes[node])).run { inbound, outbound, _ in
                    guard await self.attach(outbound) else {
                        // close() came while this connection was being made.
                        try await outbound.close(.normalClosure, reason: nil)
                        return
                    }
                    for try await message in inbound.messages(maxSize: .max) {
                        if case .text(let text) = message { await self.handle(text) }
                    }
                }
                if let closeFrame, Self.isFinal(closeFrame.closeCode) {
                    stop(.rejected(code: Self.code(of: closeFrame.closeCode), reason: closeFrame.reason ?? ""))
                }
            } catch {
                configuration.logger.debug("connection failed", metadata: ["error": "\(error)", "url": "\(nodes[node])"])
                // A hub never reached at any of its nodes is a mistake to report (wrong URL,
                // untrusted certificate); one that was reached and dropped, or a connection cut on
                // the way, is retried (a caller waiting for the first welcome waits `requestTimeout`).
                if !ClientError.isCut(error) { failedNodes += 1 }
                if lastEpoch == nil, failedNodes >= nodes.count { stop(ClientError.connecting(to: nodes[node], failedWith: error)) }
            }
            if welcome != nil {
                backoff = configuration.minBackoff
                failedNodes = 0
            }
            // The node in use is gone or refused: the next one, which serves the same store.
            node = (node + 1) % nodes.count
            detach()
            guard stopped == nil else { break }
            let jitter = Double.random(in: 0.8...1.2)
            try? await Task.sleep(for: backoff * jitter)
            backoff = min(backoff * 2, configuration.maxBackoff)
        }
        detach()
    }

    /// Closes that retrying will not mend.
    private static func isFinal(_ code: WebSocketErrorCode) -> Bool {
        let value = Self.code(of: code)
        return value == CloseCode.unauthorized.rawValue || value == CloseCode.tokenRevoked.rawValue
            || value == CloseCode.tooManyConnections.rawValue
    }

    private static func code(of code: WebSocketErrorCode) -> UInt16 {
        var buffer = ByteBuffer()
        buffer.write(webSocketErrorCode: code)
        return buffer.readInteger(as: UInt16.self) ?? 0
    }

    /// Takes a new connection's writer; false when the client has been stopped meanwhile.
    private func attach(_ writer: WebSocketOutboundWriter) -> Bool {
        guard stopped == nil else { return false }
        outbound = writer
        return true
    }

    private func detach() {
        outbound = nil
        welcome = nil
        let dropped = pending
        pending = [:]
        timers.values.forEach { $0.cancel() }
        timers = [:]
        for (_, continuation) in dropped { continuation.resume(throwing: ClientError.connectionLost) }
    }

    private func stop(_ reason: ClientError) {
        guard stopped == nil else { return }
        stopped = reason
        let waiters = welcomeWaiters.values
        welcomeWaiters = [:]
        waiters.forEach { $0.resume(throwing: reason) }
        for (_, listener) in listeners { listener.continuation.finish(throwing: reason == .closed ? nil : reason) }
        listeners = [:]
    }

    // MARK: Frames from the hub

    private func handle(_ text: String) {
        let message: ServerMessage
        do {
            message = try ServerMessage.decode(text)
        } catch {
            configuration.logger.warning("undecodable frame from the hub", metadata: ["error": "\(error)"])
            return
        }
        switch message {
        case .welcome(let welcome):
            onWelcome(welcome)
        case .event(let event):
            deliver(event)
        case .ok(let ref, let fields):
            if let ref { answer(ref, with: .success(fields)) }
        case .error(let ref, let error):
            let refusal = ClientError.refused(ProtocolErrorInfo(code: error.code.rawValue, message: error.message))
            if let ref {
                answer(ref, with: .failure(refusal))
            } else {
                configuration.logger.warning("the hub reported an error", metadata: ["code": "\(error.code)", "message": "\(error.message)"])
            }
        case .gap(let topic, let from, let to):
            configuration.logger.warning("events are no longer stored", metadata: ["topic": "\(topic)", "from": "\(from)", "to": "\(to)"])
        }
    }

    private func onWelcome(_ welcome: Welcome) {
        let previousEpoch = lastEpoch
        self.welcome = welcome
        lastEpoch = welcome.epoch
        let waiters = welcomeWaiters.values
        welcomeWaiters = [:]
        waiters.forEach { $0.resume(returning: welcome) }
        if let previousEpoch, previousEpoch != welcome.epoch {
            // A new store: old sequence numbers mean nothing there; start each topic over.
            for key in listeners.keys where listeners[key]?.lastSeq != nil { listeners[key]?.lastSeq = 0 }
        }
        for (key, listener) in listeners where listener.active {
            let since = listener.pattern.isExact ? listener.lastSeq : nil
            Task {
                do {
                    _ = try await self.request(.subscribe(topic: key, since: since))
                } catch {
                    self.configuration.logger.warning("resubscribe failed", metadata: ["topic": "\(key)", "error": "\(error)"])
                }
            }
        }
    }

    private var lastEpoch: String?

    private func deliver(_ event: Event) {
        if var listener = listeners[event.topic], listener.pattern.isExact {
            if let seq = event.seq {
                if let last = listener.lastSeq, seq <= last { return }
                listener.lastSeq = seq
                listeners[event.topic] = listener
            }
            listener.continuation.yield(event)
            return
        }
        guard let topic = try? Topic(event.topic) else { return }
        for listener in listeners.values where !listener.pattern.isExact && listener.pattern.matches(topic) {
            listener.continuation.yield(event)
        }
    }

    private func answer(_ ref: String, with result: Result<[String: JSONValue], any Error>) {
        timers.removeValue(forKey: ref)?.cancel()
        pending.removeValue(forKey: ref)?.resume(with: result)
    }

    private func forget(_ topic: String) {
        listeners[topic] = nil
    }
}
