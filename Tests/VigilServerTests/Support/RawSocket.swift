import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOSSL
import NIOWebSocket
import Synchronization
import Testing
import VigilCore

/// A plain WebSocket client for tests that must send what VigilClient never would (bad JSON,
/// binary frames, floods) and see each frame the hub sends, and its close code.
final class RawSocket: Sendable {
    private struct Inbox {
        var frames: [String] = []
        var ended = false
    }

    private final class SharedInbox: Sendable {
        let state = Mutex(Inbox())
    }

    private let inbox: SharedInbox
    private let writer: WebSocketOutboundWriter
    private let finished: Task<WebSocketCloseFrame?, any Error>
    private let gate: ReadGate

    private init(inbox: SharedInbox, writer: WebSocketOutboundWriter, finished: Task<WebSocketCloseFrame?, any Error>, gate: ReadGate) {
        self.inbox = inbox
        self.writer = writer
        self.finished = finished
        self.gate = gate
    }

    /// With `stalled`, the socket does not read until `startReading()`: it backs up, as a stalled phone's would.
    static func connect(url: String, caFile: String, bearer: String? = nil, stalled: Bool = false) async throws -> RawSocket {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
        var configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20)
        if let bearer { configuration.additionalHeaders[.authorization] = "Bearer \(bearer)" }
        let (writers, writerContinuation) = AsyncStream.makeStream(of: WebSocketOutboundWriter.self)
        let gate = ReadGate(open: !stalled)
        let inbox = SharedInbox()
        let finished = Task {
            defer {
                inbox.state.withLock { $0.ended = true }
                writerContinuation.finish()
            }
            return try await WebSocketClient.connect(
                url: url, configuration: configuration, tlsConfiguration: tls,
                logger: Logger(label: "raw")
            ) { inbound, outbound, _ in
                writerContinuation.yield(outbound)
                await gate.wait()
                for try await message in inbound.messages(maxSize: .max) {
                    let text =
                        switch message {
                        case .text(let text): text
                        case .binary: "<binary>"
                        }
                    inbox.state.withLock { $0.frames.append(text) }
                }
            }
        }
        var iterator = writers.makeAsyncIterator()
        guard let writer = await iterator.next() else {
            _ = try await finished.value
            throw RawSocketError.notConnected
        }
        return RawSocket(inbox: inbox, writer: writer, finished: finished, gate: gate)
    }

    func startReading() async {
        await gate.openGate()
    }

    func send(_ text: String) async throws {
        try await writer.write(.text(text))
    }

    func send(_ message: ClientMessage) async throws {
        try await send(message.encoded())
    }

    func sendFrame(_ frame: WebSocketFrame) async throws {
        try await writer.write(.custom(frame))
    }

    func sendBinary(_ bytes: [UInt8]) async throws {
        try await writer.write(.binary(ByteBuffer(bytes: bytes)))
    }

    /// The next frame, or nil when the connection ended or nothing came in time.
    func next(timeout: Duration = .seconds(30)) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let (frame, ended) = inbox.state.withLock { inbox -> (String?, Bool) in
                inbox.frames.isEmpty ? (nil, inbox.ended) : (inbox.frames.removeFirst(), false)
            }
            if let frame { return frame }
            if ended { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// The next frame decoded.
    func nextMessage(timeout: Duration = .seconds(30)) async throws -> ServerMessage {
        guard let text = await next(timeout: timeout) else { throw RawSocketError.noFrame }
        return try ServerMessage.decode(text)
    }

    /// The next `ok` or `error` answering `ref`, skipping events.
    func answer(to ref: String, timeout: Duration = .seconds(30)) async throws -> ServerMessage {
        while true {
            let message = try await nextMessage(timeout: timeout)
            switch message {
            case .ok(let answered, _) where answered == ref, .error(let answered, _) where answered == ref:
                return message
            default:
                continue
            }
        }
    }

    /// The close code the hub sent, once the connection has ended (nil when it just dropped).
    func closeCode() async -> UInt16? {
        // A connection that does not end within 15 s fails the test instead of hanging it.
        let finished = self.finished
        let watchdog = Task {
            try await Task.sleep(for: .seconds(15))
            finished.cancel()
        }
        defer { watchdog.cancel() }
        guard let frame = try? await finished.value else { return nil }
        var buffer = ByteBuffer()
        buffer.write(webSocketErrorCode: frame.closeCode)
        return buffer.readInteger(as: UInt16.self)
    }

    func close() async {
        try? await writer.close(.normalClosure, reason: nil)
        _ = try? await finished.value
    }
}

enum RawSocketError: Error {
    case noFrame
    case notConnected
}

/// Holds a reader back until opened.
actor ReadGate {
    private var open: Bool
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(open: Bool) {
        self.open = open
    }

    func wait() async {
        if open { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func openGate() {
        open = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}

extension RawSocket {
    /// Sends raw bytes as a text frame, valid UTF-8 or not.
    func sendInvalidUTF8Text(_ bytes: [UInt8]) async throws {
        try await sendFrame(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: bytes)))
    }
}

/// A connection beside one the hub closed still gets answers, and the hub its health check.
func expectStillServed(_ socket: RawSocket, hub: TestHub) async throws {
    try await socket.send(ClientMessage(ref: "alive", .ping))
    guard case .ok = try await socket.answer(to: "alive") else {
        Issue.record("a connection was disturbed")
        return
    }
    #expect(try await curl(hub.httpsBase + "/healthz", caFile: hub.caFile).status == 200)
    await socket.close()
}
