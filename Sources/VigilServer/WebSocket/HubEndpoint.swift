import Logging
import NIOCore
import VigilCore
import VigilHub

/// `/ws`: one hub session on one connection. Requests go to the hub in order (`RequestQueue`);
/// what the hub sends waits in the session's outbox, and the connection drains it on its event
/// loop, a batch of at most `batchBytes` per write, while the channel is writable. So a reader
/// that stops reading fills its socket (bounded buffers), then its outbox until that overflows:
/// what the outbox holds is dropped, the close frame 4008 goes next on the socket, the close is
/// logged, and a peer that does not read it is aborted after the grace.
final class HubEndpoint: WebSocketEndpoint {
    struct Settings: Sendable {
        /// Frames that follow the 101 at once, together with a close, can be lost by WebSocket
        /// client libraries still setting up (swift-websocket's is one): a refusal waits this long.
        var refusalDelay: Duration
        /// Requests waiting for the hub before the connection stops reading.
        var maxWaitingRequests: Int
    }

    private let hub: Hub
    private let logger: Logger
    private let settings: Settings
    /// The token of the upgrade request, if it carried one.
    private let bearerToken: String?
    private var session: Session?
    private let requests: RequestQueue
    private var helloDeadline: Scheduled<Void>?
    /// The frames of one write; its storage goes back and forth with the outbox's (`take(into:)`).
    private var batch: [OutboundFrame] = []
    /// A batch array grown past this many frames (a burst) is let go rather than kept for life.
    private static let batchCapacityKept = 64
    /// The most one write takes from the outbox: once the channel stops taking writes, no more than
    /// this lies beyond its high-water mark, so a close frame written then waits behind little.
    private static let batchBytes = 64 * 1024
    private var closedAsSlowConsumer = false

    init(hub: Hub, bearerToken: String?, settings: Settings, logger: Logger) {
        self.hub = hub
        self.bearerToken = bearerToken
        self.settings = settings
        self.logger = logger
        requests = RequestQueue(pauseAt: settings.maxWaitingRequests)
    }

    func opened(_ connection: WebSocketConnection) {
        let channel = connection.channel
        let bound = NIOLoopBound((self, connection), eventLoop: channel.eventLoop)
        let session = hub.openSession(peer: channel.peerDescription) {
            // The outbox overflowed (on a publisher's thread): closed at once, whether or not the
            // socket takes writes.
            channel.eventLoop.execute { bound.value.0.closeSlowConsumer(bound.value.1) }
        }
        self.session = session
        // Made once: a closure written inside the waker would be allocated again for every frame.
        let write: @Sendable () -> Void = { bound.value.0.writeOutbox(to: bound.value.1) }
        let eventLoop = channel.eventLoop
        session.outbox.onReady { eventLoop.execute(write) }
        if hub.isShuttingDown {
            // The session was opened already closed with 1001.
            channel.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(settings.refusalDelay)) {
                self.writeOutbox(to: connection)
            }
            return
        }
        if let bearerToken {
            enqueue(.authenticate(secret: bearerToken), on: connection)
        } else {
            let hub = hub
            helloDeadline = channel.eventLoop.scheduleTask(in: TimeAmount(hub.configuration.helloTimeout)) {
                guard session.identity == nil else { return }
                session.end(with: ProtocolError(.unauthorized, "no hello in time"), code: .unauthorized, reason: "no hello in time")
            }
        }
        writeOutbox(to: connection)
    }

    func received(_ message: WebSocketMessage, on connection: WebSocketConnection) {
        switch message {
        case .text(let text):
            enqueue(.text(text), on: connection)
        case .binary:
            session?.outbox.offer(
                ByteBuffer(
                    string: ServerFrame.error(
                        ref: nil, ProtocolError(.binaryNotSupported, "requests are JSON text frames"))))
        }
    }

    func closed() {
        helloDeadline?.cancel()
        guard let session else { return }
        // The waker holds this endpoint: let it go.
        session.outbox.onReady(nil)
        hub.closeSession(session)
    }

    // MARK: Requests

    private func enqueue(_ request: RequestQueue.Request, on connection: WebSocketConnection) {
        guard let session else { return }
        let (startDraining, pauseReading) = requests.add(request)
        if pauseReading { connection.pauseReading() }
        guard startDraining else { return }
        RequestTaker(
            requests: requests, session: session, connection: NIOLoopBound(connection, eventLoop: connection.eventLoop),
            hub: hub, refusalDelay: settings.refusalDelay
        ).start()
    }

    /// The task that takes a connection's requests in order until there are none.
    private struct RequestTaker: Sendable {
        let requests: RequestQueue
        let session: Session
        let connection: NIOLoopBound<WebSocketConnection>
        let hub: Hub
        let refusalDelay: Duration

        func start() {
            Task { await run() }
        }

        private func run() async {
            while true {
                let next = requests.next()
                if next.resumeReading {
                    connection.eventLoop.execute { connection.value.resumeReading() }
                }
                guard let request = next.request else { return }
                // Once the connection is closing, what it still sent is dropped.
                guard session.outbox.closeReason == nil else { continue }
                switch request {
                case .authenticate(let secret):
                    await authenticate(secret)
                case .text(let text):
                    if case .close(let code, let reason) = await hub.receive(text, on: session) {
                        session.outbox.close(.close(code, reason: reason))
                    }
                }
            }
        }

        private func authenticate(_ secret: String) async {
            do {
                session.outbox.offer(ByteBuffer(string: ServerFrame.welcome(try await hub.authenticate(session, secret: secret))))
            } catch {
                try? await Task.sleep(for: refusalDelay)
                session.end(with: error, code: .afterRefusedAuthentication(error.code), reason: error.code.rawValue)
            }
        }
    }

    // MARK: Writing

    func writable(_ connection: WebSocketConnection) {
        writeOutbox(to: connection)
    }

    /// Hands what the outbox holds to the socket, a batch per write, while the socket takes
    /// writes; the close reason, once everything before it is out, becomes the close frame.
    /// When the socket stops taking writes, frames wait in the outbox until `writable`.
    private func writeOutbox(to connection: WebSocketConnection) {
        guard let session else { return }
        // Held here, not in `batch`, while writing: a write can call back into this method (the
        // socket's writability changes), and that call must not find this batch.
        var frames = batch
        batch = []
        defer { batch = frames }
        while connection.isWritable {
            switch session.outbox.take(into: &frames, maxBytes: Self.batchBytes) {
            case .empty:
                return
            case .frames:
                connection.send(texts: frames)
                frames.removeAll(keepingCapacity: frames.capacity <= Self.batchCapacityKept)
            case .closed(.slowConsumer):
                closeSlowConsumer(connection)
                return
            case .closed(.close(let code, let reason)):
                connection.close(code, reason: reason)
                return
            }
        }
    }

    /// The outbox overflowed: what it held is gone, and the close frame goes next on the socket.
    private func closeSlowConsumer(_ connection: WebSocketConnection) {
        guard !closedAsSlowConsumer, let session else { return }
        closedAsSlowConsumer = true
        logger.notice(
            "closing a slow consumer",
            metadata: [
                "session": "\(session.id)", "peer": "\(session.peer)", "reason": "outbox over its bound; unsent events dropped",
            ])
        connection.close(.slowConsumer, reason: "slow consumer; resume with since")
    }
}

extension Channel {
    /// The remote address as `ip:port`, for logs.
    var peerDescription: String {
        remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
    }
}
