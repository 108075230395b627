import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import VigilCore
import VigilHub

/// Runs one WebSocket connection: a reader that hands text frames to the hub, and a writer that
/// drains the session's outbox to the socket. A slow consumer is closed with 4008 and, if it does
/// not even take the close frame, its socket is closed after a short grace.
struct WebSocketSession {
    let hub: Hub
    let logger: Logger
    /// How long a peer that has been sent a close frame, or whose outbox overflowed, may take to hang up.
    static let closeGrace: Duration = .seconds(2)
    static let refusalDelay: Duration = .milliseconds(100)

    /// Throws what ended the inbound side (a frame too big, invalid UTF-8) so that the WebSocket
    /// layer closes with the matching code.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, context: WebSocketRouterContext<VigilRequestContext>) async throws {
        let channel = context.requestContext.channel
        let session = hub.openSession(peer: context.requestContext.peer) {
            // The outbox overflowed. The writer sends 4008 if the socket still takes writes;
            // otherwise the socket is closed once the grace has passed.
            Task {
                try? await Task.sleep(for: Self.closeGrace)
                channel.close(promise: nil)
            }
        }
        if hub.isShuttingDown {
            // The session was opened already closed with 1001.
            await pauseBeforeRefusal()
        } else if let secret = bearerToken(in: context.request.headers) {
            do {
                session.outbox.offer(ByteBuffer(string: ServerFrame.welcome(try await hub.authenticate(session, secret: secret))))
            } catch {
                await pauseBeforeRefusal()
                session.outbox.offer(ByteBuffer(string: ServerFrame.error(ref: nil, error)))
                session.outbox.close(.close(.afterRefusedAuthentication(error.code), reason: error.code.rawValue))
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask(executorPreference: EventLoopTaskExecutor(channel.eventLoop)) { await write(session, to: outbound, channel: channel) }
            // A connection authenticated on the upgrade needs no hello deadline (nor its task).
            if session.identity == nil { group.addTask { await closeWithoutHello(session) } }
            defer {
                // Cancel first: the writer must not start a close of its own once the reader is done.
                group.cancelAll()
                hub.closeSession(session)
            }
            try await read(inbound, session: session)
        }
    }

    /// Frames that follow the 101 response at once, together with a close, can be lost by WebSocket
    /// client libraries still setting up (swift-websocket's is one): a refusal waits a moment.
    private func pauseBeforeRefusal() async {
        try? await Task.sleep(for: Self.refusalDelay)
    }

    private func read(_ inbound: WebSocketInboundStream, session: Session) async throws {
        do {
            for try await message in inbound.messages(maxSize: hub.configuration.maxFrameBytes) {
                guard session.outbox.closeReason == nil else { break }
                switch message {
                case .text(let text):
                    if case .close(let code, let reason) = await hub.receive(text, on: session) {
                        session.outbox.close(.close(code, reason: reason))
                    }
                case .binary:
                    session.outbox.offer(ByteBuffer(string: ServerFrame.error(
                        ref: nil, ProtocolError(.binaryNotSupported, "requests are JSON text frames"))))
                }
            }
        } catch {
            logger.debug("connection ended", metadata: ["session": "\(session.id)", "error": "\(error)"])
            throw error
        }
    }

    private func write(_ session: Session, to outbound: WebSocketOutboundWriter, channel: any Channel) async {
        defer {
            // However the writer ends (a close sent, the socket gone), nothing more will be sent:
            // close the outbox so that a replay waiting for room stops waiting.
            session.outbox.close(.close(.normal, reason: ""))
        }
        let writer = FrameBatchWriter(channel: channel)
        do {
            while true {
                let (frames, closed) = await session.outbox.next()
                if Task.isCancelled { return }
                try await writer.write(frames)
                switch closed {
                case nil:
                    continue
                case .slowConsumer:
                    logger.notice("closing a slow consumer", metadata: ["session": "\(session.id)", "peer": "\(session.peer)"])
                    try await outbound.close(.unknown(CloseCode.slowConsumer.rawValue), reason: "slow consumer; resume with since")
                case .close(let code, let reason):
                    try await outbound.close(code == .normal ? .normalClosure : .unknown(code.rawValue), reason: reason)
                }
                // The peer should answer the close and hang up; one that does not is cut off.
                // (When it does, the session ends and this task is cancelled first.)
                try await Task.sleep(for: Self.closeGrace)
                channel.close(promise: nil)
                return
            }
        } catch {
            logger.debug("write failed", metadata: ["session": "\(session.id)", "error": "\(error)"])
            channel.close(promise: nil)
        }
    }

    /// A connection that has not authenticated in time is closed with 4001.
    private func closeWithoutHello(_ session: Session) async {
        do {
            try await Task.sleep(for: hub.configuration.helloTimeout)
        } catch {
            return
        }
        if session.identity == nil {
            session.outbox.offer(ByteBuffer(string: ServerFrame.error(ref: nil, ProtocolError(.unauthorized, "no hello in time"))))
            session.outbox.close(.close(.unauthorized, reason: "no hello in time"))
        }
    }
}
