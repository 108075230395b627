import NIOCore
import Synchronization
import VigilCore

/// One client connection as the hub sees it: who it is, what it listens to, and its outbox.
/// The transport (WebSocket) drains the outbox to the socket.
public final class Session: Sendable {
    public let id: String
    public let peer: String
    public let outbox: Outbox

    struct State {
        var identity: Identity?
        var subscriptions: [String: Subscription] = [:]
        var limiter: RateLimiter
        var closed = false
    }

    let state: Mutex<State>

    init(id: String, peer: String, outbox: Outbox, limiter: RateLimiter) {
        self.id = id
        self.peer = peer
        self.outbox = outbox
        state = Mutex(State(limiter: limiter))
    }

    public var identity: Identity? { state.withLock { $0.identity } }

    /// Ends the connection from the hub's side: `error` is its last frame, then the close `code`.
    public func end(with error: ProtocolError, code: CloseCode, reason: String) {
        outbox.offer(ByteBuffer(string: ServerFrame.error(ref: nil, error)))
        outbox.close(.close(code, reason: reason))
    }
}
